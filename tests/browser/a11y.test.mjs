// Every page of the registry (content/pages.json): WCAG 2.2 A and AA (axe-core's rules
// and the 24 px target scan of support.mjs) at a laptop's 1280 x 800 and a phone's
// 320 x 640 (the reflow width), in the states a student sees; no console errors, no
// foreign request.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage, axe, smallTargets, frames } from './support.mjs';
import { PAGES, pageReady, shortRun } from './pages.mjs';
import { writeClass } from './fabricated-class.mjs';
import { pastRightEdge } from './visual-checks.mjs';

const LAPTOP = { width: 1280, height: 800 }, PHONE = { width: 320, height: 640 };
// Two frames: what a resize re-lays out (scroll frames' marks, charts drawn to their
// width) is in place before the page is read.
const settle = frames;

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// Every page is checked as it loads, then in the state a student sees most: a widget
// after its main control ran (named here, or its registry "run"), with more of its
// views open where named. A widget whose primary action (its registry firstScreen) is a
// button and that has neither fails by name; one whose action is a field shows its
// results as it loads.
const AFTER_LOAD = {
  race: async (page) => {
    await page.goto(page.url().replace(/\?.*$/, '') + '?T=8&epochs=2');
    await pageReady(page, PAGES.find((p) => p.name === 'race'));
    await page.click('#start');
    await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
    await page.waitForFunction(() => document.getElementById('heatmap-step').dataset.weights);
  },
  translate: async (page) => {
    await page.goto(page.url().replace(/\?.*$/, '') + '?epochs=2&hidden=8&max_len=6');
    await pageReady(page, PAGES.find((p) => p.name === 'translate'));
    await page.waitForFunction(() => !document.getElementById('start').disabled);
    await page.click('#start');
    await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 60000 });
    await page.click('#tr-matrix-details summary');  // the weights' table open too
    await page.fill('#tr-sentence', 'le chat noir');  // within the 6 words this run was trained on
    await page.click('#tr-translate');
    await page.waitForFunction(() => document.body.dataset.typedFrom === 'le chat noir');  // its own, not the waiting one
  },
  reading: async (page) => {
    await page.goto(page.url().replace(/\?.*$/, '') + '?T=8&epochs=2');
    await pageReady(page, PAGES.find((p) => p.name === 'reading'));
    await page.waitForFunction(() => !document.getElementById('start').disabled);
    await page.click('#start');
    await page.waitForFunction(() => document.body.dataset.reading === 'trained', null, { timeout: 60000 });
    await page.click('#rd-mask-top');
    await page.click('#rd-adv-run');
    await page.waitForFunction(() => document.body.dataset.jsd !== undefined);
  },
  checks: async (page) => page.click('.check-slot .check-submit'),  // a feedback message showing
  code: async (page) => {  // the starter code run: passes, failures, the first one's details open
    await page.fill('#code-student', 'Ada Lovelace');
    await page.waitForFunction(() => !document.getElementById('run').disabled);
    await page.click('#run');
    await page.waitForFunction(() => document.body.dataset.code === 'ran');
  },
  instructor: async (page) => {  // a class's hand-ins read: the gradebook and its item analysis shown
    await page.setInputFiles('#files', writeClass(mkdtempSync(join(tmpdir(), 'a11y-class-')), 12).paths);
    await page.waitForFunction(() => document.body.dataset.rows === '12' && document.body.dataset.regrading === 'false');
  },
  exercises: async (page) => {  // an exercise shown, one part checked
    await page.fill('#ex-student', 'Ada Lovelace');
    await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
    await page.fill('#ex-part-scores', '1 2 3');
    await page.press('#ex-part-scores', 'Enter');
    await page.waitForFunction(() => document.querySelector('[data-part=scores]').dataset.verdict);
  },
};

test('every page AFTER_LOAD names is a page of the registry', () => {
  assert.deepEqual(Object.keys(AFTER_LOAD).filter((name) => !PAGES.some((p) => p.name === name)), []);
});

// A widget's registry run (content/pages.json "run"), from the page as it is (its window
// already sized): reloaded with the run's short settings, then pressed until it ends.
async function registryRun(page, entry) {
  await page.goto(page.url().replace(/\?.*$/, '') + `?${entry.run.query}`);
  await pageReady(page, entry);
  await shortRun(page, entry);
}

for (const entry of PAGES) {
  test(`${entry.file}: no WCAG 2.2 AA violations at 1280 and 320 px as it loads and after its run, no console errors, no request leaving the origin`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(entry.file), { contextOptions: { viewport: LAPTOP } });
    await pageReady(page, entry);
    // Both sizes in each state: the window resized, as a student turning a tablet would.
    const bothSizes = async (state, first, second) => {
      for (const size of [first, second]) {
        await page.setViewportSize(size);
        await settle(page);
        assert.deepEqual(await axe(page), [], `${state}, ${size.width} x ${size.height}`);
      }
    };
    await bothSizes('as it loads', LAPTOP, PHONE);
    if (AFTER_LOAD[entry.name]) await AFTER_LOAD[entry.name](page);
    else if (entry.run) await registryRun(page, entry);
    else if (entry.firstScreen) {
      // A widget whose primary action is a button shows its results only once pressed:
      // without a state named here or a registry run, its results would go unchecked.
      const tag = await page.evaluate((id) => document.getElementById(id)?.tagName, entry.firstScreen[0]);
      assert.notEqual(tag, 'BUTTON', `${entry.name}: its action #${entry.firstScreen[0]} is a button, but neither AFTER_LOAD (tests/browser/a11y.test.mjs) nor a "run" in content/pages.json presses it`);
    }
    await bothSizes('after its run', PHONE, LAPTOP);
    assert.deepEqual(problems.console, []);
    assert.deepEqual(problems.foreign, []);
    if (entry.widget) assert.match(await page.textContent('#build-status'), /^Runs here in your browser, on two threads\. How it runsRunning the threaded WebAssembly build/);
    await close();
  });
}

// Embedded: every widget with ?embed (the lab's frame inside a course page), and the two
// embedding demos (the deck, a course page), at both sizes as they load.
test('embed mode and the embedding demos: no WCAG 2.2 AA violations at 1280 and 320 px', async () => {
  const targets = [...PAGES.filter((p) => p.widget).map((p) => [`${p.file}?embed`, p]), ['embed/deck.html', null], ['embed/lms-page.html', null]];
  for (const [path, entry] of targets) {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(path), { contextOptions: { viewport: LAPTOP } });
    if (entry) await pageReady(page, entry);
    else await page.waitForLoadState('load');
    for (const size of [LAPTOP, PHONE]) {
      await page.setViewportSize(size);
      await settle(page);
      assert.deepEqual(await axe(page), [], `${path}, ${size.width} x ${size.height}`);
    }
    assert.deepEqual(problems.console, [], path);
    await close();
  }
});

test('the question asked in the page before a long run, and one position picked out in every view: axe-clean', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('race.html?T=100&hidden=128&dmodel=128&batch=1&epochs=200'));
  await pageReady(page, PAGES.find((p) => p.name === 'race'));
  await page.waitForFunction(() => /minutes|hours/.test(document.getElementById('race-estimate').textContent), null, { timeout: 60000 });
  await page.click('#start');
  await page.waitForSelector('.confirm[role="alertdialog"]');
  assert.deepEqual(await axe(page), [], 'with the question open');
  await page.click('.confirm-no');
  await page.goto(lab.isolatedUrl('race.html?T=8&epochs=1'));
  await pageReady(page, PAGES.find((p) => p.name === 'race'));
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  await page.click('#step-table-details summary');
  await page.hover('#step-tokens span[data-position="2"]');
  assert.deepEqual(await axe(page), [], 'a position picked out');
  assert.deepEqual(problems.console, []);
  await close();
});

test('the attention table and the race work from the keyboard alone', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?T=8&epochs=1'));
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
  await page.focus('#start');
  await page.keyboard.press('Enter');
  // Start disabled itself: the focus is on Stop, not lost to the page's body.
  await page.waitForFunction(() => document.body.dataset.race !== 'running' || document.activeElement.id === 'stop');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'start');
  await page.waitForFunction(() => document.getElementById('heatmap-step').dataset.index);
  const first = await page.getAttribute('#heatmap-step', 'data-index');
  await page.focus('#next-example');
  await page.keyboard.press('Enter');
  await page.waitForFunction((i) => document.getElementById('heatmap-step').dataset.index === String(Number(i) + 1), first);
  // Focus is visible: the focused control gets an outline.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  await close();
});

// The target scan itself (support.mjs), against what it must catch and what it must let
// pass: crowded small controls fail; small ones spaced 24 px apart, a link inside a
// sentence and full-size controls pass.
test('the 24 px target scan fails crowded small targets and passes spaced ones', async () => {
  const { page, close } = await openPage(lab.browser, lab.plainUrl('index.html'));
  await page.setContent(`<main>
    <div id="crowded"><button style="all:unset;display:inline-block;width:13px;height:13px">a</button><button style="all:unset;display:inline-block;width:13px;height:13px">b</button></div>
    <div id="spaced" style="margin-top:60px"><button style="all:unset;display:inline-block;width:13px;height:13px">c</button><span style="display:inline-block;width:30px"></span><button style="all:unset;display:inline-block;width:13px;height:13px">d</button></div>
    <p style="margin-top:60px">A sentence with <a href="#x">a link</a> in it.</p>
    <button style="margin-top:60px;width:40px;height:30px">ok</button></main>`);
  const found = await smallTargets(page);
  assert.equal(found.length, 2, found.join('; '));
  assert.ok(found.every((f) => f.startsWith('button 13x13')), found.join('; '));
  await close();
});

// WCAG 2.2's A and AA success criteria (4.1.1 Parsing is obsolete but still listed).
const WCAG22_A_AA = ['1.1.1', '1.2.1', '1.2.2', '1.2.3', '1.2.4', '1.2.5', '1.3.1', '1.3.2', '1.3.3', '1.3.4', '1.3.5',
  '1.4.1', '1.4.2', '1.4.3', '1.4.4', '1.4.5', '1.4.10', '1.4.11', '1.4.12', '1.4.13', '2.1.1', '2.1.2', '2.1.4',
  '2.2.1', '2.2.2', '2.3.1', '2.4.1', '2.4.2', '2.4.3', '2.4.4', '2.4.5', '2.4.6', '2.4.7', '2.4.11', '2.5.1', '2.5.2',
  '2.5.3', '2.5.4', '2.5.7', '2.5.8', '3.1.1', '3.1.2', '3.2.1', '3.2.2', '3.2.3', '3.2.4', '3.2.6', '3.3.1', '3.3.2',
  '3.3.3', '3.3.4', '3.3.7', '3.3.8', '4.1.1', '4.1.2', '4.1.3'];

test('the conformance report: linked from the instructor page, every WCAG 2.2 A and AA criterion once with a verdict and its evidence, readable at both sizes', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'), { contextOptions: { viewport: LAPTOP } });
  await page.click('a[href="accessibility.html"]');
  await page.waitForURL(/accessibility\.html$/);
  const rows = await page.$$eval('.report table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent.trim())));
  const numbers = rows.map((r) => r[0].split(' ')[0]);
  assert.deepEqual([...numbers].sort(), [...WCAG22_A_AA].sort(), 'each criterion once');
  const VERDICTS = ['Supports', 'Partially Supports', 'Does Not Support', 'Not Applicable'];
  const tests = new Set(readdirSync('tests/browser').filter((f) => f.endsWith('.test.mjs')));
  for (const [criterion, level, verdict, evidence] of rows) {
    assert.ok(['A', 'AA'].includes(level), `${criterion}: level ${level}`);
    assert.ok(VERDICTS.includes(verdict), `${criterion}: verdict "${verdict}"`);
    assert.ok(evidence.length > 10, `${criterion}: no evidence`);
    if (verdict !== 'Supports') continue;
    // "Supports" stands on a test of this repository (each one named exists) or a manual check said so.
    const named = [...evidence.matchAll(/[\w-]+\.test\.mjs/g)].map((m) => m[0]);
    for (const file of named) assert.ok(tests.has(file), `${criterion}: names ${file}, which does not exist`);
    assert.ok(named.length > 0 || /\((a11y|themes|reader)\b|a11y:|themes\)|reader\)|Manual check/.test(evidence), `${criterion}: "Supports" without a test or a stated manual check: ${evidence}`);
  }
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await settle(page);
    assert.deepEqual(await axe(page), [], `${size.width} x ${size.height}`);
    assert.deepEqual(await page.evaluate(pastRightEdge), [], `${size.width} x ${size.height}: past the right edge`);
  }
  assert.deepEqual(problems.console, []);
  await close();
});
