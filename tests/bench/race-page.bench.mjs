// The in-browser race at the module's settings, timed in headless Chromium, next
// to the module's PyTorch experiment (tests/bench/race_torch.py) run in the same
// go on the same machine. Also reports the longest main-thread task during the
// race (PerformanceObserver 'longtask'), checks the module's accuracy story, and when
// the page told it (the time to story: the sentence under the curves, from the race's
// start to the first epoch where attention is >= 98 % on validation and the GRU <= 65 %,
// web/js/ui/story.js) beside the whole run's wall time (from the click on Start).
//
//   node tests/bench/race-page.bench.mjs        (tools/lab bench runs it)
import { execFileSync } from 'node:child_process';
import { eachBuild, printGoals, printTable, startRun, storyText, withLab } from './page-harness.mjs';

const { runs, chromium } = await withLab(async (lab) => ({
  chromium: lab.browser.version(),
  runs: await eachBuild(async (build) => {
    const r = await startRun(lab, build, 'race.html', {
      // The page is ready once its module has loaded and warmed up (race.js: a little
      // training so the browser optimizes the hot code; its time is reported apart).
      ready: async (page) => {
        await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build
          && document.body.dataset.warmUpSeconds, null, { timeout: 120000 });
        return { warmUp: Number(await page.evaluate(() => document.body.dataset.warmUpSeconds)) };
      },
      done: () => ['finished', 'stopped', 'error'].includes(document.body.dataset.race), timeout: 600000,
      read: () => ({
        build: document.body.dataset.build,
        engineWall: Number(document.body.dataset.wallSeconds),
        storyMs: Number(document.body.dataset.storyMs), storyEpoch: Number(document.body.dataset.storyEpoch),
        acc: Object.fromEntries(Array.from(document.querySelectorAll('#results tbody tr'), (tr) => [tr.dataset.model, Number(tr.dataset.testAcc)])),
      }),
    });
    process.stderr.write(`  page (${r.build}): ${r.seconds.toFixed(2)} s (engine ${r.engineWall.toFixed(2)} s; warm-up at load ${r.warmUp.toFixed(2)} s); story: ${storyText(r)}\n`);
    return r;
  }),
}));
// SKIP_TORCH=1: the page's rows alone, where PyTorch is not installed.
let torch = null;
if (!process.env.SKIP_TORCH) {
  process.stderr.write('  PyTorch (tests/bench/race_torch.py)…\n');
  torch = JSON.parse(execFileSync('/usr/bin/python3', ['tests/bench/race_torch.py'], { encoding: 'utf8' }).trim().split('\n').pop());
}

console.log(`\nThe race at the module's settings (T 30, 35 epochs, seed 3151), Chromium ${chromium}${torch ? `, PyTorch ${torch.torch}` : ''}\n`);
printTable(['run', 'wall time', 'time to story', 'PyTorch / this', 'longest main-thread task', 'warm-up at page load', 'GRU test acc', 'attention test acc'], [
  ...(torch ? [[`PyTorch script (${torch.torch_threads} threads)`, `${torch.wall_seconds.toFixed(2)} s`, '–', '1.0×', '–', '–', torch.gru.test_acc.toFixed(3), torch.attn.test_acc.toFixed(3)]] : []),
  ...runs.map((r) => [`page, ${r.build}`, `${r.seconds.toFixed(2)} s`, storyText(r), torch ? `${(torch.wall_seconds / r.seconds).toFixed(1)}×` : '–',
    `${r.longest.toFixed(0)} ms`, `${r.warmUp.toFixed(2)} s`, r.acc.gru.toFixed(3), r.acc.attention.toFixed(3)]),
]);
// Goals: the threaded page (Chrome, Firefox, a plain host with the service worker) and the
// single-thread one (Safari, an LMS frame, a first visit), each against PyTorch in this run.
const ratio = (build) => { const r = runs.find((x) => x.build === build); return torch && r ? torch.wall_seconds / r.seconds : NaN; };
printGoals([
  ...(torch ? [[`in-browser race, threaded build, at least 25× faster than PyTorch (${ratio('attention_lab_mt').toFixed(1)}×)`, ratio('attention_lab_mt') >= 25],
    [`in-browser race, single-thread build, at least 15× faster than PyTorch (${ratio('attention_lab_st').toFixed(1)}×)`, ratio('attention_lab_st') >= 15]] : []),
  ['no main-thread task over 50 ms during the race', runs.every((r) => r.longest <= 50)],
  ['attention test accuracy >= 0.98 and GRU <= 0.65 (both builds)', runs.every((r) => r.acc.attention >= 0.98 && r.acc.gru <= 0.65)],
  ['the page told the story while the race ran (both builds)', runs.every((r) => Number.isFinite(r.storyMs))],
]);
