// The lab's other engines, driven from Node with Debian's own browsers (never a
// downloaded one): Firefox ESR over WebDriver BiDi (puppeteer-core), and WebKitGTK,
// Safari's engine, through WebKitWebDriver (W3C WebDriver over HTTP, spoken here with
// fetch), its MiniBrowser on an Xvfb display. Both give one small interface:
//
//   const b = await launch('firefox' | 'webkit');
//   const p = await b.open(url);            // a fresh window on url
//   await p.evaluate(fn, ...args);          // fn runs in the page (may return a promise)
//   await p.waitFor(fn, ...args);           // until fn(...args) is truthy in the page
//   await p.close();  await b.close();
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
const ENGINE_START_MS = 20000;
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export function available(engine) {
  if (engine === 'firefox') return existsSync(FIREFOX);
  return existsSync(WEBKIT_DRIVER) && existsSync(MINIBROWSER) && existsSync('/usr/bin/Xvfb');
}

const source = (fn, args) => `return (${fn.toString()})(...${JSON.stringify(args)});`;

async function poll(check, timeout, what) {
  const until = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function launch(engine) {
  return engine === 'firefox' ? launchFirefox() : launchWebKit();
}

// A Firefox of its own for every page, so that no page's workers outlive it into the
// next one's checks. (Firefox under WebDriver BiDi may hang a worker's `new Worker()`
// whatever the browser's age: web/js/engine/lab-client.js replaces such a worker.)
async function launchFirefox() {
  const puppeteer = (await import('puppeteer-core')).default;
  const start = () => puppeteer.launch({
    browser: 'firefox', executablePath: FIREFOX, headless: true, protocol: 'webDriverBiDi',
    extraPrefsFirefox: { 'network.proxy.type': 0, 'app.update.enabled': false, 'browser.shell.checkDefaultBrowser': false },
  });
  return {
    name: 'firefox',
    // A page whose engine has not started within ENGINE_START_MS is opened again in a new
    // Firefox (up to three times): with WebDriver BiDi attached, Firefox sometimes never
    // returns from the worker's first `new Worker()`, which no student's browser does
    // (web/js/engine/lab-client.js replaces such a worker, after 30 s per try). A page
    // without the engine (no #build-status) is taken as it loads.
    async open(url) {
      let browser, page, errors;
      for (let attempt = 1; ; ++attempt) {
        browser = await start();
        page = await browser.newPage();
        errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(url);
        const started = await page.waitForFunction(() => !document.getElementById('build-status') || document.body.dataset.build,
          { timeout: ENGINE_START_MS, polling: 100 }).then(() => true, () => false);
        if (started || attempt === 3) break;
        await browser.close();
      }
      return {
        errors,
        evaluate: (fn, ...args) => page.evaluate(fn, ...args),
        waitFor: (fn, ...args) => page.waitForFunction(fn, { timeout: 120000, polling: 50 }, ...args),
        close: () => browser.close(),
      };
    },
    close: async () => {},
  };
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

async function launchWebKit() {
  // A display of our own for MiniBrowser.
  const n = 90 + Math.floor(Math.random() * 800);
  const display = `:${n}`;
  const xvfb = spawn('/usr/bin/Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await poll(() => existsSync(`/tmp/.X11-unix/X${n}`), 20000, 'the Xvfb display');
  const port = await freePort();
  const env = { ...process.env, DISPLAY: display, WEBKIT_DISABLE_COMPOSITING_MODE: '1', LIBGL_ALWAYS_SOFTWARE: '1' };
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const wd = async (method, path, body) => {
    const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok) throw new Error(`WebDriver ${method} ${path}: ${data.value && data.value.message}`);
    return data.value;
  };
  await poll(async () => { try { await fetch(`${base}/status`); return true; } catch { return false; } }, 20000, 'WebKitWebDriver');
  const stop = () => { driver.kill(); xvfb.kill(); };
  return {
    name: 'webkit',
    async open(url) {
      const s = await wd('POST', '/session', {
        capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
      });
      const session = `/session/${s.sessionId}`;
      await wd('POST', `${session}/url`, { url });
      const evaluate = (fn, ...args) => wd('POST', `${session}/execute/async`, {
        script: `const done = arguments[arguments.length - 1];
          Promise.resolve().then(() => { ${source(fn, args)} }).then((v) => done({ ok: true, v }), (e) => done({ ok: false, e: String(e) }));`,
        args: [],
      }).then((r) => { if (!r.ok) throw new Error(r.e); return r.v; });
      return {
        errors: [],
        evaluate,
        waitFor: (fn, ...args) => poll(() => evaluate(fn, ...args).catch(() => false), 120000, fn.toString().slice(0, 80)),
        close: () => wd('DELETE', session).catch(() => {}),
      };
    },
    close: async () => stop(),
  };
}
