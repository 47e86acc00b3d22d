// The translation page at its default settings, timed in headless Chromium (threaded
// and single-thread builds): the time to story (when the page told it, from the run's
// start: the first epoch where the attention model gets >= 95 % of the validation
// sentences exactly right with the fixed summary at least 50 points behind, web/js/ui/
// story.js), how long the whole run takes, the longest
// main-thread task while training, the time the page announced before it started, and the bottleneck (the longest length bucket) at
// the end. The ratio to PyTorch is tests/bench/translate_bench.py's, which reads this
// table's rows (keep its columns).
//
//   node tests/bench/translate-page.bench.mjs        (tools/lab bench runs it)
import { eachBuild, printGoals, printTable, startRun, storyText, withLab } from './page-harness.mjs';

const { runs, chromium } = await withLab(async (lab) => ({
  chromium: lab.browser.version(),
  runs: await eachBuild(async (build) => {
    const r = await startRun(lab, build, 'translate.html', {
      done: () => document.body.dataset.translate === 'finished', timeout: 900000,
      read: () => {
        const cells = Array.from(document.querySelectorAll('#tr-curve-table td[data-kind="additive"]'),
          (td) => ({ exact: Number(td.dataset.exact), wall: Number(td.dataset.wall) }));
        const reached = cells.findIndex((c) => c.exact >= 0.95);
        const bucket = (kind) => Array.from(document.querySelectorAll(`#tr-buckets td[data-kind="${kind}"]:not([data-all])`), (td) => Number(td.dataset.exact));
        const all = (kind) => Number(document.querySelector(`#tr-buckets td[data-kind="${kind}"][data-all]`).dataset.exact);
        return {
          build: document.body.dataset.build, epochs: cells.length, estimate: Number(document.body.dataset.estimateSeconds),
          storyMs: Number(document.body.dataset.storyMs), storyEpoch: Number(document.body.dataset.storyEpoch),
          reachedEpoch: reached + 1, reachedWall: reached >= 0 ? cells[reached].wall : NaN,
          attention: all('additive'), fixed: all('none'),
          attentionLongest: bucket('additive').pop(), fixedLongest: bucket('none').pop(),
        };
      },
    });
    process.stderr.write(`  page (${r.build}): ${r.seconds.toFixed(1)} s, 95 % at epoch ${r.reachedEpoch} (${r.reachedWall.toFixed(1)} s on the engine's clock), story: ${storyText(r)}\n`);
    return r;
  }),
}));
const pct = (x) => `${(100 * x).toFixed(1)} %`;
console.log(`\nThe translation page at its defaults, Chromium ${chromium}\n`);
printTable(['build', 'time to story (attention >= 95 % on validation, the fixed summary 50 points behind)', 'whole run', 'announced', 'longest main-thread task',
  'test exact: attention / fixed', 'longest bucket: attention / fixed'], runs.map((r) => [r.build,
  storyText(r), `${r.seconds.toFixed(1)} s`, `${r.estimate.toFixed(1)} s`,
  `${r.longest.toFixed(0)} ms`, `${pct(r.attention)} / ${pct(r.fixed)}`, `${pct(r.attentionLongest)} / ${pct(r.fixedLongest)}`]));
const best = runs[0];
const story = (build) => { const r = runs.find((x) => x.build === build); return r ? r.storyMs / 1000 : NaN; };
printGoals([
  ['threaded page: attention >= 95 % of held-out sentences exactly right within 20 s of training', best.reachedWall <= 20],
  [`time to story within 5 s, threaded build (${story('attention_lab_mt').toFixed(2)} s)`, story('attention_lab_mt') <= 5],
  [`time to story within 8 s, single-thread build (${story('attention_lab_st').toFixed(2)} s)`, story('attention_lab_st') <= 8],
  ['the page told the story while the run went on (both builds)', runs.every((r) => Number.isFinite(r.storyMs))],
  ['the fixed summary clearly worse on the longest bucket (>= 50 points below attention)', runs.every((r) => r.attentionLongest - r.fixedLongest >= 0.5)],
  ['no main-thread task over 50 ms while training', runs.every((r) => r.longest <= 50)],
]);
