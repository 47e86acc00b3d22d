// The landing page as the student's dashboard: what they did in this browser (a race
// run, a widget used, the lesson read to its end) ticks its activity, with the
// quick checks' progress and the latest race; "Download my work" on every page.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';
import { readFileSync } from 'node:fs';
import { PAGES } from './pages.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// Every page the landing page lists as an activity (the registry's cards), each with a time.
const ACTIVITIES = PAGES.filter((p) => p.card).length;
const TIMED = PAGES.filter((p) => p.card && p.minutes).length;
const ASSIGNED = JSON.parse(readFileSync('content/assignment.json', 'utf8')).checks.length;
// The assigned checks the student assesses themselves: named beside the count, since the
// score's "quick checks n of m" leaves them out.
const SELF = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks
  .filter((c) => c.kind === 'short' && JSON.parse(readFileSync('content/assignment.json', 'utf8')).checks.includes(c.id)).map((c) => `Q${c.number}`);
const ticked = (page) => page.$$eval('.cards li[data-done="true"]', (lis) => lis.map((li) => li.dataset.page));

test('each activity is ticked once done, from the saved work; the progress says so in words', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('index.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.deepEqual(await ticked(page), []);
  assert.match(await page.textContent('#progress-done'), new RegExp(`^Nothing done yet in this browser: ${ACTIVITIES} activities below`));
  assert.match(await page.textContent('#progress-checks'), new RegExp(`^Quick checks: 0 of ${ASSIGNED} answered \\(${SELF.join(', ')}, which you assess yourself, is reported apart from the score\\)\\. Score so far: 0 of \\d+: quick checks 0 of ${ASSIGNED - SELF.length}, exercises 0 of \\d+\\.$`));
  assert.match(await page.textContent('#progress-race'), /^Training race: no run saved yet\./);
  // Every activity with a rough time.
  assert.equal(await page.locator('.cards li .minutes').count(), TIMED);
  assert.equal(TIMED, ACTIVITIES);

  // A race run to the end.
  await page.goto(lab.isolatedUrl('race.html?T=8&epochs=1'));
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  // A live widget used: a value changed.
  await page.goto(lab.isolatedUrl('calculator.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.fill('#calc-query', '1, 1');
  // A live widget only looked at is not done; nor is a lesson read half-way.
  await page.goto(lab.isolatedUrl('scaling.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.goto(lab.isolatedUrl('lesson.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.goto(lab.isolatedUrl('index.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.deepEqual((await ticked(page)).sort(), ['calculator', 'race']);
  assert.equal(await page.textContent('#progress-done'), `2 of ${ACTIVITIES} activities done in this browser.`);
  assert.match(await page.textContent('.cards li[data-page="race"]'), /Done\.$/);
  assert.match(await page.textContent('#progress-race'), /^Training race: 1 run saved; the latest, self-attention [\d.]+\u00a0% of the test sequences right, the GRU [\d.]+\u00a0%\. The assignment asks for a race run to the end with T = 30/);

  // The lesson read to its end.
  await page.goto(lab.isolatedUrl('lesson.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('attention-lab:v1')).done.lesson);
  await page.goto(lab.isolatedUrl('index.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.deepEqual((await ticked(page)).sort(), ['calculator', 'lesson', 'race']);
  assert.deepEqual(problems.console, []);
  await close();
});

test('"Download my work" is one step away on every student\'s page, and not on the gradebook', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('index.html'));
  for (const entry of PAGES.filter((p) => p.kind !== 'launch' && p.kind !== 'instructor')) {
    await page.goto(lab.isolatedUrl(entry.file));
    const href = await page.getAttribute('header .nav-handin a', 'href');
    assert.equal(href, 'checks.html#hand-in', entry.file);
  }
  await page.goto(lab.isolatedUrl('instructor.html'));
  assert.equal(await page.$('header .nav-handin'), null, 'the instructor has no work of their own to hand in');
  await page.goto(lab.isolatedUrl('checks.html#hand-in'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await page.isVisible('#hand-in #export'), true);
  await close();
});
