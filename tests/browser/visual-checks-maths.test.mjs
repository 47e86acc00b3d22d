// The maths-as-text check (visual-checks-maths.mjs): it sees "d_k", "W_q", "α_ij" and
// "e^(x)" written as text, in HTML and in a chart's SVG, and leaves alone code, KaTeX,
// what the student typed, identifiers (the developer-text check's) and addresses; and
// every page of the registry passes it at a laptop's size, before and after its run.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage, frames } from './support.mjs';
import { PAGES, pageReady, runLink, pageComputed, shortRun } from './pages.mjs';
import { mathsAsText } from './visual-checks-maths.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const LAPTOP = { viewport: { width: 1280, height: 800 } };

test('maths written as text is seen; typeset maths, code, typed text, identifiers and addresses are not', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('scaling.html'), { contextOptions: LAPTOP });
  await pageReady(page, PAGES.find((p) => p.file === 'scaling.html'));
  assert.deepEqual(await page.evaluate(mathsAsText), []);
  await page.evaluate(() => document.querySelector('main').insertAdjacentHTML('afterbegin', `<div id="inj">
    <p id="p1">Why divide by √d_k?</p>
    <p id="p2">The untrained scorer has W_q = W_k = I.</p>
    <p>Row i is z<sub>i</sub> = Σ<sub>j</sub> <span id="s3">α_ij v_j</span>.</p>
    <svg width="200" height="40"><text id="t4" x="10" y="20">d_k (logarithmic)</text></svg>
    <p id="p5">each weight is e^(s − m) over the total</p>
    <select id="sel"><option>additive: w·tanh(W_q q + W_k k)</option></select>
  </div>`));
  assert.deepEqual(await page.evaluate(mathsAsText), [
    'p#p1: "Why divide by √d_k?" (d_k)',
    'p#p2: "The untrained scorer has W_q = W_k = I." (W_q, W_k)',
    'span#s3: "α_ij v_j" (α_ij, v_j)',
    'text#t4: "d_k (logarithmic)" (d_k)',
    'p#p5: "each weight is e^(s − m) over the total" (e^()',
    'select#sel: "additive: w·tanh(W_q q + W_k k)" (W_q, W_k)',
  ]);
  // The same symbols where they are not maths read as text: code, the field a student
  // types in, KaTeX's own markup, screen-reader text, an identifier, an address.
  await page.evaluate(() => {
    document.getElementById('inj').innerHTML = `
      <p>In code: <code>d_k = q.length</code></p><pre>W_q = eye(2)</pre>
      <textarea>my d_k guess</textarea><input value="W_q">
      <span class="katex"><span>d_k</span></span>
      <span class="sr-only">d_k</span>
      <p>The worker attention_lab_mt and the setting d_model (the developer-text check's).</p>
      <p>Link: checks.html?require=d_k:3</p>`;
  });
  assert.deepEqual(await page.evaluate(mathsAsText), []);
  // Hidden text is not read by a student.
  await page.evaluate(() => { document.getElementById('inj').innerHTML = '<p hidden>d_k</p><p style="visibility:hidden">W_q</p>'; });
  assert.deepEqual(await page.evaluate(mathsAsText), []);
  await close();
});

// The engine writes the exercises' prompts, givens, parts and feedback in plain text
// ("s_i = q · k_i / √d_k"); the page typesets them (ui/maths.js's engineMaths), each
// exercise in turn, and a named mistake's feedback ("without dividing … by √d_k = 2").
test('exercises.html: every exercise and a mistake\'s feedback typeset', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('exercises.html'), { contextOptions: LAPTOP });
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.fill('#ex-student', 'Ada Lovelace');
  for (const kind of ['context', 'scaled', 'self-row', 'shapes', 'cross-step']) {
    await page.evaluate(() => { delete document.body.dataset.exercise; });
    await page.selectOption('#set-kind', kind);
    await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
    await frames(page);
    assert.deepEqual(await page.evaluate(mathsAsText), [], `exercise ${kind}: maths written as text`);
    assert.ok(await page.evaluate(() => document.querySelectorAll('#ex-prompt .katex').length > 0), `exercise ${kind}: its prompt has no typeset maths`);
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('[data-maths-missing]')].map((e) => e.textContent)), [], `exercise ${kind}: a formula the build did not typeset`);
  }
  // A wrong answer whose feedback names √d_k: scores worked without dividing by it.
  await page.selectOption('#set-kind', 'scaled');
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  const raw = await page.evaluate(() => {
    const rows = (name) => Array.from(document.querySelector(`[data-name="${name}"]`).tBodies[0].rows, (tr) => Array.from(tr.cells).slice(1).map((c) => Number(c.textContent.replace('\u2212', '-'))));
    const q = document.querySelector('[data-name="q"]').textContent.split(' = ').pop().slice(1, -1).split(', ').map((t) => Number(t.replace('\u2212', '-')));
    return rows('K').map((k) => k.reduce((s, x, i) => s + x * q[i], 0));
  });
  await page.fill('#ex-part-scores', raw.map((x) => x.toFixed(4)).join(' '));
  await page.press('#ex-part-scores', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-part=scores]').dataset.verdict === 'wrong');
  assert.ok(await page.evaluate(() => document.querySelectorAll('#ex-part-scores-feedback .katex').length > 0), 'the feedback\'s √d_k is not typeset');
  assert.deepEqual(await page.evaluate(mathsAsText), []);
  assert.deepEqual(problems.console, []);
  await close();
});

for (const entry of PAGES) {
  test(`${entry.file}: no maths written as text${entry.run ? ', before and after its run' : ''}`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(runLink(entry)), { contextOptions: LAPTOP });
    await pageReady(page, entry);
    await pageComputed(page);
    await frames(page);
    assert.deepEqual(await page.evaluate(mathsAsText), [], `${entry.file}: maths written as text`);
    if (entry.run) {
      await shortRun(page, entry);
      await frames(page);
      assert.deepEqual(await page.evaluate(mathsAsText), [], `${entry.file}: maths written as text after its run`);
    }
    assert.deepEqual(problems.console, []);
    await close();
  });
}
