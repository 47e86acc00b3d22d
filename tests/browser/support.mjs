// Shared fixtures for the browser tests: Debian's Chromium driven by
// playwright-core, and the built site served twice, with and without the
// COOP/COEP headers, on ports the OS picks.
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { startServer } from '../../tools/static-server.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// Flags that keep a root, offline, headless Chromium quiet and self-contained.
export const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// The built site under test (tools/lab builds it into dist/).
export const DIST = process.env.LAB_DIST || 'dist';

// root: another built site (the pseudo-locale's, languages-visual.test.mjs).
export async function startLab({ root = DIST } = {}) {
  const isolated = await startServer({ root, port: 0, isolation: true });
  const plain = await startServer({ root, port: 0, isolation: false });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const url = (server, path) => `http://127.0.0.1:${server.address().port}/${path}`;
  return {
    browser,
    isolatedUrl: (path) => url(isolated, path),
    plainUrl: (path) => url(plain, path),
    async close() {
      await browser.close();
      isolated.close();
      plain.close();
    },
  };
}

// A new page that records console errors, uncaught exceptions and any request
// that leaves the page's own origin. Service workers are blocked unless asked
// for, so "plain" really is a host without isolation (the site's service worker
// inactive, as in a private window); the hosting and offline tests allow them.
export async function openPage(browser, url, { serviceWorkers = 'block', contextOptions = {} } = {}) {
  const context = await within(browser.newContext({ serviceWorkers, ...contextOptions }), 60000, `a context for ${url}`);
  await context.addInitScript(WATCH_MAIN_THREAD);
  const page = await within(context.newPage(), 60000, `a page for ${url}`);
  const problems = { console: [], foreign: [] };
  const origin = url.startsWith('file:') ? 'file://' : new URL(url).origin;
  page.on('console', (msg) => { if (msg.type() === 'error') problems.console.push(msg.text()); });
  page.on('pageerror', (err) => problems.console.push(String(err)));
  // The lab asks its questions in the page (web/js/ui/confirm.js), never natively.
  page.on('dialog', (d) => { problems.console.push(`native dialog: ${d.message()}`); d.dismiss().catch(() => {}); });
  context.on('request', (req) => {
    const u = req.url();
    if (!u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:')) problems.foreign.push(u);
  });
  await page.goto(url);
  // Closing is the harness's tidying, not what is tested: a context that does not close
  // within a minute is named in the output and left to the browser's own close.
  const close = () => within(context.close(), 60000, `closing ${url}`)
    .catch((e) => { console.log(`# ${e.message}`); });
  return { page, problems, close };
}

// A promise that answers within ms or fails naming what did not answer. Playwright
// bounds its waits (30 s) but not an evaluate or a context's close: a page or browser
// that stops answering there would otherwise hold the test file until the runner's
// 15-minute limit, with no word of where.
export function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// What the page's own thread does, counted rather than timed: a test of "no answer
// blocks the page" that a slow machine cannot fail and a regression cannot pass.
// The main thread must never compile or run WebAssembly (the computing is the
// worker's), and what it draws per answer is bounded by the views' sizes: the DOM
// nodes it adds are counted. Long tasks are recorded too, but only reported (the
// 50 ms and one-frame goals are measured by tests/bench/, on a known machine).
// Runs in every page and frame before their scripts; workers are not touched.
const WATCH_MAIN_THREAD = `(() => {
  const watch = { wasm: [], added: 0, longTasks: [], since: 0 };
  Object.defineProperty(window, '__mainThread', { value: watch });
  for (const name of ['instantiate', 'instantiateStreaming', 'compile', 'compileStreaming']) {
    const real = WebAssembly[name];
    if (real) WebAssembly[name] = function (...args) { watch.wasm.push(name); return real.apply(this, args); };
  }
  for (const name of ['Module', 'Instance']) {
    const Real = WebAssembly[name];
    WebAssembly[name] = new Proxy(Real, { construct(target, args) { watch.wasm.push(name); return Reflect.construct(target, args); } });
  }
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) watch.added += 1 + (n.querySelectorAll ? n.querySelectorAll('*').length : 0);
  }).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) watch.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });
  } catch { /* engines without long-task timing */ }
})();`;

// The main thread's work since the last call (or since the page opened):
// { wasm: names of WebAssembly calls made on it, added: DOM nodes added,
//   longest: its longest task in ms, for the test's diagnostic only }.
export async function mainThreadWork(page) {
  return page.evaluate(() => {
    const w = window.__mainThread;
    // Long tasks are reported a while after they end: one of the page's start-up may
    // arrive after the last call, so only those that began since then count.
    const longest = Math.max(0, ...w.longTasks.filter(([start]) => start >= w.since).map(([, d]) => d));
    const work = { wasm: w.wasm.slice(), added: w.added, longest };
    w.wasm.length = 0; w.added = 0; w.longTasks.length = 0; w.since = performance.now();
    return work;
  });
}

// Every chart legend's label inside its chart (a label past the viewBox is cut off):
// the labels that stick out, with how far, for the assertion's message.
export async function legendsPastEdge(page) {
  return page.$$eval('svg .legend', (ts) => ts.map((t) => {
    const box = t.getBBox(), view = t.ownerSVGElement.viewBox.baseVal;
    return { chart: t.ownerSVGElement.id, label: t.textContent, past: box.x + box.width - view.width };
  }).filter((l) => l.past > 0));
}

// Opens a widget's "More settings" fold (its rarely changed settings), as a student
// would before changing one of them; stays open if it is already.
export async function openMoreSettings(page) {
  await page.evaluate(() => { document.querySelector('#settings .more-settings').open = true; });
}

// The question the page asks in place of a native dialog (web/js/ui/confirm.js):
// waits for it, checks that it holds the keyboard's focus, answers it (yes: its first
// button, no: its second) and returns its text.
export async function answerInPage(page, yes) {
  const box = page.locator('.confirm[role="alertdialog"]');
  await box.waitFor();
  const question = await box.locator('p').textContent();
  if (!(await box.locator('.confirm-yes').evaluate((b) => b === document.activeElement))) throw new Error(`the question does not hold the focus: ${question}`);
  await box.locator(yes ? '.confirm-yes' : '.confirm-no').click();
  await box.waitFor({ state: 'detached' });
  return question;
}

// The page as it is against WCAG 2.2 A and AA: axe-core's rules (tags wcag2a to
// wcag22aa) and the lab's own target-size scan (below), the problems in words.
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export async function axe(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  }));
  const found = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')})`);
  const small = await smallTargets(page);
  if (small.length) found.push(`target-size-24: targets under 24 x 24 CSS px without the spacing to count (${[...new Set(small)].slice(0, 6).join('; ')})`);
  return found;
}

// WCAG 2.2, 2.5.8 Target Size (Minimum), measured on every visible control of the page
// and of its same-origin frames: each at least 24 x 24 CSS px, or undersized but spaced
// (a 24 px circle on its centre meets no other target and no other undersized target's
// circle), or a link inside a sentence (the inline exception). axe's own rule looks only
// at what it can prove: this scan counts every control, the way a student's finger meets
// them. Returns "what WxH" for each failure.
export async function smallTargets(page) {
  const out = [];
  for (const frame of page.frames()) {
    let found = [];
    try { found = await frame.evaluate(scanTargets); } catch { /* a frame of another origin, or gone */ }
    out.push(...found);
  }
  return out;
}

function scanTargets() {
  const CONTROLS = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role=button], [role=slider], [role=checkbox], [role=radio], [role=tab], [role=link]';
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    const style = getComputedStyle(el);
    return style.visibility === 'hidden' || style.display === 'none' ? null : r;
  };
  // A link in running text: inline, in a block whose text is more than the link's.
  const inSentence = (el) => el.tagName === 'A' && getComputedStyle(el).display === 'inline'
    && el.parentElement && el.parentElement.textContent.trim().length > el.textContent.trim().length;
  const targets = [];
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (el.closest('[inert], [aria-hidden=true]')) continue;
    const r = shown(el);
    if (r && !inSentence(el)) targets.push({ el, r, small: r.width < 23.5 || r.height < 23.5 });
  }
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const toBox = ([x, y], r) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : ''}`;
  const failures = [];
  for (const t of targets) {
    if (!t.small) continue;
    const c = centre(t.r);
    const crowded = targets.some((o) => o !== t && !o.el.contains(t.el) && !t.el.contains(o.el)
      && (o.small ? Math.hypot(c[0] - centre(o.r)[0], c[1] - centre(o.r)[1]) < 24 : toBox(c, o.r) < 12));
    if (crowded) failures.push(`${name(t.el)} ${Math.round(t.r.width)}x${Math.round(t.r.height)}`);
  }
  return failures;
}
