// The page registry, content/pages.json: the one list of the lab's pages. The build
// (entries, navigation, landing cards, which pages run the WebAssembly module), the
// lesson's "::: widget NAME" links and the browser tests' page lists all read it.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ContentError, lineOf, parseJson } from './errors.mjs';

export const PAGE_KINDS = ['home', 'lesson', 'checks', 'instructor', 'launch', 'widget'];
const FILE = 'content/pages.json';

// Where a page's markup (pages/NAME.html) and script (js/pages/NAME.js) are looked for:
// web/ in this repository, or a prebuilt kit (tools/site/kit.mjs) in the npm package,
// which has the scripts of the pages it was built with and no others.
export function webFiles(webDir) {
  return { has: (f) => existsSync(join(webDir, f)), missing: (name, f) => `widget "${name}" needs web/${f}` };
}

export function kitFiles(kitDir) {
  const kit = JSON.parse(readFileSync(join(kitDir, 'kit.json'), 'utf8'));
  return {
    has: (f) => (f.startsWith('pages/') ? existsSync(join(kitDir, f)) : kit.pages.includes(basename(f, '.js'))),
    missing: (name) => `page "${name}" is not one this version of the lab has (it has ${kit.pages.join(', ')}): a new widget is made in the lab's own repository`,
  };
}

// root: the content folder; where: webFiles(...) or kitFiles(...) (a folder name is taken
// as web/), where a widget's markup and script must exist.
export function loadRegistry(root, where) {
  if (typeof where === 'string') where = webFiles(where);
  const path = join(root, 'pages.json');
  if (!existsSync(path)) throw new ContentError(FILE, 0, 'missing');
  const text = readFileSync(path, 'utf8');
  const data = parseJson(FILE, text);
  if (!Array.isArray(data.pages) || data.pages.length === 0) throw new ContentError(FILE, 1, 'expected {"pages": [{"name": ..., "kind": ...}, ...]}');
  const seen = new Set();
  const pages = data.pages.map((p) => {
    const at = lineOf(text, `"name": "${p && p.name}"`);
    if (!p || typeof p.name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(p.name)) throw new ContentError(FILE, at, 'every page needs a "name" of lower-case letters, digits and -');
    if (seen.has(p.name)) throw new ContentError(FILE, at, `page "${p.name}" is listed twice`);
    seen.add(p.name);
    if (!PAGE_KINDS.includes(p.kind)) throw new ContentError(FILE, at, `page "${p.name}": "kind" must be one of ${PAGE_KINDS.join(', ')}`);
    if (typeof p.title !== 'string') throw new ContentError(FILE, at, `page "${p.name}" needs a "title"`);
    for (const k of ['nav', 'lessonLink']) {
      if (p[k] !== undefined && (typeof p[k] !== 'string' || !p[k].trim())) throw new ContentError(FILE, at, `page "${p.name}": "${k}" must be a text`);
    }
    if (p.card !== undefined && !(Array.isArray(p.card) && p.card.length === 2 && p.card.every((x) => typeof x === 'string'))) {
      throw new ContentError(FILE, at, `page "${p.name}": "card" is ["link text", "what follows it"]`);
    }
    if (p.firstScreen !== undefined && !(p.kind === 'widget' && Array.isArray(p.firstScreen) && p.firstScreen.length === 2
        && p.firstScreen.every((id) => typeof id === 'string' && /^[A-Za-z][\w-]*$/.test(id)))) {
      throw new ContentError(FILE, at, `page "${p.name}": "firstScreen" is a widget's [action id, picture id]`);
    }
    // pointChart: the chart that carries the page's point, in view after a run (the
    // visual tests check it; without it, the firstScreen picture is taken).
    if (p.pointChart !== undefined && !(p.kind === 'widget' && typeof p.pointChart === 'string' && /^[A-Za-z][\w-]*$/.test(p.pointChart))) {
      throw new ContentError(FILE, at, `page "${p.name}": "pointChart" is a widget's chart id`);
    }
    if (p.minutes !== undefined && !(Number.isInteger(p.minutes) && p.minutes > 0 && p.minutes <= 240)) {
      throw new ContentError(FILE, at, `page "${p.name}": "minutes" is a whole number of minutes, 1 to 240`);
    }
    const run = p.run;
    if (run !== undefined && !(p.firstScreen && run && typeof run.query === 'string' && run.until && typeof run.until === 'object'
        && Object.keys(run.until).length === 1 && Object.values(run.until).every((v) => typeof v === 'string'))) {
      throw new ContentError(FILE, at, `page "${p.name}": "run" is {"query": "...", "until": {"attribute": "value"}}, on a page with a firstScreen`);
    }
    if (p.kind === 'widget' || p.kind === 'launch' || p.kind === 'home') {
      for (const f of p.kind === 'widget' ? [`pages/${p.name}.html`, `js/pages/${p.name}.js`] : [`js/pages/${p.name}.js`]) {
        if (!where.has(f)) throw new ContentError(FILE, at, where.missing(p.name, f));
      }
    }
    const single = ['home', 'lesson', 'checks', 'instructor', 'launch'];
    if (single.includes(p.kind) && data.pages.filter((q) => q.kind === p.kind).length > 1) {
      throw new ContentError(FILE, at, `only one page may be of kind "${p.kind}"`);
    }
    return {
      ...p,
      file: `${p.name}.html`,
      script: `${p.name}.js`,
      // Runs the WebAssembly module (status line): every widget, and a
      // page that says "module": true (the gradebook, which re-runs hand-ins' races).
      widget: p.kind === 'widget' || p.module === true,
    };
  });
  if (!pages.some((p) => p.name === 'index')) throw new ContentError(FILE, 1, 'a page named "index" (the landing page) is needed');
  return pages;
}
