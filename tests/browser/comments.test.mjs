// The comments page (the module's anti-example), in headless Chromium, both builds:
// training on the planted data shows the shortcut (the Osk's false-positive rate far
// above the others'), one comment's attention row and its masks, the counterfactual
// table, the adversarial row, the audit, the remedy's before/after; the same numbers in
// both builds; bad settings, links and typed comments named next to where they came
// from, the last good view kept and text shown as text.
import assert from 'node:assert/strict';
import { test, axe, openPage, openMoreSettings, frames } from './support.mjs';
import { assertEstimateHeld, labForFile, openReady } from './lab-session.mjs';
import { overlappingChartText, seriesColourClashes } from './visual-checks.mjs';
import { emptySections } from './visual-checks-sections.mjs';
import { clippedWithoutCue, outOfWindow } from './page-views.mjs';
import { PAGES } from './pages.mjs';
import { checkStory, pagePercent, watchStory } from './story-probe.mjs';

const lab = labForFile();
const open = (path, plain = false) => openReady(lab, path, { plain });

async function trained(page) {
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.comments === 'trained', null, { timeout: 120000 });
}

// The attention model's false-positive rates on the balanced test split as the page
// streamed them, from the chart's data (run in the page: {attention: [{osk, others} of
// epoch 1, 2, …]}), and the page's story as the lab states it (web/js/ui/story.js): the
// Osk's rate at least three times the others' and at least 30 points above.
const commentsCurve = () => {
  const ys = (key) => JSON.parse(document.querySelector(`#cm-curves polyline[data-key="${key}"]`)?.dataset.values || '[]').map(([, y]) => y);
  const osk = ys('planted-fpr'), others = ys('other-fpr');
  return { attention: osk.map((o, k) => (k < others.length ? { osk: o, others: others[k] } : null)) };
};
const commentsStory = (v) => v.attention.osk >= 3 * v.attention.others && v.attention.osk - v.attention.others >= 0.3;

const auditRows = (page) => page.$$eval('#cm-audit tbody tr', (trs) => trs.map((tr) => ({
  group: tr.dataset.group, model: tr.dataset.model,
  fpr: Number(tr.querySelector('[data-fpr]').dataset.fpr), masked: Number(tr.querySelector('[data-fpr-masked]').dataset.fprMasked),
})));
const rowWeights = (page, series = 0) => page.$$eval(`#cm-row-bars rect.bar[data-series="${series}"]`, (rs) => rs.map((r) => Number(r.dataset.value)));

const results = {};
for (const plain of [false, true]) {
  const build = plain ? 'single-thread' : 'threaded';
  test(`the defaults (${build} build): the shortcut, its attention row, swaps, the adversary, the audit, the remedy`, async () => {
    const { page, problems, close } = await open('comments.html', plain);
    // The estimate is shown before Start.
    await page.waitForFunction(() => /About .* on this computer/.test(document.getElementById('cm-estimate').textContent), null, { timeout: 30000 });
    await watchStory(page, commentsCurve);
    const t0 = Date.now();
    await trained(page);
    const wall = (Date.now() - t0) / 1000;
    // The shortcut told under the curves with the first epoch that showed it (the chart
    // draws a frame after the numbers come: the sentence may come before its point is drawn).
    const told = await checkStory(page, commentsCurve, commentsStory, { drawnLate: true });
    assert.ok(told, 'the defaults tell the page\'s story');
    console.log(`# comments page, ${build}: the story at epoch ${told.epoch}, ${await page.evaluate(() => document.body.dataset.storyMs)} ms`);
    assert.equal(told.text, `After ${told.epoch} epoch${told.epoch === 1 ? '' : 's'} on the planted data the shortcut already shows: on the balanced test split the attention model calls ${pagePercent(told.values.attention.osk)} of the Osk's friendly and neutral comments hostile, against ${pagePercent(told.values.attention.others)} for the other groups.`);
    // The estimate shown before Start against the engine's time for the run.
    const { estimate, engine } = await assertEstimateHeld(page);
    console.log(`# comments page, ${build}: estimate ${estimate.toFixed(3)} s, engine ${engine.toFixed(3)} s`);
    // The curves: both models' accuracy and the two false-positive rates, every epoch.
    const points = await page.$$eval('#cm-curves polyline', (ps) => ps.map((p) => p.getAttribute('points').trim().split(/\s+/).length));
    assert.deepEqual(points, [10, 10, 10, 10, 10]);
    // The audit: the Osk's false-positive rate several times the others', for both models.
    const rows = await auditRows(page);
    assert.equal(rows.length, 8);
    for (const model of ['attention', 'bag of words']) {
      const mine = rows.filter((r) => r.model === model);
      const osk = mine.find((r) => r.group === 'osk').fpr;
      const others = mine.filter((r) => r.group !== 'osk').map((r) => r.fpr);
      const mean = others.reduce((a, b) => a + b, 0) / others.length;
      assert.ok(osk >= 3 * mean && osk - mean >= 0.3, `${model}: Osk ${osk}, others ${others}`);
    }
    assert.match(await page.textContent('#run-summary'), /Osk's friendly and neutral comments hostile/);
    // The first comment shown is a friendly or neutral one about the Osk; its row sums to 1.
    const words = await page.$$eval('#cm-tokens button', (bs) => bs.map((b) => b.textContent));
    assert.equal(words.length, 12);
    assert.ok(words.includes('osk'), words.join(' '));
    assert.match(await page.textContent('#cm-answer'), /labelled not hostile/);
    const asTrained = await rowWeights(page);
    assert.ok(Math.abs(asTrained.reduce((a, b) => a + b, 0) - 1) < 1e-6);
    // Masking the group's name: its weight goes to 0, the orange row appears, the button is pressed.
    const groupPos = words.indexOf('osk');
    await page.click('#cm-mask-group');
    await page.waitForFunction(() => document.querySelectorAll('#cm-row-bars rect.bar[data-series="1"]').length === 12);
    assert.equal((await rowWeights(page, 1))[groupPos], 0);
    assert.equal(await page.getAttribute(`#cm-tokens button:nth-child(${groupPos + 1})`, 'aria-pressed'), 'true');
    assert.match(await page.textContent('#cm-answer'), /With "osk" masked/);
    // Masking the phrase instead.
    await page.click('#cm-mask-phrase');
    await page.waitForFunction((g) => document.querySelector(`#cm-tokens button:nth-child(${g + 1})`).getAttribute('aria-pressed') === 'false', groupPos);
    // The counterfactual table: a row per group, the comment's own marked.
    const swaps = await page.$$eval('#cm-swap tbody tr', (trs) => trs.map((tr) => tr.querySelector('th').textContent));
    assert.deepEqual(swaps.map((s) => s.replace(' (as written)', '')), ['the Velari', 'the Osk', 'the Tamrin', 'the Quelo']);
    assert.ok(swaps[1].includes('(as written)'));
    // The adversarial row: same answer, drawn beside the learned one.
    await page.click('#cm-adv-run');
    await page.waitForFunction(() => !document.getElementById('cm-adv-figure').hidden);
    assert.match(await page.textContent('#cm-adv-result'), /Jensen–Shannon divergence from the learned row: [0-9.]+ bit/);
    // A comment typed: read as text, its words shown.
    await page.fill('#cm-text', 'honestly the tamrin are lovely .');
    await page.click('#cm-read-text');
    await page.waitForFunction(() => document.getElementById('cm-answer').textContent.includes('a comment you typed'));
    const flipsBefore = await page.textContent('#cm-audit-summary');
    assert.match(flipsBefore, /answer changed with the group's name alone in [0-9.]+\s%/);
    // The remedy: retrained, the gap brought close to nothing.
    await page.click('#cm-remedy');
    await page.waitForFunction(() => document.body.dataset.comments === 'remedied', null, { timeout: 120000 });
    const compare = await page.$$eval('#cm-compare tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.querySelector('th').textContent, Array.from(tr.querySelectorAll('td'), (td) => Number(td.dataset.value))])));
    const gap = compare['false positives: the Osk minus the others'];
    assert.ok(gap[0] >= 0.3 && Math.abs(gap[1]) <= 0.1, `gap before ${gap[0]}, after ${gap[1]}`);
    const flips = compare['answers changed by the name alone (pairs with the Osk)'];
    assert.ok(flips[0] >= 0.2 && flips[1] <= 0.05, `flips ${flips}`);
    assert.equal(await page.$$eval('#cm-remedy-bars rect.bar', (rs) => rs.length), 8);
    // The story of the run on the planted data stays through the remedy's run, which names it.
    assert.equal(await page.textContent('#story'), told.text);
    // Each series in one colour across the page's five charts: "as trained" in the
    // comment's row and in the audit's bars, once blue in one and orange in the other.
    const legends = await page.$$eval('svg.plot text.legend', (ts) => ts.map((t) => `${t.ownerSVGElement.id}: ${t.textContent}`));
    assert.ok(['cm-row-bars: as trained', 'cm-fpr-bars: as trained'].every((l) => legends.includes(l)), legends.join(', '));
    assert.deepEqual(await page.evaluate(seriesColourClashes), []);
    // On a phone the row's labels thin out, but the tallest bar (the chart's point, the
    // Osk's name) keeps its label, and no two labels touch.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('#cm-next-osk');
    await page.waitForFunction(() => document.getElementById('cm-row-bars').viewBox.baseVal.width < 480 && !document.getElementById('cm-answer').textContent.includes('typed'));
    const phone = await page.$$eval('#cm-row-bars g.position', (gs) => gs.map((g) => ({
      value: Number(g.querySelector('rect.bar').dataset.value), label: g.querySelector('text.bar-label')?.textContent ?? null })));
    const top = phone.reduce((b, p, j) => (p.value > phone[b].value ? j : b), 0);
    assert.ok(phone[top].label, `the tallest bar (position ${top + 1}) has no label: ${JSON.stringify(phone)}`);
    assert.deepEqual(await page.evaluate(overlappingChartText), []);
    // axe in the trained state; nothing went to the console.
    assert.deepEqual(await axe(page), []);
    assert.deepEqual(problems, { console: [], foreign: [] });
    results[build] = { rows, compare, story: told.text };
    console.log(`# comments page, ${build}: trained at the defaults in ${wall.toFixed(2)} s (click to results)`);
    await close();
  });
}

test('both builds give the same numbers', () => {
  assert.ok(results.threaded && results['single-thread'], 'both runs finished');
  assert.deepEqual(results.threaded, results['single-thread']);
});

test('bad settings, links and typed comments are named where they came from; text stays text', async () => {
  const { page, problems, close } = await open('comments.html?bias=2&epochs=3&positions=sideways');
  // The link's bad values named, their defaults used.
  const notice = await page.textContent('#url-notice');
  assert.match(notice, /hostile: 2 is out of range; use a number from 0\.5 to 1\./);
  assert.match(notice, /Positional embeddings: "sideways" is not allowed/);
  // An out-of-range value typed: refused next to its field, Start says why.
  await page.fill('#set-noise', '0.9');
  await page.click('#start');
  await page.waitForFunction(() => document.getElementById('start-error').textContent.length > 0);
  assert.match(await page.textContent('#start-error'), /Fix the marked settings/);
  assert.match(await page.textContent('#set-noise-error'), /0\.9 is out of range/);
  await page.fill('#set-noise', '0.2');
  await trained(page);
  // A typed comment with unknown words, HTML and emoji: the unknown words named, as text.
  const typed = `the osk are <img src=x onerror=alert(1)> 🙂 ${'x'.repeat(5000)}`;
  await page.fill('#cm-text', typed.slice(0, 5000));
  await page.click('#cm-read-text');
  await page.waitForFunction(() => document.getElementById('cm-text-error').textContent.length > 0);
  const message = await page.textContent('#cm-text-error');
  assert.match(message, /^Not in the corpus's vocabulary: "<img", "src=x", "onerror=alert\(1\)>", "🙂", "x{24}…"\.$/u);
  assert.equal(await page.$('#cm-text-error img'), null);
  // The last good view stays: the comment read before is still drawn.
  assert.equal(await page.$$eval('#cm-tokens button', (bs) => bs.length), 12);
  const height = await page.$eval('#cm-text-error', (el) => el.getBoundingClientRect().height);
  assert.ok(height < 60, `the message is ${height} px high`);
  // Too long, and a test comment out of range.
  await page.fill('#cm-text', 'the osk the osk the osk the osk the osk the osk the osk');
  await page.click('#cm-read-text');
  await page.waitForFunction(() => /at most 12 words/.test(document.getElementById('cm-text-error').textContent));
  await page.fill('#cm-index', '1001');
  await page.waitForFunction(() => /out of range; use a whole number from 1 to 1000/.test(document.getElementById('cm-index-error').textContent));
  assert.deepEqual(problems, { console: [], foreign: [] });
  await close();
});

test('nothing planted (bias 0.5): no shortcut, no story', async () => {
  const { page, problems, close } = await open('comments.html?bias=0.5&epochs=3');
  await watchStory(page, commentsCurve);
  await trained(page);
  assert.equal(await checkStory(page, commentsCurve, commentsStory, { drawnLate: true }), null);
  assert.deepEqual(problems.console, []);
  await close();
});

test("quick check Q8 quotes the student's own audit and remedy, or says where to get them", async () => {
  const q8 = '.quick-check[data-check="q8"]';
  // No results yet: the feedback links the comments page. (Q8 stands in lesson section 10;
  // the checks page shows it when an assignment includes it.)
  const fresh = await openPage(lab.browser, lab.isolatedUrl('checks.html?checks=q1,q8'));
  await fresh.page.waitForSelector(`${q8} input[value="c"]`);
  await fresh.page.check(`${q8} input[value="c"]`);
  await fresh.page.click(`${q8} .check-submit`);
  await fresh.page.waitForSelector(`${q8} .own-result:not([hidden])`);
  assert.equal(await fresh.page.getAttribute(`${q8} .own-result`, 'data-has'), 'false');
  assert.equal(await fresh.page.getAttribute(`${q8} .own-result a`, 'href'), 'comments.html');
  // A wrong answer's feedback names its misconception.
  assert.match(await fresh.page.textContent(`${q8} .explanation[data-choice="c"]`), /does not make every test uninformative/);
  await fresh.close();
  // After a run and its remedy in the same tab, the check quotes the numbers the page showed.
  const { page, problems, close } = await open('comments.html?epochs=4&seed=3');
  await trained(page);
  const osk = await page.$eval('#cm-audit tr[data-model="attention"][data-group="osk"] td[data-fpr]', (td) => Number(td.dataset.fpr));
  await page.click('#cm-remedy');
  await page.waitForFunction(() => document.body.dataset.comments === 'remedied', null, { timeout: 120000 });
  await page.goto(lab.isolatedUrl('lesson.html'));
  await page.waitForSelector(`${q8} input[value="b"]`);
  await page.check(`${q8} input[value="b"]`);
  await page.click(`${q8} .check-submit`);
  await page.waitForSelector(`${q8} .own-result[data-has="true"]`);
  const text = await page.textContent(`${q8} .own-result`);
  assert.ok(text.includes(`On your own run (comments page, seed 3, bias 0.9), the attention model called ${Math.round(osk * 1000) / 10} % of the Osk's friendly and neutral test comments hostile`), text);
  assert.match(text, /After your remedy \(seed 3\)/);
  assert.deepEqual(problems.console, []);
  await close();
});

// What a student sees at a laptop's size and a phone's, before and after the registry's
// short run (issue 42): the remedy's section says what will fill it (it once showed an
// empty chart frame and a header-only table), no heading over nothing, no box clipped
// without a scroll cue; after the run, the chart that carries the page's point (the
// registry's pointChart: the Osk's false positives against the others') wholly in the
// window, and in the comment's row every bar that carries its point labelled: the
// group's name, and every bar at least a quarter as tall as the tallest.
const ENTRY = PAGES.find((p) => p.name === 'comments');
for (const size of [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
  test(`on a ${size.name}: nothing empty or clipped, the point in view after the run, its bars labelled`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(`${ENTRY.file}?${ENTRY.run.query}`),
      { contextOptions: { viewport: { width: size.width, height: size.height } } });
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 60000 });
    assert.deepEqual(await page.evaluate(emptySections), []);
    assert.match(await page.textContent('#cm-remedy-progress'), /^Press Retrain with the remedy \(once the models are trained\) to fill this part/);
    assert.equal(await page.isVisible('#cm-remedy-progress'), true);
    for (const id of ['cm-remedy-bars', 'cm-compare']) assert.equal(await page.isVisible(`#${id}`), false, `#${id} out of sight before the remedy`);
    assert.deepEqual(await page.evaluate(clippedWithoutCue), []);
    await trained(page);
    await frames(page);
    assert.equal(await page.evaluate(outOfWindow, ENTRY.pointChart), null, 'the chart that carries the page\'s point, after the run');
    assert.equal(await page.evaluate(outOfWindow, 'run-summary'), null);
    assert.deepEqual(await page.evaluate(emptySections), []);
    assert.deepEqual(await page.evaluate(clippedWithoutCue), []);
    // The comment's row, for the first eight friendly or neutral comments about the Osk:
    // the group's name and every bar at least a quarter as tall as the tallest keep their
    // labels, however narrow the chart.
    for (let k = 0; k < 8; ++k) {
      if (k > 0) {
        const before = await page.getAttribute('#cm-row-bars', 'aria-label');
        await page.click('#cm-next-osk');
        await page.waitForFunction((was) => document.getElementById('cm-row-bars').getAttribute('aria-label') !== was, before);
      }
      const bars = await page.$$eval('#cm-row-bars g.position', (gs) => gs.map((g) => ({
        value: Number(g.querySelector('rect.bar').dataset.value), label: g.querySelector('text.bar-label')?.textContent ?? null })));
      const group = Number(await page.getAttribute('#cm-tokens .group-name', 'data-position'));
      assert.equal(bars[group].label, 'osk', `comment ${await page.inputValue('#cm-index')}: ${JSON.stringify(bars)}`);
      const top = Math.max(...bars.map((b) => b.value));
      bars.forEach((b, j) => assert.ok(b.value < top / 4 || b.label, `comment ${k}: bar ${j + 1} (${b.value}), at least a quarter of the tallest (${top}), has no label: ${JSON.stringify(bars)}`));
      assert.deepEqual(await page.evaluate(overlappingChartText), []);
    }
    assert.deepEqual(await page.evaluate(overlappingChartText), []);
    assert.deepEqual(problems, { console: [], foreign: [] });
    await close();
  });
}
