// An assignment that stays chosen: an instructor's link to the checks page holds on the
// landing page, on the checks page opened without it, in the hand-in, and across a new
// visit, until another assignment link is opened.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const shownChecks = (page) => page.$$eval('.check-slot', (slots) => slots.filter((s) => !s.hidden).map((s) => s.dataset.slot));

async function go(page, path) {
  await page.goto(lab.isolatedUrl(path));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
}

test('a link\'s assignment holds on every page and in the hand-in until another link is opened', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('checks.html?checks=q1,q2&require=T:30,seed:7'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  // Shown in number order (the order the lesson meets them): q2 is Q1, q1 is Q4.
  assert.deepEqual(await shownChecks(page), ['q2', 'q1']);
  assert.match(await page.textContent('#assignment-facts'), /stays chosen on every page/);
  // The navigation: the landing page counts the chosen checks, the checks page keeps them.
  await go(page, 'index.html');
  assert.match(await page.textContent('#progress-checks'), /^Quick checks: 0 of 2 answered/);
  assert.match(await page.textContent('#progress-race'), /T = 30, seed = 7/);
  await go(page, 'checks.html');
  assert.deepEqual(await shownChecks(page), ['q2', 'q1']);
  assert.match(await page.textContent('#assignment-facts'), /your instructor's link opened \d{4}-\d\d-\d\d \(checks\.html\?checks=q1,q2&require=T:30,seed:7\)/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /^Assignment: .* \(chosen by the link checks\.html\?checks=q1,q2&require=T:30,seed:7\)$/m);
  assert.match(text, /"checks": \[\n\s*"q1",\n\s*"q2"\n\s*\]/);
  // Another assignment link replaces it.
  await go(page, 'checks.html?checks=q3');
  assert.deepEqual(await shownChecks(page), ['q3']);
  await go(page, 'index.html');
  assert.match(await page.textContent('#progress-checks'), /^Quick checks: 0 of 1 answered/);
  assert.deepEqual(problems.console, []);
  await close();
});
