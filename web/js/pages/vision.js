// The image page (beyond text): train the tiny vision transformer and the bag of patches
// on the seeded shape task in the worker (src/vision/vision_session.hpp through the
// VisionSession session), then show a test image with the transformer's attention over its
// patches, the same image with its patches shuffled, and the count over the whole test set
// of the answers a shuffle changes. Every number comes from the worker; the page parses
// input, keeps the last good view and draws.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { formatElapsed, formatNumber, formatPercent } from '../ui/format.js';
import { defaults } from '../settings/settings-schema.js';
import { LineChart } from '../charts/line-chart.js';
import { PALETTE } from '../charts/svg.js';
import { drawPatchMap, fillHeatTable, patchAt } from '../charts/patch-map.js';
import { openStore } from '../work/store.js';
import { setUpPrediction } from './predict-box.js';
import { askBeforeLongRun, enablerOf, markDone, readItemNumber, setUpTrainingPage, showRunSummary, startStop } from './page-kit.js';
import { viewsAsLoaded } from '../ui/run-views.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { voiceProgress } from '../ui/progress-voice.js';
import { storyLine } from './story-line.js';
import { localDecimal, t } from '../ui/i18n.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();
voiceProgress();  // progress lines spoken at most every few seconds

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 3);
const pct = (x) => (Number.isFinite(x) ? formatPercent(x) : '–');
const SESSION = 'VisionSession';
const LN2 = Math.log(2);
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

const state = {
  settings: null, running: false,
  overview: null,   // sizes, test labels and both models' answers (VisionOverview)
  index: 0,         // the test image shown
  whose: 'readout', // 'readout' | 'cls' | a patch of the image as drawn (0 .. P-1)
  reading: null, shuffled: null,  // ImageReading of the image and of its shuffle
};
const lab = new LabClient();
const widget = labData().widgets.vision;
// The sentence under the curves once they show the page's point (pages/story-line.js).
const story = storyLine('vision');

const accuracyChart = new LineChart($('vi-curves'), {
  yLabel: t('vision.validationAccuracy'),
  series: [
    { key: 'vit', label: t('vision.transformer'), colour: PALETTE.blue, marker: 'square' },
    { key: 'bag', label: t('vision.bagOfPatches'), colour: PALETTE.orange, dash: '6 4', marker: 'circle' },
  ],
});
// Loss in bits (nats / ln 2): guessing costs 1 bit, so the chart's 0..1 holds a run from
// its start; an epoch above 1 bit (a learning rate far too large) is drawn at the top and
// given exactly in the table.
const lossChart = new LineChart($('vi-loss'), {
  yLabel: t('vision.trainingLoss'), chance: null, yTick: (y) => localDecimal(String(y)),
  series: [
    { key: 'vit', label: t('vision.transformer'), colour: PALETTE.blue, marker: 'square' },
    { key: 'bag', label: t('vision.bagOfPatches'), colour: PALETTE.orange, dash: '6 4', marker: 'circle' },
  ],
});

// ---- settings and the estimate ------------------------------------------------------

// The training, in seconds on this computer with this build's threads.
const estimateSeconds = (settings, build) => lab.call('vision_estimate', { input: { settings }, threads: Boolean(build.threads) }).then((r) => r.seconds);

const setRunning = startStop($('start'), $('stop'));
const enableQuestions = enablerOf(['vi-index', 'vi-next-wrong', 'vi-next-yes', 'vi-whose']);

// ---- training ------------------------------------------------------------------------

const KEYS = ['vit', 'bag'];

function curvesLabel(settings, outcome = null) {
  const epochs = String(settings.epochs);
  $('vi-curves').setAttribute('aria-label', outcome
    ? t('vision.curvesLabelEnd', { epochs, transformer: pct(outcome.models[0].val_acc), bag: pct(outcome.models[1].val_acc) })
    : t('vision.curvesLabel', { epochs }));
  $('vi-loss').setAttribute('aria-label', t('vision.lossLabel', { epochs }));
}

function addCurveRow(rows, e) {
  let tr = rows.get(e.epoch);
  if (!tr) {
    tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: String(e.epoch) }));
    for (let k = 0; k < 4; ++k) tr.insertCell().textContent = '…';
    rows.set(e.epoch, tr);
    $('vi-curve-table').tBodies[0].append(tr);
  }
  tr.cells[1 + 2 * e.model].textContent = num(e.loss / LN2);
  tr.cells[2 + 2 * e.model].textContent = pct(e.val_acc);
  tr.cells[2 + 2 * e.model].dataset.value = String(e.val_acc);
}

async function train() {
  $('start-error').textContent = '';
  const settings = page.validate();
  if (!settings) { $('start-error').textContent = t('vision.fixSettings'); return; }
  let expected = null;
  try {
    expected = await estimateSeconds(settings, page.build());
  } catch (err) {
    $('start-error').textContent = `${capital(err.message)}.`;  // refused before it starts (too large for memory)
    return;
  }
  document.body.dataset.estimate = String(expected);
  const answer = await askBeforeLongRun(expected, { what: t('vision.trainingWhat'), hint: t('vision.trainingHint'), errorEl: $('start-error'), estimateEl: $('vi-estimate') });
  if (answer !== 'run') return;
  const ticket = predict.lock(t('vision.predictRun', { positions: String(settings.positions), pooling: String(settings.pooling), epochs: String(settings.epochs), seed: String(settings.seed) }));
  state.settings = settings;
  state.overview = state.reading = state.shuffled = null;
  resetRunViews();
  showRunSummary(null);
  enableQuestions(false);
  state.running = true;
  setRunning(true);
  accuracyChart.reset(settings.epochs);
  lossChart.reset(settings.epochs);
  document.body.dataset.vision = 'training';
  $('vi-progress').textContent = t('vision.training');
  const done = [0, 0], rows = new Map();
  const t0 = performance.now();
  story.start(KEYS);
  let outcome;
  try {
    outcome = await lab.runSession(SESSION, { settings }, (e) => {
      done[e.model] = e.epoch;
      accuracyChart.addPoint(KEYS[e.model], e.epoch, e.val_acc);
      lossChart.addPoint(KEYS[e.model], e.epoch, Math.min(1, e.loss / LN2));
      addCurveRow(rows, e);
      story.add(KEYS[e.model], e.epoch, e.val_acc);
      $('vi-progress').textContent = t('vision.progressEpoch', { transformer: String(done[0]), bag: String(done[1]), epochs: String(settings.epochs) });
    });
  } catch (err) {
    $('start-error').textContent = `${capital(err.message)}.`;
    $('vi-progress').textContent = t('vision.notTrained');
    document.body.dataset.vision = 'error';
    return;
  } finally {
    state.running = false;
    setRunning(false);
  }
  curvesLabel(settings, outcome.stopped ? null : outcome);
  if (outcome.stopped) {
    $('vi-progress').textContent = t('vision.stopped');
    document.body.dataset.vision = 'stopped';
    return;
  }
  document.body.dataset.trainSeconds = String((performance.now() - t0) / 1000);  // click to trained models
  document.body.dataset.wall = String(outcome.wall);
  const [vit, bag] = outcome.models;
  $('vi-progress').textContent = t('vision.trained', { elapsed: formatElapsed(outcome.wall), n: String(outcome.n_train) });
  state.overview = await lab.sessionCall(SESSION, 'overview', {});
  const count = await lab.sessionCall(SESSION, 'shuffle_count', {});
  showCount(count);
  $('vi-index').max = String(state.overview.n_test);
  fillWhose();
  enableQuestions(true);
  await showImage(0);
  showRunSummary(t('vision.runSummary', { transformer: pct(vit.test_acc), bag: pct(bag.test_acc), changed: String(count.changed), n: String(count.n) }), 'vi-image-section');
  predict.showResult({ option: vit.test_acc - bag.test_acc > 0.1 ? 'transformer' : bag.test_acc - vit.test_acc > 0.1 ? 'bag' : 'same',
    words: t('vision.predictWords', { transformer: pct(vit.test_acc), bag: pct(bag.test_acc) }) }, ticket);
  document.body.dataset.vision = 'trained';
  markDone('vision');
}

// ---- the shuffle count ---------------------------------------------------------------

function showCount(c) {
  const rows = [['transformer', t('vision.transformer'), c.changed, c.acc, c.acc_shuffled], ['bag of patches', t('vision.bagOfPatches'), c.bag_changed, c.bag_acc, c.bag_acc_shuffled]];
  $('vi-count').tBodies[0].replaceChildren(...rows.map(([model, name, changed, before, after]) => {
    const tr = document.createElement('tr');
    tr.dataset.model = model;
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: name }));
    const cells = [[t('vision.countOf', { changed: String(changed), n: String(c.n) }), 'changed', changed], [pct(before), 'acc', before], [pct(after), 'accShuffled', after]];
    for (const [text, key, value] of cells) {
      const td = tr.insertCell();
      td.textContent = text;
      td.dataset[key] = String(value);
    }
    return tr;
  }));
  const off = state.settings.positions === 'off';
  $('vi-count-summary').textContent = off
    ? t('vision.countPositionsOff', { changed: String(c.changed), bagChanged: String(c.bag_changed), n: String(c.n) })
    : t('vision.countPositionsOn', { changed: String(c.changed), bagChanged: String(c.bag_changed), n: String(c.n), accShuffled: pct(c.acc_shuffled) });
}

// ---- one test image ---------------------------------------------------------------------

const patchName = (k, grid) => t('vision.patchName', { row: String(Math.floor(k / grid) + 1), column: String((k % grid) + 1) });

function fillWhose() {
  const { grid } = state.overview;
  const mean = state.settings.pooling === 'mean';
  const options = [['readout', mean ? t('vision.whoseReadoutMean') : t('vision.whoseReadoutClass')]];
  if (mean) options.push(['cls', t('vision.whoseClass')]);
  for (let k = 0; k < grid * grid; ++k) options.push([String(k), t('vision.whosePatch', { patch: patchName(k, grid) })]);
  $('vi-whose').replaceChildren(...options.map(([value, text]) => Object.assign(document.createElement('option'), { value, textContent: text })));
  state.whose = 'readout';
  $('vi-whose').value = 'readout';
}

async function showImage(index) {
  const [r, s] = await Promise.all([lab.sessionCall(SESSION, 'read', { index, shuffled: false }), lab.sessionCall(SESSION, 'read', { index, shuffled: true })]);
  state.index = index;
  state.reading = r;
  state.shuffled = s;
  $('vi-index').value = String(index + 1);
  $('vi-index-error').textContent = '';
  $('vi-index').setAttribute('aria-invalid', 'false');
  drawImages();
}

const yesNo = (x) => (x ? t('vision.yes') : t('vision.no'));
const answerText = (r) => t('vision.answerText', { pred: yesNo(r.pred), p1: num(r.p1), bagPred: yesNo(r.bag_pred), bagP1: num(r.bag_p1) });
// Items joined as the page says them: "a and b and c", "a, then b".
const joinAnd = (first, next) => t('vision.joinAnd', { first, next });
const joinThen = (first, next) => t('vision.joinThen', { first, next });
const joinWith = (join, items) => (items.length ? items.reduce(join) : '');

// The weights shown for a reading: the read-out's, the class token's row, or the row of
// the token that holds patch j of the image as drawn (in a shuffled reading, wherever
// that patch went). -> {weights over the shown patches, cls weight, the patch outlined}
function shownWeights(r) {
  const T = r.weights.length, P = T - 1;
  if (state.whose === 'readout') return { weights: r.weights.slice(0, P), cls: r.weights[P], selected: null };
  const token = state.whose === 'cls' ? P : r.order.indexOf(Number(state.whose));
  const row = r.matrix.slice(token * T, token * T + T);
  return { weights: row.slice(0, P), cls: row[P], selected: token < P ? token : null };
}

function describe(r, grid, w) {
  const where = (ks) => joinWith(joinAnd, ks.map((k) => patchName(k, grid)));
  const top = Array.from(w.weights.keys()).sort((a, b) => w.weights[b] - w.weights[a]).slice(0, 2);
  const whose = state.whose === 'readout' ? t('vision.weightsReadout') : state.whose === 'cls' ? t('vision.weightsClass')
    : t('vision.weightsPatch', { patch: patchName(w.selected, grid) });
  return t('vision.describe', { index: String(r.index + 1), shuffled: r.shuffled ? 'yes' : 'no', plus: where(Array.from(r.plus)), ring: where(Array.from(r.ring)), whose,
    top: joinWith(joinThen, top.map((k) => t('vision.patchWeight', { patch: patchName(k, grid), weight: num(w.weights[k]) }))), cls: num(w.cls) });
}

function drawImages() {
  const { side, patch, grid } = state.overview;
  for (const [r, map, table] of [[state.reading, 'vi-map', 'vi-table'], [state.shuffled, 'vi-shuffled-map', 'vi-shuffled-table']]) {
    const w = shownWeights(r);
    drawPatchMap($(map), { pixels: r.pixels, side, patch, weights: w.weights, selected: w.selected, label: describe(r, grid, w) });
    fillHeatTable($(table), { weights: w.weights, grid, extra: [t('vision.classToken'), w.cls], selected: w.selected });
  }
  const r = state.reading, s = state.shuffled;
  $('vi-shuffled-map').dataset.order = JSON.stringify(Array.from(s.order));  // patch k shown is patch order[k]
  $('vi-map-caption').textContent = t('vision.mapCaption', { index: String(r.index + 1), answer: yesNo(r.label) });
  $('vi-shuffled-caption').textContent = t('vision.shuffledCaption');
  $('vi-answer').textContent = t('vision.answerAsDrawn', { answer: yesNo(r.label), text: answerText(r) });
  const same = r.p1 === s.p1;
  const samePlace = s.plus.every((k) => Math.floor(k / grid) === Math.floor(s.plus[0] / grid));
  $('vi-shuffle-answer').textContent = t('vision.answerShuffled', { samePlace: samePlace ? 'yes' : 'no', text: answerText(s), verdict: same
    ? (state.settings.positions === 'off' ? t('vision.sameProbabilityOff') : t('vision.sameProbability'))
    : t('vision.probabilityMoved', { delta: num(Math.abs(s.p1 - r.p1)) }) });
  Object.assign(document.body.dataset, { pred: String(r.pred), p1: String(r.p1), shuffledP1: String(s.p1) });
}

async function nextWhere(test, none) {
  const { n_test: n } = state.overview;
  for (let k = 1; k <= n; ++k) {
    const i = (state.index + k) % n;
    if (test(i)) return showImage(i);
  }
  $('vi-index-error').textContent = none;
  return null;
}

// ---- the page -----------------------------------------------------------------------------

let resetRunViews = () => {};
let predict = null;
let page = null;  // setUpTrainingPage's {spec, form, validate, build}

function main() {
  resetRunViews = viewsAsLoaded(['vi-curve-table', 'vi-map', 'vi-map-caption', 'vi-table', 'vi-shuffled-map', 'vi-shuffled-caption',
    'vi-shuffled-table', 'vi-answer', 'vi-shuffle-answer', 'vi-count', 'vi-count-summary', 'vi-index-error', 'vi-whose']);
  page = setUpTrainingPage('vision', { lab, describeBuild, session: SESSION, train, estimateEl: $('vi-estimate'),
    estimate: estimateSeconds, busy: () => state.running });
  predict = setUpPrediction('vision', widget.predict, openStore());
  const guarded = (fn) => () => { Promise.resolve(fn()).catch((err) => { $('vi-index-error').textContent = `${capital(err.message)}.`; }); };
  $('vi-index').addEventListener('input', guarded(() => {
    const i = readItemNumber($('vi-index'), $('vi-index-error'), t('vision.testImage'));
    return i === null ? null : showImage(i);
  }));
  $('vi-next-wrong').addEventListener('click', guarded(() => nextWhere((i) => state.overview.pred[i] !== state.overview.test_labels[i],
    t('vision.noneWrong', { n: String(state.overview.n_test) }))));
  $('vi-next-yes').addEventListener('click', guarded(() => nextWhere((i) => state.overview.test_labels[i] === 1, t('vision.noneYes'))));
  $('vi-whose').addEventListener('change', () => { state.whose = $('vi-whose').value; if (state.reading) drawImages(); });
  // A patch pressed in the picture shows that patch's row (the select is the keyboard's way).
  for (const id of ['vi-map', 'vi-shuffled-map']) {
    $(id).addEventListener('click', (e) => {
      const k = patchAt(e);
      if (k === null || !state.reading) return;
      const patch = id === 'vi-map' ? k : state.shuffled.order[k];  // the image's patch shown there
      state.whose = String(patch);
      $('vi-whose').value = state.whose;
      drawImages();
    });
  }
  curvesLabel(defaults(page.spec));
  document.body.dataset.ready = 'true';
  document.body.dataset.vision = 'idle';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
