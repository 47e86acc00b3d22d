// A student's first visit over a slow mobile network: each widget page and the lesson, in a fresh browser.
// Each page is opened in a browser of its own (a fresh profile: nothing cached, no service
// worker yet) in headless Chromium, with the network of "slow 4G" emulated over CDP
// (1.6 Mb/s down, 750 kb/s up, 150 ms latency), the site served compressed (the .br and .gz
// twins, as nginx's brotli_static serves them) with COOP/COEP, so the threaded build runs.
// Measured: the seconds from navigation until the page is interactive (a widget page: its
// engine ready, body[data-ready] and body[data-build], as the tests wait for it; the lesson:
// its script wired up, body[data-ready]), the bytes the host sent for the requests made
// until then (as they travel, headers and compressed bodies), and the longest main-thread
// task (long-task timing) from the navigation until SETTLE_MS after it is interactive (what
// the page does once ready: its first answer drawn, its idle work). The code page is also
// timed from its first Run (a name typed, Run pressed) to its verdicts, its runner fetched
// then; its long tasks are counted until those verdicts too.
// Goals: every widget page interactive within 4 s, the code page within 4 s before its
// first run, no main-thread task over 50 ms.
//
//   node tests/bench/first-visit.bench.mjs     (tools/lab bench runs it)
import { readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../../tools/static-server.mjs';
import { CHROMIUM, FLAGS, DIST } from '../browser/support.mjs';
import { printGoals, printTable } from './page-harness.mjs';

// "Slow 4G" (Lighthouse's mobile figures: 1.6 Mb/s down, 750 kb/s up, 150 ms); CDP takes bytes per second.
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const GOAL_S = 4, LONG_TASK_MS = 50, SETTLE_MS = 3000;

const WIDGETS = readdirSync('web/pages').filter((f) => f.endsWith('.html')).map((f) => f.replace(/\.html$/, '')).sort();
const PAGES = ['lesson', ...WIDGETS];

// In the page, before its scripts: its long tasks, and the moment it is interactive
// (performance.now() from the navigation's start, and Date.now() to compare with the host's log).
const WATCH = `(() => {
  const watch = { longTasks: [], interactiveMs: null, interactiveAt: null };
  Object.defineProperty(window, '__firstVisit', { value: watch });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) watch.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });
  } catch { /* no long-task timing */ }
  const widget = ${JSON.stringify(WIDGETS)}.some((name) => location.pathname.endsWith('/' + name + '.html'));
  const check = () => {
    const b = document.body;
    if (watch.interactiveMs !== null || !b || b.dataset.ready !== 'true' || (widget && !b.dataset.build)) return;
    watch.interactiveMs = performance.now();
    watch.interactiveAt = Date.now();
  };
  new MutationObserver(check).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready', 'data-build'] });
})();`;

// The site served compressed and isolated, each response's bytes on the wire logged with
// the time its request arrived.
async function serve() {
  const server = await startServer({ root: DIST, port: 0, isolation: true, compressed: true, cacheControl: 'max-age=600' });
  const log = [];
  server.prependListener('request', (req, res) => {
    const entry = { path: new URL(req.url, 'http://host').pathname, at: Date.now(), bytes: 0 };
    const before = req.socket.bytesWritten;
    res.on('finish', () => { entry.bytes = req.socket.bytesWritten - before; });
    log.push(entry);
  });
  return { server, log, url: (path) => `http://127.0.0.1:${server.address().port}/${path}` };
}

async function firstVisit(site, name) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    site.log.length = 0;
    await page.goto(site.url(`${name}.html`), { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstVisit.interactiveMs !== null, null, { timeout: 180000, polling: 100 });
    const { interactiveMs, interactiveAt } = await page.evaluate(() => window.__firstVisit);
    let until = interactiveMs + SETTLE_MS;
    const build = await page.evaluate(() => document.body.dataset.build || '');
    let firstRun = null;
    if (name === 'code') {
      await page.fill('#code-student', 'Ada Lovelace');
      await page.waitForFunction(() => !document.getElementById('run').disabled, null, { timeout: 120000 });
      await page.evaluate(() => { delete document.body.dataset.code; });
      const t0 = Date.now();
      await page.click('#run');
      await page.waitForFunction(() => document.body.dataset.code && document.body.dataset.code !== 'running', null, { timeout: 180000 });
      firstRun = { seconds: (Date.now() - t0) / 1000, state: await page.evaluate(() => document.body.dataset.code) };
      until = Math.max(until, await page.evaluate(() => performance.now()));
    }
    // (a long task is reported a little after it ends)
    await page.waitForFunction((t) => performance.now() > t + 500, until, { timeout: SETTLE_MS + 5000 });
    const longTasks = await page.evaluate(() => window.__firstVisit.longTasks);
    const longest = Math.max(0, ...longTasks.filter(([start]) => start <= until).map(([, d]) => d));
    const early = site.log.filter((r) => r.at <= interactiveAt);
    if (errors.length) throw new Error(`${name}: ${errors.join('; ')}`);
    return {
      name, build, firstRun, longest,
      interactive: interactiveMs / 1000,
      kb: early.reduce((n, r) => n + r.bytes, 0) / 1024,
      requests: early.length,
    };
  } finally {
    await browser.close();
  }
}

const site = await serve();
const rows = [];
try {
  for (const name of PAGES) {
    const r = await firstVisit(site, name);
    process.stderr.write(`  ${name}: ${r.interactive.toFixed(2)} s, ${r.kb.toFixed(0)} KB\n`);
    rows.push(r);
  }
} finally {
  site.server.close();
}

const widgetRows = rows.filter((r) => WIDGETS.includes(r.name));
const code = rows.find((r) => r.name === 'code');
console.log(`\nFirst visit over slow 4G (1.6 Mb/s down, 750 kb/s up, 150 ms), compressed, isolated; a fresh browser per page\n`);
printTable(['page', 'build', 'interactive s', 'KB transferred until then', 'requests', `longest main-thread task ms (to ${SETTLE_MS / 1000} s after)`, `goal <= ${GOAL_S} s`],
  rows.map((r) => [r.name, r.build || '(no engine)', r.interactive.toFixed(2), r.kb.toFixed(0), String(r.requests), r.longest.toFixed(0),
    r.interactive <= GOAL_S ? 'met' : 'NOT met']), { leftColumns: 2 });
if (code && code.firstRun) console.log(`\nThe code page's first Run (the runner fetched then): ${code.firstRun.seconds.toFixed(2)} s to its verdicts (${code.firstRun.state}); its longest task above counts until they were shown.`);
printGoals([
  [`every widget page interactive within ${GOAL_S} s (slowest: ${Math.max(...widgetRows.map((r) => r.interactive)).toFixed(2)} s)`, widgetRows.every((r) => r.interactive <= GOAL_S)],
  [`the code page interactive within ${GOAL_S} s before its first run (${code ? code.interactive.toFixed(2) : '?'} s)`, Boolean(code) && code.interactive <= GOAL_S],
  [`no main-thread task over ${LONG_TASK_MS} ms (longest: ${Math.max(...rows.map((r) => r.longest)).toFixed(0)} ms)`, rows.every((r) => r.longest <= LONG_TASK_MS)],
]);
