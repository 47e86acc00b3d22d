// A widget page starts its engine's download from its <head> (tools/site/layout.mjs,
// earlyWorkerScript): the worker is created while the document is still being parsed, the
// page's LabClient adopts it (one worker, not two), and on a host that lets files be cached
// (GitHub Pages sends max-age=600) every file of the engine crosses the network once. Each
// visit is logged by the host; an init script records every Worker the page creates.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../../tools/static-server.mjs';
import { test, DIST, launchChromium } from './support.mjs';

let browser;
const hosts = {};
before(async () => {
  browser = await launchChromium();
  for (const [name, cacheControl] of [['cacheable', 'max-age=600'], ['noStore', 'no-store']]) {
    const server = await startServer({ root: DIST, port: 0, isolation: true, cacheControl });
    const log = [];
    server.prependListener('request', (req) => log.push(decodeURIComponent(new URL(req.url, 'http://host').pathname.slice(1))));
    hosts[name] = { server, log, base: `http://127.0.0.1:${server.address().port}/` };
  }
});
after(async () => { await browser.close(); for (const h of Object.values(hosts)) h.server.close(); });

// Every Worker the page makes (not the engine's own thread workers, which its worker makes):
// its script and the document's state at that moment.
const RECORD_WORKERS = () => {
  const Original = self.Worker;
  self.madeWorkers = [];
  self.Worker = function Worker(url, options) {
    self.madeWorkers.push({ url: String(url), readyState: document.readyState });
    return new Original(url, options);
  };
  self.Worker.prototype = Original.prototype;
};

async function visit(host, path) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(RECORD_WORKERS);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  host.log.length = 0;
  await page.goto(`${host.base}${path}`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && Boolean(document.body.dataset.build), null, { timeout: 60000 });
  return { context, page, errors };
}
const count = (log, file) => log.filter((p) => p === file).length;

for (const path of ['race.html', 'fr/translate.html', 'code.html']) {
  test(`${path}: the engine's worker starts in <head>, is adopted, and each engine file crosses the network once`, async () => {
    const host = hosts.cacheable;
    const { context, page, errors } = await visit(host, path);
    const made = await page.evaluate(() => self.madeWorkers);
    const engines = made.filter((w) => /(^|\/)js\/lab-worker\.js$/.test(w.url));
    assert.equal(engines.length, 1, `one engine worker: ${JSON.stringify(made)}`);
    assert.equal(engines[0].readyState, 'loading', 'made while the page was still being parsed, before its script ran');
    assert.equal(await page.evaluate(() => window.labEarlyWorker), null, 'the page took the early worker');
    // The isolated page runs the threaded build; its thread workers import the same script.
    for (const file of ['js/lab-worker.js', 'wasm/attention_lab_mt.js', 'wasm/attention_lab_mt.wasm']) assert.equal(count(host.log, file), 1, `${file} once: ${host.log.join(', ')}`);
    assert.equal(count(host.log, 'wasm/attention_lab_st.wasm'), 0);
    // The engine answers: the build the page reports is the module's own.
    const build = await page.evaluate(() => document.body.dataset.build);
    assert.equal(build, 'attention_lab_mt');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a host that forbids caching still gets one request for the worker and the module', async () => {
  const host = hosts.noStore;
  const { context, page, errors } = await visit(host, 'attention-table.html');
  assert.equal(count(host.log, 'js/lab-worker.js'), 1);
  assert.equal(count(host.log, 'wasm/attention_lab_mt.wasm'), 1);
  // and the page works: its table is computed by the engine
  await page.waitForFunction(() => document.querySelectorAll('table td').length > 0, null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await context.close();
});

// The head's worker can fail to start (its file missing for a moment, a host's hiccup): the
// page then starts one of its own, and its engine answers as always.
test('a head worker that fails to start is replaced by the page\'s own', async () => {
  const host = hosts.cacheable;
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(RECORD_WORKERS);
  let served = 0;
  await context.route('**/js/lab-worker.js', (route) => (served++ === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${host.base}attention-table.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && Boolean(document.body.dataset.build), null, { timeout: 60000 });
  await page.waitForFunction(() => document.querySelectorAll('#result-rows tr').length === 5, null, { timeout: 30000 });
  assert.ok(served >= 2, 'a second worker was asked for');
  assert.equal(await page.evaluate(() => document.body.dataset.build), 'attention_lab_mt');
  assert.deepEqual(errors, []);
  await context.close();
});

test('pages that run no engine start no worker', async () => {
  const host = hosts.cacheable;
  for (const path of ['index.html', 'lesson.html', 'checks.html']) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(RECORD_WORKERS);
    const page = await context.newPage();
    host.log.length = 0;
    await page.goto(`${host.base}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    assert.deepEqual(await page.evaluate(() => self.madeWorkers.map((w) => w.url)), [], path);
    assert.equal(count(host.log, 'js/lab-worker.js'), 0, path);
    await context.close();
  }
});
