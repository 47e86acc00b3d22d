// The built site served with its compressed twins (tools/static-server.mjs `compressed`, as
// a host set up as docs/instructors.md's "Serving the compressed files" serves it): Chromium gets the
// race page's WebAssembly and scripts as Brotli, decodes them, and the engine starts; a
// client that accepts no compression gets the plain bytes.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../tools/static-server.mjs';
import { test, DIST, openPage, launchChromium } from './support.mjs';

let server, browser;
const url = (path) => `http://127.0.0.1:${server.address().port}/${path}`;

before(async () => {
  server = await startServer({ root: DIST, port: 0, isolation: true, compressed: true });
  browser = await launchChromium();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

test('the race page\'s WebAssembly and scripts come as Brotli and the engine starts', async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(String(err)));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(msg.text()); });
  // Every response of the page and of its workers (the engine fetches its .wasm in one).
  const encodings = new Map();
  context.on('response', async (res) => {
    const path = new URL(res.url()).pathname;
    encodings.set(path, { encoding: await res.headerValue('content-encoding'), type: await res.headerValue('content-type'), vary: await res.headerValue('vary') });
  });
  await page.goto(url('race.html?epochs=3'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build === 'attention_lab_mt', null, { timeout: 60000 });
  const wasm = encodings.get('/wasm/attention_lab_mt.wasm');
  assert.ok(wasm, `the threaded module was not fetched: ${[...encodings.keys()].join(', ')}`);
  assert.deepEqual(wasm, { encoding: 'br', type: 'application/wasm', vary: 'Accept-Encoding' });
  assert.deepEqual(encodings.get('/js/race.js'), { encoding: 'br', type: 'text/javascript; charset=utf-8', vary: 'Accept-Encoding' });
  assert.equal(encodings.get('/race.html').encoding, 'br');
  // Decoded as it came: a short race runs to its end.
  await page.click('#start');
  await page.waitForFunction(() => ['finished', 'stopped', 'error'].includes(document.body.dataset.race), null, { timeout: 120000 });
  assert.equal(await page.evaluate(() => document.body.dataset.race), 'finished', await page.textContent('#start-error'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a client that accepts no compression gets the plain bytes', async () => {
  for (const path of ['wasm/attention_lab_mt.wasm', 'js/race.js']) {
    const res = await fetch(url(path), { headers: { 'Accept-Encoding': 'identity' } });
    assert.equal(res.headers.get('content-encoding'), null, path);
    assert.equal(res.headers.get('vary'), 'Accept-Encoding', path);
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(DIST, path))), `${path}: not the file's bytes`);
  }
});
