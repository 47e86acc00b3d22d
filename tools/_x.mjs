import { startLab, openPage, mainThreadWork } from '../tests/browser/support.mjs';
const lab = await startLab();
const { page, close } = await openPage(lab.browser, lab.isolatedUrl(process.env.PAGE || 'translate.html'));
await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 60000 });
await page.waitForTimeout(1500);
await mainThreadWork(page);
const cdp = await page.context().newCDPSession(page);
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
await page.click('#start');
await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.translate || document.body.dataset.race), null, { timeout: 300000 });
await page.waitForTimeout(500);
await cdp.send('Tracing.end'); await done;
console.log('work', await mainThreadWork(page));
const main = events.find((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const tasks = events.filter((e) => e.name === 'RunTask' && e.dur > 30000 && (!main || (e.tid === main.tid && e.pid === main.pid)));
for (const t of tasks.slice(0, 12)) {
  const inside = events.filter((e) => e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur && e.name !== 'RunTask');
  const by = new Map();
  for (const e of inside) by.set(e.name, (by.get(e.name) || 0) + e.dur / 1000);
  console.log('task', (t.dur / 1000).toFixed(1), [...by].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | '));
}
await close(); await lab.close();
