// The image page (beyond text), in headless Chromium, both builds: training at the
// defaults tells the page's story (the transformer at 95 % or more, the bag of patches near
// chance), a test image drawn with the transformer's attention over its patches (the
// read-out's weights, a patch's own row when the patch is pressed or chosen from the
// keyboard), the same image shuffled, the count over the whole test set; the same numbers
// in both builds; with positions off no shuffle changes an answer and the map moves with the
// patches; Stop; a long run announced and declined; bad links, settings and typed input
// named next to where they came from, as text.
import assert from 'node:assert/strict';
import { test, axe, openMoreSettings, answerInPage } from './support.mjs';
import { assertEstimateHeld, labForFile, openReady } from './lab-session.mjs';
import { checkStory, pagePercent, watchStory } from './story-probe.mjs';

const lab = labForFile();
const open = (path, plain = false) => openReady(lab, path, { plain });

async function trained(page) {
  await page.click('#start');
  await page.waitForFunction(() => ['trained', 'error', 'stopped'].includes(document.body.dataset.vision), null, { timeout: 180000 });
  assert.equal(await page.evaluate(() => document.body.dataset.vision), 'trained', await page.textContent('#start-error'));
}

// The validation curves as the page streamed them, from the table of the curves (run in
// the page: {vit, bag: [accuracy of epoch 1, 2, …]}), and the page's story as the lab
// states it (web/js/ui/story.js): the transformer at 95 % or more, the bag at most 60 %.
const visionCurve = () => {
  const curve = { vit: [], bag: [] };
  document.querySelectorAll('#vi-curve-table tbody tr').forEach((tr) => {
    const epoch = Number(tr.cells[0].textContent);
    const value = (c) => (tr.cells[c].dataset.value === undefined ? null : Number(tr.cells[c].dataset.value));
    curve.vit[epoch - 1] = value(2);
    curve.bag[epoch - 1] = value(4);
  });
  return curve;
};
const visionStory = (v) => v.vit >= 0.95 && v.bag <= 0.6;

const weightsOf = (page, id) => page.$eval(`#${id}`, (svg) => JSON.parse(svg.dataset.weights));
const countRow = (page, model) => page.$eval(`#vi-count tr[data-model="${model}"]`, (tr) => ({
  changed: Number(tr.querySelector('[data-changed]').dataset.changed), acc: Number(tr.querySelector('[data-acc]').dataset.acc),
  shuffled: Number(tr.querySelector('[data-acc-shuffled]').dataset.accShuffled),
}));
const tableSum = (page, id) => page.$$eval(`#${id} td[data-weight]`, (tds) => tds.reduce((s, td) => s + Number(td.dataset.weight), 0));

const results = {};
for (const plain of [false, true]) {
  const build = plain ? 'single-thread' : 'threaded';
  test(`the defaults (${build} build): the story, a test image's attention over its patches, its shuffle, the count`, async () => {
    const { page, problems, close } = await open('vision.html', plain);
    await page.waitForFunction(() => /About .* on this computer/.test(document.getElementById('vi-estimate').textContent), null, { timeout: 30000 });
    await watchStory(page, visionCurve);
    const t0 = Date.now();
    await trained(page);
    const wall = (Date.now() - t0) / 1000;
    // The story under the curves, told with the first epoch that showed it.
    const told = await checkStory(page, visionCurve, visionStory);
    assert.ok(told, 'the defaults tell the page\'s story');
    assert.equal(told.text, `After ${told.epoch} epochs, the transformer is at ${pagePercent(told.values.vit)} on the validation images, past the 95\u00a0% mark, while the bag of patches, which cannot see where a patch is, stays near chance (${pagePercent(told.values.bag)}).`);
    const { estimate, engine } = await assertEstimateHeld(page);
    console.log(`# vision page, ${build}: the story at epoch ${told.epoch}, ${await page.evaluate(() => document.body.dataset.storyMs)} ms`);
    console.log(`# vision page, ${build}: estimate ${estimate.toFixed(2)} s, engine ${engine.toFixed(2)} s, click to trained ${wall.toFixed(2)} s`);
    // The curves: both models, every epoch, in both charts and the table.
    const epochs = 40;
    for (const id of ['vi-curves', 'vi-loss']) {
      const points = await page.$$eval(`#${id} polyline`, (ps) => ps.map((p) => p.getAttribute('points').trim().split(/\s+/).length));
      assert.deepEqual(points, [epochs, epochs], id);
    }
    assert.equal(await page.$$eval('#vi-curve-table tbody tr', (trs) => trs.length), epochs);
    // The page's story at its defaults (WebAssembly: the same numbers on every machine).
    const vit = await countRow(page, 'transformer'), bag = await countRow(page, 'bag of patches');
    assert.ok(vit.acc >= 0.95 && bag.acc <= 0.6, `transformer ${vit.acc}, bag ${bag.acc}`);
    assert.match(await page.textContent('#run-summary'), /Test accuracy: transformer [\d.]+\s%, bag of patches [\d.]+\s%/);
    // Shuffled, every test image: many of the transformer's answers change, none of the bag's.
    assert.ok(vit.changed >= 100, `changed ${vit.changed}`);
    assert.equal(bag.changed, 0);
    assert.equal(bag.acc, bag.shuffled);
    // The first test image over its 3 x 3 patches: the read-out's weights, with the class
    // token's, sum to 1; the table holds the same numbers.
    assert.equal(await page.$$eval('#vi-map .pixels rect', (rs) => rs.length), 144);
    assert.equal(await page.$$eval('#vi-map .tint rect', (rs) => rs.length), 9);
    const readout = await weightsOf(page, 'vi-map');
    assert.equal(readout.length, 9);
    assert.ok(Math.abs(await tableSum(page, 'vi-table') - 1) < 1e-5);
    const cells = await page.$$eval('#vi-table td[data-patch]:not([data-patch="cls"])', (tds) => tds.map((td) => Number(td.dataset.weight)));
    // The picture keeps 7 significant digits (data-weights), the table every digit.
    assert.equal(cells.length, 9);
    cells.forEach((w, k) => assert.ok(Math.abs(w - readout[k]) <= 1e-6 * Math.max(w, 1e-3), `patch ${k}: ${w} against ${readout[k]}`));
    assert.match(await page.getAttribute('#vi-map', 'aria-label'), /^Test image 1: plus signs at row \d, column \d and row \d, column \d, the ring at row \d, column \d\. The read-out's weights: highest at/);
    // A patch pressed: its own row, outlined; the select follows.
    await page.click('#vi-map .tint rect[data-patch="4"]');
    await page.waitForFunction(() => document.getElementById('vi-map').dataset.selected === '4');
    assert.equal(await page.inputValue('#vi-whose'), '4');
    assert.ok(Math.abs(await tableSum(page, 'vi-table') - 1) < 1e-5);
    assert.notDeepEqual(await weightsOf(page, 'vi-map'), readout);
    assert.equal(await page.$$eval('#vi-table td.gold', (tds) => tds.map((td) => td.dataset.patch).join()), '4');
    // From the keyboard: the select moves to the next patch's row.
    await page.focus('#vi-whose');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.getElementById('vi-map').dataset.selected === '5');
    // The same image shuffled: the same patches, other places; with positions on its answer may move.
    const order = await page.$eval('#vi-shuffled-map', (svg) => JSON.parse(svg.dataset.order));
    assert.deepEqual([...order].sort(), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert.notDeepEqual(order, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // The shuffled picture outlines where patch 5 went.
    assert.equal(await page.$eval('#vi-shuffled-map', (svg) => svg.dataset.selected), String(order.indexOf(5)));
    assert.match(await page.textContent('#vi-shuffle-answer'), /^Shuffled \(the plus signs now (do not )?share a row\): the transformer says (yes|no)/);
    // The next image the transformer gets wrong, or the words for none.
    await page.selectOption('#vi-whose', 'readout');
    await page.click('#vi-next-wrong');
    await page.waitForFunction(() => document.getElementById('vi-index').value !== '1' || document.getElementById('vi-index-error').textContent !== '');
    if (vit.acc === 1) assert.match(await page.textContent('#vi-index-error'), /gets every one of the 400 test images right/);
    await page.click('#vi-next-yes');
    await page.waitForFunction(() => /answer: yes/.test(document.getElementById('vi-map-caption').textContent));
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(problems, { console: [], foreign: [] });
    results[build] = { vit, bag, readout, order, story: told.text, curve: await page.$$eval('#vi-curve-table td[data-value]', (tds) => tds.map((td) => td.dataset.value)) };
    await close();
  });
}

test('both builds give the same numbers', () => {
  assert.ok(results.threaded && results['single-thread'], 'both runs finished');
  assert.deepEqual(results.threaded, results['single-thread']);
});

test('positions off: no shuffle changes an answer (by construction), and the map moves with the patches', async () => {
  const { page, problems, close } = await open('vision.html?positions=off&epochs=3&images=1000');
  await watchStory(page, visionCurve);
  await trained(page);
  // Blind to where its patches are, the transformer stays near chance: no story.
  assert.equal(await checkStory(page, visionCurve, visionStory), null);
  const vit = await countRow(page, 'transformer');
  assert.equal(vit.changed, 0);
  assert.equal(vit.acc, vit.shuffled);
  assert.match(await page.textContent('#vi-count-summary'), /Positions are off: 0 of 400 answers changed, by construction rather than by experiment/);
  for (const index of ['1', '2', '17']) {
    await page.fill('#vi-index', index);
    await page.waitForFunction((i) => document.getElementById('vi-map-caption').textContent.startsWith(`Test image ${i} `), index);
    const { p1, shuffledP1 } = await page.evaluate(() => ({ ...document.body.dataset }));
    assert.equal(p1, shuffledP1);  // the same probability, bit for bit
    const before = await weightsOf(page, 'vi-map'), after = await weightsOf(page, 'vi-shuffled-map');
    const order = await page.$eval('#vi-shuffled-map', (svg) => JSON.parse(svg.dataset.order));
    assert.deepEqual(after, order.map((k) => before[k]));
    assert.match(await page.textContent('#vi-shuffle-answer'), /The same probability, to the last digit/);
  }
  assert.deepEqual(problems, { console: [], foreign: [] });
  await close();
});

test('Stop ends training; a new run shows nothing of the last; a long run is announced and declined', async () => {
  const { page, problems, close } = await open('vision.html?epochs=3&images=1000');
  await trained(page);
  assert.equal(await page.$$eval('#vi-map rect', (rs) => rs.length > 0), true);
  await page.fill('#set-epochs', '200');
  await page.click('#start');
  await page.waitForFunction(() => document.activeElement.id === 'stop');  // focus handed to Stop
  await page.waitForFunction(() => document.querySelectorAll('#vi-curves polyline')[0]?.getAttribute('points').trim().split(/\s+/).length >= 2, null, { timeout: 60000 });
  // The last run's image and count are gone while this one trains.
  assert.equal(await page.$$eval('#vi-map rect', (rs) => rs.length), 0);
  assert.equal(await page.$$eval('#vi-count tbody tr', (trs) => trs.length), 0);
  await page.keyboard.press('Enter');  // Stop, from the keyboard
  await page.waitForFunction(() => document.body.dataset.vision === 'stopped', null, { timeout: 30000 });
  assert.match(await page.textContent('#vi-progress'), /^Stopped/);
  assert.equal(await page.isDisabled('#vi-index'), true);
  // A long run: asked before it starts, and not started when declined.
  await openMoreSettings(page);
  await page.fill('#set-images', '100000');
  await page.waitForFunction(() => /About .* on this computer/.test(document.getElementById('vi-estimate').textContent), null, { timeout: 30000 });
  await page.click('#start');
  assert.match(await answerInPage(page, false), /This training will take about .* on this computer\. Start it anyway\?/);
  await page.waitForFunction(() => /^Not started/.test(document.getElementById('start-error').textContent));
  assert.equal(await page.evaluate(() => document.body.dataset.vision), 'stopped');
  assert.deepEqual(problems, { console: [], foreign: [] });
  await close();
});

test('bad links, out-of-range settings and typed input are named where they came from; text stays text', async () => {
  const { page, problems, close } = await open('vision.html?epochs=0&positions=sideways&lr=abc&seed=%3Cb%3Ex%3C%2Fb%3E&pooling=mean');
  const notice = await page.textContent('#url-notice');
  assert.match(notice, /Epochs: 0 is out of range; use a whole number from 1 to 200\./);
  assert.match(notice, /Positional embeddings: "sideways" is not allowed/);
  assert.match(notice, /Learning rate: "abc" is not a number/);
  assert.match(notice, /Seed: "<b>x<\/b>" is not a number/);
  assert.equal(await page.$('#url-notice b'), null);
  assert.equal(await page.inputValue('#set-epochs'), '40');  // the default used instead
  // Out of range, typed: refused next to the field, and Start says why.
  await page.fill('#set-epochs', '500');
  await page.click('#start');
  await page.waitForFunction(() => document.getElementById('start-error').textContent.length > 0);
  assert.match(await page.textContent('#start-error'), /Fix the marked settings/);
  assert.match(await page.textContent('#set-epochs-error'), /500 is out of range/);
  await openMoreSettings(page);
  await page.fill('#set-dmodel', '<img src=x onerror=alert(1)>');
  await page.waitForFunction(() => document.getElementById('set-dmodel-error').textContent.length > 0);
  assert.match(await page.textContent('#set-dmodel-error'), /^Token width D: "<img src=x onerror=alert…" is not a number; use a whole number from 4 to 128\.$/);
  assert.equal(await page.$('#settings img'), null);
  await page.fill('#set-dmodel', '32');
  await page.fill('#set-epochs', '2');
  await page.fill('#set-images', '500');
  await trained(page);
  // A test image number: not whole, then out of range; the last good image stays drawn.
  await page.fill('#vi-index', '2.5');
  await page.waitForFunction(() => document.getElementById('vi-index-error').textContent.length > 0);
  assert.match(await page.textContent('#vi-index-error'), /^Test image: "2\.5" is not a whole number; use a whole number from 1 to 400\.$/);
  assert.equal(await page.getAttribute('#vi-index', 'aria-invalid'), 'true');
  await page.fill('#vi-index', '401');
  await page.waitForFunction(() => /401 is out of range/.test(document.getElementById('vi-index-error').textContent));
  assert.equal(await page.$$eval('#vi-map .pixels rect', (rs) => rs.length), 144);
  assert.match(await page.getAttribute('#vi-map', 'aria-label'), /^Test image 1:/);
  assert.deepEqual(problems, { console: [], foreign: [] });
  await close();
});
