// A first visit leaves the network to the page: the site's service worker, which stores the
// whole build for offline use (several MB: both WebAssembly builds, every language), is
// registered only once the page is interactive (web/js/offline/offline.js): a widget page
// once its engine is ready, another page after its load event. Every request the host gets
// is logged with its time; the page marks when its engine was ready and when it loaded.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../tools/static-server.mjs';
import { test, DIST, launchChromium } from './support.mjs';

let browser, server, base;
const log = [];  // { path, at: Date.now() when the host got it }
before(async () => {
  browser = await launchChromium();
  server = await startServer({ root: DIST, port: 0, isolation: true });
  server.prependListener('request', (req) => log.push({ path: decodeURIComponent(new URL(req.url, 'http://host').pathname.slice(1)), at: Date.now() }));
  base = `http://127.0.0.1:${server.address().port}/`;
});
after(async () => { await browser.close(); server.close(); });

// When the engine was ready (body[data-build], as the tests wait for it) and when the page
// loaded, on the same clock as the log.
const MARKS = () => {
  const mark = () => { if (document.body && document.body.dataset.build && !self.engineReadyAt) self.engineReadyAt = Date.now(); };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-build'] });
  addEventListener('load', () => { self.loadedAt = Date.now(); });
};

// The files a visit asks the host for, from a profile of its own (service workers as given).
async function visit(path, serviceWorkers, until) {
  const context = await browser.newContext({ serviceWorkers });
  await context.addInitScript(MARKS);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  log.length = 0;
  await page.goto(`${base}${path}`);
  await until(page);
  return { context, page, errors };
}

const engineReady = (page) => page.waitForFunction(() => document.body.dataset.ready === 'true' && Boolean(document.body.dataset.build), null, { timeout: 60000 });
const stored = (page) => page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 90000 });
const precacheSize = () => (readFileSync(join(DIST, 'service-worker.js'), 'utf8').match(/"url":/g) || []).length;
// What the service worker stored: every URL of its caches, without workbox's revision query.
const cachedUrls = (page) => page.evaluate(async () => {
  const urls = [];
  for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname.slice(1));
  return urls;
});

test('a widget page asks for nothing but its own files until its engine is ready, then the whole build is stored', async () => {
  // What the page itself needs: a visit with no service worker, until well after its engine is ready.
  const alone = await visit('attention-table.html', 'block', async (page) => { await engineReady(page); await page.waitForTimeout(3000); });
  const needed = new Set(log.map((r) => r.path));
  await alone.context.close();
  assert.ok(needed.has('wasm/attention_lab_mt.wasm') && !needed.has('wasm/attention_lab_st.wasm'), `the isolated page runs the threaded build: ${[...needed].join(', ')}`);

  const { context, page, errors } = await visit('attention-table.html', 'allow', engineReady);
  await stored(page);
  const readyAt = await page.evaluate(() => self.engineReadyAt);
  const early = log.filter((r) => r.at <= readyAt).map((r) => r.path);
  assert.deepEqual(early.filter((p) => !needed.has(p)), [], 'before the engine is ready, only files the page needs');
  for (const other of ['service-worker.js', 'wasm/attention_lab_st.wasm', 'fr/attention-table.html', 'lesson.html']) assert.ok(!early.includes(other), `${other} asked for before the engine was ready`);

  // After: the worker registered, and the precache (the other build, the other language) complete.
  const late = log.filter((r) => r.at > readyAt).map((r) => r.path);
  for (const f of ['service-worker.js', 'wasm/attention_lab_st.wasm', 'fr/attention-table.html']) assert.ok(late.includes(f), `${f} stored after the engine was ready`);
  const cached = new Set(await cachedUrls(page));
  assert.equal(cached.size, precacheSize(), 'every file of the precache list stored');
  assert.match(await page.textContent('#offline-status'), /Available offline/);
  assert.ok(await page.evaluate(() => self.crossOriginIsolated && document.body.dataset.build === 'attention_lab_mt'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a page without the engine registers the service worker after its load event', async () => {
  const { context, page, errors } = await visit('lesson.html', 'allow', (p) => p.waitForFunction(() => document.body.dataset.ready === 'true'));
  await stored(page);
  const loadedAt = await page.evaluate(() => self.loadedAt);
  const worker = log.find((r) => r.path === 'service-worker.js');
  assert.ok(worker && worker.at > loadedAt, 'the service worker asked for after the page loaded');
  assert.ok(!log.some((r) => r.at <= loadedAt && /^wasm\//.test(r.path)), 'no WebAssembly fetched before the lesson loaded');
  assert.equal(new Set(await cachedUrls(page)).size, precacheSize());
  assert.deepEqual(errors, []);
  await context.close();
});
