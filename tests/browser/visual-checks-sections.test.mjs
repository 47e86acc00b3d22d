// The empty-section check (visual-checks-sections.mjs) sees the defects it was written
// for, put back into a real page one at a time: a heading over nothing, a caption over
// a header-only table, a figure with a blank drawing, an empty chart frame; and it
// passes a section that says what will fill it, and the lab's own hiding of tables and
// figures that have nothing yet (web/js/ui/hide-empty.js, on a widget page).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';
import { emptySections } from './visual-checks-sections.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

async function lesson() {
  const opened = await openPage(lab.browser, lab.isolatedUrl('lesson.html'), { contextOptions: { viewport: { width: 1280, height: 800 } } });
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true');
  return opened;
}
const addToMain = (page, html) => page.evaluate((h) => document.querySelector('main').insertAdjacentHTML('afterbegin', h), html);

test('the lesson has no empty section', async () => {
  const { page, close } = await lesson();
  assert.deepEqual(await page.evaluate(emptySections), []);
  await close();
});

test('a heading over nothing is seen; the same heading over a line saying what will fill it is not', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<section id="s1"><h2 id="h-empty">Queries (decoder states)</h2><div class="panel"></div><p id="later" hidden>Filled later</p></section>');
  assert.deepEqual(await page.evaluate(emptySections), ['"Queries (decoder states)" (h2#h-empty) heads an empty section']);
  await page.evaluate(() => { document.querySelector('#s1 .panel').textContent = 'Press Translate: the decoder\'s states appear here.'; });
  assert.deepEqual(await page.evaluate(emptySections), []);
  await close();
});

test('a caption over a header-only table, a figure over a blank drawing and an empty chart frame are seen', async () => {
  const { page, close } = await lesson();
  await addToMain(page, `<div id="box">
    <table id="t"><caption>Before and after the remedy</caption><thead><tr><th>group</th><th>rate</th></tr></thead><tbody></tbody></table>
    <figure id="f1"><svg id="blank" width="100" height="100"></svg><figcaption>The image as drawn.</figcaption></figure>
    <figure id="f2"><svg id="frame" class="plot" width="300" height="100" viewBox="0 0 300 100"><rect class="frame" x="10" y="10" width="280" height="80"></rect>
      <polyline class="series" data-count="0" points=""></polyline><text x="150" y="98" class="axis-title">epoch</text></svg><figcaption>False-positive rate per group</figcaption></figure></div>`);
  assert.deepEqual(await page.evaluate(emptySections), [
    '"Before and after the remedy" (table#t) captions an empty table',
    '"The image as drawn." (figure#f1) captions an empty figure',
    '"False-positive rate per group" (figure#f2) captions an empty figure',
  ]);
  // Filled, or saying what will fill it: none is reported.
  await page.evaluate(() => {
    document.querySelector('#t tbody').innerHTML = '<tr><td>Velorian</td><td>0.30</td></tr>';
    document.getElementById('blank').innerHTML = '<rect width="10" height="10"></rect>';
    document.getElementById('frame').insertAdjacentHTML('beforeend', '<text class="waiting" x="150" y="50">The curves appear here once a run starts.</text>');
  });
  assert.deepEqual(await page.evaluate(emptySections), []);
  await close();
});

test('a widget page hides a table and a figure while they are empty and shows them once filled (ui/hide-empty.js)', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('vision.html'), { contextOptions: { viewport: { width: 390, height: 844 } } });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const shown = (sel) => page.evaluate((s) => document.querySelector(s).checkVisibility({ visibilityProperty: true }), sel);
  // Before training: the image's figure and its weight table are out of sight, yet the
  // figure keeps its width (a chart drawn into it measures a phone's width).
  assert.equal(await shown('#vi-table'), false);
  assert.equal(await shown('#vi-map'), false);
  assert.ok(await page.evaluate(() => document.getElementById('vi-map').closest('figure').getBoundingClientRect().width > 200));
  assert.deepEqual(await page.evaluate(emptySections), []);
  // A script fills them: they appear, with no call from the page's own code.
  await page.evaluate(() => {
    document.querySelector('#vi-table tbody').innerHTML = '<tr><td>0.25</td></tr>';
    document.getElementById('vi-map').innerHTML = '<rect width="10" height="10"></rect>';
  });
  await page.waitForFunction(() => document.getElementById('vi-map').checkVisibility({ visibilityProperty: true }));
  assert.equal(await shown('#vi-table'), true);
  // Emptied again (a new run's reset): out of sight again.
  await page.evaluate(() => { document.querySelector('#vi-table tbody').replaceChildren(); document.getElementById('vi-map').replaceChildren(); });
  await page.waitForFunction(() => !document.getElementById('vi-map').checkVisibility({ visibilityProperty: true }));
  assert.equal(await shown('#vi-table'), false);
  await close();
});
