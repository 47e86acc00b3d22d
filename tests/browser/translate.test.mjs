// The translation page in headless Chromium, both builds: a short training run shows
// its curves, an attention matrix that changes between epochs with rows summing to 1
// and the gold links marked, the bottleneck by length, "je suis étudiant", a typed
// sentence translated, bad input named next to its field; the keyboard alone.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, answerInPage, startLab, openPage, legendsPastEdge, openMoreSettings, frames } from './support.mjs';
import { PAGES } from './pages.mjs';
import { emptySections } from './visual-checks-sections.mjs';
import { clippedWithoutCue, outOfWindow } from './page-views.mjs';
import { checkStory, pagePercent, watchStory } from './story-probe.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const SHORT = 'translate.html?epochs=3&hidden=16';
// The shortest run known to tell the page's story (attention at 95 % of validation
// sentences exactly right, the fixed summary far behind): the page's defaults.
const STORY_RUN = 'translate.html';

async function open(path, plain = false) {
  const opened = await openPage(lab.browser, plain ? lab.plainUrl(path) : lab.isolatedUrl(path));
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 60000 });
  return opened;
}

// The validation curves as the page streamed them, from the table of epochs (run in the
// page: {kind: [share of sentences exactly right at epoch 1, 2, …]}), and the page's story
// as the lab states it (web/js/ui/story.js): attention at 95 % or more, the fixed summary
// at least 50 points behind.
const translateCurve = () => {
  const curve = {};
  document.querySelectorAll('#tr-curve-table tbody tr').forEach((tr, i) => {
    for (const td of tr.querySelectorAll('td[data-kind]')) (curve[td.dataset.kind] ||= [])[i] = Number(td.dataset.exact);
  });
  for (const values of Object.values(curve)) for (let i = 0; i < values.length; ++i) if (values[i] === undefined) values[i] = null;
  return curve;
};
const translateStory = (v) => v.additive >= 0.95 && v.none <= v.additive - 0.5;

// The alignment map's weights (rows of the canvas's data-weights) and its gold links.
const matrix = (page) => page.$eval('#tr-map', (c) => JSON.parse(c.dataset.weights));
const goldLinks = (page) => page.$eval('#tr-map', (c) => JSON.parse(c.dataset.gold));

for (const plain of [false, true]) {
  test(`a short training run (${plain ? 'single-thread' : 'threaded'} build): curves, a changing alignment, the bottleneck, translations`, async () => {
    const { page, problems, close } = await open(SHORT, plain);
    assert.equal(await page.evaluate(() => document.body.dataset.build), plain ? 'attention_lab_st' : 'attention_lab_mt');
    await watchStory(page, translateCurve);
    await page.click('#start');
    await page.waitForFunction(() => document.activeElement.id === 'stop');
    // The matrix after epoch 1, then after a later epoch: it changes as the model learns.
    await page.waitForFunction(() => Number(document.body.dataset.matrixEpoch) >= 1, null, { timeout: 120000 });
    const first = await matrix(page);
    await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 240000 });
    assert.equal(await page.evaluate(() => document.activeElement.id), 'start');
    // Three epochs at hidden 16 do not get attention to 95 %: no story told.
    assert.equal(await checkStory(page, translateCurve, translateStory), null);
    const last = await matrix(page);
    assert.ok(last.length > 0);
    assert.notDeepEqual(first.map((r) => r.length ? r : []), last, 'the attention changed between epochs');
    for (const row of last) assert.ok(Math.abs(row.reduce((s, x) => s + x, 0) - 1) < 1e-4, `a row sums to ${row.reduce((s, x) => s + x, 0)}`);
    const gold = await goldLinks(page);
    assert.ok(gold.length > 0, 'gold links marked');
    assert.ok(gold.every(([t, j]) => t < last.length && j < last[0].length));
    // The map names its words: the watched sentence's English rows, French columns.
    assert.match(await page.getAttribute('#tr-map', 'aria-label'), /after epoch 3\. "[^"]+" weighs "[^"]+" most/);
    // The same numbers as a table, built when opened, the gold cells marked.
    await page.click('#tr-matrix-details summary');
    await page.waitForFunction(() => document.querySelectorAll('#tr-matrix tbody tr').length > 0);  // built on 'toggle', a task later
    const table = await page.$$eval('#tr-matrix tbody tr', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => Number(td.dataset.weight))));
    assert.equal(table.length, last.length);
    table.forEach((row, t) => row.forEach((w, j) => assert.ok(Math.abs(w - last[t][j]) < 1e-6, `table (${t}, ${j}) ${w} vs map ${last[t][j]}`)));
    assert.equal(await page.locator('#tr-matrix td.gold').count(), gold.length);
    // Each cell reads its weight to two decimals, or "<0.01" for one that would read 0.00.
    const texts = await page.$$eval('#tr-matrix td', (tds) => tds.map((td) => [td.textContent.replace('◆ ', ''), Number(td.dataset.weight)]));
    for (const [text, w] of texts) assert.equal(text, w < 0.005 ? '<0.01' : String(Number(w.toFixed(2))));
    await page.uncheck('#gold');
    assert.deepEqual(await goldLinks(page), []);
    assert.equal(await page.locator('#tr-matrix td.gold').count(), 0);
    await page.check('#gold');
    // Another test sentence, chosen after training: its own map, rows summing to 1.
    await page.fill('#tr-watch', '5');
    await page.waitForFunction(() => document.getElementById('tr-map').dataset.watch === '4');
    assert.match(await page.textContent('#tr-matrix-caption'), /test sentence 5 \("[^"]+"\), after epoch 3/);
    const fifth = await matrix(page);
    for (const row of fifth) assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-4);
    assert.notDeepEqual(fifth, last);
    // Out of range: a message beside the field, the map kept.
    await page.fill('#tr-watch', '9999');
    assert.match(await page.textContent('#tr-watch-error'), /Test sentence: 9999 is out of range; use a whole number from 1 to \d+/);
    assert.equal(await page.getAttribute('#tr-watch', 'aria-invalid'), 'true');
    assert.deepEqual(await matrix(page), fifth);
    // Curves: 3 epochs of each model in the table; the chart has its points.
    assert.equal(await page.locator('#tr-curve-table tbody tr').count(), 3);
    assert.equal(await page.locator('#tr-curve-table td[data-kind="additive"]').count(), 3);
    // Only the trained models' series, in the chart and in its legend: sentences and words each.
    assert.deepEqual(await page.$$eval('#tr-curves .series', (ls) => ls.map((l) => [l.dataset.key, Number(l.dataset.count)])),
      [['none-exact', 3], ['none-token', 3], ['additive-exact', 3], ['additive-token', 3]]);
    assert.deepEqual(await page.$$eval('#tr-curves .legend', (ts) => ts.map((t) => t.textContent)),
      ['fixed summary, sentences', 'fixed summary, words', 'additive attention, sentences', 'additive attention, words']);
    assert.deepEqual(await legendsPastEdge(page), []);  // every chart's labels inside it
    assert.equal(await page.locator('#tr-curves .chance-line').count(), 0);  // no 50 % "chance" for a translation
    // The bottleneck: five length buckets plus "all", for both models, numbers in [0, 1].
    assert.equal(await page.locator('#tr-buckets tbody tr').count(), 6);
    const exact = await page.$$eval('#tr-buckets td', (tds) => tds.map((td) => Number(td.dataset.exact)));
    assert.ok(exact.every((x) => x >= 0 && x <= 1));
    assert.equal(await page.locator('#tr-bottleneck .series').count(), 2);
    // "je suis étudiant" beside the module's illustrative numbers.
    assert.ok(await page.locator('#tr-student tbody tr').count() >= 1);
    // A typed sentence, translated by both models, with the attention model's rows.
    await page.fill('#tr-sentence', 'le chat mange la pomme');
    await page.click('#tr-translate');
    // Its own sentence's translation: the waiting one is translated by itself when training ends.
    await page.waitForFunction(() => document.body.dataset.typedFrom === 'le chat mange la pomme');
    assert.match(await page.textContent('#tr-translations'), /^fixed summary: ".*"; additive attention: ".*"$/);
    const typedRows = await page.$$eval('#tr-typed tbody tr', (trs) => trs.map((tr) => tr.querySelectorAll('td').length));
    assert.ok(typedRows.every((n) => n === 5));
    // Where queries, keys and values come from: one query a word written, one key a French
    // word; self-attention over the French sentence, 5 x 5 rows of weights summing to 1.
    assert.equal(await page.locator('#tr-cross-q tbody tr').count(), typedRows.length);
    assert.equal(await page.locator('#tr-cross-k tbody tr').count(), 5);
    const self = await page.$$eval('#tr-self tbody tr', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => Number(td.textContent.replace(/[^\d.e-]/g, '')))));
    assert.equal(self.length, 5);
    for (const row of self) assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 0.05);
    // Weights no model was trained to use are not drawn as a heatmap (the learned ones are).
    assert.ok(await page.$$eval('#tr-self td', (tds) => tds.every((td) => !td.style.background)));
    assert.ok(await page.$$eval('#tr-typed td', (tds) => tds.every((td) => td.style.background)));
    assert.match(await page.textContent('#tr-self-caption'), /^Untrained/);
    assert.match(await page.textContent('#tr-progress'), plain ? /on one thread/ : /each model on a thread of its own/);
    assert.deepEqual(problems.console, []);
    assert.deepEqual(problems.foreign, []);
    await close();
  });
}

test('the story is told under the curves the moment attention passes 95 % with the fixed summary far behind', async () => {
  const { page, problems, close } = await open(STORY_RUN);
  await watchStory(page, translateCurve);
  await page.click('#start');
  // Told while the run goes on: Stop then (the run would otherwise train to its last epoch),
  // and the sentence stays with the stopped run.
  await page.waitForFunction(() => document.body.dataset.storyEpoch, null, { timeout: 300000 });
  assert.equal(await page.evaluate(() => document.body.dataset.translate), 'running');
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 60000 });
  const told = await checkStory(page, translateCurve, translateStory);
  assert.ok(told, 'the run tells the page\'s story');
  console.log(`# the story at epoch ${told.epoch} of ${STORY_RUN}, ${await page.evaluate(() => document.body.dataset.storyMs)} ms: ${told.text}`);
  assert.equal(told.text, `After ${told.epoch} epochs, additive attention gets ${pagePercent(told.values.additive)} of validation sentences exactly right, past the 95\u00a0% mark; the fixed summary is at ${pagePercent(told.values.none)}.`);
  assert.match(await page.textContent('#tr-progress'), /^Stopped after/);
  assert.ok(await page.isVisible('#story'));
  assert.deepEqual(problems.console, []);
  await close();
});

test('bad input: unknown words named, an empty sentence, bad settings and links', async () => {
  const { page, problems, close } = await open('translate.html?epochs=1&hidden=8&max_len=8');
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 120000 });
  for (const [text, message] of [
    ['le zèbre mange la licorne', /Not in the lexicon: "zèbre", "licorne"/],
    ['   ', /Type a sentence first/],
    ['le chat mange la pomme et le chien voit le livre', /11 words: the models were trained on sentences of at most 8/],
    ['<img src=x onerror=alert(1)>', /Not in the lexicon: "<img", "src=x", "onerror=alert\(1\)>"/],
  ]) {
    await page.fill('#tr-sentence', text);
    await page.click('#tr-translate');
    await page.waitForFunction((m) => document.getElementById('tr-sentence-error').textContent !== '', null);
    assert.match(await page.textContent('#tr-sentence-error'), message);
    assert.equal(await page.getAttribute('#tr-sentence', 'aria-invalid'), 'true');
    assert.equal(await page.inputValue('#tr-sentence'), text);
    await page.fill('#tr-sentence', 'le chat noir');
    await page.click('#tr-translate');
    await page.waitForFunction(() => document.getElementById('tr-sentence-error').textContent === '');
  }
  assert.equal(await page.$$eval('img', (x) => x.length), 0);
  await page.fill('#set-hidden', '500');
  assert.match(await page.textContent('#set-hidden-error'), /Hidden size H: 500 is out of range; use a whole number from 4 to 128/);
  await page.click('#start');
  assert.match(await page.textContent('#start-error'), /Fix the marked settings first/);
  assert.deepEqual(problems.console, []);
  await close();
  const bad = await open('translate.html?attention=cosine&epochs=0');
  assert.match(await bad.page.textContent('#url-notice'), /"cosine" is not allowed.*Epochs: 0 is out of range/);
  await bad.close();
});

test('a long run is announced and asked for; declined, nothing starts', async () => {
  const { page, problems, close } = await open('translate.html?epochs=100&hidden=128&attention=both');
  // Before Train is pressed, the estimate stands beside it.
  await page.waitForFunction(() => /^About .+\s(minutes|hours) on this computer\.$/.test(document.getElementById('tr-estimate').textContent), null, { timeout: 60000 });
  await page.click('#start');
  const asked = await answerInPage(page, false);
  await page.waitForFunction(() => document.body.dataset.translate === 'declined');
  assert.match(asked, /^Training will take about \d+(\.\d)?\s(minutes|hours) on this computer\. Start it anyway\?/);
  assert.match(await page.textContent('#start-error'), /^Not started: it would take about/);
  assert.equal(await page.textContent('#tr-progress'), 'Not started.');
  assert.ok(Number(await page.evaluate(() => document.body.dataset.estimateSeconds)) > 60);
  // A short run is announced without asking.
  await page.goto(page.url().replace(/\?.*$/, `?epochs=1&hidden=8&max_len=6`));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled);
  await page.waitForFunction(() => /^About \d+\ss on this computer\.$/.test(document.getElementById('tr-estimate').textContent), null, { timeout: 60000 });
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 60000 });
  assert.match(await page.textContent('#tr-estimate'), /^Expected to take about \d+\ss on this computer\.$/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('Stop ends training before the next minibatch, and Train starts again, clearing the last models\' translation', async () => {
  const { page, close } = await open('translate.html?epochs=50&hidden=16');
  await page.click('#start');
  await page.waitForFunction(() => Number(document.body.dataset.matrixEpoch) >= 1, null, { timeout: 120000 });
  // Chosen mid-run: the next epoch's map is of that sentence.
  await page.waitForFunction(() => !document.getElementById('tr-watch').disabled);
  await page.fill('#tr-watch', '3');
  await page.waitForFunction(() => document.getElementById('tr-map').dataset.watch === '2', null, { timeout: 60000 });
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 30000 });
  assert.match(await page.textContent('#tr-progress'), /^Stopped after/);
  assert.equal(await page.isDisabled('#start'), false);
  // The stopped models translate (the waiting sentence at once, with no press); a new
  // run clears what they said, and starts.
  assert.notEqual(await page.evaluate(() => document.body.dataset.typed), undefined);
  assert.equal(await page.isVisible('#tr-qkv-empty'), false);
  assert.ok(await page.locator('#tr-cross-q tbody tr').count() > 0);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'running');
  assert.match(await page.textContent('#tr-translations'), /^Once the models are trained, this sentence is translated here/);
  assert.equal(await page.locator('#tr-typed tbody tr, #tr-cross-q tbody tr, #tr-cross-k tbody tr, #tr-self tbody tr').count(), 0);
  assert.equal(await page.isVisible('#tr-qkv-empty'), true);
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 30000 });
  await close();
});

test('a second run with another seed and length draws nothing of the first, from its first paint', async () => {
  const { page, problems, close } = await open(SHORT);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 120000 });
  assert.ok(await page.locator('#tr-student tbody tr').count() > 0);
  assert.ok(await page.locator('#tr-buckets tbody tr').count() > 0);
  // A typed word that is not in the lexicon leaves its message, which the new run clears too.
  await page.fill('#tr-sentence', 'le zzz');
  await page.click('#tr-translate');
  await page.waitForFunction(() => document.getElementById('tr-sentence-error').textContent !== '');
  await openMoreSettings(page);
  await page.fill('#set-seed', '7');
  await page.fill('#set-max_len', '12');
  // Start, then look at the first frame painted once the new run is on.
  const first = await page.evaluate(() => new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (document.body.dataset.translate !== 'running') return;
      observer.disconnect();
      requestAnimationFrame(() => {
      const map = document.getElementById('tr-map');
      resolve({
        state: document.body.dataset.translate, epoch: map.dataset.epoch ?? null, weights: map.dataset.weights ?? null,
        student: document.querySelectorAll('#tr-student tbody tr').length, buckets: document.querySelectorAll('#tr-buckets tbody tr').length,
        bottleneck: document.getElementById('tr-bottleneck').childElementCount, aer: document.getElementById('tr-aer').textContent,
        typedError: document.getElementById('tr-sentence-error').textContent, typed: document.getElementById('tr-sentence').value,
      });
      });
    }).observe(document.body, { attributes: true, attributeFilter: ['data-translate'] });
    document.getElementById('start').click();
  }));
  assert.deepEqual(first, { state: 'running', epoch: null, weights: null, student: 0, buckets: 0, bottleneck: 0, aer: '', typedError: '', typed: 'le zzz' });
  // The new run's first map: its own sentence, every row a distribution.
  await page.waitForFunction(() => Number(document.body.dataset.matrixEpoch) >= 1, null, { timeout: 120000 });
  for (const row of await matrix(page)) assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-4, `a row sums to ${row.reduce((a, b) => a + b, 0)}`);
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 120000 });
  assert.deepEqual(problems.console, []);
  await close();
});

test('a 10,000-character word and emoji are named in one short line, cut between characters', async () => {
  const { page, problems, close } = await open(SHORT);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 120000 });
  const lineHeight = await page.$eval('#tr-sentence-error', (el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
  for (const word of ['x'.repeat(10000), '😀'.repeat(25), `a${'👩‍👩‍👧'.repeat(12)}`]) {
    await page.fill('#tr-sentence', `le ${word}`);
    await page.click('#tr-translate');
    await page.waitForFunction(() => document.getElementById('tr-sentence-error').textContent !== '');
    const { text, height } = await page.$eval('#tr-sentence-error', (el) => ({ text: el.textContent, height: el.getBoundingClientRect().height }));
    assert.match(text, /^Not in the lexicon: ".{1,24}…"\.$/u, text.slice(0, 80));
    assert.ok(!text.includes('\uFFFD') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(text), text);
    assert.ok(height <= 1.5 * lineHeight, `the message is ${height} px high`);
  }
  assert.deepEqual(problems.console, []);
  await close();
});

test('the keyboard alone: settings, Train, the watched sentence, a typed translation', async () => {
  const { page, problems, close } = await open('translate.html?hidden=8&max_len=6');
  await page.focus('#set-epochs');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await page.focus('#start');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement.id === 'stop');  // Start disabled itself: focus on Stop
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'start');
  assert.equal(await page.locator('#tr-curve-table tbody tr').count(), 2);
  // The chooser by arrow keys: sentence 2's map.
  await page.focus('#tr-watch');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => document.getElementById('tr-map').dataset.watch === '1');
  // The weights' table opens from its summary with Enter.
  await page.focus('#tr-matrix-details summary');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#tr-matrix td[data-weight]').length > 0);
  // A sentence typed and translated with Enter.
  await page.focus('#tr-sentence');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('le chat noir');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.typedFrom === 'le chat noir');
  assert.match(await page.textContent('#tr-translations'), /^fixed summary: ".*"; additive attention: ".*"$/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('a cell of the alignment map picks out its English and French words in the map and its table', async () => {
  const { page, problems, close } = await open('translate.html?epochs=1&hidden=8&max_len=6');
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 60000 });
  await page.click('#tr-matrix-details summary');
  await page.waitForFunction(() => document.querySelectorAll('#tr-matrix td[data-source]').length > 0);
  const at = await page.$eval('#tr-map', (c) => ({ left: Number(c.dataset.left), top: Number(c.dataset.top) }));
  // Row 0 (the first English word), column 1 (the second French word): 26 px cells.
  await page.hover('#tr-map', { position: { x: at.left + 1.5 * 26, y: at.top + 0.5 * 26 } });
  await page.waitForFunction(() => document.getElementById('tr-map').dataset.col === '1');
  assert.equal(await page.getAttribute('#tr-map', 'data-row'), '0');
  const linked = await page.$$eval('#tr-matrix .linked', (els) => els.map((e) => `${e.tagName}:${e.dataset.target ?? ''}:${e.dataset.source ?? ''}`));
  assert.ok(linked.includes('TH::1') && linked.includes('TH:0:'), linked.join(' '));
  assert.ok(linked.filter((l) => l.startsWith('TD')).every((l) => /^TD:0:|:1$/.test(l)), linked.join(' '));
  // From the table: its column header picks out the column on the map.
  await page.hover('#tr-matrix thead th[data-source="0"]');
  await page.waitForFunction(() => document.getElementById('tr-map').dataset.col === '0');
  // The keyboard: the arrows move a cell cursor on the focused map, Escape lets go.
  await page.mouse.move(0, 0);
  await page.focus('#tr-map');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');  // the first key picks the first cell
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('tr-map').dataset.col === '1' && document.getElementById('tr-map').dataset.row === '1');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('tr-map').dataset.col === '');
  assert.deepEqual(problems.console, []);
  await close();
});

test('on a phone the map scrolls in its frame, and a cell picked with the keys stays in sight', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('translate.html?epochs=1&hidden=8'),
    { contextOptions: { viewport: { width: 390, height: 844 } } });
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 60000 });
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 60000 });
  const frame = await page.$eval('#tr-map', (c) => { const f = c.closest('.scroll-frame'); return { scroll: f.scrollWidth - f.clientWidth, cue: f.dataset.scroll, cols: Number(c.dataset.cols) }; });
  assert.ok(frame.scroll > 0 && frame.cue === 'right', JSON.stringify(frame));
  await page.focus('#tr-map');
  await page.keyboard.press('ArrowRight');  // the first key picks the first cell
  for (let j = 1; j < frame.cols; ++j) await page.keyboard.press('ArrowRight');
  await page.waitForFunction((last) => document.getElementById('tr-map').dataset.col === String(last), frame.cols - 1);
  // The last column's cell lies inside the frame's visible part.
  const seen = await page.$eval('#tr-map', (c) => {
    const f = c.closest('.scroll-frame').getBoundingClientRect(), b = c.getBoundingClientRect();
    const scale = b.width / (c.width / (window.devicePixelRatio || 1));
    const x = b.left + (Number(c.dataset.left) + Number(c.dataset.col) * 26) * scale;
    return { x, right: x + 26 * scale, frameLeft: f.left, frameRight: f.right };
  });
  assert.ok(seen.x >= seen.frameLeft && seen.right <= seen.frameRight, JSON.stringify(seen));
  assert.deepEqual(problems.console, []);
  await close();
});

test('a typed sentence\'s word picked out in its four tables, by pointer and keyboard', async () => {
  const { page, problems, close } = await open('translate.html?epochs=1&hidden=8&max_len=6');
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 60000 });
  await page.fill('#tr-sentence', 'le chat mange la pomme');
  await page.click('#tr-translate');
  await page.waitForFunction(() => document.body.dataset.typedFrom === 'le chat mange la pomme');
  // Which tables' words and cells are picked out: "table:attribute=position".
  const picked = () => page.$$eval('.linked', (els) => els.map((e) => {
    const table = e.closest('table').id;
    return `${table}:${e.dataset.source !== undefined ? `source=${e.dataset.source}` : ''}${e.dataset.target !== undefined ? `target=${e.dataset.target}` : ''}`;
  }));
  // The pointer on the third French word's column: its column (the typed table), its key
  // row, and its self-attention row and column.
  await page.hover('#tr-typed thead th[data-source="2"]');
  await page.waitForFunction(() => document.querySelector('#tr-cross-k th[data-source="2"].linked'));
  let shown = await picked();
  for (const table of ['tr-typed', 'tr-cross-k', 'tr-self']) assert.ok(shown.some((s) => s.startsWith(`${table}:source=2`)), `${table}: ${shown}`);
  assert.ok(shown.every((s) => /source=2/.test(s)), shown.join(' '));
  assert.equal(await page.locator('#tr-self th.linked').count(), 2);  // its row and its column
  // The keyboard: the second English word's query row, focused, picks out its row of weights.
  await page.mouse.move(0, 0);
  await page.focus('#tr-cross-q th[data-target="1"]');
  await page.waitForFunction(() => document.querySelector('#tr-typed th[data-target="1"].linked'));
  shown = await picked();
  assert.ok(shown.length > 2 && shown.every((s) => /target=1$/.test(s)), shown.join(' '));
  await page.keyboard.press('Shift+Tab');  // the word written before it
  await page.waitForFunction(() => document.querySelector('#tr-typed th[data-target="0"].linked'));
  assert.deepEqual(problems.console, []);
  await close();
});

// What a student sees at a laptop's size and a phone's, before and after the registry's
// short run (issue 42): no heading over an empty section, the typed sentence's section
// and its vectors filled by the run itself (they once waited, headings over nothing, for
// an unsignposted Translate), every box that is wider than its room scrolling in a frame
// that says so and takes the keyboard, the typed sentence's tables whole at 1280 px, the
// chart that carries the page's point (the registry's pointChart: the fixed summary's
// curve stuck low while attention learns) wholly in the window after the run, and
// "Predict first" just before the Train it locks.
const ENTRY = PAGES.find((p) => p.name === 'translate');

for (const size of [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
  test(`on a ${size.name}: nothing empty, clipped or out of sight, before and after a run`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(`${ENTRY.file}?${ENTRY.run.query}`),
      { contextOptions: { viewport: { width: size.width, height: size.height } } });
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 60000 });
    // Before a run: the sections a run fills say so, and show no heading over nothing.
    assert.deepEqual(await page.evaluate(emptySections), []);
    assert.match(await page.textContent('#tr-translations'), /^Once the models are trained, this sentence is translated here/);
    assert.equal(await page.isVisible('#tr-qkv-empty'), true);
    assert.equal(await page.isVisible('#tr-typed'), false);
    // Predict first sits just before the run bar whose Train it locks, and above it.
    const [p, b] = await page.evaluate(() => ['predict', 'start'].map((id) => document.getElementById(id).getBoundingClientRect().toJSON()));
    assert.ok(p.bottom <= b.top && b.top - p.bottom < 40, `Predict first ends at ${p.bottom} px, Train starts at ${b.top} px`);
    // The run, pressed as a student would.
    await page.click('#start');
    await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 120000 });
    await frames(page);
    assert.equal(await page.evaluate(outOfWindow, ENTRY.pointChart), null, 'the chart that carries the page\'s point, after the run');
    assert.equal(await page.evaluate(outOfWindow, 'run-summary'), null);
    // The waiting sentence was translated: its section and the vectors below it filled.
    assert.match(await page.textContent('#tr-translations'), /^fixed summary: ".*"; additive attention: ".*"$/);
    for (const id of ['tr-typed', 'tr-cross-q', 'tr-cross-k', 'tr-self']) {
      assert.ok(await page.locator(`#${id} tbody tr`).count() > 0, `#${id} filled`);
      assert.equal(await page.isVisible(`#${id}`), true, `#${id} shown`);
    }
    assert.equal(await page.isVisible('#tr-qkv-empty'), false);
    assert.deepEqual(await page.evaluate(emptySections), []);
    // Wide boxes scroll in a frame that shows it; at a laptop's size the typed sentence's
    // tables (eight French words) fit their half of the page whole.
    await page.click('#tr-matrix-details summary');
    await page.waitForFunction(() => document.querySelectorAll('#tr-matrix tbody tr').length > 0);
    await frames(page);
    assert.deepEqual(await page.evaluate(clippedWithoutCue), []);
    if (size.name === 'laptop') {
      const wider = await page.$$eval('#tr-typed, #tr-self, #tr-cross-q, #tr-cross-k', (ts) => ts.map((t) => [t.id, t.parentElement.scrollWidth - t.parentElement.clientWidth]));
      assert.deepEqual(wider.filter(([, over]) => over > 1), [], 'tables wider than their box at 1280 px');
    }
    assert.deepEqual(problems.console, []);
    await close();
  });
}
