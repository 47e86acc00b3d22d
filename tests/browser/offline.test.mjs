// Offline after the first visit, and one service worker for offline use and isolation
// (web/js/offline/). The site is served by a plain static host (no COOP/COEP headers),
// visited once; then the server is shut down, so every request the service worker does
// not answer fails, and every page must still load and the race still train.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceWorker } from '../../tools/site/build.mjs';
import { startServer } from '../../tools/static-server.mjs';
import { test, DIST, launchChromium } from './support.mjs';
import { PAGES, pageReady } from './pages.mjs';

let browser, server, context, base;
before(async () => {
  browser = await launchChromium();
  server = await startServer({ root: DIST, port: 0, isolation: false });
  base = `http://127.0.0.1:${server.address().port}/`;
  context = await browser.newContext({ serviceWorkers: 'allow' });
});
after(async () => { await context.close(); await browser.close(); server.close(); });

test('the first visit stores the site, says so, and isolates the page for threads', async () => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}attention-table.html`);
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 60000 });
  assert.match(await page.textContent('#offline-status'), /Available offline/);
  // The worker took the page over and reloaded it once: the same worker gave it COOP/COEP.
  await page.waitForFunction(() => self.crossOriginIsolated === true && document.body.dataset.build === 'attention_lab_mt', null, { timeout: 30000 });
  const workers = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.active.scriptURL));
  assert.deepEqual(workers, [`${base}service-worker.js`], 'one service worker for the site');
  assert.deepEqual(errors, []);
  await page.close();
});

test('with the network cut, every page loads and the race runs', async () => {
  // Shut the host down, live connections too: nothing but the service worker answers now.
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}index.html`);
  // The host is really gone: a file the site does not have cannot be fetched.
  assert.equal(await page.evaluate(() => fetch('not-in-the-site.txt').then(() => 'answered', () => 'failed')), 'failed');
  errors.length = 0;  // (that failure's console line)

  for (const entry of PAGES.filter((p) => p.kind !== 'launch')) {
    const response = await page.goto(`${base}${entry.file}`);
    assert.equal(response.status(), 200, entry.file);
    assert.ok(response.fromServiceWorker(), `${entry.file} from the service worker`);
    await pageReady(page, entry);
    assert.ok(await page.evaluate(() => self.crossOriginIsolated), `${entry.file} isolated offline too`);
  }
  // A page's settings in its query are the same stored page.
  await page.goto(`${base}race.html?T=8&epochs=1`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build === 'attention_lab_mt');
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  assert.equal(await page.$$eval('#results tbody tr', (r) => r.length), 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a new build waits beside the old one, then replaces it whole when asked', async () => {
  // A copy of the site, so that it can be published anew: a changed page, and the
  // service worker the build makes for it.
  const root = mkdtempSync(join(tmpdir(), 'lab-update-'));
  cpSync(DIST, root, { recursive: true });
  const host = await startServer({ root, port: 0, isolation: false });
  const url = (p) => `http://127.0.0.1:${host.address().port}/${p}`;
  const ctx = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const first = await ctx.newPage();
    await first.goto(url('index.html'));
    await first.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 60000 });

    const index = join(root, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('</main>', '<p id="second-build">The second build.</p></main>'));
    await serviceWorker(root);

    // The next page asks the host for the worker, finds a new one, which stores the new
    // build and waits: this page is still the old build, whole.
    const second = await ctx.newPage();
    await second.goto(url('index.html'));
    await second.waitForSelector('#offline-update', { timeout: 60000 });
    assert.match(await second.textContent('#offline-status'), /A new version of the lab is ready/);
    assert.equal(await second.$('#second-build'), null);
    // A tab in the middle of a race holds work a reload would lose.
    const racing = await ctx.newPage();
    let racingLoads = 0;
    racing.on('load', () => { racingLoads += 1; });
    await racing.goto(url('race.html?T=60&epochs=200'));
    await racing.waitForFunction(() => document.body.dataset.ready === 'true');
    await racing.click('#start');
    // A race this long is asked about first (over a minute on most computers).
    await racing.waitForFunction(() => document.body.dataset.race === 'running' || document.querySelector('.confirm-yes'), null, { timeout: 60000 });
    if (await racing.$('.confirm-yes')) await racing.click('.confirm-yes');
    await racing.waitForFunction(() => document.body.dataset.race === 'running', null, { timeout: 60000 });
    await racing.waitForSelector('#offline-update', { timeout: 60000 });
    // Asked there, it asks first, naming what would be lost, and "Not now" switches nothing.
    await racing.click('#offline-update');
    assert.match(await racing.textContent('#offline-status'), /holds a run in progress, which would be lost/);
    await racing.click('#offline-update-later');
    await racing.waitForSelector('#offline-update');
    assert.equal(await racing.evaluate(() => document.body.dataset.race), 'running');
    // "Use it now" in another tab: every open page that holds no unsaved work reloads into
    // the new build; the racing tab keeps its run and offers its own reload.
    await Promise.all([second.waitForEvent('load'), first.waitForEvent('load'), second.click('#offline-update')]);
    for (const p of [first, second]) {
      await p.waitForSelector('#second-build');
      await p.waitForFunction(() => document.documentElement.dataset.offline === 'ready');
    }
    await racing.waitForSelector('#offline-reload');
    assert.equal(await racing.evaluate(() => document.documentElement.dataset.offline), 'stale');
    assert.match(await racing.textContent('#offline-status'), /Another tab switched the lab to a new version\. This tab holds a run in progress/);
    assert.equal(await racing.evaluate(() => document.body.dataset.race), 'running');
    assert.equal(racingLoads, 1);
    await racing.click('#stop');
    await racing.waitForFunction(() => document.body.dataset.race === 'stopped', null, { timeout: 60000 });
    await Promise.all([racing.waitForEvent('load'), racing.click('#offline-reload')]);
    await racing.waitForFunction(() => document.documentElement.dataset.offline === 'ready');
    const caches = await second.evaluate(async () => {
      const names = await self.caches.keys();
      const urls = [];
      for (const n of names) for (const r of await (await self.caches.open(n)).keys()) urls.push(r.url);
      return urls.filter((u) => new URL(u).pathname === '/index.html');  // (fr/index.html is another page)
    });
    assert.equal(caches.length, 1, `one stored index.html, the new one: ${caches.join(', ')}`);
  } finally {
    await ctx.close();
    host.close();
    rmSync(root, { recursive: true, force: true });
  }
});
