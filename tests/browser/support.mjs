// Shared fixtures for the browser tests: Debian's Chromium driven by
// playwright-core, and the built site served twice, with and without the
// COOP/COEP headers, on ports the OS picks.
import { createRequire } from 'node:module';
import { test as nodeTest } from 'node:test';
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
  const browser = await launchChromium();
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

// Debian's Chromium, headless, its pages' calls bounded (boundCalls) and its hangs looked
// into (test, below).
export async function launchChromium() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  await boundCalls(browser);
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  return browser;
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

// A promise that answers within ms or fails (Unanswered) naming what did not answer.
// Playwright bounds its waits (30 s) but not an evaluate, an input event or a context's
// close: a page or browser that stops answering there would otherwise hold the test file
// until the runner's 15-minute limit, with no word of where.
export class Unanswered extends Error {}
export function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Unanswered(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// Every call of a test into a page that Playwright leaves unbounded (evaluating, styling,
// emulating, the keyboard and the mouse) answers within ANSWER_MS, for every page of the
// browser (opened here or by a test itself): the client's classes are patched once per
// process, from a page opened for the purpose. A page's evaluate, $eval, styles and
// content are its main frame's (the client delegates them), so they are bounded there.
// Two minutes is far past any test's longest look (an evaluate that waits in the page for
// an engine's answer takes seconds).
let ANSWER_MS = 120000;
// The bound, shorter for the harness's own test of a hang (harness.test.mjs).
export function boundAnswersTo(ms) { ANSWER_MS = ms; }
const UNBOUNDED = {
  page: ['emulateMedia', 'setViewportSize', 'bringToFront'],
  frame: ['evaluate', 'evaluateHandle', '$eval', '$$eval', 'addStyleTag', 'addScriptTag', 'content'],
  locator: ['evaluate', 'evaluateAll', 'evaluateHandle'],
  keyboard: ['press', 'type', 'down', 'up', 'insertText'],
  mouse: ['move', 'down', 'up', 'click', 'dblclick', 'wheel'],
};
let callsBounded = false;
async function boundCalls(browser) {
  if (callsBounded) return;
  const context = await within(browser.newContext(), 60000, 'a context to find the client\'s classes');
  const page = await within(context.newPage(), 60000, 'a page to find the client\'s classes');
  const found = { page, frame: page.mainFrame(), locator: page.locator('body'), keyboard: page.keyboard, mouse: page.mouse };
  for (const [kind, names] of Object.entries(UNBOUNDED)) {
    const proto = Object.getPrototypeOf(found[kind]);
    for (const name of names) {
      const real = proto[name];
      if (typeof real !== 'function') throw new Error(`playwright-core: no ${kind}.${name} to bound`);
      proto[name] = function bounded(...args) {
        const where = typeof this.url === 'function' ? ` on ${this.url()}` : '';
        return within(real.apply(this, args), ANSWER_MS, `${kind}.${name}${where}`);
      };
    }
  }
  callsBounded = true;
  await within(context.close(), 60000, 'closing the context that found the client\'s classes');
}

// The browsers of this file's labs, for a look at their pages when one stops answering.
const browsers = new Set();

// node:test's test(), once more when a call into the browser got no answer (Unanswered,
// above): what did not answer, and what each page the try opened was doing (its state,
// whether it still draws frames, or that its script is stuck), are printed as
// diagnostics, the try's contexts closed, and the test run again from the start in new
// ones. Only a hang is tried again: a failed assertion fails at once, and a
// page that hangs twice fails the test. Headless Chromium has been seen to stop answering
// a test's look at a page a few times in a thousand (the page itself answering a student
// as usual), which a second try in a fresh context does not repeat.
export function test(name, ...rest) {
  const fn = rest.pop();
  return nodeTest(name, ...rest, (t) => onceMoreIfHung(name, () => fn(t), (line) => {
    t.diagnostic(line);
    console.log(`# hang: ${line}`);
  }));
}

// run() once, or twice when the first try got no answer from a page: say(line) for each
// line of what was found. The contexts the first try opened are closed before the second.
export async function onceMoreIfHung(name, run, say) {
  const before = openContexts();
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof Unanswered)) throw e;
    const lines = [`${name}: ${e.message}`];
    const opened = openContexts().filter((c) => !before.includes(c));
    for (const context of opened) for (const page of context.pages()) lines.push(await whatPageDoes(page));
    await Promise.all(opened.map((c) => within(c.close(), 30000, 'closing').catch(() => {})));
    lines.push(`${name}: run once more in new contexts`);
    lines.forEach((line) => say(line));
    return await run();
  }
}

const openContexts = () => [...browsers].flatMap((b) => b.contexts());

// A page that did not answer, looked at from outside: its state and whether it draws
// frames (from a 5-second evaluate), else that its script is busy (a task that never
// ends: a loop). Its stack is out of reach then: the debugger is enabled on the page's
// own thread, and enabling it in every page beforehand would slow what tests time.
async function whatPageDoes(page) {
  const url = page.url();
  try {
    const state = await within(page.evaluate(() => new Promise((resolve) => {
      const s = `${document.visibilityState}, ${document.readyState}`;
      const late = setTimeout(() => resolve(`${s}, no animation frame in 2 s`), 2000);
      requestAnimationFrame(() => { clearTimeout(late); resolve(`${s}, draws frames`); });
    })), 5000, 'a look');
    return `${url}: its script answers (${state})`;
  } catch {
    return `${url}: its script does not answer in 5 s (a task that does not end: a loop?)`;
  }
}

// Two animation frames, as a test waits for the page to draw what it just changed, or 5
// seconds: a headless browser that draws no frame for a while (it happens) does not hold
// the test; it is named in the output, and what the test then checks says the rest.
export async function frames(page) {
  const drawn = await page.evaluate(() => new Promise((resolve) => {
    const late = setTimeout(() => resolve(false), 5000);
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(late); resolve(true); }));
  }));
  if (!drawn) console.log(`# ${page.url()}: no animation frame in 5 s`);
  return drawn;
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
