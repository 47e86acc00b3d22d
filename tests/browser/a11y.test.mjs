// axe-core (WCAG 2.0/2.1 A and AA rules) on every page, in the states a student sees.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { startLab, openPage } from './support.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

async function axe(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }));
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')})`);
}

const PAGES = {
  'index.html': async () => {},
  'lesson.html': async (page) => page.waitForFunction(() => document.body.dataset.ready),
  'attention-table.html': async (page) => page.waitForFunction(() => document.querySelectorAll('#result-rows tr').length === 5),
  'race.html?T=8&epochs=2': async (page) => {
    await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
    await page.click('#start');
    await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
    await page.waitForFunction(() => document.getElementById('heatmap-step').dataset.weights);
  },
  'checks.html': async (page) => {
    await page.waitForFunction(() => document.body.dataset.ready);
    await page.click('.check-slot .check-submit');  // a feedback message showing
  },
  'instructor.html': async (page) => page.waitForFunction(() => document.body.dataset.ready),
};

for (const [path, prepare] of Object.entries(PAGES)) {
  test(`axe finds no WCAG 2.1 AA violations on ${path}`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(path));
    await prepare(page);
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(problems.console, []);
    await close();
  });
}

test('the attention table and the race work from the keyboard alone', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?T=8&epochs=1'));
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
  await page.focus('#start');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  await page.focus('#next-example');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('heatmap-step').dataset.index === '1');
  // Focus is visible: the focused control gets an outline.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  await close();
});
