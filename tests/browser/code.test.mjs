// The code page in headless Chromium: a correct softmax and attention pass every hidden
// test the engine draws for the student's name; the starter's naive softmax fails on large
// logits with the first differing place, the input and both outputs shown; a table of the
// outputs the page showed passes no hidden test, on the page or in the gradebook; a naive
// run after a passing one leaves the best run counted and says so; each test runs in a
// fresh context (a patched Math.exp does not reach the next test); deep recursion, nested
// brackets, throw null and a throwing toString are reported as what they are, the earlier
// tests' results kept; the step budget gives the same verdict on a CPU slowed 6×; an
// output of 1,200 × 1,000 numbers costs the page and the gradebook no long task; code over
// the length a run takes is refused at the editor and kept whole; the code cannot reach
// storage, the network or the page; the hand-in carries the runs and the gradebook runs
// the counted one again (an edited claim and hostile files named, the page unharmed).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage, mainThreadWork } from './support.mjs';
import { CORRECT_CODE as CORRECT, lookupTableCode, parseShownInput, writeCodeClass } from './code-class.mjs';

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

// One run: the shown tests' verdicts by id, and the hidden ones' under "hidden".
async function run(page) {
  await page.waitForFunction(() => !document.getElementById('run').disabled);
  await page.evaluate(() => { delete document.body.dataset.code; });
  await page.click('#run');
  await page.waitForFunction(() => document.body.dataset.code && document.body.dataset.code !== 'running', null, { timeout: 60000 });
  const read = (sel) => page.$$eval(sel, (lis) => Object.fromEntries(lis.map((li) => [li.dataset.case, {
    pass: li.dataset.pass === 'true', message: li.querySelector('.feedback').textContent,
    blocks: Array.from(li.querySelectorAll('details pre'), (p) => p.textContent), open: Boolean(li.querySelector('details[open]')),
  }])));
  return { ...(await read('#code-results li')), hidden: await read('#code-hidden li') };
}
const passes = (r) => Object.values(r).filter((x) => x.pass).length;

test('the starter\'s naive softmax fails on large logits: the first differing place, the input, both outputs; hidden tests graded apart', async () => {
  const { page, problems, close } = await open();
  const r = await run(page);
  assert.equal(Object.keys(r).length - 1, 11);
  assert.equal(Object.keys(r.hidden).length, 11);
  assert.equal(r['softmax: a short row'].pass, true);
  const big = r['softmax: large logits'];
  assert.equal(big.pass, false);
  assert.match(big.message, /^First difference at weight 1: expected 0\.\d+, got NaN\.$/);
  assert.equal(big.open, true);  // the first failing test is open
  assert.match(big.blocks[0], /^row = \[(99\d|100\d)/);
  assert.match(big.blocks[2], /^\[NaN(, NaN)+\]$/);
  // The hidden ones: what is wrong, never the expected numbers.
  assert.equal(r.hidden['softmax: large logits'].pass, false);
  assert.equal(r.hidden['softmax: large logits'].message, 'First difference at weight 1: yours is NaN.');
  assert.deepEqual(r.hidden['softmax: large logits'].blocks, []);
  assert.match(await page.textContent('#code-status'), /^3 of 11 hidden tests pass; 3 of 11 shown tests pass\. The first shown test to fail, "softmax: large logits", is open below\. Your code used (under 1|1) % of the run's budget of 20,000,000 steps\.$/);
  assert.equal(await page.textContent('#code-counts'), 'Your best run counts: 3 of 11 hidden tests (run 1).');
  assert.deepEqual(problems.console, []);
  await close();
});

// The shown tests' inputs of one run, read from the page (every one fails on code that
// returns nothing, so every one shows its input).
async function shownInputs(page) {
  await setCode(page, 'function softmax(row) { return []; }\nfunction attention() { return []; }');
  const r = await run(page);
  const ids = Object.keys(r).filter((k) => k !== 'hidden');
  assert.equal(ids.length, 11);
  return ids.map((id) => parseShownInput(r[id].blocks[0]));
}

test('a table of the outputs the page showed passes no hidden test, nor the next run\'s shown ones; each run draws its own', async () => {
  const { page, problems, close } = await open();
  const first = await shownInputs(page), second = await shownInputs(page);
  // Each run shows other inputs (a one-number case may repeat).
  assert.ok(first.filter((x, k) => JSON.stringify(x) !== JSON.stringify(second[k])).length >= 9);
  await setCode(page, lookupTableCode(second));
  const r = await run(page);
  assert.equal(passes(r.hidden), 0);
  assert.ok(passes(r) <= 2, `${passes(r)} shown tests passed`);  // the next run's: drawn afresh
  assert.match(await page.textContent('#code-status'), /^0 of 11 hidden tests pass/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('a naive run after a passing one leaves the best run counted and says so; the score and the hand-in use it', async () => {
  const { page, problems, close } = await open();
  await setCode(page, CORRECT);
  const good = await run(page);
  assert.equal(passes(good.hidden), 11);
  assert.equal(passes(good), 11);
  assert.equal(await page.textContent('#code-counts'), 'Your best run counts: 11 of 11 hidden tests (run 1).');
  await page.click('#reset');
  await page.click('.confirm-yes');
  await page.waitForFunction(() => /exps/.test(document.querySelector('.cm-content').textContent));
  const naive = await run(page);
  assert.equal(passes(naive.hidden), 3);
  assert.equal(await page.textContent('#code-counts'), 'Your best run counts: 11 of 11 hidden tests (run 1). This run passed 3 of 11; your best run, 11 of 11, still counts.');
  // The score on the checks page counts the best run: the code's full weight.
  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.match(await page.textContent('#score'), /exercises 1 of \d+/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /Code \(code\.html\): the best run counts: run 1 passed 11 of 11 hidden tests; the last run \(run 2 of 2\) passed 3/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('a correct implementation passes every test; kept across a reload; the gradebook runs it again, a copied table and hostile files too', async () => {
  const { page, problems, close } = await open();
  await setCode(page, CORRECT);
  const r = await run(page);
  assert.equal(passes(r), 11);
  assert.equal(passes(r.hidden), 11);
  assert.match(await page.textContent('#code-summary'), /Hidden tests: 11 of 11 pass\. Every hidden test passes: well done\.$/);
  // Another student's tests are other numbers; this code passes them too.
  await page.fill('#code-student', 'Grace Hopper');
  await page.waitForFunction(() => /drawn from your name/.test(document.getElementById('code-status').textContent));
  assert.equal(passes((await run(page)).hidden), 11);
  await page.fill('#code-student', 'Ada Lovelace');
  await page.waitForFunction(() => /drawn from your name/.test(document.getElementById('code-status').textContent));
  const table = lookupTableCode(await shownInputs(page));
  await setCode(page, CORRECT);
  await run(page);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('run').disabled);
  assert.match(await page.textContent('.cm-content'), /Math\.max\(\.\.\.row\)/);
  assert.match(await page.textContent('#code-summary'), /^Your last run passed 11 of 11 hidden tests/);

  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const genuine = readFileSync(await download.path(), 'utf8');
  assert.match(genuine, /Code \(code\.html\): the best run counts: run \d passed 11 of 11 hidden tests/);
  // Edited: other code, still claiming every test; a table of the outputs the page showed;
  // and hostile files: an endless loop that also tries the instructor's page, and memory.
  const begin = genuine.indexOf('{', genuine.indexOf('-----BEGIN')), end = genuine.lastIndexOf('}') + 1;
  const edit = (name, text) => {
    const record = JSON.parse(genuine.slice(begin, end));
    record.student.id = name;
    for (const run of [record.answers.code, record.answers.code.best]) run.text = text;
    record.answers.code.log.at(-1)[0] = text.slice(0, 40);
    return genuine.slice(0, begin) + JSON.stringify(record) + genuine.slice(end);
  };
  const dir = mkdtempSync(join(tmpdir(), 'code-'));
  writeFileSync(join(dir, 'genuine.txt'), genuine);
  writeFileSync(join(dir, 'edited.txt'), edit('E-1', 'function softmax(r) { return r.map(Math.exp); }'));
  writeFileSync(join(dir, 'table.txt'), edit('T-1', table));
  writeFileSync(join(dir, 'hostile.txt'), edit('H-1', 'try { parent.document.title = "owned"; } catch (e) {} try { alert(1); } catch (e) {} while (true) {}'));
  writeFileSync(join(dir, 'greedy.txt'), edit('M-1', 'const hoard = new Float64Array(1e8);'));
  let dialogs = 0;
  page.on('dialog', async (d) => { ++dialogs; await d.dismiss(); });
  await page.goto(lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', ['genuine.txt', 'edited.txt', 'table.txt', 'hostile.txt', 'greedy.txt'].map((f) => join(dir, f)));
  await page.waitForFunction(() => document.body.dataset.rows === '5' && document.body.dataset.regrading === 'false', null, { timeout: 60000 });
  const rows = await page.$$eval('#gradebook tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.cells[1].textContent, { code: tr.cells[7].textContent, doubts: tr.cells[9].textContent }])));
  assert.equal(rows[''].code, '11 of 11 tests pass (run again)');
  assert.doesNotMatch(rows[''].doubts, /code/);
  assert.match(rows['E-1'].code, /^\d of 11 tests pass \(run again\)$/);
  assert.match(rows['E-1'].doubts, /code: the file says 11 tests pass; run again on this name's tests, \d pass/);
  assert.equal(rows['T-1'].code, '0 of 11 tests pass (run again)');
  assert.match(rows['T-1'].doubts, /code: the file says 11 tests pass; run again on this name's tests, 0 pass/);
  assert.equal(rows['H-1'].code, '0 of 11 tests pass (run again, stopped at its step budget)');
  assert.equal(rows['M-1'].code, '0 of 11 tests pass (run again, stopped at the memory limit)');
  assert.doesNotMatch(await page.title(), /owned/);
  assert.equal(dialogs, 0);
  assert.deepEqual(problems.console, []);
  await close();
});

test('each test runs in a fresh context: a softmax that patches Math.exp and a global changes no other test', async () => {
  const { page, problems, close } = await open();
  await setCode(page, `${CORRECT}
// Each test's function checks nothing was changed before it, then changes Math.exp, the
// arrays' map and a global: every test after the first would fail, were the context shared.
const realSoftmax = softmax, realAttention = attention;
const pollute = () => { Math.exp = () => 0.5; Array.prototype.map = function () { return [NaN]; }; globalThis.polluted = true; };
const check = () => { if (globalThis.polluted) throw new Error('a test saw another test\\'s changes'); };
softmax = function (row) {
  if (globalThis.inAttention) return realSoftmax(row);
  check();
  const out = realSoftmax(row);
  pollute();
  return out;
};
attention = function (Q, K, V, mask) {
  check();
  globalThis.inAttention = true;
  const out = realAttention(Q, K, V, mask);
  globalThis.inAttention = false;
  pollute();
  return out;
};`);
  const r = await run(page);
  assert.equal(passes(r), 11);
  assert.equal(passes(r.hidden), 11);
  assert.deepEqual(problems.console, []);
  await close();
});

test('deep recursion and nested brackets are a stack overflow, the earlier tests kept; throw null and a throwing toString are what they are', async () => {
  const { page, problems, close } = await open();
  // softmax right, attention recursing without end: the softmax tests keep their results.
  await setCode(page, `${CORRECT.split('function attention')[0]}
function attention(Q) { function f(n) { return f(n + 1) + 1; } return f(0); }`);
  let r = await run(page);
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'ran');
  assert.equal(r['softmax: large logits'].pass, true);
  assert.equal(r.hidden['softmax: large logits'].pass, true);
  assert.match(r['attention: random shapes'].message, /^Stopped: stack overflow \(recursion or nesting too deep\) \(line \d+\)\.$/);
  assert.match(r.hidden['attention: a causal mask'].message, /^Stopped: stack overflow/);
  assert.equal(passes(r.hidden), 5);
  // The same at the top level of the code: every test says so.
  await setCode(page, 'function f(n){return f(n+1)+1} f(0)');
  r = await run(page);
  assert.match(r['softmax: a short row'].message, /stack overflow/);
  // Nested brackets: 9,000 in the code (as many as its length allows) are too deep to
  // read; 100,000 read by eval end the test that reads them.
  await setCode(page, `const x = ${'['.repeat(9000)}${']'.repeat(9000)};`);
  await run(page);
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'compile-error');
  assert.match(await page.textContent('#code-status'), /The code does not compile: stack overflow: brackets nested too deep to read/);
  await setCode(page, `${CORRECT}\nconst realSoftmax = softmax;\nsoftmax = (row) => (row.length === 1 ? eval('['.repeat(100000) + ']'.repeat(100000)) : realSoftmax(row));`);
  r = await run(page);
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'ran');
  assert.equal(r['softmax: one score'].message, 'Stopped: stack overflow (recursion or nesting too deep).');
  assert.equal(r['softmax: a short row'].pass, true);
  assert.equal(r.hidden['attention: random shapes'].pass, true);
  // throw null: a runtime error, not "does not compile".
  await setCode(page, 'function softmax(row) { throw null; }');
  r = await run(page);
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'ran');
  assert.equal(r['softmax: a short row'].message, 'It threw an error: threw null (not an Error)');
  await setCode(page, 'throw null;');
  r = await run(page);
  assert.match(r['softmax: a short row'].message, /^It threw an error: threw null \(not an Error\) \(while the code was loaded, before softmax was called\)$/);
  // console.log of an object whose toString throws prints it and goes on.
  await setCode(page, `const odd = { toString() { throw new Error('no'); }, toJSON() { throw new Error('no'); } };
${CORRECT.replace('function softmax(row) {', 'function softmax(row) {\n  console.log("odd:", odd);')}`);
  r = await run(page);
  assert.equal(passes(r), 11);
  assert.match(await page.textContent('#code-printed'), /^odd: \[object Object\]/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('the step budget gives the same verdict and the same count on a CPU slowed 6×', async () => {
  const { page, problems, close } = await open();
  // softmax: a loop far past a test's budget; attention: a loop well within it.
  await setCode(page, `${CORRECT}
const realSoftmax = softmax, realAttention = attention;
softmax = function (row) { let x = 0; for (let i = 0; i < 1e8; ++i) x += i; return realSoftmax(row); };
attention = function (Q, K, V, mask) { let x = 0; for (let i = 0; i < 2e5; ++i) x += i; return realAttention(Q, K, V, mask); };`);
  const verdicts = async () => {
    const r = await run(page);
    return { r: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'hidden' ? Object.values(v).map((x) => x.message) : v.message])),
      status: await page.textContent('#code-status'), code: await page.evaluate(() => document.body.dataset.code), used: await page.evaluate(() => document.body.dataset.used) };
  };
  // The shown tests are drawn afresh per run: compare the hidden ones and the counts.
  const fast = await verdicts();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const slow = await verdicts();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  assert.deepEqual(slow.r.hidden, fast.r.hidden);
  assert.equal(slow.code, fast.code);
  assert.equal(slow.used, fast.used);
  assert.equal(fast.code, 'budget');  // 5 softmax tests at 3,000,000 steps each, and so on: the run's budget ends it
  assert.match(fast.r['softmax: a short row'], /^Stopped after its budget of 3,000,000 steps: an endless loop\?$/);
  assert.match(fast.status, /Stopped: the run used up its budget of 20,000,000 steps/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('an output of 1,200 × 1,000 numbers: its shape reported, no main-thread task over 50 ms, on the page or in the gradebook', async () => {
  const { page, problems, close } = await open();
  await setCode(page, `${CORRECT.split('function attention')[0]}
function attention() { return Array.from({ length: 1200 }, () => Array.from({ length: 1000 }, (_, j) => j / 7)); }`);
  // What reaches the page from the sandbox, counted: the shapes, never the numbers.
  await page.evaluate(() => {
    window.__received = 0;
    addEventListener('message', (e) => { try { window.__received += JSON.stringify(e.data).length; } catch { window.__received += 1e9; } }, true);
  });
  // A first run starts the sandbox (its worker's source handed over once); then measured.
  // A task of the output's making would come back in every run (it took 1.3–1.9 s); one
  // that a busy machine adds now and then does not: the best of three runs is taken.
  let r = await run(page);
  let longest = Infinity;
  for (let k = 0; k < 3 && longest > 50; ++k) {
    await page.waitForTimeout(500);
    await mainThreadWork(page);
    await page.evaluate(() => { window.__received = 0; });
    r = await run(page);
    await page.waitForTimeout(500);  // long tasks are reported a little late
    longest = Math.min(longest, (await mainThreadWork(page)).longest);
    assert.ok(await page.evaluate(() => window.__received) < 20000, 'the page received the numbers');
  }
  assert.ok(longest <= 50, `a main-thread task of ${longest} ms in every run`);
  assert.match(r['attention: random shapes'].message, /got 1200 × 1000\.$/);
  assert.equal(r['attention: random shapes'].blocks[2], '(a result of 1200 × 1000: not shown)');
  assert.match(r.hidden['attention: random shapes'].message, /got 1200 × 1000\.$/);
  // The hand-in, graded again.
  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const dir = mkdtempSync(join(tmpdir(), 'big-'));
  writeFileSync(join(dir, 'big.txt'), readFileSync(await download.path(), 'utf8'));
  await page.goto(lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  // A first hand-in starts the gradebook's sandbox; then the big one, measured.
  await page.setInputFiles('#files', writeCodeClass(dir, 1));
  await page.waitForFunction(() => document.body.dataset.rows === '1' && document.body.dataset.regrading === 'false', null, { timeout: 60000 });
  await page.waitForTimeout(500);
  await mainThreadWork(page);
  await page.evaluate(() => {
    window.__received = 0;
    addEventListener('message', (e) => { try { window.__received += JSON.stringify(e.data).length; } catch { window.__received += 1e9; } }, true);
  });
  await page.setInputFiles('#files', [join(dir, 'big.txt')]);
  await page.waitForFunction(() => document.body.dataset.rows === '2' && document.body.dataset.regrading === 'false', null, { timeout: 60000 });
  await page.waitForTimeout(500);
  const graded = await mainThreadWork(page);
  assert.ok(await page.evaluate(() => window.__received) < 20000, 'the gradebook received the numbers');
  assert.ok(graded.longest <= 50, `a main-thread task of ${graded.longest} ms in the gradebook`);
  const codes = await page.$$eval('#gradebook tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.cells[1].textContent, tr.cells[7].textContent])));
  assert.equal(codes[''], '5 of 11 tests pass (run again)');
  assert.deepEqual(problems.console, []);
  await close();
});

test('code over the length a run takes is refused at the editor, never cut; the draft is saved whole on every change', async () => {
  const { page, problems, close } = await open();
  const long = `${CORRECT}\n// ${'x'.repeat(25000)}`;
  await setCode(page, long);
  assert.match(await page.textContent('#code-size-error'), /^Your code is 25,\d{3} characters; a run takes at most 20,000\. Shorten it to run it: nothing has been cut, and all of it is saved\.$/);
  await page.evaluate(() => { delete document.body.dataset.code; });
  await page.click('#run');
  assert.match(await page.textContent('#code-status'), /^Not run: your code is over the length a run takes/);
  assert.equal(await page.evaluate(() => document.body.dataset.code), undefined);
  // Saved at once, whole: a reload straight away brings all of it back.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers['code-draft'].draft);
  assert.equal(kept, long);
  assert.match(await page.textContent('#code-size-error'), /^Your code is 25,/);
  await setCode(page, CORRECT);
  assert.equal(await page.textContent('#code-size-error'), '');
  assert.equal(passes((await run(page)).hidden), 11);
  assert.deepEqual(problems.console, []);
  await close();
});

test('a name changed while the code runs: the run is not saved for either name, and the page says so', async () => {
  const { page, problems, close } = await open();
  // Slow, within its budgets: every attention test loops 400,000 times first.
  await setCode(page, `${CORRECT}
const realAttention = attention;
const slow = () => { let x = 0; for (let i = 0; i < 4e5; ++i) x += i; return x; };
attention = (Q, K, V, mask) => (slow(), realAttention(Q, K, V, mask));`);
  await page.evaluate(() => { delete document.body.dataset.code; });
  await page.click('#run');
  await page.fill('#code-student', 'Grace Hopper');
  await page.waitForFunction(() => document.body.dataset.code && document.body.dataset.code !== 'running', null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'discarded');
  assert.equal(await page.textContent('#code-status'), 'The name or the variant changed while the code ran: that run was for the tests of "Ada Lovelace", variant 1, and is not saved. Run again.');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers.code), undefined);
  // Run again: saved for the name now typed.
  const r = await run(page);
  assert.equal(passes(r.hidden), 11);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers.code.student), 'Grace Hopper');
  assert.deepEqual(problems.console, []);
  await close();
});

test('the exercises page says what counts in one line (by default: a part once right stays right)', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('exercises.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.fill('#ex-student', 'Ada Lovelace');
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  assert.match(await page.textContent('#ex-summary'), /Your assignment counts a part right if any answer you checked for your numbers was right: trying something after a right answer never lowers your grade\.$/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('the code cannot reach localStorage, the network, more threads or the page', async () => {
  // A server of another origin that records every request: the code tries to reach it
  // by every way a worker has; the test then waits so that a request would go out.
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
  return row.map(() => reached.length);
}`);
  const r = await run(page);
  assert.match(r['softmax: a short row'].blocks[2], /^\[0(, 0)*\]$/);
  await page.waitForTimeout(800);  // so that a request, had one been made, would have gone out
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
