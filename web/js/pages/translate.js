// The translation page: the fixed summary and the attention model(s) trained side by
// side in the lab's worker (src/translate/translate_session.hpp), with live curves,
// the watched test sentence's attention redrawn every epoch (gold links marked, its
// alignment error rate), the bottleneck by source length, "je suis étudiant" against
// the module's illustrative weights, and a sentence the student types.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { showSentence, typedWords } from './translate/words.js';
import { formatElapsed, formatNumber, formatPercent } from '../ui/format.js';
import { toQuery } from '../settings/settings-schema.js';
import { LineChart } from '../charts/line-chart.js';
import { XYPlot } from '../charts/xy-plot.js';
import { alignmentCellAt, alignmentCellBox, drawAlignment } from '../charts/alignment-map.js';
import { LinkedPosition, linkElements } from '../ui/linked.js';
import { PALETTE } from '../charts/svg.js';
import { setUpPrediction } from './predict-box.js';
import { openStore } from '../work/store.js';
import { localDecimal, t } from '../ui/i18n.js';
import { askBeforeLongRun, liveEstimate, markDone, onePressAtATime, say, setUpSettings, showRunSummary, showEngineStatus, showShareLink, startStop } from './page-kit.js';
import { drawVectors, drawWeightTable } from './translate/tables-view.js';
import { clip, quoted } from '../ui/quote.js';
import { viewsAsLoaded } from '../ui/run-views.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { voiceProgress } from '../ui/progress-voice.js';
import { storyLine } from './story-line.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables and the map scroll in frames that say so (css .scroll-frame).
watchScrollFrames();
voiceProgress();  // progress lines spoken at most every few seconds

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 2);
const pct = formatPercent;
const COLOURS = { none: PALETTE.vermillion, additive: PALETTE.blue, dot: PALETTE.green };
const MARKERS = { none: 'circle', additive: 'square', dot: 'square' };
let predict = null;  // the prediction box (pages/predict-box.js), set up in main
// Each model's name as the page shows it, in the page's language.
const NAMES = { none: () => t('translate.nameNone'), additive: () => t('translate.nameAdditive'), dot: () => t('translate.nameDot') };
const nameOf = (kind) => NAMES[kind]();
// Between the items of a list in a sentence ("; ", in French " ; ").
const listSeparator = () => t('translate.listSeparator');
const state = { data: null, spec: null, form: null, running: false, kinds: [], info: null, epochs: [], outcome: null, latest: {} };

const lab = new LabClient();
let chart;
// The sentence under the curves once they show the page's point (pages/story-line.js).
const story = storyLine('translate');

// This computer's speed, measured in the worker (translate/translate_cost.hpp): a dozen
// minibatches timed, in seconds per unit of the run's arithmetic, and the corpus's
// building, in seconds per sentence pair. Twice, a pause between: the first round runs
// while the browser is still compiling the hot code (about 2x too slow), the second
// after (as for the race's warm-up).
const speed = lab.ready.then(async () => {
  const probe = () => lab.call('translate_probe', { grammar_json: JSON.stringify(labData().widgets.translate.grammar) });
  await probe();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await lab.idle();  // timed with no training beside it (engine/race-estimate.js)
  const { seconds, work, corpus_seconds: perPair } = await probe();
  document.body.dataset.probeSeconds = String(seconds);
  return { perUnit: seconds / work, perPair };
}).catch(() => null);

// About how long a run will take here: each model on a thread of its own (as many at
// once as the computer has cores), in turns without threads. A finished model's thread
// then takes half of each minibatch of one still training, but two threads at once
// each run slower than one alone (the probe times one), so the longest model's own time
// stays the estimate's floor, so it errs long rather than short. Rejects with the
// engine's words when the settings cannot run. The corpus is built first, on one thread.
async function estimateSeconds(input) {
  const { per_model: work } = await lab.call('translate_work', input);
  const here = await speed;
  if (!here) return null;
  const { n_train, n_val, n_test } = state.data.fixed;
  const corpus = here.perPair * (n_train + n_val + n_test);
  const sum = work.reduce((a, b) => a + b, 0);
  if (!state.build || !state.build.threads) return corpus + here.perUnit * sum;
  const cores = Math.max(1, Math.min(work.length, navigator.hardwareConcurrency || 2));
  return corpus + here.perUnit * Math.max(...work, sum / cores);
}

// The curves' series of the models a run trains: exact sentences and words for each.
const seriesOf = (kinds) => kinds.flatMap((k) => [`${k}-exact`, `${k}-token`]);

function kindsOf(settings) {
  return settings.attention === 'both' ? ['none', 'additive', 'dot'] : ['none', settings.attention];
}

// What the engine's TranslateSession starts from (src/translate/translate_session.hpp):
// the form's settings as they are; the fixed sizes are the schema's, in the engine too.
function inputOf(settings) {
  return { settings, grammar_json: JSON.stringify(labData().widgets.translate.grammar), kinds: kindsOf(settings), watch: 0 };
}

// Beside Train, before it is pressed (pages/page-kit.js).
const showEstimate = liveEstimate($('tr-estimate'), (settings) => estimateSeconds(inputOf(settings)), () => state.running);

function validate() {
  const settings = state.form.read();
  if (settings) {
    const href = `translate.html${toQuery(state.spec, settings)}`;
    showShareLink(href);
    showEstimate(settings);
  }
  return settings;
}

const toggleStartStop = startStop($('start'), $('stop'));
function setRunning(running) {
  state.running = running;
  document.body.dataset.translate = running ? 'running' : state.outcome ? 'finished' : 'idle';
  $('tr-translate').disabled = running || !state.outcome;
  toggleStartStop(running);
}

async function start() {
  $('start-error').textContent = '';
  const settings = validate();
  if (!settings) { $('start-error').textContent = t('translate.fixSettings'); return; }
  const kinds = kindsOf(settings);
  const input = inputOf(settings);
  // A long run is announced, and asked for; one that cannot run is refused with the reason.
  // (Start keeps the keyboard's focus meanwhile; a second press is ignored.)
  if (state.estimating) return;
  let expected = null;
  state.estimating = true;
  try {
    expected = await estimateSeconds(input);
  } catch (err) {
    $('start-error').textContent = t('translate.notStarted', { error: err.message });
    return;
  } finally {
    state.estimating = false;
  }
  if (expected !== null) document.body.dataset.estimateSeconds = expected.toFixed(2);
  const answer = await askBeforeLongRun(expected, {
    what: t('translate.training'), hint: t('translate.quickerHint'),
    errorEl: $('start-error'), estimateEl: $('tr-estimate'),
  });
  if (answer !== 'run') { document.body.dataset.translate = answer; return; }
  state.kinds = kinds;
  const ticket = predict.lock(Object.entries(settings).map(([k, v]) => `${k} = ${v}`).join(', '));
  state.epochs = [];
  state.outcome = null;
  state.watch = null;
  state.info = null;
  clearRunViews();
  state.latest = {};
  showRunSummary(null);
  chart.reset(settings.epochs, seriesOf(kinds));
  drawCurveTable();
  setRunning(true);
  $('tr-progress').textContent = t('translate.buildingCorpus');
  const t0 = performance.now();
  story.start(kinds);
  try {
    let asked = false;
    const run = lab.runSession('TranslateSession', input, (e) => {
      // The first record says the session has started: its corpus (the words) can be read.
      if (!asked) {
        asked = true;
        lab.sessionCall('TranslateSession', 'corpus_info').then(onCorpus, () => {});
      }
      onEpoch(e, settings);
    });
    const outcome = await run;
    if (!state.info) onCorpus(await lab.sessionCall('TranslateSession', 'corpus_info'));
    state.outcome = outcome;
    drawMatrix();
    showOutcome(outcome);
    await showStudent();
    // The sentence waiting in "Translate your own sentence" is translated at once, so
    // that section and the vectors below it show something as soon as there are models
    // (a student would otherwise meet their headings over nothing until pressing Translate).
    await translateTyped();
    const took = ((performance.now() - t0) / 1000).toFixed(1);
    document.body.dataset.wallSeconds = took;
    if (!outcome.stopped) {
      markDone('translate');
      // Compared when the run had both: the fixed summary and a model with attention.
      const fixed = outcome.models.find((m) => m.kind === 'none');
      const best = outcome.models.filter((m) => m.kind !== 'none').sort((a, b) => b.test.exact_acc - a.test.exact_acc)[0];
      if (fixed && best) {
        const diff = best.test.exact_acc - fixed.test.exact_acc;
        predict.showResult({ option: diff > 0.05 ? 'attention' : diff < -0.05 ? 'fixed' : 'same',
          words: t('translate.predictWords', { model: nameOf(best.kind), acc: pct(best.test.exact_acc), fixed: pct(fixed.test.exact_acc) }) }, ticket);
      }
    }
    $('tr-progress').textContent = t('translate.done', { stopped: outcome.stopped ? 'yes' : 'no', seconds: localDecimal(took), threads: outcome.threads ? 'yes' : 'no' });
    showRunSummary(t('translate.summary', { stopped: outcome.stopped ? 'yes' : 'no', list: outcome.models.map((m) => `${nameOf(m.kind)} ${pct(m.test.exact_acc)}`).join(', ') }), 'tr-align', { point: 'tr-curves' });
  } catch (err) {
    $('start-error').textContent = `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
    $('tr-progress').textContent = t('translate.notFinished');
  }
  setRunning(false);
}

function onEpoch(e, settings) {
  state.epochs.push(e);
  state.latest[e.kind] = e;
  chart.addPoint(`${e.kind}-exact`, e.epoch, e.val_exact);
  chart.addPoint(`${e.kind}-token`, e.epoch, e.val_token_acc);
  $('tr-progress').textContent = t('translate.progressEpoch', { epoch: String(e.epoch), epochs: String(settings.epochs), model: nameOf(e.kind), exact: pct(e.val_exact), time: formatElapsed(e.wall) });
  addCurveCell(e);
  story.add(e.kind, e.epoch, e.val_exact);
  if (e.kind !== 'none') {
    state.watch = e;
    drawMatrix();
  }
}

// The curves as a table, one row an epoch: the header and an empty body at the start,
// then one cell filled per reported epoch (rows are added, never rebuilt).
function drawCurveTable() {
  const table = $('tr-curve-table');
  table.tHead.replaceChildren();
  const hr = table.tHead.insertRow();
  hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: t('translate.epochHead') }));
  for (const k of state.kinds) hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: nameOf(k) }));
  table.tBodies[0].replaceChildren();
}

function addCurveCell(e) {
  const body = $('tr-curve-table').tBodies[0];
  while (body.rows.length < e.epoch) {
    const tr = body.insertRow();
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: String(body.rows.length) }));
    for (let i = 0; i < state.kinds.length; ++i) tr.insertCell().textContent = '…';
  }
  const td = body.rows[e.epoch - 1].cells[1 + state.kinds.indexOf(e.kind)];
  td.textContent = `${pct(e.val_exact)} / ${pct(e.val_token_acc)}`;
  Object.assign(td.dataset, { exact: String(e.val_exact), kind: e.kind, wall: String(e.wall) });
}

// The watched sentence (test sentence 0): rows = its English words, columns = its French
// words, drawn as a map after every epoch; the gold links outlined and marked. The words
// come with the corpus (asked for as the run starts). The same numbers as a table are
// built only while their disclosure is open.
function drawMatrix() {
  const e = state.watch;
  if (!e) return;
  const sentence = state.info ? state.info.test[e.watch] : null;
  const S = sentence ? sentence.src.length : e.watch_alpha.length;
  const T = Math.round(e.watch_alpha.length / Math.max(1, S));
  const tgt = sentence ? sentence.tgt : Array.from({ length: T }, (_, i) => t('translate.wordN', { n: String(i + 1) }));
  const src = sentence ? sentence.src : Array.from({ length: S }, (_, j) => `${j + 1}`);
  const gold = sentence && $('gold').checked ? sentence.align.map(([j, i]) => [i, j]) : [];
  const map = $('tr-map');
  state.mapWords = { tgt, src, S, A: e.watch_alpha };  // what a picked cell reads out (readCell)
  drawAlignment(map, { rows: tgt, cols: src, A: e.watch_alpha, gold, row: written.position, col: read.position });
  const what = sentence
    ? t('translate.mapWhatSentence', { model: nameOf(e.kind), n: String(e.watch + 1), sentence: showSentence(sentence.src), epoch: String(e.epoch) })
    : t('translate.mapWhat', { model: nameOf(e.kind), n: String(e.watch + 1), epoch: String(e.epoch) });
  map.dataset.epoch = String(e.epoch);
  map.dataset.watch = String(e.watch);
  map.setAttribute('aria-label', t('translate.mapLabel', { what, weights: tgt.map((w, r) => {
    const row = Array.from(e.watch_alpha.slice(r * S, (r + 1) * S));
    const best = row.indexOf(Math.max(...row));
    return t('translate.weighsMost', { target: w, source: src[best], weight: num(row[best]) });
  }).join(listSeparator()) }));
  $('tr-matrix-caption').textContent = what;
  $('tr-aer').textContent = Number.isFinite(e.val_aer) ? t('translate.aer', { epoch: String(e.epoch), aer: num(e.val_aer) }) : '';
  if ($('tr-matrix-details').open) drawWeightTable($('tr-matrix'), t('translate.cornerEnglishFrench'), tgt, src, e.watch_alpha, { gold });
  document.body.dataset.matrixEpoch = String(e.epoch);
  // The table was redrawn: its picked-out words again (the map has them already).
  drawingMatrix = true;
  written.refresh();
  read.refresh();
  drawingMatrix = false;
}

// A word written (a row of the map) and a word read (a column), picked out in the map
// and its table at once (ui/linked.js): pointing at a cell or a table cell, or the arrow
// keys on the focused map.
const written = new LinkedPosition(), read = new LinkedPosition();
let redrawing = false, drawingMatrix = false;
function redrawMatrix() {
  if (redrawing || drawingMatrix) return;
  redrawing = true;
  requestAnimationFrame(() => { redrawing = false; drawMatrix(); });
}
function linkMatrixViews() {
  const map = $('tr-map');
  linkElements($('tr-matrix'), written, 'target');
  linkElements($('tr-matrix'), read, 'source');
  written.add(() => { if (state.watch) redrawMatrix(); });
  read.add(() => { if (state.watch) redrawMatrix(); });
  const pick = (cell) => { written.set(cell ? cell[0] : null); read.set(cell ? cell[1] : null); readCell(cell); };
  map.addEventListener('pointermove', (e) => pick(alignmentCellAt(map, e.clientX, e.clientY)));
  map.addEventListener('pointerleave', () => pick(null));
  map.addEventListener('keydown', (e) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!state.watch || !(e.key in moves || e.key === 'Escape')) return;
    e.preventDefault();
    if (e.key === 'Escape') { pick(null); return; }
    const rows = Number(map.dataset.rows), cols = Number(map.dataset.cols);
    if (written.position === null || read.position === null) { pick([0, 0]); return; }
    const [dr, dc] = moves[e.key];
    const cell = [Math.min(rows - 1, Math.max(0, written.position + dr)), Math.min(cols - 1, Math.max(0, read.position + dc))];
    pick(cell);
    // A map wider than its frame (a phone): the picked cell kept in sight.
    const frame = map.closest('.scroll-frame'), box = alignmentCellBox(map, ...cell);
    if (frame && box.x + box.size > frame.scrollLeft + frame.clientWidth) frame.scrollLeft = box.x + box.size - frame.clientWidth + 8;
    else if (frame && box.x < frame.scrollLeft) frame.scrollLeft = Math.max(0, box.x - 8);
  });
}

// The picked cell in words, under the map (a live region: a screen reader hears each cell
// the arrow keys reach, with both words and its weight).
function readCell(cell) {
  const m = state.mapWords;
  say($('tr-map-readout'), cell && m && cell[0] < m.tgt.length && cell[1] < m.S
    ? t('translate.cellReadout', { target: m.tgt[cell[0]], row: String(cell[0] + 1), source: m.src[cell[1]], col: String(cell[1] + 1), weight: formatNumber(m.A[cell[0] * m.S + cell[1]], 3) })
    : '');
}

// A typed sentence's word written (its translation's rows: where it looked, its query)
// and word read (a French word: its column, its key, its self-attention row and column),
// picked out in all four of its tables at once.
const typedWritten = new LinkedPosition(), typedRead = new LinkedPosition();
function linkTypedViews() {
  for (const id of ['tr-typed', 'tr-cross-q']) linkElements($(id), typedWritten, 'target');
  for (const id of ['tr-typed', 'tr-cross-k', 'tr-self']) linkElements($(id), typedRead, 'source');
}

// The corpus of the run that started: its words for the map, the chooser's range, and
// the student's chosen sentence carried over when the new test set has it.
function onCorpus(info) {
  state.info = info;
  const input = $('tr-watch');
  input.max = String(info.test.length);
  input.disabled = false;
  const chosen = Number(input.value) - 1;
  if (Number.isInteger(chosen) && chosen > 0 && chosen < info.test.length) lab.sessionCall('TranslateSession', 'set_watch', { index: chosen }).catch(() => {});
  drawMatrix();
}

// The chooser: a whole number from 1 to the test set's size, or a message beside it and
// the map left as it was. Idle, the model's attention on that sentence is fetched at once.
async function chooseWatched() {
  const input = $('tr-watch'), n = state.info ? state.info.test.length : 0;
  const text = input.value.trim();
  const index = /^\d+$/.test(text) ? Number(text) - 1 : NaN;
  const ok = Number.isInteger(index) && index >= 0 && index < n;
  const why = /^\d+$/.test(text) ? t('setting.outOfRange', { shown: clip(text, 12) }) : t('setting.notWhole', { shown: quoted(text) });
  $('tr-watch-error').textContent = ok ? '' : t('translate.watchError', { why, max: String(n) });
  input.setAttribute('aria-invalid', ok ? 'false' : 'true');
  if (!ok) return;
  await lab.sessionCall('TranslateSession', 'set_watch', { index });
  if (state.running || !state.watch) return;  // the next epoch's record brings it
  const model = attentionModel();
  const { alpha } = await lab.sessionCall('TranslateSession', 'watch_attention', { model, index });
  if (Number($('tr-watch').value) - 1 !== index) return;  // a newer choice is on its way
  state.watch = { ...state.watch, kind: state.kinds[model], watch: index, watch_alpha: alpha };
  drawMatrix();
}

function showOutcome(outcome) {
  const buckets = state.info.buckets;
  const max = Number($('set-max_len').value) || 25;
  const labels = buckets.map((lo, i) => `${lo}–${i + 1 < buckets.length ? buckets[i + 1] - 1 : max}`);
  const mids = buckets.map((lo, i) => (lo + (i + 1 < buckets.length ? buckets[i + 1] - 1 : max)) / 2);
  new XYPlot($('tr-bottleneck'), {
    x: { label: t('translate.sourceWords'), log: false, format: (v) => String(v) },
    y: { label: t('translate.exactlyRight'), log: false, min: 0, max: 1, format: (v) => t('translate.percentTick', { n: String(Math.round(v * 100)) }) },
  }).draw({ series: outcome.models.map((m) => ({ key: m.kind, label: nameOf(m.kind), colour: COLOURS[m.kind], marker: MARKERS[m.kind],
    dash: m.kind === 'dot' ? '6 4' : '', points: m.test.exact_by_bucket.map((y, i) => [mids[i], y]) })) });
  const table = $('tr-buckets');
  table.tHead.replaceChildren();
  const hr = table.tHead.insertRow();
  hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: t('translate.sourceWords') }));
  for (const m of outcome.models) hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: nameOf(m.kind) }));
  const body = table.tBodies[0];
  body.replaceChildren();
  labels.forEach((label, i) => {
    const tr = body.insertRow();
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: label }));
    for (const m of outcome.models) {
      const td = tr.insertCell();
      td.textContent = t('translate.bucketCell', { exact: pct(m.test.exact_by_bucket[i]), count: String(m.test.count_by_bucket[i]) });
      td.dataset.exact = String(m.test.exact_by_bucket[i]);
      td.dataset.kind = m.kind;
    }
  });
  const tr = body.insertRow();
  tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: t('translate.all') }));
  for (const m of outcome.models) {
    const td = tr.insertCell();
    td.textContent = pct(m.test.exact_acc);
    Object.assign(td.dataset, { exact: String(m.test.exact_acc), kind: m.kind, all: 'true' });
  }
}

function attentionModel() {
  return state.kinds.findIndex((k) => k !== 'none');
}

async function showStudent() {
  const body = $('tr-student').tBodies[0];
  body.replaceChildren();
  const r = await lab.sessionCall('TranslateSession', 'translate', { model: attentionModel(), words: ['je', 'suis', 'étudiant'] });
  const ill = state.data.illustrative.rows;
  r.words.forEach((w, row) => {
    const tr = body.insertRow();
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: w }));
    // Three weights a cell, kept on one line (the frame scrolls on a phone).
    Object.assign(tr.insertCell(), { className: 'token', textContent: Array.from(r.alpha.slice(row * 3, row * 3 + 3), num).join(' / ') });
    Object.assign(tr.insertCell(), { className: 'token', textContent: ill[w] ? ill[w].map(num).join(' / ') : '—' });
  });
}

// Only the latest typed sentence's answer is shown: an older one (a word not in the
// lexicon, say) arriving late must not stand beside the newer translation.
let typedCalls = 0;
async function translateTyped() {
  const call = ++typedCalls;
  $('tr-sentence-error').textContent = '';
  const words = typedWords($('tr-sentence').value);
  $('tr-sentence').setAttribute('aria-invalid', 'false');
  try {
    const out = [];
    let shown = null;
    for (let m = 0; m < state.kinds.length; ++m) {
      const r = await lab.sessionCall('TranslateSession', 'translate', { model: m, words });
      if (call !== typedCalls) return;
      out.push(t('translate.translationBy', { model: nameOf(state.kinds[m]), words: r.words.join(' ') }));
      if (m === attentionModel()) shown = r;
    }
    $('tr-translations').textContent = out.join(listSeparator());
    drawWeightTable($('tr-typed'), t('translate.cornerEnglishFrench'), shown.words, words, shown.alpha, { focusable: true });
    drawVectors(shown, words);
    typedWritten.refresh();
    typedRead.refresh();
    document.body.dataset.typed = shown.words.join(' ');
    document.body.dataset.typedFrom = words.join(' ');  // which sentence it was (tests wait for theirs)
  } catch (err) {
    if (call !== typedCalls) return;
    $('tr-sentence-error').textContent = `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
    $('tr-sentence').setAttribute('aria-invalid', 'true');
  }
}

// Everything a run draws belongs to the models that made it: the watched sentence's map
// and its table, the alignment error rate, the bottleneck, "je suis étudiant", a typed
// sentence's translation, alignment and vectors, and its message. A new run puts them
// back as the page first showed them (ui/run-views.js).
let resetRunViews = () => {};
function clearRunViews() {
  resetRunViews();
  ++typedCalls;  // a typed sentence still on its way belongs to the old models
  for (const p of [written, read, typedWritten, typedRead]) p.set(null);
  $('tr-sentence').setAttribute('aria-invalid', 'false');
  delete document.body.dataset.typed;
  delete document.body.dataset.typedFrom;
  delete document.body.dataset.matrixEpoch;
}

function main() {
  resetRunViews = viewsAsLoaded(['tr-aer', 'tr-map', 'tr-matrix-caption', 'tr-matrix', 'tr-bottleneck', 'tr-buckets',
    'tr-student', 'tr-sentence-error', 'tr-translations', 'tr-typed', 'tr-self', 'tr-cross-q', 'tr-cross-k', 'tr-qkv-empty']);
  let settings;
  ({ data: state.data, spec: state.spec, form: state.form, settings } = setUpSettings('translate', validate));
  predict = setUpPrediction('translate', state.data.predict, openStore());
  validate();
  state.kinds = kindsOf(settings);
  const series = [];
  for (const k of ['none', 'additive', 'dot']) {
    series.push({ key: `${k}-exact`, label: t('translate.seriesSentences', { model: nameOf(k) }), colour: COLOURS[k], marker: MARKERS[k] });
    series.push({ key: `${k}-token`, label: t('translate.seriesWords', { model: nameOf(k) }), colour: COLOURS[k], dash: '6 4', marker: MARKERS[k] });
  }
  chart = new LineChart($('tr-curves'), { series, chance: null });
  chart.reset(settings.epochs, seriesOf(state.kinds));
  $('start').disabled = true;
  showEngineStatus(lab, describeBuild, (info) => {
    state.build = info;
    $('start').disabled = false;
  });
  lab.onRestart = (message) => { $('start-error').textContent = message; };
  $('start').addEventListener('click', onePressAtATime(start));
  $('stop').addEventListener('click', () => lab.stopSession('TranslateSession'));
  $('defaults').addEventListener('click', () => { state.form.fillDefaults(); validate(); });
  $('gold').addEventListener('change', drawMatrix);
  $('tr-watch').addEventListener('input', () => { chooseWatched().catch((err) => { $('tr-watch-error').textContent = `${err.message}.`; }); });
  $('tr-matrix-details').addEventListener('toggle', drawMatrix);
  linkMatrixViews();
  linkTypedViews();
  $('tr-translate').addEventListener('click', translateTyped);
  $('tr-sentence').addEventListener('keydown', (ev) => { if (ev.key === 'Enter' && !$('tr-translate').disabled) translateTyped(); });
  document.body.dataset.ready = 'true';
  document.body.dataset.translate = 'idle';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
