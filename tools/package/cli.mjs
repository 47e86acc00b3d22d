// attention-lab: the command of the npm package (bundled into bin/attention-lab.mjs by
// tools/package/pack.mjs, with the kit beside it). Node alone: no compiler, no shell.
//
//   attention-lab init DIR                          a course of one's own: content, README, Pages workflow
//   attention-lab build DIR [--out SITE]            the site in DIR/site (or SITE), from DIR/content
//   attention-lab serve DIR [--watch] [--port N] [--no-isolation]
//                                                   build, serve, and with --watch rebuild on save
//   attention-lab grade HAND-IN… [--site SITE] [--out grades.csv] [--items items.csv] [--workers N]
//   attention-lab grade HAND-IN… --shard i/n --out part-i.json       share i of n of the work
//   attention-lab grade merge PART.json… HAND-IN… --out grades.csv   the shards' parts, merged
//   attention-lab --version | --help
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContentError } from '../site/errors.mjs';
import { readKit, siteFromKit } from '../site/site.mjs';
import { startServer } from '../static-server.mjs';
import { GradeError, gradeWork, gradebookOf, mergeParts, partOf, readHandins, siteData } from '../grade/grade.mjs';

// In the package: bin/attention-lab.mjs, with kit/ and starter/ one folder up.
const PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KIT = join(PACKAGE, 'kit');

const USAGE = `attention-lab: the attention lab, for a course of one's own

  attention-lab init DIR              make DIR a new course (content, README, GitHub Pages workflow)
  attention-lab build DIR [--out SITE]
                                      build the site from DIR/content into DIR/site (or SITE)
  attention-lab serve DIR [--watch] [--port 8000] [--no-isolation]
                                      build and serve at http://127.0.0.1:PORT/; --watch rebuilds on save
  attention-lab grade HAND-IN… [--site SITE] [--out grades.csv] [--items items.csv] [--workers N]
                                      grade hand-in files (or folders of them) as the gradebook page does;
                                      --site again for the site of another build some hand-ins were made with
  attention-lab grade HAND-IN… --shard I/N --out part-I.json
  attention-lab grade merge PART.json… HAND-IN… --out grades.csv
                                      the same on many machines: each does share I of N, merge joins them
  attention-lab --version

The site is a folder of static files: copy it to any web space, or open index.html from disk.`;

// A command used wrongly (the usage follows the message), and a refusal (the message alone).
class UsageError extends Error {}
class Refusal extends Error {}

function option(args, name, dflt) {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  if (i + 1 >= args.length || args[i + 1].startsWith('--')) throw new UsageError(`${name} needs a value`);
  return args[i + 1];
}

// The folder named on the command line (the one argument that is not an option).
function courseDir(args, valued = []) {
  const rest = args.filter((a, i) => !a.startsWith('--') && !valued.includes(args[i - 1]));
  if (rest.length !== 1) throw new UsageError('name one course folder');
  return resolve(rest[0]);
}

function init(args) {
  const dir = courseDir(args);
  if (existsSync(dir) && readdirSync(dir).length) throw new Refusal(`${dir} exists and is not empty: choose a new folder`);
  mkdirSync(dir, { recursive: true });
  cpSync(join(PACKAGE, 'starter'), dir, { recursive: true });
  // npm leaves out any file named .gitignore from a package: the starter's is gitignore.
  if (existsSync(join(dir, 'gitignore'))) renameSync(join(dir, 'gitignore'), join(dir, '.gitignore'));
  console.log(`A new course in ${dir}:
  content/     the lesson, quick checks, assignment and widget settings (JSON and Markdown)
  README.md    what to edit, how to build, how to publish

Next: attention-lab serve ${basename(dir)} --watch   (then edit content/ and reload the page)`);
}

// While a course is edited (serve --watch), its site's service worker must never answer
// from an offline copy, or a save would not show on reload: this one empties the lab's
// caches and unregisters itself, so every request reaches the server.
const AUTHORING_SERVICE_WORKER = `// attention-lab serve --watch: no offline copy while the course is being edited.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil((async () => {
  for (const key of await caches.keys()) await caches.delete(key);
  await self.registration.unregister();
})()));
`;

// Builds into a new folder and swaps it in only when the build succeeded: a content
// error leaves the last good site where it was. authoring: the site is served while it is
// edited (serve --watch).
async function build(dir, out, { authoring = false } = {}) {
  const contentDir = join(dir, 'content');
  if (!existsSync(contentDir)) throw new Refusal(`${dir} has no content/ folder (make one with: attention-lab init ${basename(dir)})`);
  const started = performance.now();
  mkdirSync(dirname(out), { recursive: true });
  const next = mkdtempSync(join(dirname(out), `.${basename(out)}-next-`));
  try {
    // (edited and rebuilt at every save: no compressed twins of the pages, which only a host uses)
    const r = await siteFromKit({ out: next, kitDir: KIT, contentDir, compress: !authoring });
    if (authoring) writeFileSync(join(next, 'service-worker.js'), AUTHORING_SERVICE_WORKER);
    rmSync(out, { recursive: true, force: true });
    renameSync(next, out);
    console.log(`site: ${out} (${r.sections} lesson sections, ${r.checks} quick checks) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return true;
  } catch (err) {
    rmSync(next, { recursive: true, force: true });
    if (!(err instanceof ContentError)) throw err;
    console.error(`content error: ${err.message}`);
    return false;
  }
}

async function serve(args) {
  const dir = courseDir(args, ['--port', '--out']);
  const out = resolve(option(args, '--out', join(dir, 'site')));
  const port = Number(option(args, '--port', '8000'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port is a whole number from 0 to 65535');
  const isolation = !args.includes('--no-isolation');
  const authoring = args.includes('--watch');
  if (!(await build(dir, out, { authoring })) && !existsSync(out)) process.exitCode = 1;
  const server = await startServer({ root: out, port, isolation });
  console.log(`The attention lab: http://127.0.0.1:${server.address().port}/  (${isolation ? 'threaded build' : 'single-thread build, as on a plain static host'})`);
  if (!args.includes('--watch')) return;
  // Rebuild on save, one build at a time; saves during a build bring one more.
  let timer = null, building = false, again = false;
  const rebuild = async () => {
    if (building) { again = true; return; }
    building = true;
    do { again = false; await build(dir, out, { authoring }); } while (again);
    building = false;
  };
  watch(join(dir, 'content'), { recursive: true }, () => { clearTimeout(timer); timer = setTimeout(rebuild, 150); });
  console.log(`watching ${join(dir, 'content')}: a save rebuilds the site (a content error keeps the last good one)`);
}


// Hand-in files named on the command line, folders read for their .txt files (sorted),
// in the order given: the page's order when the same files are chosen there.
function handinFiles(paths) {
  return paths.flatMap((p) => (statSync(p).isDirectory()
    ? readdirSync(p).filter((f) => f.endsWith('.txt')).sort().map((f) => join(p, f)) : [p]))
    .map((path) => {
      const bytes = readFileSync(path);
      return { name: basename(path), text: bytes.toString('utf8'), size: bytes.length };
    });
}

async function grade(args) {
  const valued = ['--site', '--out', '--items', '--workers', '--shard'];
  const positional = args.filter((a, i) => !a.startsWith('--') && !valued.includes(args[i - 1]));
  const merging = positional[0] === 'merge';
  const paths = merging ? positional.slice(1) : positional;
  // --site the course's built site, then (repeated) sites of other builds hand-ins were made with.
  const siteDirs = args.flatMap((a, i) => (a === '--site' && i + 1 < args.length ? [resolve(args[i + 1])] : []));
  if (!siteDirs.length) siteDirs.push(resolve('site'));
  for (const d of siteDirs) if (!existsSync(join(d, 'instructor.html'))) throw new Refusal(`no site at ${d}: name the built site your students used with --site`);
  const workers = Number(option(args, '--workers', '1'));
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) throw new UsageError('--workers is a whole number from 1 to 256');
  const shardText = option(args, '--shard', null);
  const m = shardText === null ? null : /^(\d+)\/(\d+)$/.exec(shardText);
  if (shardText !== null && !(m && Number(m[1]) >= 1 && Number(m[1]) <= Number(m[2]))) throw new UsageError('--shard is I/N, with I from 1 to N');
  const out = option(args, '--out', shardText ? `part-${m[1]}-of-${m[2]}.json` : 'grades.csv');
  const sites = siteDirs.map((dir) => ({ dir, data: siteData(dir) }));
  const { data } = sites[0];
  siteData(siteDirs[0]);  // its limits apply (the last site read sets them)
  const partPaths = merging ? paths.filter((p) => p.endsWith('.json')) : [];
  const files = handinFiles(paths.filter((p) => !partPaths.includes(p)));
  if (!files.length) throw new UsageError('name the hand-in files (or folders of them) to grade');
  const { records, messages } = readHandins(files);
  for (const msg of messages.filter((x) => x.kind !== 'ok')) console.error(msg.text);
  const started = performance.now();
  let checks;
  if (merging) {
    checks = mergeParts(partPaths.map((p) => JSON.parse(readFileSync(p, 'utf8'))));
  } else {
    const share = m ? { index: Number(m[1]) - 1, count: Number(m[2]) } : { index: 0, count: 1 };
    checks = await gradeWork({ sites, records, workers, share });
    if (m) {
      writeFileSync(out, `${JSON.stringify(partOf(checks, { share, build: data.build || null }))}\n`);
      console.log(`part ${m[1]}/${m[2]}: ${out} (${records.length} hand-ins read, ${checks.races.size} races, ${checks.exercises.size} exercise answers, ${checks.code.size} code runs, in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      return;
    }
  }
  const builds = sites.slice(1).map((s) => s.data.build && s.data.build.engine).filter(Boolean);
  const { book, csv, itemsCsv } = gradebookOf({ data, records, checks, builds });
  writeFileSync(out, csv);
  const items = option(args, '--items', null);
  if (items) writeFileSync(items, itemsCsv);
  console.log(`gradebook: ${out} (${book.rows.length} rows from ${files.length} files${items ? `; item analysis: ${items}` : ''}, in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

async function main(argv) {
  const [command, ...args] = argv;
  switch (command) {
    case 'init': return init(args);
    case 'build': {
      const dir = courseDir(args, ['--out']);
      if (!(await build(dir, resolve(option(args, '--out', join(dir, 'site')))))) process.exitCode = 1;
      return undefined;
    }
    case 'serve': return serve(args);
    case 'grade': return grade(args);
    case '--version': case '-v': console.log(readKit(KIT).version); return undefined;
    case undefined: case '--help': case '-h': case 'help': console.log(USAGE); return undefined;
    default: throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof UsageError) console.error(`attention-lab: ${err.message}\n\n${USAGE}`);
  else if (err instanceof Refusal || err instanceof GradeError || err.code === 'ENOENT') console.error(`attention-lab: ${err.message}`);
  else console.error(err.stack || String(err));
  process.exit(err instanceof UsageError ? 2 : 1);
});
