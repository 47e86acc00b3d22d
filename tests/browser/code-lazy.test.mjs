// The code page loads what it needs when it needs it: the sandbox's runner (QuickJS and its
// WebAssembly, js/code-runner-inline.js) on the first run only, the page saying it is
// loading and then showing the run's verdict, a failure to load said next to Run with the
// code kept and nothing recorded; the editor (CodeMirror, js/code-editor.js) after the
// page is ready, the starter code or the saved draft in a plain text area until then,
// labelled as the editor is, what was typed there carried into the editor with the caret
// and the focus (WCAG 2.2 AA in the meantime too), and the text area kept working should
// the editor's file never come.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, axe, startLab } from './support.mjs';

const RUNNER = /\/js\/code-runner-inline\.js$/;
const EDITOR = /\/js\/code-editor\.js$/;
const QUICKJS = /quickjs|code-runner/i;
const LABEL = 'Your code: softmax and attention in JavaScript';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// The page with every request it makes recorded from the first (service workers blocked,
// as openPage does: the site's precaching is not the page's loading). hold(route) may keep
// back or fail a file before the page asks for it.
async function open({ hold = null } = {}) {
  const context = await lab.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const requests = [], console = [];
  page.on('request', (r) => requests.push(r));
  page.on('console', (m) => { if (m.type() === 'error') console.push(m.text()); });
  page.on('pageerror', (e) => console.push(String(e)));
  if (hold) await hold(page);
  await page.goto(lab.isolatedUrl('code.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  return { page, requests, console, close: () => context.close() };
}

async function named(page) {
  await page.fill('#code-student', 'Ada Lovelace');
  await page.waitForFunction(() => !document.getElementById('run').disabled);
}

// Every text #code-status shows from now on, in order.
const watchStatus = (page) => page.evaluate(() => {
  window.__statuses = [];
  new MutationObserver(() => window.__statuses.push(document.getElementById('code-status').textContent))
    .observe(document.getElementById('code-status'), { childList: true, characterData: true, subtree: true });
});

// The bytes of the responses to these requests (as the page reads them: decoded).
async function bytesOf(requests) {
  let n = 0;
  for (const r of requests) {
    const res = await r.response();
    if (res) n += (await res.body().catch(() => Buffer.alloc(0))).length;
  }
  return n;
}

const ended = () => document.body.dataset.code && document.body.dataset.code !== 'running';

test('the runner is fetched on the first run, not before: the page says it is loading, then shows the verdict', async (t) => {
  const { page, requests, console, close } = await open();
  await named(page);
  // Ready, the editor in, and a moment more: still no runner and no QuickJS.
  await page.waitForFunction(() => document.body.dataset.editor === 'codemirror');
  await page.waitForTimeout(500);
  assert.deepEqual(requests.filter((r) => QUICKJS.test(r.url())).map((r) => r.url()), []);
  const before = requests.length;
  t.diagnostic(`before the first run: ${before} requests, ${await bytesOf(requests)} bytes (${await bytesOf(requests.filter((r) => /\.js$/.test(r.url())))} of scripts)`);

  await watchStatus(page);
  await page.click('#run');
  await page.waitForFunction(ended, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'ran');
  const fetched = requests.slice(before).filter((r) => RUNNER.test(r.url()));
  assert.equal(fetched.length, 1, 'the runner fetched on the first run');
  assert.equal((await fetched[0].response()).status(), 200);
  const statuses = await page.evaluate(() => window.__statuses);
  assert.equal(statuses[0], 'Loading the code sandbox (on the first run only)…');
  assert.ok(statuses.includes('Running your code on the tests…'), statuses.join(' | '));
  assert.match(await page.textContent('#code-status'), /^3 of 11 hidden tests pass; 3 of 11 shown tests pass\./);  // the starter code
  assert.match(await page.textContent('#code-summary'), /^Shown tests \(run \d+\): 3 of 11 pass\./);

  // The next run uses the runner already there.
  const second = requests.length;
  await watchStatus(page);
  await page.evaluate(() => { delete document.body.dataset.code; });
  await page.click('#run');
  await page.waitForFunction(ended, null, { timeout: 60000 });
  assert.equal(requests.slice(second).filter((r) => RUNNER.test(r.url())).length, 0);
  assert.ok(!(await page.evaluate(() => window.__statuses)).some((s) => /^Loading/.test(s)));
  assert.deepEqual(console, []);
  await close();
});

test('a runner that does not load: said next to Run, the code kept, nothing recorded; Run tries again', async () => {
  let fail = true;
  const { page, close } = await open({
    hold: (p) => p.route(RUNNER, (route) => (fail ? route.abort() : route.continue())),
  });
  await named(page);
  await page.waitForFunction(() => document.body.dataset.editor === 'codemirror');
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('\n// mine');
  await page.click('#run');
  await page.waitForFunction(ended, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'runner-not-loaded');
  assert.equal(await page.textContent('#code-status'), 'Not run: the file holding the code sandbox could not be loaded. Your code is kept as it is; press Run the tests to try again.');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers.code), undefined);
  assert.match(await page.textContent('.cm-content'), /\/\/ mine$/);
  assert.equal(await page.textContent('#code-shown-box ol'), '');
  // The file back: the next press runs.
  fail = false;
  await page.waitForFunction(() => !document.getElementById('run').disabled);
  await page.evaluate(() => { delete document.body.dataset.code; });
  await page.click('#run');
  await page.waitForFunction(ended, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'ran');
  assert.match(await page.textContent('#code-status'), /^3 of 11 hidden tests pass/);
  await close();
});

test('before the editor arrives: the code in a labelled text area to read and type in; what was typed, the caret and the focus carried over', async () => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const { page, console, close } = await open({ hold: (p) => p.route(EDITOR, async (route) => { await held; await route.continue(); }) });
  const area = page.locator('#code-editor textarea');
  assert.equal(await page.evaluate(() => document.body.dataset.editor), 'plain');
  assert.ok(await area.isVisible());
  assert.equal(await page.locator('.cm-content').count(), 0);
  assert.match(await area.inputValue(), /^\/\/ softmax\(row\): [^\n]+\nfunction softmax\(row\) \{/);  // the starter code
  assert.equal(await area.getAttribute('aria-label'), LABEL);
  assert.equal(await area.getAttribute('aria-describedby'), 'code-editor-help code-size-error');
  assert.deepEqual(await axe(page), []);
  // Typed at the end, then the caret put back before the last line's text.
  await area.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('\n// typed early');
  await area.evaluate((a) => a.setSelectionRange(a.value.length - 'early'.length, a.value.length - 'early'.length));
  // Saved as it is typed, as in the editor.
  assert.match(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers['code-draft'].draft), /\/\/ typed early$/);
  release();
  await page.waitForFunction(() => document.body.dataset.editor === 'codemirror');
  assert.equal(await page.locator('#code-editor textarea').count(), 0);
  assert.match(await page.textContent('.cm-content'), /\/\/ typed early$/);
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('cm-content')), true);
  assert.equal(await page.getAttribute('.cm-content', 'aria-label'), LABEL);
  // The caret where it was: the next key goes there.
  await page.keyboard.insertText('X');
  assert.match(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers['code-draft'].draft), /\n\/\/ typed Xearly$/);
  assert.deepEqual(console, []);
  await close();
});

test('the saved draft shows before the editor; without the editor\'s file the text area stays, and a run takes its code', async () => {
  const { page, close } = await open({ hold: (p) => p.route(EDITOR, (route) => route.abort()) });
  const area = page.locator('#code-editor textarea');
  await named(page);
  await area.fill('function softmax(row) { return row.map(() => 1 / row.length); }\n// plain');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('run').disabled);
  assert.match(await area.inputValue(), /\/\/ plain$/);
  await area.focus();  // asks for the editor again: still not there
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.body.dataset.editor), 'plain');
  await page.click('#run');
  await page.waitForFunction(ended, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.body.dataset.code), 'ran');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers.code.text), await area.inputValue());
  await close();
});
