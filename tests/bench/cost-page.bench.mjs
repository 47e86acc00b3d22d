// The cost explorer's self-attention forward measured in the page (headless
// Chromium, both builds) next to the native -msse4.2 build of the same C++ measured
// in the same run (build/native/tests/bench_attention_sse42's explorer line): the
// goal is >= 0.6x at T = 1024, d = 64 on one thread. Also the two-thread speed-ups
// the page measures for attention and the GRU.
//
//   node tests/bench/cost-page.bench.mjs        (tools/lab bench runs it)
import { execFileSync } from 'node:child_process';
import { mainThreadWork } from '../browser/support.mjs';
import { eachBuild, openBuild, printTable, withLab } from './page-harness.mjs';

function nativeSse() {
  const out = execFileSync('build/native/tests/bench_attention_sse42', { encoding: 'utf8' });
  return out.trim().split('\n').map((l) => JSON.parse(l)).find((r) => r.explorer).gflops;
}

async function measure(lab, build) {
  const { page, close } = await openBuild(lab, build, 'cost.html?d=64&from=1024&to=1024&seconds=0.5');
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('measure').disabled, null, { timeout: 120000 });
  await mainThreadWork(page);
  // Twice: the first run lets the browser's compiler optimise the module's hot code.
  for (let i = 0; i < 2; ++i) {
    await page.click('#measure');
    await page.waitForFunction(() => document.body.dataset.cost === 'finished', null, { timeout: 120000 });
  }
  const r = await page.evaluate(() => {
    const cells = Array.from(document.querySelectorAll('#cost-table tbody tr:first-child td'));
    return { build: document.body.dataset.build, gflops: Number(cells[4].textContent),
      seconds: cells.slice(0, 4).map((td) => Number(td.dataset.seconds)) };
  });
  r.longest = (await mainThreadWork(page)).longest;
  await close();
  return r;
}

const sse = nativeSse();
const rows = await withLab((lab) => eachBuild((build) => measure(lab, build)));
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '—');
const times = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—');
console.log('\nCost explorer, self-attention forward at T = 1024, d = 64, one thread, in the page vs native -msse4.2 (same run)\n');
printTable(['build', 'GFLOP/s', '/ native -msse4.2', 'attention 2-thread speed-up', 'GRU 2-thread speed-up', 'longest main-thread task'], [
  ['native -msse4.2', f2(sse), '1.00×', '', '', ''],
  ...rows.map(({ build, gflops, seconds: [a1, a2, g1, g2], longest }) =>
    [`page, ${build}`, f2(gflops), times(gflops / sse), times(a1 / a2), times(g1 / g2), `${longest} ms`]),
]);
const best = Math.max(...rows.map((r) => r.gflops));
console.log(`\nGoal: the page's self-attention >= 0.6× native -msse4.2: ${best / sse >= 0.6 ? 'met' : 'NOT met'} (${f2(best / sse)}×).`);
const longest = Math.max(...rows.map((r) => r.longest));
console.log(`Goal: no main-thread task over 50 ms while measuring: ${longest <= 50 ? 'met' : 'NOT met'} (${longest} ms).`);
