// A static file server for a built lab, with or without the cross-origin-isolation
// headers that WebAssembly threads need. With isolation every response carries
//   Cross-Origin-Opener-Policy: same-origin
//   Cross-Origin-Embedder-Policy: require-corp
// so the page is crossOriginIsolated and gets SharedArrayBuffer (threaded build);
// without, it serves like a plain static host (GitHub Pages): single-thread build.
// With `compressed`, it answers as nginx's brotli_static and gzip_static do: a request
// whose Accept-Encoding allows it gets the compressed twin beside the file (X.br first,
// else X.gz; tools/site/compress.mjs makes them) with Content-Encoding, the file's own
// Content-Type and Vary: Accept-Encoding; a file with no twin is sent as it is.
// Used by tools/serve.mjs, the npm package's `attention-lab serve` and the tests.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
};

// The content codings a request's Accept-Encoding allows ("gzip, deflate, br",
// "br;q=0, *"): a coding named with a weight above 0, or covered by a "*" that is.
function acceptedCodings(header = '') {
  const weights = new Map(String(header).split(',').map((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return [name.trim(), q ? Number(q.slice(2)) : 1];
  }).filter(([name]) => name));
  return (coding) => (weights.has(coding) ? weights.get(coding) > 0 : (weights.get('*') || 0) > 0);
}

// Brotli before gzip: the smaller, as nginx prefers brotli_static's file to gzip_static's.
const CODINGS = [['br', '.br'], ['gzip', '.gz']];

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

// cacheControl: 'no-store' by default (a test or a watch build always sees the newest
// file); a benchmark of a first visit passes what a host sends (GitHub Pages: max-age=600),
// so that the browser fetches a file once, as a student's browser does, not once per thread.
export function startServer({ root = 'dist', port = 8000, host = '127.0.0.1', isolation = true, compressed = false, cacheControl = 'no-store' } = {}) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    const headers = { 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' };
    if (isolation) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
      headers['Cross-Origin-Resource-Policy'] = 'same-origin';
    }
    try {
      const url = new URL(req.url, 'http://localhost');
      let path = normalize(join(base, decodeURIComponent(url.pathname)));
      if (path !== base && !path.startsWith(base + sep)) throw Object.assign(new Error(), { code: 'ENOENT' });
      if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
      let file = path;
      if (compressed) {
        const twins = [];
        for (const [coding, ext] of CODINGS) if (await isFile(path + ext)) twins.push([coding, ext]);
        // A cache between here and the browser keeps each coding apart.
        if (twins.length) headers.Vary = 'Accept-Encoding';
        const accepts = acceptedCodings(req.headers['accept-encoding']);
        const chosen = twins.find(([coding]) => accepts(coding));
        if (chosen) {
          file = path + chosen[1];
          headers['Content-Encoding'] = chosen[0];
        }
      }
      const body = await readFile(file);
      headers['Content-Type'] = TYPES[extname(path)] || 'application/octet-stream';
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      res.writeHead(err.code === 'ENOENT' || err.code === 'EISDIR' ? 404 : 500,
                    { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}
