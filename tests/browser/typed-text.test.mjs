// What a careless student or a hostile link types, on the pages that read it: the
// minus sign of typeset maths, emoji cut at every length, a double press of Start, and
// an assignment link with repeated, misspelt and malformed parameters. Every message
// quotes typed text by whole characters (web/js/ui/quote.js, src/core/quote.hpp).
import '../web/shared-limits.mjs';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

async function open(path) {
  const opened = await openPage(lab.browser, lab.isolatedUrl(path));
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60000 });
  return opened;
}

// Text cut inside a character: the replacement character, or half of a surrogate pair.
const brokenCharacter = (text) => text.includes('\uFFFD') || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

test('the calculator reads the minus sign U+2212 that the lesson prints', async () => {
  const { page, problems, close } = await open('calculator.html');
  await page.waitForFunction(() => document.body.dataset.build);
  await page.fill('#calc-query', '−1, 2');
  await page.waitForFunction(() => document.body.dataset.stale === 'false'
    && document.body.dataset.computed === document.body.dataset.requested);
  assert.equal(await page.textContent('#calc-query-error'), '');
  // k1 = [1, 0]: its score is -1 * 1 + 2 * 0.
  assert.equal(await page.$eval('#calc-result-rows tr', (tr) => Number(tr.dataset.score)), -1);
  assert.deepEqual(problems.console, []);
  await close();
});

test('emoji typed at every length are quoted whole, in the calculator, the order page and a link', async () => {
  const { page, problems, close } = await open('calculator.html');
  for (let n = 1; n <= 30; n += 1) {
    await page.fill('#calc-query', '😀'.repeat(n));
    const text = await page.textContent('#calc-query-error');
    assert.ok(text.length > 0 && !brokenCharacter(text), `${n}: ${text}`);
  }
  await close();

  // The order page: a token name in its tables and drawing, and a token too long to take.
  const order = await open('order.html');
  await order.page.waitForFunction(() => document.body.dataset.build);
  for (const n of [13, 14, 15, 20]) {
    const name = '🐕'.repeat(n);
    await order.page.fill('#first', `${name} bites man`);
    await order.page.fill('#second', `man bites ${name}`);
    await order.page.waitForFunction(() => document.body.dataset.stale === 'false'
      && document.body.dataset.computed === document.body.dataset.requested);
    const shown = await order.page.evaluate(() => [...document.querySelectorAll('#z-first th, #z-second th, #perm-drawing text')].map((e) => e.textContent).join(' '));
    assert.ok(shown.includes('🐕') && !brokenCharacter(shown), `${n}: ${shown}`);
  }
  await order.page.fill('#first', `${'🐕'.repeat(60)} bites`);
  await order.page.waitForFunction(() => document.getElementById('first-error').textContent !== '');
  const message = await order.page.textContent('#first-error');
  assert.match(message, /^"🐕{24}…" is too long/u);
  assert.deepEqual(order.problems.console, []);
  await order.close();

  // A link's bad setting, named on the page it opens.
  const link = await open(`scaling.html?d_k=${encodeURIComponent('😀'.repeat(25))}&${'x'.repeat(10000)}=1`);
  const notice = await link.page.textContent('#url-notice');
  assert.ok(notice.includes('😀') && !brokenCharacter(notice) && notice.length < 400, notice.slice(0, 400));
  assert.deepEqual([...problems.console, ...link.problems.console], []);
  await link.close();
});

test('a double press of Start starts one race and shows no error', async () => {
  const { page, problems, close } = await open('race.html?epochs=2');
  await page.waitForFunction(() => !document.getElementById('start').disabled);
  await page.dblclick('#start');
  await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.race), null, { timeout: 120000 });
  assert.equal(await page.evaluate(() => document.body.dataset.race), 'finished');
  assert.equal(await page.textContent('#start-error'), '');
  assert.equal(await page.locator('#curve-table tbody tr').count(), 2);  // one run's two epochs
  assert.deepEqual(problems.console, []);
  await close();
});

test('an assignment link: repeated and unknown parameters named, a malformed require= keeps the race', async () => {
  const { page, problems, close } = await open('checks.html?checks=q1&checks=zz9&checks=q2&checks=q1&checkz=q3&require=T');
  const facts = await page.textContent('#assignment-facts');
  // q2 and q1 by their numbers (the order the lesson meets them: q2 is Q1, q1 is Q4).
  assert.match(facts, /^Assigned: Q1, Q4; and one training race run to the end with T = 30, epochs = 35, seed = 3151\./);
  assert.match(facts, /unknown check "zz9"/);
  assert.match(facts, /check q1 listed more than once/);
  assert.match(facts, /checkz \(not a parameter of this page: checks, require\)/);
  assert.match(facts, /no race requirement in this link can be used, so the assignment's own stays/);
  assert.doesNotMatch(facts, /\.[;.]/);  // one sentence's end, not two
  assert.deepEqual(problems.console, []);
  await close();
});
