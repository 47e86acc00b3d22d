// The settings schema module (web/js/settings/settings-schema.js) and the build's checks of
// schemas and of the page registry, without a browser.
import './shared-limits.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaults, fillFixed, fromQuery, parseAll, parsePairs, parseSetting, rangeText, toQuery, checkNumber } from '../../web/js/settings/settings-schema.js';
import { loadContent } from '../../tools/site/content.mjs';

const race = JSON.parse(readFileSync('content/widgets/race.json', 'utf8'));
const spec = race.settings;
const T = spec.find((s) => s.key === 'T');
const lr = spec.find((s) => s.key === 'lr');
const pooling = spec.find((s) => s.key === 'pooling');

test('one setting: numbers, whole numbers, ranges and choices, each refusal naming the range', () => {
  assert.deepEqual(parseSetting(T, ' 12 '), { ok: true, value: 12 });
  assert.deepEqual(parseSetting(lr, '5e-3'), { ok: true, value: 0.005 });
  assert.deepEqual(parseSetting(pooling, 'mean'), { ok: true, value: 'mean' });
  const refusals = [
    [T, '', 'Sequence length T: empty; use a whole number from 2 to 100.'],
    [T, '2.5', 'Sequence length T: 2.5 is not a whole number; use a whole number from 2 to 100.'],
    [T, '101', 'Sequence length T: 101 is out of range; use a whole number from 2 to 100.'],
    [T, '0x10', 'Sequence length T: "0x10" is not a number; use a whole number from 2 to 100.'],
    [T, '1e999', 'Sequence length T: "1e999" is too large; use a whole number from 2 to 100.'],
    [lr, '0', 'Learning rate: 0 is out of range; use a number from 0.000001 to 1.'],
    [pooling, 'max', 'Attention pooling: "max" is not allowed; use one of last, mean.'],
    [pooling, 'x'.repeat(40), `Attention pooling: "${'x'.repeat(24)}…" is not allowed; use one of last, mean.`],
  ];
  for (const [s, text, message] of refusals) assert.deepEqual(parseSetting(s, text), { ok: false, message }, text);
  assert.equal(checkNumber(T, 30).ok, true);
  assert.equal(checkNumber(T, NaN).ok, false);
  assert.equal(rangeText(T), 'a whole number from 2 to 100');
});

test('a whole form, a link, and a link back', () => {
  const texts = Object.fromEntries(spec.map((s) => [s.key, String(s.default)]));
  assert.deepEqual(parseAll(spec, texts), { settings: defaults(spec), errors: {} });
  const bad = parseAll(spec, { ...texts, T: '1', batch: 'many' });
  assert.deepEqual(Object.keys(bad.errors), ['T', 'batch']);
  const { settings, ignored } = fromQuery(spec, '?T=10&pooling=mean&colour=red&epochs=0');
  assert.equal(settings.T, 10);
  assert.equal(settings.pooling, 'mean');
  assert.equal(settings.epochs, 35);  // the bad value falls back to the default
  assert.deepEqual(ignored, ['colour (not a setting)', 'Epochs: 0 is out of range; use a whole number from 1 to 200.']);
  assert.equal(toQuery(spec, settings), '?T=10&pooling=mean');
  assert.equal(toQuery(spec, defaults(spec)), '');
});

test('a link with a thousand bad parameters gives a few messages and a count', () => {
  const pairs = Array.from({ length: 1000 }, (_, i) => [`p${i}`, '1']);
  const { ignored } = parsePairs(spec, pairs);
  assert.equal(ignored.length, 6);
  assert.equal(ignored[5], 'and 995 more');
});

test('help texts quote the fixed sizes from the data', () => {
  assert.equal(fillFixed('Passes over the {n_train} training sequences.', race.fixed), 'Passes over the 2,400 training sequences.');
  assert.equal(fillFixed('{unknown} stays', race.fixed), '{unknown} stays');
  const content = loadContent('content', 'web');
  assert.match(content.widgets.race.settings.find((s) => s.key === 'epochs').help, /the 2,400 training sequences/);
});

// A copy of content/ with one file edited; the build's loader must name file and line.
function loadEdited(file, edit) {
  const dir = mkdtempSync(join(tmpdir(), 'schema-'));
  cpSync('content', join(dir, 'content'), { recursive: true });
  const path = join(dir, 'content', file);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  return () => loadContent(join(dir, 'content'), 'web');
}

test('a malformed schema or registry fails the build naming the file and line', () => {
  const cases = [
    ['widgets/race.json', (t) => t.replace('"max": 100', '"max": 1'), /content\/widgets\/race.json:\d+:\d+: setting "T": "min" and "max" must be numbers with min <= max/],
    ['widgets/race.json', (t) => t.replace('"default": 30', '"default": 300'), /race.json:\d+:\d+: the default is not allowed: Sequence length T: 300 is out of range/],
    ['widgets/race.json', (t) => t.replace('"kind": "int", "default": 35', '"kind": "integer", "default": 35'), /race.json:\d+:\d+: setting "epochs": "kind" must be "int", "float" or "choice"/],
    ['widgets/race.json', (t) => t.replace('{n_train} training', '{n_trian} training'), /race.json:\d+:\d+: setting "epochs": the help text's \{n_trian\} is not in "fixed"/],
    ['pages.json', (t) => t.replace('"kind": "widget", "nav": "Training race"', '"kind": "gadget", "nav": "Training race"'), /content\/pages.json:\d+:\d+: page "race": "kind" must be one of/],
    ['pages.json', (t) => t.replace('"name": "calculator"', '"name": "race"'), /content\/pages.json:\d+:\d+: page "race" is listed twice/],
    ['pages.json', (t) => t.replace('"name": "calculator"', '"name": "no-such-widget"'), /content\/pages.json:\d+:\d+: widget "no-such-widget" needs web\/pages\/no-such-widget.html/],
    ['assignment.json', (t) => t.replace('"T": 30', '"T": 3000'), /content\/assignment.json:\d+:\d+: Sequence length T: 3000 is out of range/],
  ];
  for (const [file, edit, message] of cases) assert.throws(loadEdited(file, edit), message, String(message));
});

test('the registry lists every page once, with its files', () => {
  // The rules, not a copy of the list: a new widget needs only its registry line.
  const { pages } = loadContent('content', 'web');
  const registry = JSON.parse(readFileSync('content/pages.json', 'utf8')).pages;
  assert.deepEqual(pages.map((p) => p.name), registry.map((p) => p.name));
  assert.equal(new Set(pages.map((p) => p.name)).size, pages.length);
  for (const p of registry.filter((x) => x.kind === 'widget')) {
    for (const file of [`web/pages/${p.name}.html`, `web/js/pages/${p.name}.js`, `content/widgets/${p.name}.json`]) {
      assert.ok(existsSync(file), `${p.name}: ${file}`);
    }
  }
  // The pages that run the WebAssembly module: the widgets, and the pages that say so
  // (the gradebook re-runs races).
  assert.deepEqual(pages.filter((p) => p.widget).map((p) => p.name),
    registry.filter((p) => p.kind === 'widget' || p.module === true).map((p) => p.name));
  // Every page has a script of its own, the landing page too (the student's dashboard).
  for (const p of pages) assert.ok(existsSync(`web/js/pages/${p.script}`), `${p.name}: web/js/pages/${p.script}`);
});
