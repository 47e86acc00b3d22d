// The harness's own answer to a page that stops answering (support.mjs): every call a
// test makes into a page is bounded, a hang is named with what the page was doing, the
// test runs once more in new contexts, and nothing else is ever run twice. The bound is
// shortened here to a second and a half; a real test's is two minutes.
import { test as nodeTest, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, openPage, onceMoreIfHung, boundAnswersTo, Unanswered } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); boundAnswersTo(1500); });
after(async () => { boundAnswersTo(120000); await lab.close(); });

// A try that opens the calculator page and asks it something; hang(page) on the tries
// listed in hangOn. Returns what onceMoreIfHung returned, the lines it said, the tries.
async function tries(hangOn, hang) {
  const said = [];
  let n = 0;
  const contexts = [];
  const result = await onceMoreIfHung('a test', async () => {
    n += 1;
    const { page, close } = await openPage(lab.browser, lab.isolatedUrl('calculator.html'));
    contexts.push(page.context());
    if (hangOn.includes(n)) await hang(page);
    const title = await page.evaluate(() => document.title);
    await close();
    return title;
  }, (line) => said.push(line)).catch((e) => e);
  return { result, said, n, contexts };
}

nodeTest('a look that never answers is named, the try\'s context closed, and the test run once more', async () => {
  const { result, said, n, contexts } = await tries([1], (page) => page.evaluate(() => new Promise(() => {})));
  assert.equal(n, 2);
  assert.match(String(result), /Attention calculator|calculat/i);
  assert.match(said[0], /^a test: frame\.evaluate on http:\/\/127\.0\.0\.1:\d+\/calculator\.html: no answer in 1\.5 s$/);
  assert.match(said[1], /calculator\.html: its script answers \(visible, complete, draws frames\)/);
  assert.equal(said.at(-1), 'a test: run once more in new contexts');
  assert.ok(!lab.browser.contexts().includes(contexts[0]), 'the hung try\'s context is closed');
});

nodeTest('a page stuck in a loop is told from one that answers', async () => {
  const { said, n } = await tries([1], async (page) => {
    await page.evaluate(() => { setTimeout(function spinsForever() { for (;;); }, 0); });
    await page.waitForTimeout(100);
  });
  assert.equal(n, 2);
  assert.match(said[1], /calculator\.html: its script does not answer in 5 s \(a task that does not end: a loop\?\)$/);
});

nodeTest('a page that hangs twice fails the test; a failed assertion is never tried again', async () => {
  const twice = await tries([1, 2], (page) => page.keyboard.press('Tab').then(() => page.evaluate(() => new Promise(() => {}))));
  assert.ok(twice.result instanceof Unanswered, String(twice.result));
  assert.equal(twice.n, 2);
  let runs = 0;
  const failed = await onceMoreIfHung('a test', async () => { runs += 1; assert.equal(1, 2); }, () => {}).catch((e) => e);
  assert.equal(failed.code, 'ERR_ASSERTION');
  assert.equal(runs, 1);
});
