// The attention calculator (the module's math lens) in headless Chromium: the
// lesson's numbers, edits, another dimension and another key, each score function
// against a hand-computed value, bad input, the keyboard alone.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// The results table once the page has drawn the answer to its latest inputs.
async function results(page) {
  await page.waitForFunction(() => document.body.dataset.stale === 'false'
    && document.body.dataset.computed === document.body.dataset.requested
    && document.querySelectorAll('#calc-result-rows tr').length > 0);
  return page.$$eval('#calc-result-rows tr', (trs) => trs.map((tr) => ({
    score: Number(tr.dataset.score), weight: Number(tr.dataset.weight),
    cells: Array.from(tr.cells, (c) => c.textContent),
  })));
}

async function open(path = 'calculator.html') {
  const opened = await openPage(lab.browser, lab.isolatedUrl(path));
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  return opened;
}

const close = (a, b, eps = 1e-12) => Math.abs(a - b) <= eps;

test('the defaults are the math lens: scores 1, 3, 4, weights 0.035, 0.259, 0.705, every step written', async () => {
  const { page, problems, close: done } = await open();
  const rows = await results(page);
  assert.deepEqual(rows.map((r) => r.score), [1, 3, 4]);
  assert.deepEqual(rows.map((r) => r.cells.slice(1)), [['1', '0.035'], ['3', '0.259'], ['4', '0.705']]);
  const steps = await page.$$eval('#calc-steps > li', (lis) => lis.map((li) => li.textContent));
  assert.equal(steps.length, 4);
  // The list numbers the steps; their titles do not number them again ("1. Step 1:").
  assert.deepEqual(await page.$$eval('#calc-steps > li > p', (ps) => ps.map((p) => p.textContent.split(' (')[0])), ['Scores', 'Exponentiate', 'Add them up', 'Divide']);
  assert.match(steps[0], /s₂ = 1·1 \+ 2·1 = 3/);
  assert.match(steps[0], /s₃ = 1·0 \+ 2·2 = 4/);
  assert.match(steps[1], /exp\(4\) ≈ 54\.598/);
  assert.match(steps[2], /2\.718 \+ 20\.086 \+ 54\.598 ≈ 77\.402/);
  assert.match(steps[3], /α₃ ≈ 54\.598 \/ 77\.402 ≈ 0\.705/);
  assert.deepEqual(problems.console, []);
  assert.deepEqual(problems.foreign, []);
  await done();
});

test('an edited key, a third dimension and an added key recompute', async () => {
  const { page, problems, close: done } = await open();
  await results(page);
  await page.fill('#calc-key-rows tr:nth-child(1) input', '2, 2');  // s1 = 1*2 + 2*2 = 6
  let rows = await results(page);
  assert.deepEqual(rows.map((r) => r.score), [6, 3, 4]);
  const z = Math.exp(6) + Math.exp(3) + Math.exp(4);
  assert.ok(close(rows[0].weight, Math.exp(6) / z));

  await page.click('#calc-add-dim');  // q = [1, 2, 0], every key gets a 0
  await page.fill('#calc-query', '1, 2, 3');
  await page.fill('#calc-key-rows tr:nth-child(2) input', '1, 1, 1');  // s2 = 1 + 2 + 3 = 6
  rows = await results(page);
  assert.deepEqual(rows.map((r) => r.score), [6, 6, 4]);
  assert.match(await page.textContent('#calc-steps'), /s₂ = 1·1 \+ 2·1 \+ 3·1 = 6/);

  await page.click('#calc-add-key');  // a fourth key, all zeros: score 0
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Key 4');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('-1, 0, 1');  // s4 = -1 + 0 + 3 = 2
  rows = await results(page);
  assert.deepEqual(rows.map((r) => r.score), [6, 6, 4, 2]);
  const sum = rows.reduce((s, r) => s + r.weight, 0);
  assert.ok(close(sum, 1, 1e-12));
  assert.deepEqual(problems.console, []);
  await done();
});

test('each score function and the temperature against hand-computed values', async () => {
  const { page, close: done } = await open();
  await results(page);
  await page.selectOption('#set-score', 'scaled_dot');
  let rows = await results(page);
  assert.ok(close(rows[1].score, 3 / Math.SQRT2));
  assert.match(await page.textContent('#calc-steps'), /s₂ = \(1·1 \+ 2·1\) \/ √2 = 3 \/ 1\.414 = 2\.121/);
  await page.selectOption('#set-score', 'additive');  // s_i = tanh(q1 + k_i1) + tanh(q2 + k_i2)
  rows = await results(page);
  assert.ok(close(rows[0].score, Math.tanh(2) + Math.tanh(2)));
  assert.ok(close(rows[2].score, Math.tanh(1) + Math.tanh(4)));
  await page.selectOption('#set-score', 'dot');
  await page.fill('#set-temperature', '2');
  rows = await results(page);
  const z = Math.exp(0.5) + Math.exp(1.5) + Math.exp(2);
  assert.ok(close(rows[2].weight, Math.exp(2) / z));
  assert.match(page.url(), /calculator\.html\?temperature=2$/);
  await done();
});

test('bad input gets a message next to its field and the last good result stays', async () => {
  const { page, problems, close: done } = await open();
  await results(page);
  // [field typed into, text, where the message shows, the message, the field marked invalid]
  const KEY1 = '#calc-key-rows tr:nth-child(1) input', KEY2 = '#calc-key-rows tr:nth-child(2) input';
  const cases = [
    ['#calc-query', 'one, two', '#calc-query-error', /"one" is not a number/, '#calc-query'],
    ['#calc-query', '1, 2, 3', '#calc-key-error-0', /This key has 2 numbers; the query has 3/, KEY1],
    ['#set-temperature', '0', '#set-temperature-error', /Softmax temperature τ: 0 is out of range; use a number from 0\.01 to 100/, '#set-temperature'],
    [KEY2, '1e999, 0', '#calc-key-error-1', /too large/, KEY2],
    ['#calc-query', '<img src=x onerror=alert(1)>', '#calc-query-error', /"<img" is not a number/, '#calc-query'],
  ];
  for (const [field, text, where, message, invalid] of cases) {
    await page.click('#calc-reset');
    await results(page);
    await page.fill(field, text);
    await page.waitForFunction(() => document.body.dataset.stale === 'true');
    assert.match(await page.textContent(where), message, text);
    assert.equal(await page.isVisible('#calc-stale'), true);
    assert.equal(await page.getAttribute(invalid, 'aria-invalid'), 'true');
    // The last good result is still on screen; what was typed is still in the field.
    assert.deepEqual((await page.$$eval('#calc-result-rows tr', (trs) => trs.map((tr) => Number(tr.dataset.score)))), [1, 3, 4]);
    assert.equal(await page.inputValue(field), text);
  }
  assert.equal(await page.$$eval('#calc-query-error img', (x) => x.length), 0);  // text, never HTML
  // Too large for the engine: a message from C++, next to the keys.
  await page.click('#calc-reset');
  await results(page);
  await page.fill('#calc-query', '1e300, 1e300');
  await page.fill('#calc-key-rows tr:nth-child(1) input', '1e300, 1e300');
  await page.waitForFunction(() => /overflowed/.test(document.getElementById('calc-keys-error').textContent));
  assert.deepEqual(problems.console, []);
  await done();
});

test('a link sets the score function and temperature; a bad link says what it ignored', async () => {
  let { page, close: done } = await open('calculator.html?score=scaled_dot&temperature=0.5');
  await results(page);
  assert.equal(await page.inputValue('#set-score'), 'scaled_dot');
  assert.equal(await page.inputValue('#set-temperature'), '0.5');
  await done();
  ({ page, close: done } = await open('calculator.html?score=cosine&colour=red'));
  await results(page);
  const notice = await page.textContent('#url-notice');
  assert.match(notice, /Score function: "cosine" is not allowed; use one of dot, scaled_dot, additive\./);
  assert.match(notice, /colour \(not a setting\)/);
  assert.equal(await page.inputValue('#set-score'), 'dot');
  await done();
});

test('the keyboard alone: tab to a key, edit it, add and remove keys', async () => {
  const { page, close: done } = await open();
  await results(page);
  await page.focus('#calc-query');
  await page.keyboard.press('Tab');  // the query leads; then the settings beside the keys
  assert.equal(await page.evaluate(() => document.activeElement.id), 'set-score');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');  // past the temperature, to the first key
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Key 1');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0, 3');
  let rows = await results(page);
  assert.equal(rows[0].score, 6);
  await page.keyboard.press('Tab');  // its Remove button
  await page.keyboard.press('Enter');
  rows = await results(page);
  assert.deepEqual(rows.map((r) => r.score), [3, 4]);
  // Focus stays on a Remove button, not on the page body.
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^Remove key/);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  await done();
});

test('Add a key and Add a dimension stop at the limits the engine applies, and say so', async () => {
  const { page, problems, close } = await open();
  const { maxKeys, maxDim } = await page.evaluate(() => JSON.parse(document.getElementById('lab-data').textContent).widgets.calculator.fixed);
  assert.match(await page.textContent('#calc-limits'), new RegExp(`^Up to ${maxKeys} keys of up to ${maxDim} numbers each`));
  for (let n = 3; n < maxKeys; ++n) await page.click('#calc-add-key');
  assert.equal(await page.locator('#calc-key-rows tr').count(), maxKeys);
  assert.equal(await page.isDisabled('#calc-add-key'), true);
  assert.match(await page.textContent('#calc-limits'), new RegExp(`All ${maxKeys} keys are in use`));
  const rows = await results(page);
  assert.equal(rows.length, maxKeys);
  assert.equal(await page.textContent('#calc-keys-error'), '');
  // Removing one enables it again.
  await page.click('#calc-key-rows tr:last-child button');
  assert.equal(await page.isDisabled('#calc-add-key'), false);
  for (let d = 2; d < maxDim; ++d) await page.click('#calc-add-dim');
  assert.equal(await page.isDisabled('#calc-add-dim'), true);
  assert.equal((await results(page)).length, maxKeys - 1);
  assert.deepEqual(problems.console, []);
  await close();
});
