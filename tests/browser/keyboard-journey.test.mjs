// The homework with the keyboard alone, as a student who does not use a mouse: a quick
// check in the lesson, the race (Start, then Tab reaches Stop), an exercise part, the code
// page's tests, the checks page and the hand-in. No click: only Tab, Shift+Tab, arrows,
// Space, Enter and typing. At every step the focus is visible (an outline or a halo), on
// screen and not covered by anything (WCAG 2.4.7, 2.4.11), and Tab moves it forward in the
// document (Shift+Tab back), the order the page reads in (2.4.3).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// The focused element as the student sees it: [description, problems[]].
function focusSeen() {
  const el = document.activeElement;
  if (!el || el === document.body) return ['the page itself', ['the focus is lost to the page']];
  const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
  const problems = [];
  // The editor's content shows its focus on its frame (css .cm-focused), a map on its drawing.
  const ring = el.closest('.cm-editor') || el;
  const cs = getComputedStyle(ring);
  if ((cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) === 0) && cs.boxShadow === 'none' && !(el.matches('.query-handle'))) problems.push(`${name}: no visible focus`);
  const r = el.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) problems.push(`${name}: off screen`);
  else {
    const x = Math.min(innerWidth - 1, Math.max(0, r.left + Math.min(r.width / 2, 10))), y = Math.min(innerHeight - 1, Math.max(0, r.top + r.height / 2));
    const top = document.elementFromPoint(x, y);
    if (top && top !== el && !el.contains(top) && !top.contains(el) && !(el.labels && [...el.labels].some((l) => l.contains(top)))) problems.push(`${name}: covered by ${top.tagName.toLowerCase()}${top.id ? `#${top.id}` : ''}`);
  }
  return [name, problems];
}

// Tab (or Shift+Tab) until `wanted` (a selector) has the focus, checking every stop.
async function tabTo(page, wanted, { back = false, max = 60 } = {}) {
  const stops = [];
  for (let k = 0; k < max; ++k) {
    await page.evaluate(() => { window.__lastFocus = document.activeElement; });
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // CodeMirror marks its frame focused (.cm-focused) a moment after the focus arrives.
    if (await page.evaluate(() => Boolean(document.activeElement.closest('.cm-editor')))) {
      await page.waitForFunction(() => document.activeElement.closest('.cm-editor.cm-focused'), null, { timeout: 2000 }).catch(() => {});
    }
    const [name, problems] = await page.evaluate(focusSeen);
    stops.push(name);
    assert.deepEqual(problems, [], `after ${stops.join(' > ')}`);
    const forward = await page.evaluate((b) => {
      const was = window.__lastFocus, now = document.activeElement;
      if (!was || was === document.body || !now) return true;
      const after = Boolean(was.compareDocumentPosition(now) & Node.DOCUMENT_POSITION_FOLLOWING);
      return b ? !after : after;
    }, back);
    assert.ok(forward, `${back ? 'Shift+Tab' : 'Tab'} went the wrong way: ${stops.join(' > ')}`);
    if (await page.evaluate((s) => document.activeElement.matches(s), wanted)) return stops;
  }
  throw new Error(`${wanted} not reached in ${max} Tab presses: ${stops.join(' > ')}`);
}

const VIEWPORT = { width: 1280, height: 800 };
const open = (path) => openPage(lab.browser, lab.isolatedUrl(path), { contextOptions: { viewport: VIEWPORT } });
const ready = (page) => page.waitForFunction(() => document.body.dataset.ready === 'true');

test('the lesson: a quick check answered and checked from the keyboard', async () => {
  const { page, problems, close } = await open('lesson.html');
  await ready(page);
  await tabTo(page, '.quick-check input[type=radio]', { max: 200 });
  await page.keyboard.press('ArrowDown');  // the next answer, chosen as it is reached
  await page.keyboard.press('Space');
  await tabTo(page, '.quick-check .check-submit');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement.closest('.quick-check').querySelector('.check-feedback .verdict').textContent.trim());
  assert.deepEqual(problems.console, []);
  await close();
});

test('the race: Start from the keyboard, the next Tab is Stop, Stop ends it and the focus comes back', async () => {
  const { page, problems, close } = await open('race.html?T=30&epochs=400');
  await ready(page);
  await page.waitForFunction(() => document.body.dataset.build);
  await tabTo(page, '#start');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.race === 'running');
  // Start gave its focus to Stop; Shift+Tab and Tab come back to it in order.
  assert.equal(await page.evaluate(() => document.activeElement.id), 'stop');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'stop', 'Tab after Start reaches Stop');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.race !== 'running', null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'start');
  const [, seen] = await page.evaluate(focusSeen);
  assert.deepEqual(seen, []);
  assert.deepEqual(problems.console, []);
  await close();
});

test('the exercises and the code page: a name typed, a part answered, the tests run, all from the keyboard', async () => {
  const ex = await open('exercises.html');
  await ready(ex.page);
  await tabTo(ex.page, '#ex-student');
  await ex.page.keyboard.type('Ada Lovelace');
  await ex.page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  await tabTo(ex.page, '.exercise-part input');
  await ex.page.keyboard.type('1 2 3');
  await ex.page.keyboard.press('Enter');
  await ex.page.waitForFunction(() => document.activeElement.closest('.exercise-part').dataset.verdict);
  assert.deepEqual(ex.problems.console, []);
  await ex.close();

  const code = await open('code.html');
  await ready(code.page);
  await tabTo(code.page, '#code-student', { max: 80 });
  await code.page.keyboard.type('Ada Lovelace');
  await code.page.waitForFunction(() => !document.getElementById('run').disabled);
  await tabTo(code.page, '#run', { back: true });
  await code.page.keyboard.press('Enter');
  await code.page.waitForFunction(() => document.body.dataset.code === 'ran');
  assert.deepEqual(code.problems.console, []);
  await code.close();
});

test('the checks page: an answer checked and the work downloaded from the keyboard', async () => {
  const { page, problems, close } = await open('checks.html');
  await ready(page);
  await tabTo(page, '.quick-check input[type=radio]', { max: 80 });
  await page.keyboard.press('Space');
  await tabTo(page, '.quick-check .check-submit');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement.closest('.quick-check').querySelector('.check-feedback .verdict').textContent.trim());
  await tabTo(page, '#student-name', { max: 200 });
  await page.keyboard.type('Ada Lovelace');
  await tabTo(page, '#student-id');
  await page.keyboard.type('s1234567');
  await tabTo(page, '#export');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  assert.match((await download).suggestedFilename(), /\.txt$|\.json$/);
  assert.deepEqual(problems.console, []);
  await close();
});
