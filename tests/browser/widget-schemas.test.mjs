// One settings path for every widget: a range changed in a copy of each
// content/widgets/NAME.json, and the site built from that copy, is applied by the
// widget's page (its URL parser, its form) and by the C++ engine behind the worker,
// which the page hands the schemas it was built with when the worker starts. The same
// requests to a worker started without them get the ranges compiled in from the real
// files: the edited range is the site's, not the build's. The race's range also reaches
// the assignment's require= parser and the lesson's links.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../../tools/site/build.mjs';
import { startServer } from '../../tools/static-server.mjs';
import { test, launchChromium } from './support.mjs';

const WASM = process.env.LAB_WASM || 'build/wasm/wasm';
const range = (label, value, lo, hi) => `${label}: ${value} is out of range; use a whole number from ${lo} to ${hi}.`;
const setting = (widget, key) => widget.settings.find((s) => s.key === key);
const ADDED = { key: 'warmup', label: 'Warm-up epochs', kind: 'int', default: 2, min: 0, max: 9, help: 'A setting no code names.' };

// Per widget: the edit, a link the page must refuse under it, and one engine request
// the edited range refuses and the compiled-in one lets past (to another refusal or a
// result). `request` runs in the page: {type, payload} for the worker.
const CASES = {
  race: {
    edit: (w) => { setting(w, 'T').max = 60; },
    link: 'race.html?T=80', field: 'T', typed: '80',
    message: range('Sequence length T', 80, 2, 60),
    request: { type: 'session-start', payload: { session: 'RaceSession', input: { settings: { T: 80, epochs: 1 } } } },
    compiled: /^ran$/,
  },
  cost: {
    edit: (w) => { setting(w, 'd').max = 128; },
    link: 'cost.html?d=200', field: 'd', typed: '200',
    message: range('Width d', 200, 16, 128),
    request: { type: 'call', payload: { fn: 'layer_cost_plan', input: { layer: 'attention', T: 64, d: 200, threads: 1, min_seconds: 0.1, seed: 1 } } },
    compiled: /^ran$/,
  },
  scaling: {
    edit: (w) => { setting(w, 'd_k').max = 512; },
    link: 'scaling.html?d_k=1000', field: 'd_k', typed: '1000',
    message: range('Dimension dₖ', 1000, 1, 512),
    request: { type: 'call', payload: { fn: 'scaling_stats', input: { seed: 1, d_k: 1000, T: 8, temperature: 1 } } },
    compiled: /^ran$/,
  },
  order: {
    edit: (w) => { setting(w, 'd').max = 32; },
    link: 'order.html?d=40', field: 'd', typed: '40',
    message: range('Model width d', 40, 1, 32),
    request: { type: 'call', payload: { fn: 'order_probe', input: { first: ['a', 'b'], second: ['b', 'a'], seed: 1, d: 40, positions: 'none' } } },
    compiled: /^ran$/,
  },
  calculator: {
    edit: (w) => { setting(w, 'temperature').max = 50; },
    link: 'calculator.html?temperature=80', field: 'temperature', typed: '80',
    message: 'Softmax temperature τ: 80 is out of range; use a number from 0.01 to 50.',
    request: { type: 'call', payload: { fn: 'score_steps', input: { score: 'dot', d: 2, query: [1, 2], keys: [1, 0, 1, 1], temperature: 80 } } },
    compiled: /^ran$/,
  },
  translate: {
    edit: (w) => { setting(w, 'hidden').max = 64; },
    link: 'translate.html?hidden=100', field: 'hidden', typed: '100',
    message: range('Hidden size H', 100, 4, 64),
    // An empty grammar: past the settings, the engine refuses it before training.
    request: { type: 'session-start', payload: { session: 'TranslateSession', input: {
      settings: { hidden: 100, epochs: 1 }, grammar_json: '{}', kinds: ['none'], watch: 0 } } },
    compiled: /grammar/,
  },
  reading: {
    edit: (w) => { setting(w, 'sweep').max = 20; },
    link: 'reading.html?sweep=30', field: 'sweep', typed: '30',
    message: range('Seeds in the sweep', 30, 2, 20),
    // Thirty equal seeds: past the count, the engine refuses them before running.
    request: { type: 'session-start', payload: { session: 'SeedSweep', input: { settings: { epochs: 1 }, seeds: Array(30).fill(1) } } },
    compiled: /seeds must be different/,
  },
  comments: {
    // And a setting no code names (the engine's side: tests/unit/added_setting_check.cpp).
    edit: (w) => { setting(w, 'epochs').max = 30; w.settings.push(ADDED); },
    link: 'comments.html?epochs=40', field: 'epochs', typed: '40',
    message: range('Epochs', 40, 1, 30),
    // An empty grammar: past the settings, the engine refuses it before training.
    request: { type: 'session-start', payload: { session: 'CommentsSession', input: {
      settings: { epochs: 40 }, grammar_json: '{}', data: 'biased' } } },
    compiled: /grammar/,
  },
  vision: {
    edit: (w) => { setting(w, 'dmodel').max = 64; },
    link: 'vision.html?dmodel=100', field: 'dmodel', typed: '100',
    message: range('Token width D', 100, 4, 64),
    request: { type: 'session-start', payload: { session: 'VisionSession', input: {
      settings: { epochs: 1, images: 100, dmodel: 100 } } } },
    compiled: /^ran$/,
  },
  exercises: {
    edit: (w) => { setting(w, 'variant').max = 20; },
    link: 'exercises.html?variant=30', field: 'variant', typed: '30',
    message: range('Variant', 30, 1, 20),
    request: { type: 'call', payload: { fn: 'exercise', input: { student: 'Ada', kind: 'context', variant: 30 } } },
    compiled: /^ran$/,
  },
  code: {
    edit: () => {},  // its tests' variant is the exercises' setting, edited above: the code page and engine follow it
    link: 'code.html?variant=30', field: 'variant', typed: '30',
    message: range('Variant', 30, 1, 20),
    request: { type: 'call', payload: { fn: 'code_tests', input: { student: 'Ada', variant: 30, run: 0 } } },
    compiled: /^ran$/,
  },
  'attention-table': {
    edit: (w) => { w.fixed.maxTokens = 50; },
    paste: Array.from({ length: 60 }, (_, i) => `t${i} 1 0`).join('\n'),
    pageMessage: /60 tokens: the table takes at most 50/,
    message: 'too many tokens (60): at most 50',
    request: { type: 'call', payload: { fn: 'attend', input: {
      score: 'dot', d: 2, dv: 2, keys: Array(120).fill(1), values: Array(120).fill(1), query: [1, 0], temperature: 1 } } },
    compiled: /^ran$/,
  },
};

let browser, server, base;

// content/ copied, each widget's file edited as CASES says.
function editedContent(edits) {
  const dir = mkdtempSync(join(tmpdir(), 'schema-'));
  cpSync('content', join(dir, 'content'), { recursive: true });
  for (const [name, edit] of Object.entries(edits)) {
    const file = join(dir, `content/widgets/${name}.json`);
    const widget = JSON.parse(readFileSync(file, 'utf8'));
    edit(widget);
    writeFileSync(file, JSON.stringify(widget, null, 2));
  }
  return dir;
}

before(async () => {
  const dir = editedContent(Object.fromEntries(Object.entries(CASES).map(([name, c]) => [name, c.edit])));
  await buildSite({ out: join(dir, 'dist'), wasmDir: WASM, contentDir: join(dir, 'content') });
  server = await startServer({ root: join(dir, 'dist'), port: 0, isolation: true });
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await launchChromium();
});
after(async () => { await browser.close(); server.close(); });

async function open(path) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + path);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  return { page, errors };
}

// One request to a fresh worker, started as LabClient starts it: with the page's
// schemas, or (withSchemas false) without any. 'ran' when the engine accepted it.
function ask(page, request, withSchemas) {
  return page.evaluate(([request, withSchemas]) => new Promise((resolve) => {
    const worker = new Worker('js/lab-worker.js');
    const schemas = JSON.parse(document.getElementById('lab-data').textContent).widgets;
    const input = request.payload.input;
    if (request.payload.fn === 'attend' || request.payload.fn === 'score_steps') {
      for (const k of ['keys', 'values', 'query']) if (input[k]) input[k] = Float64Array.from(input[k]);
    }
    worker.onmessage = (e) => {
      if (e.data.type === 'progress' || e.data.type === 'stage') return;  // the load's stages, a session's records
      if (e.data.id === 1) { worker.postMessage({ type: request.type, id: 2, payload: request.payload }); return; }
      resolve(e.data.type === 'error' ? e.data.payload.message : 'ran');
      worker.terminate();
    };
    worker.postMessage({ type: 'init', id: 1, payload: withSchemas ? { schemas } : {} });
  }), [request, withSchemas]);
}

test('every widget file\'s edited range is tested here', () => {
  const widgets = readdirSync('content/widgets').filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
  assert.deepEqual(Object.keys(CASES).sort(), widgets.sort());
});

for (const [name, c] of Object.entries(CASES)) {
  test(`${name}: the page applies the edited range`, async () => {
    if (c.link) {
      const { page, errors } = await open(c.link);
      assert.ok((await page.textContent('#url-notice')).includes(c.message), await page.textContent('#url-notice'));
      await page.evaluate(() => { const more = document.querySelector('#settings .more-settings'); if (more) more.open = true; });
      await page.fill(`#set-${c.field}`, c.typed);
      assert.equal(await page.textContent(`#set-${c.field}-error`), c.message);
      assert.deepEqual(errors, []);
      await page.close();
    } else {
      const { page, errors } = await open(`${name}.html`);
      await page.click('#bulk summary');
      await page.$eval('#bulk-text', (el, text) => { el.value = text; }, c.paste);
      await page.click('#bulk-apply');
      assert.match(await page.textContent('#bulk-error'), c.pageMessage);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test(`${name}: the engine applies the edited range, whatever the page sends`, async () => {
    const { page } = await open(`${name}.html`);
    assert.equal(await ask(page, c.request, true), c.message);
    assert.match(await ask(page, c.request, false), c.compiled);
    await page.close();
  });
}

test('a setting added to a widget\'s file is the page\'s with no other edit: its field, its link, its range', async () => {
  const { page, errors } = await open('comments.html?warmup=5');
  assert.equal(await page.textContent('#url-notice'), '');
  await page.evaluate(() => { const more = document.querySelector('#settings .more-settings'); if (more) more.open = true; });
  assert.equal(await page.inputValue('#set-warmup'), '5');
  assert.equal(await page.textContent('label[for="set-warmup"]'), 'Warm-up epochs');
  await page.fill('#set-warmup', '12');
  assert.equal(await page.textContent('#set-warmup-error'), range('Warm-up epochs', 12, 0, 9));
  await page.fill('#set-warmup', '7');
  await page.waitForFunction(() => /[?&]warmup=7(&|$)/.test(document.getElementById('share-link').href));
  assert.deepEqual(errors, []);
  await page.close();
  const bad = await open('comments.html?warmup=12');
  assert.ok((await bad.page.textContent('#url-notice')).includes(range('Warm-up epochs', 12, 0, 9)));
  await bad.page.close();
});

test('the assignment\'s require= parser applies the edited race range', async () => {
  const { page } = await open('checks.html?require=T:80,seed:7');
  const facts = await page.textContent('#assignment-facts');
  assert.match(facts, /one training race run to the end with seed = 7\./);
  assert.ok(facts.includes(`Ignored from this link: race requirement ${CASES.race.message}`), facts);
  await page.close();
});

test('a lesson link asking for a value outside the edited range fails the build, naming the line', async () => {
  const dir = editedContent({ race: (w) => { setting(w, 'T').max = 8; setting(w, 'T').default = 8; } });
  const assignment = join(dir, 'content/assignment.json');  // requires T = 30: now T = 8
  writeFileSync(assignment, readFileSync(assignment, 'utf8').replace('"T": 30', '"T": 8'));
  // 09-worked-example-2.md links the race with T = 10, now out of range.
  await assert.rejects(buildSite({ out: join(dir, 'dist'), wasmDir: WASM, contentDir: join(dir, 'content') }),
    /content\/lesson\/09-worked-example-2\.md:\d+:\d+: a link to race: Sequence length T: 10 is out of range; use a whole number from 2 to 8\./);
});
