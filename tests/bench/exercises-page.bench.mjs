// The main-thread work of an exercise on exercises.html in headless Chromium: for 20
// students in turn (a name typed: the engine draws their numbers in the worker, the page
// shows the givens and the parts) and for every part of each one an answer checked (the
// engine grades it; the page shows the verdict, saves it and redraws the progress), the
// wall time from the action to what it shows, and the longest main-thread task meanwhile.
// Goal (issue: homework worth assigning): under 50 ms of main-thread work per exercise
// and per answer. The kind is self-row, the largest (Q, K, V from X and the W's).
//
//   node tests/bench/exercises-page.bench.mjs     (tools/lab bench runs it)
import { mainThreadWork } from '../browser/support.mjs';
import { median, openBuild, printTable, withLab } from './page-harness.mjs';

const STUDENTS = 20;
const shows = [], checks = [];
const longest = await withLab(async (lab) => {
  const { page, close } = await openBuild(lab, 'isolated', 'exercises.html?kind=self-row');
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.fill('#ex-student', 'Warm Up');
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  await mainThreadWork(page);
  for (let i = 0; i < STUDENTS; ++i) {
    const seed = await page.evaluate(() => document.body.dataset.seed);
    let t = Date.now();
    await page.fill('#ex-student', `Student ${i}`);
    await page.waitForFunction((s) => document.body.dataset.exercise === 'shown' && document.body.dataset.seed !== s, seed);
    shows.push(Date.now() - t);
    const parts = await page.$$eval('.exercise-part', (ps) => ps.map((p) => p.dataset.part));
    for (const part of parts) {
      t = Date.now();
      await page.fill(`#ex-part-${part}`, '0');
      await page.press(`#ex-part-${part}`, 'Enter');
      await page.waitForFunction((p) => document.querySelector(`[data-part="${p}"]`).dataset.verdict, part);
      checks.push(Date.now() - t);
      await page.evaluate((p) => { delete document.querySelector(`[data-part="${p}"]`).dataset.verdict; }, part);
    }
  }
  const work = await mainThreadWork(page);
  await close();
  return work.longest;
});
printTable(['students', 'exercises shown', 'answers checked', 'median to show an exercise', 'median to show a verdict', 'longest main-thread task'],
  [[STUDENTS, shows.length, checks.length, `${median(shows)} ms`, `${median(checks)} ms`, longest > 0 ? `${Math.round(longest)} ms` : 'none over 50 ms']],
  { leftColumns: 0 });
