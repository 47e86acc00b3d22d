// A student's name across fields and tabs, in headless Chromium: a name with nothing
// visible in it is refused at the field (the exercises, the code page, the checks page),
// and a name changed in one tab reaches every other open tab of the lab at once, so no
// tab shows or grades one name's numbers while the work is handed in under another.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const savedName = (page) => page.evaluate(() => (JSON.parse(localStorage.getItem('attention-lab:v1') || '{}').student || {}).name || '');

test('a name of spaces and zero-width characters is refused at the field, the last good one kept', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('exercises.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.fill('#ex-student', 'Ada Lovelace');
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  const seed = await page.evaluate(() => document.body.dataset.seed);
  for (const invisible of ['\u200B\u200B\u200B', ' \u200C \u2060 ', '\uFEFF\u3164']) {
    await page.fill('#ex-student', invisible);
    assert.match(await page.textContent('#ex-student-error'), /no visible character/);
    assert.equal(await page.getAttribute('#ex-student', 'aria-invalid'), 'true');
    assert.equal(await savedName(page), 'Ada Lovelace');
    assert.equal(await page.evaluate(() => document.body.dataset.seed), seed, 'the last good name\'s exercise stays');
  }
  await page.fill('#ex-student', 'Ada Lovelace\u200B');  // a visible name with an invisible tail is a name
  assert.equal(await page.textContent('#ex-student-error'), '');

  for (const [url, field] of [['code.html', '#code-student'], ['checks.html', '#student-name']]) {
    await page.goto(lab.isolatedUrl(url));
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await page.fill(field, '\u200B\u200D');
    assert.match(await page.textContent(`${field}-error`), /no visible character/, url);
    assert.notEqual(await savedName(page), '\u200B\u200D', url);
  }
  assert.deepEqual(problems.console, []);
  await close();
});

test('a name changed in another tab reaches this one: its numbers are the new name\'s', async () => {
  const { page: a, problems, close } = await openPage(lab.browser, lab.isolatedUrl('exercises.html?kind=scaled'));
  await a.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await a.fill('#ex-student', 'Ada Lovelace');
  await a.waitForFunction(() => document.body.dataset.exercise === 'shown');
  const adaSeed = await a.evaluate(() => document.body.dataset.seed);

  // Tab B, same browser: the checks page renames the student.
  const b = await a.context().newPage();
  await b.goto(lab.isolatedUrl('checks.html'));
  await b.waitForFunction(() => document.body.dataset.ready === 'true');
  await b.fill('#student-name', 'Bob Babbage');

  await a.waitForFunction(() => document.getElementById('ex-student').value === 'Bob Babbage');
  await a.waitForFunction((old) => document.body.dataset.exercise === 'shown' && document.body.dataset.seed !== old, adaSeed);
  assert.match(await a.textContent('#ex-student-error'), /changed in another tab/);

  // Bob's exercise, drawn afresh in a third tab, is the one tab A now shows.
  const c = await a.context().newPage();
  await c.goto(lab.isolatedUrl('exercises.html?kind=scaled'));
  await c.waitForFunction(() => document.body.dataset.exercise === 'shown');
  assert.equal(await c.inputValue('#ex-student'), 'Bob Babbage');
  assert.equal(await a.evaluate(() => document.body.dataset.seed), await c.evaluate(() => document.body.dataset.seed));
  assert.deepEqual(problems.console, []);
  await close();
});
