// Exercises of each student's own in headless Chromium: numbers drawn from the name
// (two students, two sets), right answers graded right, named mistakes diagnosed (Ada
// Lovelace's unscaled weights too), bad input refused beside its field with the typed
// text kept (an answer too long, decimal commas, a right-to-left override kept inside
// its quote), answers saved across a reload and never cut, unchecked answers kept across
// a name edit and another exercise, names with nothing visible refused, a link's kind
// and variant, and the gradebook grading a hand-in's exercises again. The expected
// numbers are worked out here from the givens the page shows, by the lesson's formulas.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage } from './support.mjs';
import { startServer } from '../../tools/static-server.mjs';
import { buildSite } from '../../tools/site/build.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

async function open(path = 'exercises.html', name = 'Ada Lovelace') {
  const opened = await openPage(lab.browser, lab.isolatedUrl(path));
  const { page } = opened;
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  if (name !== null) await page.fill('#ex-student', name);
  return opened;
}

// The exercise as shown: its givens (each name -> rows of numbers) and its parts.
async function shown(page) {
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  return page.evaluate(() => {
    const givens = {};
    for (const el of document.querySelectorAll('#ex-givens > *')) {
      const read = (t) => Number(t.replace('\u2212', '-'));
      if (el.tagName === 'TABLE') {
        givens[el.dataset.name] = Array.from(el.tBodies[0].rows, (tr) => Array.from(tr.cells).slice(1).map((c) => read(c.textContent)));
      } else {
        const value = el.textContent.split(' = ').pop();
        givens[el.dataset.name] = value.startsWith('[') ? [value.slice(1, -1).split(', ').map(read)] : read(value);
      }
    }
    return { givens, parts: Array.from(document.querySelectorAll('.exercise-part'), (p) => p.dataset.part), seed: document.body.dataset.seed };
  });
}

// Clears a part's marks (so a wait sees the next verdict, not one shown before).
const clearMarks = (page, part) => page.evaluate((p) => {
  const el = document.querySelector(`[data-part="${p}"]`);
  delete el.dataset.verdict;
  el.querySelector('.feedback').textContent = '';
}, part);

async function answer(page, part, text) {
  await page.fill(`#ex-part-${part}`, text);
  await clearMarks(page, part);
  await page.press(`#ex-part-${part}`, 'Enter');
  await page.waitForFunction((p) => {
    const el = document.querySelector(`[data-part="${p}"]`);
    return el.dataset.verdict && el.querySelector('.feedback').textContent;
  }, part);
  const out = await page.evaluate((p) => {
    const el = document.querySelector(`[data-part="${p}"]`);
    // Its words with each typeset formula as its TeX, $…$ (ui/maths.js typesets the engine's).
    const words = el.querySelector('.feedback').cloneNode(true);
    for (const k of words.querySelectorAll('.katex')) k.replaceWith(`$${k.querySelector('annotation').textContent}$`);
    return { verdict: el.dataset.verdict, mistake: el.dataset.mistake || '', text: words.textContent };
  }, part);
  await clearMarks(page, part);
  return out;
}

const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
const softmax = (s) => { const m = Math.max(...s), e = s.map((x) => Math.exp(x - m)), z = e.reduce((a, b) => a + b); return e.map((x) => x / z); };
const blend = (w, rows) => rows[0].map((_, j) => rows.reduce((acc, r, i) => acc + w[i] * r[j], 0));
const fmt = (v) => v.map((x) => x.toFixed(4)).join(', ');

test('in French: answers with decimal commas graded as in English, the diagnosis in French, read the same on the English page', async () => {
  const { page, problems, close } = await open('fr/exercises.html?kind=context');
  const { givens } = await shown(page);
  const q = givens.q[0], K = givens.K, V = givens.V;
  const s = K.map((k) => dot(q, k)), w = softmax(s);
  const comma = (v) => v.map((x) => x.toFixed(4).replace('.', ',')).join(' ; ');
  const exps = await answer(page, 'weights', comma(s.map(Math.exp)));
  assert.equal(exps.mistake, 'unnormalised_exps');
  assert.doesNotMatch(exps.text, /exponentials|before dividing/);  // the engine's diagnosis, in the catalog's French
  assert.equal(await page.getAttribute('[data-part="weights"] .feedback', 'lang'), null);
  assert.match(await page.textContent('#ex-prompt'), /requête/);
  assert.equal((await answer(page, 'weights', comma(w))).verdict, 'right');
  assert.equal((await answer(page, 'context', `${blend(w, V).map((x) => x.toFixed(3).replace('.', ',')).join(' ')}`)).verdict, 'right');
  // The English page reads the saved answers as they were typed ("0,5" is one number there too).
  await page.goto(lab.isolatedUrl('exercises.html?kind=context'));
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown'
    && document.querySelectorAll('.exercise-part[data-verdict=right]').length === 2);
  assert.match(await page.inputValue('#ex-part-weights'), /^\d,\d{4} ; /);
  assert.deepEqual(problems.console, []);
  await close();
});

test('two students get different numbers; the same student the same ones, whatever the spacing and case', async () => {
  const { page, problems, close } = await open();
  const ada = await shown(page);
  await page.fill('#ex-student', 'Grace Hopper');
  await page.waitForFunction((seed) => document.body.dataset.exercise === 'shown' && document.body.dataset.seed !== seed, ada.seed);
  const grace = await shown(page);
  assert.notDeepEqual(grace.givens, ada.givens);
  await page.fill('#ex-student', '  ada   LOVELACE ');
  await page.waitForFunction((seed) => document.body.dataset.seed === seed, ada.seed);
  assert.deepEqual((await shown(page)).givens, ada.givens);
  // No name: the message beside the field, no exercise asked for.
  await page.fill('#ex-student', '   ');
  await page.waitForFunction(() => document.body.dataset.exercise === 'waiting');
  assert.match(await page.textContent('#ex-student-error'), /Type your name/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('worked example 1: right answers graded right, unnormalised weights, keys as values and a wrong sum named', async () => {
  const { page, problems, close } = await open('exercises.html?kind=context');
  const { givens, parts } = await shown(page);
  assert.deepEqual(parts, ['scores', 'weights', 'context']);
  const q = givens.q[0], K = givens.K, V = givens.V;
  const s = K.map((k) => dot(q, k)), w = softmax(s);
  assert.equal((await answer(page, 'scores', s.join(' '))).verdict, 'right');
  const exps = await answer(page, 'weights', fmt(s.map(Math.exp)));
  assert.equal(exps.mistake, 'unnormalised_exps');
  assert.match(exps.text, /^✗ These are the exponentials before dividing by their sum/);
  const off = w.slice();
  off[0] += 0.3;
  assert.equal((await answer(page, 'weights', fmt(off))).mistake, 'weights_sum');
  const right = await answer(page, 'weights', `[${w.map((x) => x.toFixed(2)).join('; ')}]`);  // two places, brackets, semicolons
  assert.equal(right.verdict, 'right');
  assert.match(right.text, /^✓ Right\. \(3 attempts\)$/);
  assert.equal((await answer(page, 'context', fmt(blend(w, K)))).mistake, 'keys_as_values');
  assert.equal((await answer(page, 'context', fmt(blend(w, V)))).verdict, 'right');
  assert.match(await page.textContent('#ex-progress'), /Scores, weights and the context vector: 3 of 3 parts right/);

  // Saved: a reload shows the typed answers and their verdicts again.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown'
    && document.querySelectorAll('.exercise-part[data-verdict=right]').length === 3);
  assert.equal(await page.inputValue('#ex-part-weights'), `[${w.map((x) => x.toFixed(2)).join('; ')}]`);
  assert.deepEqual(problems.console, []);
  await close();
});

test('scaled, self-row and shapes: forgot √d_k, forgot τ, softmax down the columns, a transposed product, d_model for d_k', async () => {
  const { page, problems, close } = await open('exercises.html?kind=scaled');
  let { givens } = await shown(page);
  const q = givens.q[0], K = givens.K, tau = givens['τ'];
  const raw = K.map((k) => dot(q, k)), s = raw.map((x) => x / 2);
  assert.equal((await answer(page, 'scores', fmt(raw))).mistake, 'forgot_sqrt_dk');
  assert.equal((await answer(page, 'weights', fmt(softmax(s)))).mistake, 'forgot_temperature');
  assert.equal((await answer(page, 'weights', fmt(softmax(s.map((x) => x / tau))))).verdict, 'right');

  await page.selectOption('#set-kind', 'self-row');
  ({ givens } = await shown(page));
  const X = givens.X, i = givens.i - 1;
  const times = (rows, W) => rows.map((r) => W[0].map((_, c) => r.reduce((acc, x, k) => acc + x * W[k][c], 0)));
  const Q = times(X, givens.W_Q), Kx = times(X, givens.W_K);
  const S = Q.map((qq) => Kx.map((kk) => dot(qq, kk) / Math.SQRT2));
  assert.equal((await answer(page, 'q', Q[i].join(', '))).verdict, 'right');
  const column = S.map((row) => row[i]);
  if (fmt(column) !== fmt(S[i])) assert.equal((await answer(page, 'scores', fmt(column))).mistake, 'transposed');
  assert.equal((await answer(page, 'scores', fmt(S[i]))).verdict, 'right');
  const E = S.map((row) => row.map(Math.exp));
  const byColumn = E[i].map((x, j) => x / E.reduce((acc, row) => acc + row[j], 0));
  const rowSoftmax = softmax(S[i]);
  if (fmt(byColumn) !== fmt(rowSoftmax)) assert.equal((await answer(page, 'weights', fmt(byColumn))).mistake, 'wrong_axis');
  assert.equal((await answer(page, 'weights', fmt(rowSoftmax))).verdict, 'right');

  await page.selectOption('#set-kind', 'shapes');
  ({ givens } = await shown(page));
  const T = givens.T, dk = givens.d_k, dm = givens.d_model, dv = givens.d_v;
  assert.equal((await answer(page, 'qk_madds', String(T * T * dm))).mistake, 'wrong_width');
  assert.equal((await answer(page, 'qk_madds', String(T * T * dk))).verdict, 'right');
  assert.equal((await answer(page, 'Z_shape', `${dv} ${T}`)).mistake, 'transposed');
  assert.equal((await answer(page, 'Z_shape', `${T}, ${dv}`)).verdict, 'right');
  assert.match(await page.locator('#share-link').textContent(), /^exercises\.html\?kind=shapes$/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('bad input is named beside its part, the typed text kept; fractions and a Unicode minus are read', async () => {
  const { page, problems, close } = await open('exercises.html?kind=cross-step');
  const { givens } = await shown(page);
  for (const [typed, message] of [
    ['0,5', /^This part takes 3 numbers; you typed 2\.$/],
    ['1 2 banana', /"banana" is not a number/],
    ['1/0 1 1', /divides by zero/],
    ['', /^Type 3 numbers/],
    ['0,2; 0,3; 0,5', /^Use a point for decimals \(0\.2, not 0,2\): the comma separates numbers\.$/],
  ]) {
    await page.fill('#ex-part-weights', typed);
    await page.press('#ex-part-weights', 'Enter');
    await page.waitForFunction(() => document.querySelector('[data-part=weights]').dataset.verdict === 'unreadable');
    assert.match(await page.textContent('#ex-part-weights-feedback'), message);
    assert.equal(await page.inputValue('#ex-part-weights'), typed);
    assert.equal(await page.getAttribute('#ex-part-weights', 'aria-invalid'), 'true');
    await page.evaluate(() => { delete document.querySelector('[data-part=weights]').dataset.verdict; });
  }
  // Two decimal commas in a part of two numbers: the hint too, not "you typed 4".
  await page.fill('#ex-part-context', '0,5 0,25');
  await page.press('#ex-part-context', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-part=context]').dataset.verdict === 'unreadable');
  assert.equal(await page.textContent('#ex-part-context-feedback'), 'Use a point for decimals (0.5, not 0,5): the comma separates numbers.');
  assert.equal(await page.inputValue('#ex-part-context'), '0,5 0,25');
  const fractions = await answer(page, 'weights', '1/2 1/4 1/4');
  assert.notEqual(fractions.verdict, 'unreadable');
  const s = givens.s[0], H = givens.H_enc;
  const e = H.map((h) => dot(s, h) / Math.SQRT2);
  const typed = e.map((x) => (x < 0 ? `\u2212${(-x).toFixed(3)}` : x.toFixed(3))).join(' ');
  assert.equal((await answer(page, 'scores', typed)).verdict, 'right');
  // A link's bad variant is named, and the default used.
  const other = await openPage(lab.browser, lab.isolatedUrl('exercises.html?variant=500&kind=nope'));
  await other.page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.match(await other.page.textContent('#url-notice'), /Variant: 500 is out of range/);
  assert.match(await other.page.textContent('#url-notice'), /Exercise/);
  assert.deepEqual(other.problems.console, []);
  await other.close();
  assert.deepEqual(problems.console, []);
  await close();
});

test('the gradebook grades the exercises again from the hand-in\'s name: genuine work counts, an edited verdict is flagged', async () => {
  const { page, problems, close } = await open('exercises.html?kind=context', 'Ada Lovelace');
  const { givens } = await shown(page);
  const s = givens.K.map((k) => dot(givens.q[0], k));
  assert.equal((await answer(page, 'scores', s.join(' '))).verdict, 'right');
  assert.equal((await answer(page, 'weights', fmt(softmax(s)))).verdict, 'right');
  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await page.inputValue('#student-name'), 'Ada Lovelace');  // one name for the whole lab
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const genuine = readFileSync(await download.path(), 'utf8');
  assert.match(genuine, /Exercise parts: 2 of 2 right when checked/);
  // The same file with the weights' typed answer changed and its verdict left "right".
  const begin = genuine.indexOf('{', genuine.indexOf('-----BEGIN')), end = genuine.lastIndexOf('}') + 1;
  const record = JSON.parse(genuine.slice(begin, end));
  const weights = record.answers['ex-context--weights'];
  weights.text = '0.2 0.3 0.5';
  if (weights.best) weights.best.text = '0.2 0.3 0.5';  // the answer graded when the best one counts
  const edited = genuine.slice(0, begin) + JSON.stringify(record) + genuine.slice(end);
  const dir = mkdtempSync(join(tmpdir(), 'exercises-'));
  const gradebookRow = async (name, text) => {
    writeFileSync(join(dir, name), text);
    await page.goto(lab.isolatedUrl('instructor.html'));
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
    await page.setInputFiles('#files', [join(dir, name)]);
    await page.waitForFunction(() => document.body.dataset.regrading === 'false' && document.querySelectorAll('#gradebook tbody tr').length === 1);
    return page.$eval('#gradebook tbody tr', (tr) => ({ exercises: tr.cells[6].textContent, doubts: tr.cells[9].textContent }));
  };
  // The assignment weighs context 1, shared over its 3 parts: 2 right earn 0.67.
  const genuineRow = await gradebookRow('genuine.txt', genuine);
  assert.match(genuineRow.exercises, /^2 of 2 parts right; points: exercise 1: 0\.67 of 1, exercise 2: 0 of 1, /);
  assert.equal(genuineRow.doubts, 'none');
  const row = await gradebookRow('edited.txt', edited);
  assert.match(row.exercises, /^1 of 2 parts right; points: exercise 1: 0\.33 of 1, /);
  assert.match(row.doubts, /1\. Scores, weights and the context vector — the weights: the file says right; graded again for this name, not right/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('an assignment that grades each part\'s first answer says so, and counts a part right only at once', async () => {
  const w = mkdtempSync(join(tmpdir(), 'first-'));
  cpSync('content', join(w, 'content'), { recursive: true });
  const file = join(w, 'content/assignment.json');
  const first = readFileSync(file, 'utf8').replace(/"exerciseAnswer": "\w+"/, '"exerciseAnswer": "first"');
  assert.match(first, /"exerciseAnswer": "first"/);
  writeFileSync(file, first);
  await buildSite({ out: join(w, 'dist'), wasmDir: process.env.LAB_WASM || 'build/wasm/wasm', contentDir: join(w, 'content') });
  const server = await startServer({ root: join(w, 'dist'), port: 0, isolation: false });
  const { page, problems, close } = await openPage(lab.browser, `http://127.0.0.1:${server.address().port}/exercises.html?kind=shapes`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.fill('#ex-student', 'Ada Lovelace');
  const { givens } = await shown(page);
  const T = givens.T, dk = givens.d_k, dv = givens.d_v;
  assert.equal((await answer(page, 'Z_shape', `${dv} ${T}`)).mistake, 'transposed');
  assert.equal((await answer(page, 'Z_shape', `${T} ${dv}`)).verdict, 'right');
  assert.equal((await answer(page, 'qk_madds', String(T * T * dk))).verdict, 'right');
  assert.match(await page.textContent('#ex-summary'), /Your assignment grades the first answer you check in each part: check when you are sure\./);
  const shapes = await page.$eval('#ex-progress li[aria-current="true"]', (li) => li.textContent);
  assert.match(shapes, /: 1 of \d+ parts right at the first answer \(counts 1 point\)$/);
  assert.deepEqual(problems.console, []);
  await close();
  server.close();
});

test('Ada Lovelace\'s scaled exercise: scores, weights and context worked without √d_k are named, never right', async () => {
  const { page, problems, close } = await open('exercises.html?kind=scaled');
  const { givens } = await shown(page);
  const q = givens.q[0], K = givens.K, V = givens.V, tau = givens['τ'];
  assert.ok(tau === 0.25 || tau === 4, `τ = ${tau}`);
  const raw = K.map((k) => dot(q, k));
  const unscaled = softmax(raw.map((x) => x / tau));
  for (const [part, typed] of [['scores', raw], ['weights', unscaled], ['context', blend(unscaled, V)]]) {
    for (const text of [fmt(typed), typed.map((x) => x.toFixed(2)).join(' ')]) {  // exact, and as a student rounds
      const g = await answer(page, part, text);
      assert.equal(g.verdict, 'wrong', `${part}: ${text}`);
      assert.equal(g.mistake, 'forgot_sqrt_dk', `${part}: ${text}`);
      assert.match(g.text, /^✗ This is what you get without dividing the dot products by \$\\sqrt\{d_\{k\}\}\$ = 2\./);
    }
  }
  const w = softmax(raw.map((x) => x / 2 / tau));
  assert.equal((await answer(page, 'weights', w.map((x) => x.toFixed(2)).join(' '))).verdict, 'right');
  assert.equal((await answer(page, 'context', blend(w, V).map((x) => x.toFixed(2)).join(' '))).verdict, 'right');
  assert.deepEqual(problems.console, []);
  await close();
});

// The saved work as the page stored it.
const savedAnswer = (page, id) => page.evaluate((i) => (JSON.parse(localStorage.getItem('attention-lab:v1') || '{}').answers || {})[i] || null, id);

test('an answer over 500 characters is refused at its field, nothing graded or cut; a reload shows exactly what was typed', async () => {
  const { page, problems, close } = await open('exercises.html?kind=context');
  const { givens } = await shown(page);
  const s = givens.K.map((k) => dot(givens.q[0], k)), w = softmax(s);
  assert.equal((await answer(page, 'weights', fmt(w))).verdict, 'right');
  const before = await savedAnswer(page, 'ex-context--weights');
  // 600 characters that read as the right weights (each padded with zeros): refused, not graded.
  const padded = w.map((x) => x.toFixed(12).padEnd(199, '0')).join(' ');
  assert.equal(padded.length, 599);
  const long600 = `${padded} `;
  const g = await answer(page, 'weights', long600);
  assert.equal(g.verdict, 'unreadable');
  assert.equal(g.text, 'This answer is 600 characters; an answer is at most 500. Shorten it to check it.');
  assert.equal(await page.getAttribute('#ex-part-weights', 'aria-invalid'), 'true');
  assert.equal(await page.inputValue('#ex-part-weights'), long600);
  assert.deepEqual(await savedAnswer(page, 'ex-context--weights'), before, 'nothing graded, nothing saved over the checked answer');
  // 10,000 characters in another part: refused as it is typed, and on Check.
  const long10k = '1 '.repeat(5000);
  await page.fill('#ex-part-scores', long10k);
  assert.match(await page.textContent('#ex-part-scores-feedback'), /^This answer is 10000 characters; an answer is at most 500\./);
  const g10k = await answer(page, 'scores', long10k);
  assert.equal(g10k.verdict, 'unreadable');
  assert.equal(await savedAnswer(page, 'ex-context--scores'), null);

  await page.reload();
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  assert.equal(await page.inputValue('#ex-part-weights'), long600, 'the field holds exactly what was typed');
  assert.equal(await page.inputValue('#ex-part-scores'), long10k);
  assert.match(await page.textContent('#ex-part-weights-feedback'), /^This answer is 600 characters/);
  assert.deepEqual(await savedAnswer(page, 'ex-context--weights'), before);
  // Shortened, it is checked and saved whole.
  const right = w.map((x) => x.toFixed(12)).join(' ');
  assert.equal((await answer(page, 'weights', right)).verdict, 'right');
  assert.equal((await savedAnswer(page, 'ex-context--weights')).text, right);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-part=weights]')?.dataset.verdict === 'right');
  assert.equal(await page.inputValue('#ex-part-weights'), right);
  assert.deepEqual(problems.console, []);
  await close();
});

test('an answer typed but not checked survives a name edit (same numbers or other ones), another exercise and back, and a reload', async () => {
  const { page, problems, close } = await open('exercises.html?kind=context');
  const { seed } = await shown(page);
  const typed = '0.1 0.2 0.7';
  await page.fill('#ex-part-weights', typed);
  // A trailing space: the same student, the exercise drawn again.
  await page.fill('#ex-student', 'Ada Lovelace ');
  await page.waitForFunction((s) => document.body.dataset.exercise === 'shown' && document.body.dataset.seed === s, seed);
  assert.equal(await page.inputValue('#ex-part-weights'), typed);
  // Another name: other numbers, the typed text still in its field, marked as not checked.
  await page.fill('#ex-student', 'Ada King');
  await page.waitForFunction((s) => document.body.dataset.exercise === 'shown' && document.body.dataset.seed !== s, seed);
  assert.equal(await page.inputValue('#ex-part-weights'), typed);
  assert.equal(await page.textContent('#ex-part-weights-feedback'), 'Not checked yet: press Check to grade this answer.');
  await page.fill('#ex-student', 'Ada Lovelace');
  await page.waitForFunction((s) => document.body.dataset.exercise === 'shown' && document.body.dataset.seed === s, seed);
  assert.equal(await page.inputValue('#ex-part-weights'), typed);
  // Another exercise and back.
  await page.fill('#ex-part-scores', '1 2');
  await page.selectOption('#set-kind', 'scaled');
  await page.waitForFunction((s) => document.body.dataset.exercise === 'shown' && document.body.dataset.seed !== s, seed);
  assert.equal(await page.inputValue('#ex-part-weights'), '', 'another exercise\'s part is its own');
  await page.selectOption('#set-kind', 'context');
  await page.waitForFunction((s) => document.body.dataset.exercise === 'shown' && document.body.dataset.seed === s, seed);
  assert.equal(await page.inputValue('#ex-part-weights'), typed);
  assert.equal(await page.inputValue('#ex-part-scores'), '1 2');
  // The last keystrokes before a reload.
  await page.focus('#ex-part-scores');
  await page.keyboard.press('End');
  await page.keyboard.type(' 3');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  assert.equal(await page.inputValue('#ex-part-scores'), '1 2 3');
  assert.equal(await page.inputValue('#ex-part-weights'), typed);
  // Checked, it is the saved answer (and no longer a draft).
  assert.equal((await answer(page, 'weights', typed)).verdict, 'wrong');
  assert.equal((await savedAnswer(page, 'ex-context--weights')).text, typed);
  assert.equal(await page.evaluate(() => (JSON.parse(localStorage.getItem('attention-lab:exercise-drafts:v1')) || {})['ex-context--weights']), undefined);
  assert.deepEqual(problems.console, []);
  await close();
});

test('typed text echoed in a message is isolated: a right-to-left override turns only its own quote around', async () => {
  const { page, problems, close } = await open('exercises.html?kind=context');
  await shown(page);
  const g = await answer(page, 'weights', '0.2 0.3 \u202Eabc');
  assert.equal(g.verdict, 'unreadable');
  assert.equal(g.text, '\u2068"\u202Eabc"\u2069 is not a number.');
  // As drawn: the words after the quote still read left to right ("is" left of "number").
  await page.fill('#ex-part-weights', '0.2 0.3 \u202Eabc');
  await page.press('#ex-part-weights', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-part=weights]').dataset.verdict === 'unreadable');
  const order = await page.evaluate(() => {
    const node = document.getElementById('ex-part-weights-feedback').firstChild;
    const text = node.textContent, at = text.indexOf(' is not a number');
    const x = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().left; };
    return { is: x(at + 1), number: x(text.lastIndexOf('r')) };
  });
  assert.ok(order.is < order.number, JSON.stringify(order));
  assert.deepEqual(problems.console, []);
  await close();
});

test('a name of zero-width characters is refused, at the field and by the engine', async () => {
  const { page, problems, close } = await open('exercises.html?kind=context');
  const { seed } = await shown(page);
  await page.fill('#ex-student', '\u200B\u200C\u200D\u2060\uFEFF');
  assert.match(await page.textContent('#ex-student-error'), /no visible character/);
  assert.equal(await page.getAttribute('#ex-student', 'aria-invalid'), 'true');
  assert.equal(await page.evaluate(() => document.body.dataset.seed), seed, 'no exercise drawn for it');
  // Asked directly (as the gradebook asks for a hand-in's name), the engine refuses it too.
  const refusals = await page.evaluate(async () => {
    const worker = new Worker('js/lab-worker.js');  // the lab's worker, spoken to as lab-client.js does
    let next = 1;
    const ask = (type, payload) => new Promise((resolve) => {
      const id = next++;
      worker.addEventListener('message', function on(e) {
        if (e.data.id !== id || e.data.type === 'progress') return;
        worker.removeEventListener('message', on);
        resolve(e.data);
      });
      worker.postMessage({ type, id, payload });
    });
    await ask('init', {});
    const out = [];
    for (const fn of ['exercise', 'grade_exercise']) {
      const r = await ask('call', { fn, input: { student: '\u200B \u200B', kind: 'context', variant: 1, part: 'scores', typed: [1, 2, 3] } });
      out.push(r.type === 'error' ? r.payload.message : 'accepted');
    }
    worker.terminate();
    return out;
  });
  for (const m of refusals) assert.match(m, /the name holds no visible character/);
  assert.deepEqual(problems.console, []);
  await close();
});
