// Long answers are refused at their field, never cut: the quick checks' short answer past
// what the saved work keeps (work/store.js TEXT_MAX) says so where it is typed, keeps the
// text in the field, and saves nothing until it fits; what was saved comes back whole.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

test('a short answer over the limit is refused at the field; one under it is kept whole', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const field = await page.$eval('section.quick-check[data-kind="short"] textarea', (t) => `#${t.id}`);
  const section = `section.quick-check[data-kind="short"]`;
  const saved = () => page.evaluate((id) => {
    const s = JSON.parse(localStorage.getItem('attention-lab:v1') || '{}');
    return ((s.answers || {})[id] || {}).text;
  }, field.slice(1).replace(/-text$/, ''));

  const fits = 'Scaling keeps the scores near unit variance. '.repeat(440);  // 19,800 characters
  await page.fill(field, fits);
  assert.equal(await saved(), fits);
  const tooLong = `${fits}${'x'.repeat(5000)}`;
  await page.fill(field, tooLong);
  assert.match(await page.textContent(`${section} .check-feedback`), /^This answer is 24,800 characters; at most 20,000 are saved\. Shorten it to keep it\.$/);
  assert.equal(await page.getAttribute(field, 'aria-invalid'), 'true');
  assert.equal(await page.inputValue(field), tooLong, 'the text stays in the field, whole');
  assert.equal(await saved(), fits, 'nothing cut was saved');

  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await page.inputValue(field), fits, 'what was saved comes back whole');
  assert.deepEqual(problems.console, []);
  await close();
});
