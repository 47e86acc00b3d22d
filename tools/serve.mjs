// Serves the built lab (dist/), with or without the cross-origin-isolation headers
// (tools/static-server.mjs):
//
//   node tools/serve.mjs [--port 8000] [--host 127.0.0.1] [--root dist] [--no-isolation] [--compressed]
//
// --no-isolation serves like a plain static host (GitHub Pages): single-thread build.
// --compressed sends a file's .br or .gz twin to a browser that accepts it, as nginx's
// brotli_static and gzip_static do (docs/instructors.md, "Serving the compressed files").
import { startServer } from './static-server.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const isolation = !args.includes('--no-isolation');
const port = Number(opt('--port', 8000));
const host = opt('--host', '127.0.0.1');
const root = opt('--root', 'dist');
const compressed = args.includes('--compressed');
startServer({ root, port, host, isolation, compressed }).then(() => {
  console.log(`The attention lab: http://${host}:${port}/  (serving ${root}, ` +
              `${isolation ? 'cross-origin isolated: threaded build' : 'no isolation headers: single-thread build'}` +
              `${compressed ? ', compressed files (.br, .gz) where the browser accepts them' : ''})`);
}, (err) => {
  console.error(`serve: cannot listen on ${host}:${port}: ${err.message}`);
  process.exit(1);
});
