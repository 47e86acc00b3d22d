// One settings schema: a range changed in a copy of content/widgets/race.json, and the
// site built from that copy, is applied by the race page's form, its URL parser, the
// assignment's require= parser, the lesson's links and the C++ engine behind the worker
// (which the page hands the schema it was built with).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildSite } from '../../tools/site/build.mjs';
import { startServer } from '../../tools/serve.mjs';
import { CHROMIUM, FLAGS } from './support.mjs';

const WASM = process.env.LAB_WASM || 'build/wasm/wasm';
let browser, server, base;

// content/ copied, with race.json's T allowed from 2 to 60 (the file says 2 to 100).
function editedContent(edit) {
  const dir = mkdtempSync(join(tmpdir(), 'schema-'));
  cpSync('content', join(dir, 'content'), { recursive: true });
  const file = join(dir, 'content/widgets/race.json');
  const race = JSON.parse(readFileSync(file, 'utf8'));
  edit(race.settings.find((s) => s.key === 'T'));
  writeFileSync(file, JSON.stringify(race, null, 2));
  return dir;
}

before(async () => {
  const dir = editedContent((T) => { T.max = 60; });
  await buildSite({ out: join(dir, 'dist'), wasmDir: WASM, contentDir: join(dir, 'content') });
  server = await startServer({ root: join(dir, 'dist'), port: 0, isolation: true });
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
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

const NEW_RANGE = /Sequence length T: 80 is out of range; use a whole number from 2 to 60\./;

test('the page\'s form and its URL parser apply the edited range', async () => {
  const { page, errors } = await open('race.html?T=80');
  assert.match(await page.textContent('#url-notice'), NEW_RANGE);
  assert.equal(await page.inputValue('#set-T'), '30');  // the default stays
  assert.match(await page.textContent('#set-T-help'), /a whole number from 2 to 60/);
  await page.fill('#set-T', '80');
  assert.match(await page.textContent('#set-T-error'), NEW_RANGE);
  await page.fill('#set-T', '60');
  assert.equal(await page.textContent('#set-T-error'), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the assignment\'s require= parser applies the edited range', async () => {
  const { page } = await open('checks.html?require=T:80,seed:7');
  const facts = await page.textContent('#assignment-facts');
  assert.match(facts, /one training race run to the end with seed = 7\./);
  assert.match(facts, /Ignored from this link: race requirement Sequence length T: 80 is out of range; use a whole number from 2 to 60\./);
  await page.close();
});

test('the C++ engine behind the worker applies the edited range, whatever the page sends', async () => {
  const { page } = await open('race.html');
  // Straight to the worker, past the form: the engine is asked with the page's schema.
  const ask = (T, schema) => page.evaluate(([T, useSchema]) => new Promise((resolve) => {
    const worker = new Worker('js/lab-worker.js');
    const schemaOfPage = JSON.parse(document.getElementById('lab-data').textContent).widgets.race;
    const input = { settings: { T, epochs: 1 }, ...(useSchema ? { schema: schemaOfPage } : {}) };
    worker.onmessage = (e) => {
      if (e.data.type === 'progress') return;
      resolve(e.data.type === 'error' ? e.data.payload.message : `ran ${e.data.payload.gru.epochs_done} epoch`);
      worker.terminate();
    };
    worker.postMessage({ type: 'session-start', id: 1, payload: { session: 'RaceSession', input } });
  }), [T, schema]);
  assert.match(await ask(80, true), NEW_RANGE);
  assert.equal(await ask(60, true), 'ran 1 epoch');
  // Without a schema the engine uses the one compiled in from the real race.json (2 to 100).
  assert.equal(await ask(80, false), 'ran 1 epoch');
  assert.match(await ask(101, false), /Sequence length T: 101 is out of range; use a whole number from 2 to 100\./);
  await page.close();
});

test('a lesson link asking for a value outside the edited range fails the build, naming the line', async () => {
  const dir = editedContent((T) => { T.max = 8; T.default = 8; });
  const assignment = join(dir, 'content/assignment.json');  // requires T = 30: now T = 8
  writeFileSync(assignment, readFileSync(assignment, 'utf8').replace('"T": 30', '"T": 8'));
  // 09-worked-example-2.md links the race with T = 10, now out of range.
  await assert.rejects(buildSite({ out: join(dir, 'dist'), wasmDir: WASM, contentDir: join(dir, 'content') }),
    /content\/lesson\/09-worked-example-2\.md:\d+: a link to race: Sequence length T: 10 is out of range; use a whole number from 2 to 8\./);
});
