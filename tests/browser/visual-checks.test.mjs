// The visual checks (visual-checks.mjs) fail on the defects they were written for.
// Each defect the lab's pages once had is put back into a real page (the lesson, with
// its KaTeX, the lab's CSS and a phone's width), one at a time, and the check that
// should see it must report it; the untouched page passes every check. Without this,
// a check that can never fail (a selector that matches nothing, a rule compared
// against the wrong colour) would pass the whole visual suite unnoticed.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';
import { seriesColourClashes, controlsOffTheirLine } from './visual-checks.mjs';
import { katexGlyphProblems, offFirstScreen, pastRightEdge, coveredText, tinyChartText, chartTextPastEdge, splitWords, overlappingChartText, developerText, errorsBeforeAction } from './visual-checks.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// The lesson on a phone, formulas drawn: a page every check passes as it is.
async function lesson() {
  const opened = await openPage(lab.browser, lab.isolatedUrl('lesson.html'),
    { contextOptions: { viewport: { width: 390, height: 844 } } });
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true' && document.querySelector('.katex svg'));
  return opened;
}

// Adds HTML at the top of the page's main column (where it is on the first screen).
const addToMain = (page, html) => page.evaluate((h) => {
  document.querySelector('main').insertAdjacentHTML('afterbegin', h);
}, html);

test('the untouched lesson passes every visual check (the baseline of the cases below)', async () => {
  const { page, close } = await lesson();
  assert.deepEqual(await page.evaluate(katexGlyphProblems), []);
  assert.deepEqual(await page.evaluate(pastRightEdge), []);
  assert.deepEqual(await page.evaluate(splitWords), []);
  assert.deepEqual(await page.evaluate(coveredText), []);
  assert.deepEqual(await page.evaluate(tinyChartText), []);
  assert.deepEqual(await page.evaluate(chartTextPastEdge), []);
  assert.deepEqual(await page.evaluate(overlappingChartText), []);
  assert.deepEqual(await page.evaluate(developerText), []);
  assert.deepEqual(await page.evaluate(errorsBeforeAction), []);
  assert.deepEqual(await page.evaluate(controlsOffTheirLine), []);
  await close();
});

test('a site-wide svg rule painting over KaTeX\'s radical is seen (the blank √d_k)', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<style>svg { background: #f7f7f7; border: 1px solid #ccc; max-width: 100%; }</style>');
  const found = await page.evaluate(katexGlyphProblems);
  assert.ok(found.some((f) => /painted over|border/.test(f)), `not seen: ${JSON.stringify(found)}`);
  assert.ok(found.some((f) => f.includes('sqrt')), `the √d_k formulas not named: ${JSON.stringify(found.slice(0, 3))}`);
  await close();
});

test('a number split across lines in a narrow cell is seen ("10/24")', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<table><tr><td style="width: 1ch; word-break: break-all">1024</td><td>fits</td></tr></table>');
  assert.deepEqual(await page.evaluate(splitWords), ['1024']);
  await close();
});

test('a label covered by another element is seen (a caption under a box)', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<div style="position: relative"><p id="under">a label a student cannot read</p>'
    + '<div id="over" style="position: absolute; inset: 0; background: white"></div></div>');
  const found = await page.evaluate(coveredText);
  assert.ok(found.some((f) => f.includes('a label a student') && f.includes('div#over')), `not seen: ${JSON.stringify(found)}`);
  await close();
});

test('an element past the right edge of a phone is seen', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<p id="wide" style="width: 600px">a paragraph wider than the phone</p>');
  assert.deepEqual(await page.evaluate(pastRightEdge), ['p#wide']);
  await close();
});

test('chart text shrunk below 9 px on a phone is seen (a laptop\'s chart at a phone\'s width)', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<svg id="shrunk" class="plot" viewBox="0 0 1200 300" style="width: 300px">'
    + '<text x="10" y="40" style="font-size: 12px">tick 0.5</text></svg>');
  const found = await page.evaluate(tinyChartText);
  assert.deepEqual(found, ['#shrunk: "tick 0.5" at 3.0 px']);
  await close();
});

test('an axis title longer than its chart, cut off at the chart\'s edge, is seen', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<svg id="cut" class="plot" viewBox="0 0 300 100" style="width: 300px">'
    + '<text x="150" y="90" text-anchor="middle" style="font-size: 12px">an axis title far too long for the chart it is drawn under, cut off</text></svg>');
  assert.deepEqual(await page.evaluate(chartTextPastEdge), ['#cut: "an axis title far too long for"']);
  await close();
});

test('a primary action two screens down is seen, and one on the first screen is not', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<div id="picture" style="height: 200px">picture</div>'
    + '<div style="height: 1600px"></div><button id="action">Start</button>');
  const found = await page.evaluate(offFirstScreen, ['action', 'picture']);
  assert.equal(found.length, 1);
  assert.match(found[0], /^#action at \d+-\d+ px$/);
  await page.evaluate(() => document.getElementById('picture').after(document.getElementById('action')));
  assert.deepEqual(await page.evaluate(offFirstScreen, ['action', 'picture']), []);
  await close();
});

test('an axis title drawn across its tick labels is seen (the cost chart\'s "time per forward" over "0.02 ms")', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<svg id="crowded" class="plot" viewBox="0 0 300 200" style="width: 300px">'
    + '<text x="14" y="100" style="font-size: 11px" transform="rotate(-90 14 100)">time per forward</text>'
    + '<text x="58" y="104" text-anchor="end" style="font-size: 11px">0.02 ms</text>'
    + '<text x="150" y="190" style="font-size: 11px">apart</text></svg>');
  assert.deepEqual(await page.evaluate(overlappingChartText), ['#crowded: "time per forward" over "0.02 ms"']);
  await close();
});

test('words and numbers written for a developer are seen (a build\'s file name, e-notation of any size, a time of nothing)', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<p id="dev">on two threads (attention_lab_mt), weight 7.63e-1, tiny 1.89e-5, score d_k and W_Q,'
    + ' <code>scaled_dot</code>, plain 0.002 and 1.9\u00a0×\u00a010⁻⁵; trained in 0.0\u00a0s, then in 56\u00a0ms and 10.0 s</p>');
  assert.deepEqual(await page.evaluate(developerText), ['"7.63e-1" in e-notation (p#dev)', '"1.89e-5" in e-notation (p#dev)', '"attention_lab_mt" (p#dev)',
    '"0.0\u00a0s", a time rounded to nothing (p#dev)']);
  await close();
});

test('an exercise\'s ids in the gradebook are seen (a part, a kind, a bare kind in a cell), named by the element and its owner', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<table id="book"><tr><th>context</th><td>self-row, S_shape: wrong</td><td>the context vector</td></tr></table>'
    + '<p id="log">ex-shapes--qk_madds dated later; cross-step; a link <a href="#">exercises.html?kind=self-row</a></p>');
  assert.deepEqual(await page.evaluate(developerText), [
    '"S_shape" (td in table#book)', '"self-row", an exercise\'s id (td in table#book)',
    '"qk_madds" (p#log)', '"ex-shapes--qk_madds", an exercise\'s id (p#log)', '"cross-step", an exercise\'s id (p#log)',
    '"context", an exercise\'s id (th in table#book)']);
  await close();
});

test('an error shown before any action is seen, and an empty error slot is not', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<label>Your name <input id="who" aria-invalid="false"></label><p id="who-error" class="error"></p>');
  assert.deepEqual(await page.evaluate(errorsBeforeAction), []);
  await page.evaluate(() => {
    document.getElementById('who-error').textContent = 'Type your name: your numbers are drawn from it.';
    document.getElementById('who').setAttribute('aria-invalid', 'true');
  });
  assert.deepEqual(await page.evaluate(errorsBeforeAction), ['input#who: "who marked invalid"', 'p#who-error: "Type your name: your numbers are drawn from it."']);
  await close();
});

test('a series drawn in two colours on one page is seen (the comments page\'s "as trained", blue in one chart, orange in the next)', async () => {
  const { page, close } = await lesson();
  assert.deepEqual(await page.evaluate(seriesColourClashes), []);
  // Keys as the lab's charts draw them: a square (bars) or a line and a marker (curves).
  const key = (id, entries) => `<svg id="${id}" class="plot" viewBox="0 0 300 60" style="width: 300px">${entries.map(([label, colour], k) => (k
    ? `<line x1="4" x2="30" y1="${14 + 20 * k}" y2="${14 + 20 * k}" style="stroke: var(--series-${colour})"></line><circle cx="17" cy="${14 + 20 * k}" r="3" style="fill: var(--series-${colour})"></circle>`
    : `<rect x="4" y="6" width="10" height="10" style="fill: var(--series-${colour})"></rect>`)
    + `<text x="36" y="${18 + 20 * k}" class="legend">${label}</text>`).join('')}</svg>`;
  await addToMain(page, key('rows', [['as trained', 'blue'], ['now', 'orange']]) + key('rates', [['as trained', 'orange'], ['now', 'orange']]));
  const found = await page.evaluate(seriesColourClashes);
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.match(found[0], /^"as trained": rgb\(0, 114, 178\) in #rows; rgb\(184, 110, 0\) in #rates$/);
  await close();
});

test('a radio button lifted above its words is seen (a 24 px radio aligned on its baseline)', async () => {
  const { page, close } = await lesson();
  await addToMain(page, '<ul class="choices"><li style="align-items: baseline"><input type="radio" id="lifted" name="lifted">'
    + '<label for="lifted">a choice whose button sits high</label></li></ul>');
  const found = await page.evaluate(controlsOffTheirLine);
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.match(found[0], /^#lifted: -\d+ px/);
  await close();
});
