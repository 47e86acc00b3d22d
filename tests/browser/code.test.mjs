// The code page in headless Chromium: a correct softmax and attention pass every test
// the engine draws for the student's name; the starter's naive softmax fails on large
// logits with the first differing place, the input and both outputs shown; an endless
// loop is stopped and the page runs again; the code cannot reach storage, the network or
// the page; the hand-in carries the run and the gradebook runs the code again (an
// edited claim and a hostile file named, the instructor's page unharmed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLab, openPage } from './support.mjs';
import { CORRECT_CODE as CORRECT } from './code-class.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

async function open(path = 'code.html', name = 'Ada Lovelace') {
  const opened = await openPage(lab.browser, lab.isolatedUrl(path));
  const { page } = opened;
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  if (name !== null) await page.fill('#code-student', name);
  await page.waitForFunction(() => !document.getElementById('run').disabled);
  return opened;
}

async function setCode(page, code) {
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.evaluate(() => document.querySelector('.cm-content').focus());
  await page.keyboard.insertText(code);
}

async function run(page) {
  await page.evaluate(() => { delete document.body.dataset.code; });
  await page.click('#run');
  await page.waitForFunction(() => document.body.dataset.code && document.body.dataset.code !== 'running', null, { timeout: 15000 });
  return page.$$eval('#code-results li', (lis) => Object.fromEntries(lis.map((li) => [li.dataset.case, {
    pass: li.dataset.pass === 'true', message: li.querySelector('.feedback').textContent,
    blocks: Array.from(li.querySelectorAll('details pre'), (p) => p.textContent), open: Boolean(li.querySelector('details[open]')),
  }])));
}

test('the starter\'s naive softmax fails on large logits: the first differing place, the input, both outputs', async () => {
  const { page, problems, close } = await open();
  const r = await run(page);
  assert.equal(Object.keys(r).length, 11);
  assert.equal(r['softmax: a short row'].pass, true);
  const big = r['softmax: large logits'];
  assert.equal(big.pass, false);
  assert.match(big.message, /^First difference at weight 1: expected 0\.\d+, got NaN\.$/);
  assert.equal(big.open, true);  // the first failing test is open
  assert.match(big.blocks[0], /^row = \[100\d/);
  assert.match(big.blocks[2], /^\[NaN, NaN, NaN, NaN\]$/);
  assert.match(await page.textContent('#code-status'), /^3 of 11 tests pass\. The first to fail, "softmax: large logits", is open below\.$/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('a correct implementation passes every test; kept across a reload; the gradebook runs it again', async () => {
  const { page, problems, close } = await open();
  await setCode(page, CORRECT);
  const r = await run(page);
  assert.deepEqual(Object.values(r).filter((x) => !x.pass), []);
  assert.match(await page.textContent('#code-summary'), /^11 of 11 tests pass\. Every test passes/);
  // Another student's tests are other numbers; this code passes them too.
  await page.fill('#code-student', 'Grace Hopper');
  await page.waitForFunction(() => !document.getElementById('run').disabled && /Grace|seed/.test(document.getElementById('code-status').textContent));
  assert.equal(Object.values(await run(page)).filter((x) => x.pass).length, 11);
  await page.fill('#code-student', 'Ada Lovelace');
  await page.waitForFunction(() => !document.getElementById('run').disabled);
  await run(page);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('run').disabled);
  assert.match(await page.textContent('.cm-content'), /Math\.max\(\.\.\.row\)/);
  assert.match(await page.textContent('#code-summary'), /^Your last run passed 11 of 11 tests/);

  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const genuine = readFileSync(await download.path(), 'utf8');
  assert.match(genuine, /Code \(code\.html\): the last run passed 11 of 11 tests/);
  // Edited: the starter code, still claiming every test; and a hostile file: an endless
  // loop that also tries the instructor's page.
  const begin = genuine.indexOf('{', genuine.indexOf('-----BEGIN')), end = genuine.lastIndexOf('}') + 1;
  const edit = (name, text) => {
    const record = JSON.parse(genuine.slice(begin, end));
    record.student.id = name;
    record.answers.code.text = text;
    record.answers.code.log.at(-1)[0] = text.slice(0, 40);
    return genuine.slice(0, begin) + JSON.stringify(record) + genuine.slice(end);
  };
  const dir = mkdtempSync(join(tmpdir(), 'code-'));
  writeFileSync(join(dir, 'genuine.txt'), genuine);
  writeFileSync(join(dir, 'edited.txt'), edit('E-1', 'function softmax(r) { return r.map(Math.exp); }'));
  writeFileSync(join(dir, 'hostile.txt'), edit('H-1', 'try { parent.document.title = "owned"; } catch (e) {} try { alert(1); } catch (e) {} while (true) {}'));
  writeFileSync(join(dir, 'greedy.txt'), edit('M-1', 'const hoard = new Float64Array(1e8);'));
  let dialogs = 0;
  page.on('dialog', async (d) => { ++dialogs; await d.dismiss(); });
  await page.goto(lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', ['genuine.txt', 'edited.txt', 'hostile.txt', 'greedy.txt'].map((f) => join(dir, f)));
  await page.waitForFunction(() => document.body.dataset.rows === '4' && document.body.dataset.regrading === 'false', null, { timeout: 30000 });
  const rows = await page.$$eval('#gradebook tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.cells[1].textContent, { code: tr.cells[7].textContent, doubts: tr.cells[9].textContent }])));
  assert.equal(rows[''].code, '11 of 11 tests pass (run again)');
  assert.doesNotMatch(rows[''].doubts, /code/);
  assert.match(rows['E-1'].code, /^\d of 11 tests pass \(run again\)$/);
  assert.match(rows['E-1'].doubts, /code: the file says 11 tests pass; run again on this name's tests, \d pass/);
  assert.equal(rows['H-1'].code, '0 of 11 tests pass (run again, stopped at the time limit)');
  assert.equal(rows['M-1'].code, '0 of 11 tests pass (run again, stopped at the memory limit)');
  assert.doesNotMatch(await page.title(), /owned/);
  assert.equal(dialogs, 0);
  assert.deepEqual(problems.console, []);
  await close();
});

test('code that takes memory without end is stopped at the memory limit, at once, and the page runs again', async () => {
  const { page, problems, close } = await open();
  // 800 MB asked for at once: stopped at once.
  await setCode(page, 'function softmax(row) { return new Float64Array(1e8); }');
  const t0 = Date.now();
  const r = await run(page);
  assert.ok(Date.now() - t0 < 2000, 'stopped by the memory limit, before the time limit');
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'memory');
  assert.equal(await page.textContent('#code-status'), 'Stopped: the code used more than the 32 MB of memory a run may use.');
  assert.match(r['softmax: a short row'].message, /^Stopped: the code ran out of the memory a run may use/);
  // Memory hoarded without end: never past the limit; QuickJS collects ever more often
  // near it, so the time limit may come first. Either way the run is stopped.
  await setCode(page, 'function softmax(row) { const a = []; for (;;) a.push(new Array(1 << 16).fill(row[0])); }');
  await run(page);
  assert.ok(['memory', 'timeout'].includes(await page.evaluate(() => document.body.dataset.code)));
  // console.log prints under the tests; the line numbers of an error are the code's own.
  await setCode(page, 'function softmax(row) {\n  console.log("row", row.length, { first: row[0] > -1e9 });\n  return null.x;\n}');
  const printedRun = await run(page);
  assert.equal(await page.isVisible('#code-printed-box'), true);
  assert.match(await page.textContent('#code-printed'), /^row \d+ \{"first":true\}\nrow \d+/);
  assert.match(printedRun['softmax: a short row'].message, /TypeError: cannot read property 'x' of null \(line 3\)/);
  // A string doubled without end is not memory in QuickJS (a rope) but too long a string.
  await setCode(page, 'function softmax(row) { let s = String(row[0]); for (;;) s += s; }');
  assert.match((await run(page))['softmax: a short row'].message, /InternalError: string too long/);
  await setCode(page, CORRECT);
  assert.equal(Object.values(await run(page)).filter((x) => x.pass).length, 11);
  assert.deepEqual(problems.console, []);
  await close();
});

test('an endless loop is stopped with a message, and the page runs again afterwards', async () => {
  const { page, problems, close } = await open();
  await setCode(page, 'function softmax(row) { while (true) {} }\nfunction attention() { for (;;) {} }');
  const t0 = Date.now();
  const r = await run(page);
  assert.ok(Date.now() - t0 < 10000);
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'timeout');
  assert.match(await page.textContent('#code-status'), /^Stopped after 2000 ms: the code did not finish \(an endless loop\?\)\.$/);
  assert.match(r['softmax: a short row'].message, /^Stopped: the time limit passed/);
  await setCode(page, 'function softmax(row) {');
  await run(page);
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'compile-error');
  assert.match(await page.textContent('#code-status'), /^The code does not compile: SyntaxError/);
  await setCode(page, CORRECT);
  assert.equal(Object.values(await run(page)).filter((x) => x.pass).length, 11);
  assert.deepEqual(problems.console, []);
  await close();
});

test('the code cannot reach localStorage, the network, more threads or the page', async () => {
  // A server of another origin that records every request: the code tries to reach it
  // by every way a worker has, then waits half a second so that a request would go out.
  const hits = [];
  const spy = createServer((req, res) => { hits.push(req.url); res.end(); }).listen(0, '127.0.0.1');
  await new Promise((r) => spy.on('listening', r));
  const leak = `http://127.0.0.1:${spy.address().port}/leak`;
  const { page, problems, close } = await open();
  await page.evaluate(() => localStorage.setItem('probe', 'kept'));
  // softmax returns the list of what it could reach without an error: it must be empty.
  await setCode(page, `function softmax(row) {
  const reached = [];
  const tries = {
    localStorage: () => localStorage.setItem('probe', 'changed'),
    selfStorage: () => self.localStorage.getItem('probe'),
    fetch: () => fetch('${leak}?fetch'),
    protoFetch: () => Object.getPrototypeOf(Object.getPrototypeOf(self)).fetch.call(self, '${leak}?proto'),
    xhr: () => { const x = new XMLHttpRequest(); x.open('GET', '${leak}?xhr'); x.send(); },
    importScripts: () => importScripts('${leak}?import'),
    indexedDB: () => indexedDB.open('x'),
    worker: () => new Worker('${leak}?worker'),
    parent: () => { parent.document.title = 'owned'; },
    websocket: () => new WebSocket('${leak.replace('http', 'ws')}?ws'),
  };
  for (const [name, f] of Object.entries(tries)) { try { f(); reached.push(name.length); } catch (e) {} }
  import('${leak}?dynamic-import').catch(() => {});  // syntax, not a global: only the sandbox's policy stops it
  const t0 = Date.now();
  while (Date.now() - t0 < 500) {}
  return reached;
}`);
  const r = await run(page);
  assert.equal(r['softmax: a short row'].blocks[2], '[]');
  await page.waitForTimeout(300);
  assert.deepEqual(hits, []);
  assert.equal(await page.evaluate(() => localStorage.getItem('probe')), 'kept');
  assert.doesNotMatch(await page.title(), /owned/);
  // The layers under it: a frame of its own opaque origin, a policy that allows no request.
  const frame = await page.$eval('iframe[sandbox]', (f) => ({ sandbox: f.getAttribute('sandbox'), srcdoc: f.srcdoc }));
  assert.equal(frame.sandbox, 'allow-scripts');
  assert.match(frame.srcdoc, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval' data:; worker-src data:">/);
  assert.deepEqual(problems.foreign, []);
  await close();
  spy.close();
});
