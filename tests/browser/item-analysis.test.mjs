// The gradebook's item analysis in headless Chromium, on a fabricated class of 50
// hand-ins (fabricated-class.mjs): the shares right at the first and last attempt and the
// wrong options chosen match the figures worked out by hand, the exercise mistakes come
// from the engine grading each part again, the chart has a bar per check and its text
// alternative, and the CSV holds the same figures.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage } from './support.mjs';
import { C, D, writeClass } from './fabricated-class.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const pct = (x) => `${(100 * x).toFixed(1)}\u00a0%`;

test('a class of 50: item analysis matches the hand-worked shares, with a chart and a CSV', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'class-'));
  const expected = writeClass(dir, 50);
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', expected.paths);
  await page.waitForFunction(() => document.body.dataset.rows === '50' && document.body.dataset.regrading === 'false', null, { timeout: 60000 });
  assert.equal(await page.isVisible('#item-analysis'), true);
  const cells = (sel) => page.$eval(sel, (tr) => Array.from(tr.children, (c) => c.textContent));
  const c = await cells(`#items-checks tr[data-check="${C.id}"]`);
  // 50 students, 45 answered C: 30 right at once, 40 at the last attempt; W1 by 10, W2 by 5.
  assert.equal(c[1], `${expected.C.answered} of 50`);
  assert.equal(c[2], pct(expected.C.firstRight));
  assert.equal(c[3], pct(expected.C.lastRight));
  // Wrong options by their ids (each student saw them in an order of their own).
  const [w1, w2] = C.choices.filter((x) => !x.correct).map((x) => `option ${x.id}`);
  assert.match(c[4], new RegExp(`${w1}: ${expected.C.w1}, ${w2}: ${expected.C.w2}, `));
  assert.match(c[5], /^-?\d\.\d\d$/);
  const d = await cells(`#items-checks tr[data-check="${D.id}"]`);
  assert.equal(d[1], '50 of 50');
  assert.equal(d[3], pct(expected.D.lastRight));
  // The exercise parts, graded again by the engine: "0 0" is wrong and no named mistake.
  assert.deepEqual(await cells('#items-exercises tr[data-kind="shapes"]'), ['4. Shapes and costs', '5', pct(0), 'wrong, no mistake named (5)']);
  // The chart: two bars per answered check, its label naming the hardest one.
  // By the check's number, as on every page.
  assert.equal(c[0], `Q${C.number} (${C.topic})`);
  assert.ok(await page.$$eval(`#items-chart g[data-item="Q${C.number}"] .bar`, (b) => b.length) === 2);
  assert.match(await page.getAttribute('#items-chart', 'aria-label'), /^share of the students who answered, right, \d+ items\. Fewest right: /);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#download-items')]);
  const lines = readFileSync(await csv.path(), 'utf8').trim().split('\r\n');
  const line = lines.find((l) => l.startsWith(`"Q${C.number}",`));
  assert.ok(line.startsWith(`"Q${C.number}","check","45","0.667","0.889",`), line);
  assert.ok(line.includes(`"${w1}: 10; ${w2}: 5`), line);
  assert.ok(lines.includes('"shapes","exercise","5","","0","","wrong, no mistake named: 5"'), lines.join('\n'));
  assert.deepEqual(problems.console, []);
  await close();
});
