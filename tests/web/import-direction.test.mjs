// Floors: every folder of web/js/ and src/ stands on a floor, and a file may reach only
// folders on floors below its own (its own folder too). An arrow pointing up or sideways
// (a primitive that knows the page kit, a learning model that knows one page's task) is
// what makes a change to one widget ripple into the others; this test fails on it, naming
// the file and the import. A new folder fails until it is given a floor here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// web/js, lowest first. ui: DOM primitives and formatting; then the parts that stand on
// them alone; work: the student's saved work and its points; grading and lms read that
// work for an instructor or an LMS; pages put everything together. messages: the
// catalogs (JSON, web/js/ui/i18n.js reads them), below everything.
const WEB_FLOORS = [
  ['messages'],
  ['ui'],
  ['settings', 'engine', 'charts', 'code', 'embed', 'offline'],
  ['work'],
  ['grading', 'lms'],
  ['pages'],
];
// src/, lowest first: kernels and the random numbers; core (settings schema, threads);
// attention; the trainable models; what trains or probes them; the pages' sessions.
const SRC_FLOORS = [
  ['kernels', 'rng', 'settings'],  // settings/: generated from content/widgets/ at build (cmake/SettingsSchema.cmake)
  ['core'],
  ['attention'],
  ['nn'],
  ['race', 'explore', 'exercises'],
  ['reading'],
  ['comments', 'translate', 'vision'],
];

const floorOf = (floors) => new Map(floors.flatMap((names, i) => names.map((n) => [n, i])));

function filesUnder(dir, ends) {
  const out = [];
  (function walk(d) {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p); else if (ends.some((e) => p.endsWith(e))) out.push(p);
    }
  })(dir);
  return out;
}

// The relative modules a script reaches: static imports and re-exports, import(), workers.
// (A plain new URL('../wasm/') names a file of the built site, not a module: not an arrow.)
export function jsTargets(source) {
  const re = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|new (?:Shared)?Worker\(\s*new URL\(\s*['"](\.[^'"]+)['"]/g;
  return [...source.matchAll(re)].map((m) => m[1] || m[2] || m[3] || m[4]);
}
// The project headers a C++ file includes ("folder/file.hpp").
export function cppTargets(source) {
  return [...source.matchAll(/#include\s+"([a-z_]+)\/[^"]+"/g)].map((m) => m[1]);
}

// Every arrow that does not point down: [file, target folder, why].
export function wrongArrows(edges, floors) {
  const floor = floorOf(floors), wrong = [];
  for (const [file, from, to] of edges) {
    if (!floor.has(from)) { wrong.push([file, from, 'its folder has no floor']); continue; }
    if (from === to) continue;
    if (!floor.has(to)) wrong.push([file, to, 'that folder has no floor']);
    else if (floor.get(to) >= floor.get(from)) wrong.push([file, to, floor.get(to) > floor.get(from) ? 'points up' : 'points sideways']);
  }
  return wrong;
}

function webEdges() {
  const root = 'web/js', top = (p) => relative(root, p).split('/')[0];
  return filesUnder(root, ['.js']).flatMap((f) => jsTargets(readFileSync(f, 'utf8'))
    .map((spec) => [f, top(f), top(relative(process.cwd(), resolve(dirname(f), spec)))]));
}
function srcEdges() {
  const top = (p) => relative('src', p).split('/')[0];
  return filesUnder('src', ['.hpp', '.cpp', '.h']).filter((f) => f.split('/').length > 2)
    .flatMap((f) => cppTargets(readFileSync(f, 'utf8')).map((to) => [f, top(f), to]));
}
const said = (wrong) => wrong.map(([f, to, why]) => `${f} -> ${to}/ (${why})`);

test('web/js: every import points to a lower floor', () => {
  assert.deepEqual(said(wrongArrows(webEdges(), WEB_FLOORS)), []);
});

test('web/js: every folder has a floor', () => {
  const folders = readdirSync('web/js').filter((f) => statSync(join('web/js', f)).isDirectory());
  assert.deepEqual(folders.filter((f) => !floorOf(WEB_FLOORS).has(f)), []);
});

test('src: every include points to a lower floor', () => {
  assert.deepEqual(said(wrongArrows(srcEdges(), SRC_FLOORS)), []);
});

test('src: every folder has a floor', () => {
  const folders = readdirSync('src').filter((f) => statSync(join('src', f)).isDirectory());
  assert.deepEqual(folders.filter((f) => !floorOf(SRC_FLOORS).has(f)), []);
});

test('the check reads imports and fails on an arrow up, sideways or to a folder with no floor', () => {
  assert.deepEqual(jsTargets(`import { a } from '../work/store.js';\nexport { b } from './x.js';\n` +
    `import './side.js';\nconst m = await import('../grading/g.js');\nnew Worker(new URL('../engine/w.js', import.meta.url));\nnew URL('../wasm/', base);`),
  ['../work/store.js', './x.js', './side.js', '../grading/g.js', '../engine/w.js']);
  assert.deepEqual(cppTargets('#include <vector>\n#include "vision/patches.hpp"\n#include "core/span.hpp"'), ['vision', 'core']);
  const floors = [['ui'], ['settings', 'charts'], ['pages']];
  assert.deepEqual(wrongArrows([
    ['pages/a.js', 'pages', 'ui'],         // down: fine
    ['ui/kit.js', 'ui', 'settings'],       // up
    ['charts/c.js', 'charts', 'settings'], // sideways
    ['ui/x.js', 'ui', 'nowhere'],          // unknown target
    ['new/y.js', 'new', 'ui'],             // unknown source
  ], floors).map(([, , why]) => why), ['points up', 'points sideways', 'that folder has no floor', 'its folder has no floor']);
});
