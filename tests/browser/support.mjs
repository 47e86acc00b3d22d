// Shared fixtures for the browser tests: Debian's Chromium driven by
// playwright-core, and the built site served twice, with and without the
// COOP/COEP headers, on ports the OS picks.
import { chromium } from 'playwright-core';
import { startServer } from '../../tools/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// Flags that keep a root, offline, headless Chromium quiet and self-contained.
export const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// The built site under test (tools/lab builds it into dist/).
export const DIST = process.env.LAB_DIST || 'dist';

export async function startLab() {
  const isolated = await startServer({ root: DIST, port: 0, isolation: true });
  const plain = await startServer({ root: DIST, port: 0, isolation: false });
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
// for, so "plain" really is a host without isolation (coi-serviceworker inactive,
// as on a first visit or in a private window); the hosting test allows them.
export async function openPage(browser, url, { serviceWorkers = 'block', contextOptions = {} } = {}) {
  const context = await browser.newContext({ serviceWorkers, ...contextOptions });
  if (serviceWorkers === 'block') {
    // As where service workers are unavailable: coi-serviceworker has nothing to do.
    await context.route('**/coi-serviceworker.js', (route) => route.fulfill({
      status: 200, contentType: 'text/javascript', body: '/* no service workers here */' }));
  }
  const page = await context.newPage();
  const problems = { console: [], foreign: [] };
  const origin = url.startsWith('file:') ? 'file://' : new URL(url).origin;
  page.on('console', (msg) => { if (msg.type() === 'error') problems.console.push(msg.text()); });
  page.on('pageerror', (err) => problems.console.push(String(err)));
  context.on('request', (req) => {
    const u = req.url();
    if (!u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:')) problems.foreign.push(u);
  });
  await page.goto(url);
  return { page, problems, close: () => context.close() };
}
