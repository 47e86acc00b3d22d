// "Predict, then run" in headless Chromium: on the race a prediction is locked when the
// run starts (with its settings), compared with the result when it ends, and a sentence
// of reflection is asked for; on a live page (order) the student locks it and it is
// compared with what the page shows. Both go in the hand-in, and the gradebook's item
// analysis counts predictions against results.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

test('race and order: predicted, locked, compared, reflected on; in the hand-in and the item analysis', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?T=8&epochs=2'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  // Folded: one line above the playground, the Start button still where it was.
  assert.equal(await page.getAttribute('#predict', 'open'), null);
  await page.click('#predict summary');
  await page.check('#predict-gru');
  await page.fill('#predict-why', 'Eight steps is short for a GRU.');
  assert.match(await page.textContent('#predict-status'), /locked when you start the run/);
  await page.click('#start');
  await page.waitForFunction(() => document.getElementById('predict').dataset.state !== 'open');
  assert.equal(await page.isDisabled('#predict-attention'), true);  // locked while it runs
  assert.equal(await page.getAttribute('#predict-why', 'readonly'), '');
  assert.match(await page.textContent('#predict-status'), /^Locked when the run started \(T = 8, epochs = 2, .*seed = 3151/);
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.getElementById('predict').dataset.state), 'compared');
  const verdict = await page.textContent('#predict-verdict');
  const gave = /The run gave: (.*?) \(self-attention ([\d.]+)\s%, GRU ([\d.]+)\s%/.exec(verdict);
  assert.ok(gave, verdict);
  const diff = Number(gave[2]) - Number(gave[3]);
  const expected = diff > 5 ? 'Self-attention, by more than 5 points' : diff < -5 ? 'The GRU, by more than 5 points' : 'About the same (within 5 points)';
  assert.equal(gave[1], expected);
  assert.match(verdict, expected.startsWith('The GRU') ? /As you predicted\.$/ : /Not what you predicted: worth a sentence\.$/);
  await page.fill('#predict-reflection', 'The GRU did not carry the first token even eight steps.');

  // A live page: locked with a button, compared with what the page shows now.
  await page.goto(lab.isolatedUrl('order.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.same);
  await page.click('#predict summary');
  assert.equal(await page.isDisabled('#predict-lock'), true);  // nothing predicted yet
  await page.check('#predict-permuted');
  await page.click('#predict-lock');
  assert.match(await page.textContent('#predict-status'), /^Locked at positions none: your prediction is "Yes: the same vectors, only reordered"\.$/);
  assert.match(await page.textContent('#predict-verdict'), /^You predicted: Yes: the same vectors, only reordered\. The run gave: Yes: the same vectors, only reordered \(positions none: largest difference .* after reordering\)\. As you predicted\.$/);
  // A prediction is not the experiment: the page is not marked done by it.
  assert.equal(await page.evaluate(() => Boolean((JSON.parse(localStorage.getItem('attention-lab:v1')).done || {}).order)), false);
  await page.fill('#second', 'man dog bites');  // the experiment itself: now it is
  await page.waitForFunction(() => Boolean((JSON.parse(localStorage.getItem('attention-lab:v1')).done || {}).order));

  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.fill('#student-name', 'Ada Lovelace');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /Predictions made before a run, and what the run gave:\n {2}order: predicted "permuted", locked for the run positions none; the run gave "permuted" .*: as predicted\n {2}race: predicted "gru" \("Eight steps is short for a GRU\."\), locked for the run T = 8, epochs = 2, .*\n {4}reflection: "The GRU did not carry the first token even eight steps\."/);

  const dir = mkdtempSync(join(tmpdir(), 'predict-'));
  writeFileSync(join(dir, 'ada.txt'), text);
  await page.goto(lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', [join(dir, 'ada.txt')]);
  await page.waitForFunction(() => document.body.dataset.rows === '1' && document.body.dataset.regrading === 'false');
  const race = await page.$eval('#items-experiments tr[data-page="race"]', (tr) => Array.from(tr.children, (c) => c.textContent));
  assert.deepEqual(race.slice(0, 3), ['race', '1', '1']);
  assert.match(race[4], /^The GRU, by more than 5 points: predicted by 1, given by [01] runs?/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('a prediction is compared with the run it is pinned to: stopped at seed 1, rerun at seed 2', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?T=60&epochs=150&seed=1'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.click('#predict summary');
  await page.check('#predict-attention');
  // A reason too long to save is refused at the field, kept there whole, never cut.
  const long = 'because '.repeat(200);
  await page.fill('#predict-why', long);
  assert.match(await page.textContent('#predict-why-error'), /^This is 1,600 characters; at most 1,000 are saved\. Shorten it to keep it\.$/);
  assert.equal(await page.inputValue('#predict-why'), long);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers['predict-race'].text), undefined);
  await page.fill('#predict-why', 'Attention sees the first token directly.');
  assert.equal(await page.textContent('#predict-why-error'), '');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers['predict-race'].text), 'Attention sees the first token directly.');
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'running' || document.querySelector('.confirm-yes'), null, { timeout: 60000 });
  if (await page.$('.confirm-yes')) await page.click('.confirm-yes');
  await page.waitForFunction(() => document.body.dataset.race === 'running', null, { timeout: 60000 });
  assert.match(await page.textContent('#predict-status'), /, seed = 1,/);
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.race === 'stopped', null, { timeout: 60000 });
  // A stopped run gives no result: the prediction waits, still locked.
  assert.equal(await page.evaluate(() => document.getElementById('predict').dataset.state), 'locked');

  // Another run, seed 2, to the end: the prediction is now pinned to it, and compared with it.
  await page.goto(lab.isolatedUrl('race.html?T=8&epochs=2&seed=2'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:v1')).answers['predict-race']);
  assert.match(saved.run, /^T = 8, epochs = 2, .*seed = 2\b/);
  assert.ok(saved.outcome, 'compared with the run that finished');
  assert.match(await page.textContent('#predict-status'), /, seed = 2,/);

  assert.deepEqual(problems.console, []);
  await close();
});

test('"Predict first" sits just before the action it locks, on a laptop and on a phone', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    for (const file of ['race.html', 'translate.html', 'comments.html', 'vision.html']) {
      const { page, close } = await openPage(lab.browser, lab.isolatedUrl(file), { contextOptions: { viewport: { width, height } } });
      await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.getElementById('predict'));
      const [predict, start] = await page.evaluate(() => ['predict', 'start'].map((id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }));
      assert.ok(predict.bottom <= start.top && start.top - predict.bottom < 80,
        `${file} at ${width} px: "Predict first" ends at ${Math.round(predict.bottom)}, Start begins at ${Math.round(start.top)}`);
      await close();
    }
  }
});
