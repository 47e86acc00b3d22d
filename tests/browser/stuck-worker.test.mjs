// A worker that hangs while its threads are created (as Firefox's can under a worker
// debugger, web/js/engine/lab-client.js) is replaced within a few seconds, and the page's
// requests that it never read reach the new one: the page shows its numbers.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

test('a worker stuck creating its threads is replaced and the page still gets its numbers', async () => {
  const context = await lab.browser.newContext({ serviceWorkers: 'block' });
  let served = 0;
  await context.route('**/js/lab-worker.js', async (route) => {
    const response = await route.fetch();
    let body = await response.text();
    // The first worker hangs for good right after saying it is creating its threads.
    if (served++ === 0) body = body.replace("progress({ stage: 'threads' });", "progress({ stage: 'threads' }); for (;;) {}");
    await route.fulfill({ response, body });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  const t0 = Date.now();
  await page.goto(lab.isolatedUrl('attention-table.html'));
  await page.waitForFunction(() => document.querySelectorAll('#result-rows tr').length === 5, null, { timeout: 30000 });
  const seconds = (Date.now() - t0) / 1000;
  assert.ok(served >= 2, 'a second worker was started');
  assert.ok(seconds >= 4, `replaced after the 5 s wait, not before (${seconds} s)`);
  assert.deepEqual(await page.$$eval('#result-rows tr:first-child td', (tds) => tds.map((td) => td.textContent)), ['1.73', '0.335']);
  assert.equal(await page.evaluate(() => document.body.dataset.build), 'attention_lab_mt');
  assert.deepEqual(errors, []);
  await context.close();
});
