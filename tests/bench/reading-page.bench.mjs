// The reading page at the module's race settings in headless Chromium (threaded build):
// a sweep of 10 seeds against the same 10 races run one by one on the race page (each
// on two threads) and against the same sweep in the single-thread build (one race at a
// time, on one thread), the
// adversarial search and the whole-set ablations timed as the page asks for them, and
// the longest main-thread task meanwhile.
//
//   node tests/bench/reading-page.bench.mjs        (tools/lab bench runs it)
import { mainThreadWork } from '../browser/support.mjs';
import { openBuild, printTable, startEnabled, timeStart, withLab } from './page-harness.mjs';

const SEEDS = 10;
const trained = () => document.body.dataset.reading === 'trained';
const sweepFinished = () => document.body.dataset.sweep === 'finished';
let sweepWall, oneAtATime, adversary, ablation, longest, chromium;
const races = [];
await withLab(async (lab) => {
  chromium = lab.browser.version();
  const { page, problems, close } = await openBuild(lab, 'isolated', `reading.html?sweep=${SEEDS}`);
  await startEnabled(page);
  await timeStart(page, trained, 300000);  // the page's main thread counted from here
  // The engine's answers, timed from the page: the adversarial row and the ablations.
  const t0 = Date.now();
  await page.click('#rd-adv-run');
  await page.waitForFunction(() => document.body.dataset.jsd !== undefined);
  adversary = (Date.now() - t0) / 1000;
  await page.fill('#rd-index', '2');  // a new example: one engine call
  await page.waitForFunction(() => document.getElementById('rd-answer').textContent.length > 0);
  await page.click('#start');  // retrain, and time the ablations that follow it
  await page.waitForFunction(() => document.body.dataset.reading === 'training');
  await page.waitForFunction(trained, null, { timeout: 300000 });
  ablation = Number(await page.evaluate(() => document.body.dataset.ablationSeconds));
  await page.click('#rd-sweep-start');
  await page.waitForFunction(sweepFinished, null, { timeout: 900000 });
  sweepWall = Number(await page.evaluate(() => document.body.dataset.sweepWall));
  longest = (await mainThreadWork(page)).longest;
  if (problems.console.length) throw new Error(`console errors: ${problems.console.join('; ')}`);
  await close();
  // The same sweep in the single-thread build: the same races, one at a time on one thread.
  {
    const p = await openBuild(lab, 'plain', `reading.html?sweep=${SEEDS}`);
    await startEnabled(p.page);
    await p.page.click('#start');
    await p.page.waitForFunction(trained, null, { timeout: 300000 });
    await p.page.click('#rd-sweep-start');
    await p.page.waitForFunction(sweepFinished, null, { timeout: 900000 });
    oneAtATime = Number(await p.page.evaluate(() => document.body.dataset.sweepWall));
    await p.close();
  }
  for (let k = 0; k < SEEDS; ++k) {
    const seed = 3151 + k;
    const r = await openBuild(lab, 'isolated', `race.html?seed=${seed}`);
    await r.page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build && document.body.dataset.warmUpSeconds, null, { timeout: 120000 });
    await r.page.click('#start');
    await r.page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 300000 });
    races.push(Number(await r.page.evaluate(() => document.body.dataset.wallSeconds)));
    await r.close();
    process.stderr.write(`  race seed ${seed}: ${races[k].toFixed(2)} s\n`);
  }
});
const sum = races.reduce((a, b) => a + b, 0);
console.log(`\nThe reading page at the module's race settings, Chromium ${chromium} (threaded build)\n`);
printTable(['measure', 'result', 'goal'], [
  [`sweep of ${SEEDS} seeds, wall`, `${sweepWall.toFixed(1)} s`, ''],
  [`the same ${SEEDS} races one by one on the race page, summed`, `${sum.toFixed(1)} s`, ''],
  ['sweep / sum of single races (each on two threads)', (sweepWall / sum).toFixed(2), '≤ 0.6'],
  ['the same sweep in the single-thread build (one race at a time, one thread)', `${oneAtATime.toFixed(1)} s`, ''],
  ['sweep / the same races one at a time on one thread', (sweepWall / oneAtATime).toFixed(2), '≤ 0.6'],
  ['adversarial search, click to answer', `${adversary.toFixed(2)} s`, '≤ 1 s'],
  ['whole-test-set ablation, in the engine', `${ablation.toFixed(2)} s`, '≤ 2 s'],
  ['longest main-thread task', `${longest.toFixed(0)} ms`, '≤ 50 ms'],
]);
