// What a screen-reader user hears (a virtual screen reader in the page, screen-reader.mjs)
// on the pages where results arrive while they wait: the race, the translation, the
// exercises and the code page. Progress is spoken at most every few seconds (asserted:
// never twice within a second), the run's result once as a sentence, and an attention
// map's cell, reached with the arrow keys, with both its tokens and its weight.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';
import { startScreenReader } from './screen-reader.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// The virtual reader is added as an inline script: the pages' policy would refuse it.
const open = (path) => openPage(lab.browser, lab.isolatedUrl(path), { contextOptions: { bypassCSP: true } });
const ready = (page) => page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
const live = (heard) => heard.filter((h) => /^(polite|assertive): \S/.test(h.words));
// Words compared as heard: runs of spaces (no-break ones too) as one space.
const words = (text) => text.replace(/\s+/g, ' ').trim();
const spokenTimes = (heard, text) => live(heard).filter((h) => words(h.words) === `polite: ${words(text)}`).length;

// Spoken progress: the phrases naming an epoch, never two within a second.
function assertProgressRate(heard, pattern) {
  const progress = live(heard).filter((h) => pattern.test(h.words));
  for (let k = 1; k < progress.length; ++k) {
    assert.ok(progress[k].at - progress[k - 1].at >= 1000,
      `progress spoken twice within a second: "${progress[k - 1].words}" then "${progress[k].words}"`);
  }
  return progress;
}

// How often a line's words changed while it ran (what a live region would have read).
const countChanges = (page, id) => page.evaluate((i) => {
  window.__changes = 0;
  new MutationObserver(() => { window.__changes += 1; }).observe(document.getElementById(i), { childList: true, subtree: true, characterData: true });
}, id);

test('the race: progress at a bearable rate, the result once, a map cell with both tokens and its weight', async () => {
  const { page, problems, close } = await open('race.html?T=20&epochs=150');
  await ready(page);
  const reader = await startScreenReader(page);
  await countChanges(page, 'progress');
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 120000 });
  await page.waitForTimeout(500);
  const heard = await reader.heard();
  const changes = await page.evaluate(() => window.__changes);
  const progress = assertProgressRate(heard, /epoch \d+ of 150/);
  assert.ok(changes >= 20, `the progress line changed ${changes} times: too few to test the rate`);
  assert.ok(progress.length >= 1 && progress.length < changes / 4, `${progress.length} of ${changes} progress changes spoken`);
  const summary = await page.textContent('#run-summary');
  assert.match(summary, /^Finished: self-attention got [\d.]+\s% of the test sequences right, the GRU [\d.]+\s%\./);
  assert.equal(spokenTimes(heard, summary), 1, 'the result, spoken once');

  await reader.clear();
  await page.focus('#heatmap-step');
  await reader.press('ArrowRight');
  await reader.press('ArrowRight');
  const cell = live(await reader.heard()).at(-1);
  assert.match(cell.words, /^polite: Row \d+ \(token \d+\) gives position 1 \(token \d+\) weight \d/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('the translation: the result once, and a map cell read with its English and French words and its weight', async () => {
  const { page, problems, close } = await open('translate.html?epochs=3&hidden=16');
  await ready(page);
  await page.waitForFunction(() => !document.getElementById('start').disabled);
  const reader = await startScreenReader(page);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 120000 });
  await page.waitForTimeout(500);
  const heard = await reader.heard();
  assertProgressRate(heard, /epoch \d+/i);
  const summary = await page.textContent('#run-summary');
  assert.ok(summary.length > 20, summary);
  assert.equal(spokenTimes(heard, summary), 1, `the result, spoken once: ${summary}\n${live(heard).map((h) => h.words).join('\n')}`);

  await reader.clear();
  await page.focus('#tr-map');
  await reader.press('ArrowRight');
  await reader.press('ArrowRight');
  const cell = live(await reader.heard()).at(-1);
  assert.match(cell.words, /^polite: English "[^"]+" \(row 1\) looks at French "[^"]+" \(column 2\) with weight \d/);
  // The French words are marked French (WCAG 3.1.2), so a reader says them in French: the
  // table's column heads and the field a sentence is typed in.
  await page.click('#tr-matrix-details summary');
  await page.waitForFunction(() => document.querySelectorAll('#tr-matrix thead th').length > 1);
  const heads = await page.$$eval('#tr-matrix thead th', (ths) => ths.slice(1).map((th) => th.lang));
  assert.deepEqual([...new Set(heads)], ['fr']);
  assert.equal(await page.getAttribute('#tr-sentence', 'lang'), 'fr');
  assert.deepEqual(problems.console, []);
  await close();
});

test('the exercises: matrices as captioned grids with row headers, each answer field named, the verdict spoken', async () => {
  const { page, problems, close } = await open('exercises.html');
  await ready(page);
  const reader = await startScreenReader(page);
  await page.fill('#ex-student', 'Ada Lovelace');
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  const grids = await page.$$eval('main table.matrix', (ts) => ts.map((t) => ({
    caption: t.caption ? t.caption.textContent.trim() : '', rowHeaders: t.querySelectorAll('th[scope=row]').length, rows: t.tBodies[0].rows.length,
  })));
  assert.ok(grids.length > 0, 'the exercise shows its matrices');
  for (const g of grids) {
    assert.ok(g.caption.length > 0, 'a matrix without a caption');
    assert.equal(g.rowHeaders, g.rows, `${g.caption}: every row named`);
  }
  await reader.clear();
  await page.focus('#ex-part-scores');
  const field = (await reader.heard()).at(-1);
  assert.match(field.words, /^textbox, \S.*scores/i, 'the answer field read with its label');
  await page.fill('#ex-part-scores', '1 2 3');
  await page.press('#ex-part-scores', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-part=scores]').dataset.verdict);
  await page.waitForTimeout(300);
  const feedback = await page.textContent('#ex-part-scores-feedback');
  assert.equal(spokenTimes(await reader.heard(), feedback), 1, `the verdict spoken: ${feedback}`);
  assert.deepEqual(problems.console, []);
  await close();
});

test('the code page: the editor named, the tests\' result spoken once', async () => {
  const { page, problems, close } = await open('code.html');
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const reader = await startScreenReader(page);
  await page.focus('.cm-content');
  assert.match((await reader.heard()).at(-1).words, /^textbox, Your code: softmax and attention in JavaScript/);
  await page.fill('#code-student', 'Ada Lovelace');
  await page.waitForFunction(() => !document.getElementById('run').disabled);
  await reader.clear();
  await page.click('#run');
  await page.waitForFunction(() => document.body.dataset.code === 'ran');
  const summary = await page.textContent('#code-summary');
  assert.match(summary, /^Shown tests \(run \d+\): \d+ of \d+ pass\. Hidden tests: \d+ of \d+ pass\./);
  // Spoken when the reader gets to it (a loaded machine is slower), then not again.
  for (let i = 0; i < 50 && spokenTimes(await reader.heard(), summary) === 0; ++i) await page.waitForTimeout(100);
  await page.waitForTimeout(300);
  assert.equal(spokenTimes(await reader.heard(), summary), 1, 'the result, spoken once');
  assert.deepEqual(problems.console, []);
  await close();
});
