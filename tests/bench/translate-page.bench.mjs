// The translation page at its default settings, timed in headless Chromium (threaded
// and single-thread builds): when the attention model first gets >= 95 % of the
// validation sentences exactly right, how long the whole run takes, the longest
// main-thread task while training, the time the page announced before it started, and the bottleneck (the longest length bucket) at
// the end. The ratio to PyTorch is tests/bench/translate_bench.py's.
//
//   node tests/bench/translate-page.bench.mjs        (tools/lab bench runs it)
import { startLab, openPage, mainThreadWork } from '../browser/support.mjs';

async function pageRun(lab, mode) {
  const url = (mode === 'isolated' ? lab.isolatedUrl : lab.plainUrl)('translate.html');
  const { page, problems, close } = await openPage(lab.browser, url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 120000 });
  await page.hover('#start');  // Playwright's own injected script runs before the timing starts
  await mainThreadWork(page);  // the page's own thread, counted from here (tests/browser/support.mjs)
  const t0 = Date.now();
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 900000 });
  const seconds = (Date.now() - t0) / 1000;
  const r = await page.evaluate(() => {
    const cells = Array.from(document.querySelectorAll('#tr-curve-table td[data-kind="additive"]'),
      (td) => ({ exact: Number(td.dataset.exact), wall: Number(td.dataset.wall) }));
    const reached = cells.findIndex((c) => c.exact >= 0.95);
    const bucket = (kind) => Array.from(document.querySelectorAll(`#tr-buckets td[data-kind="${kind}"]:not([data-all])`), (td) => Number(td.dataset.exact));
    const all = (kind) => Number(document.querySelector(`#tr-buckets td[data-kind="${kind}"][data-all]`).dataset.exact);
    return {
      build: document.body.dataset.build, epochs: cells.length, estimate: Number(document.body.dataset.estimateSeconds),
      reachedEpoch: reached + 1, reachedWall: reached >= 0 ? cells[reached].wall : NaN,
      attention: all('additive'), fixed: all('none'),
      attentionLongest: bucket('additive').pop(), fixedLongest: bucket('none').pop(),
    };
  });
  const { longest } = await mainThreadWork(page);
  await close();
  if (problems.console.length) throw new Error(`console errors: ${problems.console.join('; ')}`);
  return { mode, seconds, longest, ...r };
}

const lab = await startLab();
const runs = [];
try {
  for (const mode of ['isolated', 'plain']) {
    const r = await pageRun(lab, mode);
    process.stderr.write(`  page (${r.build}): ${r.seconds.toFixed(1)} s, 95 % at epoch ${r.reachedEpoch} (${r.reachedWall.toFixed(1)} s)\n`);
    runs.push(r);
  }
} finally {
  await lab.close();
}
const pct = (x) => `${(100 * x).toFixed(1)} %`;
console.log(`\nThe translation page at its defaults, Chromium ${lab.browser.version()}\n`);
console.log('| build | attention >= 95 % (validation) | whole run | announced | longest main-thread task | test exact: attention / fixed | longest bucket: attention / fixed |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of runs) {
  console.log(`| ${r.build} | epoch ${r.reachedEpoch}, ${r.reachedWall.toFixed(1)} s | ${r.seconds.toFixed(1)} s | ${r.estimate.toFixed(1)} s | ${r.longest.toFixed(0)} ms | ${pct(r.attention)} / ${pct(r.fixed)} | ${pct(r.attentionLongest)} / ${pct(r.fixedLongest)} |`);
}
const best = runs[0];
const goals = [
  ['threaded page: attention >= 95 % of held-out sentences exactly right within 20 s of training', best.reachedWall <= 20],
  ['the fixed summary clearly worse on the longest bucket (>= 50 points below attention)', runs.every((r) => r.attentionLongest - r.fixedLongest >= 0.5)],
  ['no main-thread task over 50 ms while training', runs.every((r) => r.longest <= 50)],
];
console.log('');
for (const [what, ok] of goals) console.log(`${ok ? 'met    ' : 'NOT met'}  ${what}`);
