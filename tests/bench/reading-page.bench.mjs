// The reading page at the module's race settings in headless Chromium (threaded build):
// a sweep of 10 seeds against the same 10 races run one by one on the race page (each
// on two threads) and against the same sweep in the single-thread build (one race at a
// time, on one thread), the
// adversarial search and the whole-set ablations timed as the page asks for them, and
// the longest main-thread task meanwhile.
//
//   node tests/bench/reading-page.bench.mjs        (tools/lab bench runs it)
import { startLab, openPage, mainThreadWork } from '../browser/support.mjs';

const SEEDS = 10;
const lab = await startLab();
let sweepWall, oneAtATime, races = [], adversary, ablation, longest;
try {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(`reading.html?sweep=${SEEDS}`));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 120000 });
  await page.hover('#start');
  await mainThreadWork(page);  // the page's own thread, counted from here (tests/browser/support.mjs)
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.reading === 'trained', null, { timeout: 300000 });
  // The engine's answers, timed from the page: the adversarial row and the ablations.
  let t0 = Date.now();
  await page.click('#rd-adv-run');
  await page.waitForFunction(() => document.body.dataset.jsd !== undefined);
  adversary = (Date.now() - t0) / 1000;
  t0 = Date.now();
  await page.fill('#rd-index', '2');  // a new example: one engine call
  await page.waitForFunction(() => document.getElementById('rd-answer').textContent.length > 0);
  await page.click('#start');  // retrain, and time the ablations that follow it
  await page.waitForFunction(() => document.body.dataset.reading === 'training');
  await page.waitForFunction(() => document.body.dataset.reading === 'trained', null, { timeout: 300000 });
  ablation = Number(await page.evaluate(() => document.body.dataset.ablationSeconds));
  await page.click('#rd-sweep-start');
  await page.waitForFunction(() => document.body.dataset.sweep === 'finished', null, { timeout: 900000 });
  sweepWall = Number(await page.evaluate(() => document.body.dataset.sweepWall));
  longest = (await mainThreadWork(page)).longest;
  if (problems.console.length) throw new Error(`console errors: ${problems.console.join('; ')}`);
  await close();
  // The same sweep in the single-thread build: the same races, one at a time on one thread.
  {
    const p = await openPage(lab.browser, lab.plainUrl(`reading.html?sweep=${SEEDS}`));
    await p.page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 120000 });
    await p.page.click('#start');
    await p.page.waitForFunction(() => document.body.dataset.reading === 'trained', null, { timeout: 300000 });
    await p.page.click('#rd-sweep-start');
    await p.page.waitForFunction(() => document.body.dataset.sweep === 'finished', null, { timeout: 900000 });
    oneAtATime = Number(await p.page.evaluate(() => document.body.dataset.sweepWall));
    await p.close();
  }
  for (let k = 0; k < SEEDS; ++k) {
    const seed = 3151 + k;
    const r = await openPage(lab.browser, lab.isolatedUrl(`race.html?seed=${seed}`));
    await r.page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build && document.body.dataset.warmUpSeconds, null, { timeout: 120000 });
    await r.page.click('#start');
    await r.page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 300000 });
    races.push(Number(await r.page.evaluate(() => document.body.dataset.wallSeconds)));
    await r.close();
    process.stderr.write(`  race seed ${seed}: ${races[k].toFixed(2)} s\n`);
  }
} finally {
  await lab.close();
}
const sum = races.reduce((a, b) => a + b, 0);
console.log(`\nThe reading page at the module's race settings, Chromium ${lab.browser.version()} (threaded build)\n`);
console.log('| measure | result | goal |');
console.log('| --- | ---: | ---: |');
console.log(`| sweep of ${SEEDS} seeds, wall | ${sweepWall.toFixed(1)} s | |`);
console.log(`| the same ${SEEDS} races one by one on the race page, summed | ${sum.toFixed(1)} s | |`);
console.log(`| sweep / sum of single races (each on two threads) | ${(sweepWall / sum).toFixed(2)} | ≤ 0.6 |`);
console.log(`| the same sweep in the single-thread build (one race at a time, one thread) | ${oneAtATime.toFixed(1)} s | |`);
console.log(`| sweep / the same races one at a time on one thread | ${(sweepWall / oneAtATime).toFixed(2)} | ≤ 0.6 |`);
console.log(`| adversarial search, click to answer | ${adversary.toFixed(2)} s | ≤ 1 s |`);
console.log(`| whole-test-set ablation, in the engine | ${ablation.toFixed(2)} s | ≤ 2 s |`);
console.log(`| longest main-thread task | ${longest.toFixed(0)} ms | ≤ 50 ms |`);
