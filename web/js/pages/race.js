// The training race page (worked example 2). The engine is C++ in the lab's
// worker; this file holds the controls, the URL, and the views.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { openStore } from '../work/store.js';
import { connectLms, joinLms } from '../lms/lms.js';
import { buildHandin } from '../work/handin.js';
import { chosenAssignment } from '../grading/assignment.js';
import { toQuery } from '../settings/settings-schema.js';
import { LineChart } from '../charts/line-chart.js';
import { drawHeatmap, heatmapCellAt } from '../charts/heatmap.js';
import { PALETTE } from '../charts/svg.js';
import { downloadText } from '../work/download.js';
import { formatDuration, formatNumber, formatPercent, withUnit } from '../ui/format.js';
import { LinkedPosition, linkElements } from '../ui/linked.js';
import { measureRaceSpeed, raceSeconds, raceWork } from '../engine/race-estimate.js';
import { setUpPrediction } from './predict-box.js';
import { localDecimal, t } from '../ui/i18n.js';
import { askBeforeLongRun, liveEstimate, markDone, onePressAtATime, setUpSettings, showRunSummary, showEngineStatus, showShareLink, startStop } from './page-kit.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { voiceProgress } from '../ui/progress-voice.js';
import { storyLine } from './story-line.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();
voiceProgress();  // progress lines spoken at most every few seconds

const $ = (id) => document.getElementById(id);
// Each model's name as the page shows it, in the page's language.
const MODELS = { gru: () => 'GRU', attention: () => t('race.modelAttention') };
const modelName = (m) => MODELS[m]();

const state = { spec: null, running: false, result: null, settings: null, stepIndex: 0, examples: null, build: null, finishedAt: {} };
const lab = new LabClient();
function showBuild() {
  showEngineStatus(lab, describeBuild, (info) => { state.build = info; });
}
showBuild();
// The worker died (and a new one took over): the race in flight reports the reason.
lab.onRestart = () => { document.body.dataset.restarts = String(Number(document.body.dataset.restarts || 0) + 1); showBuild(); };
// The probe that warms the engine up and times this computer (engine/race-estimate.js).
const speed = measureRaceSpeed(lab);

// About how long a race will take here (engine/race-estimate.js): the models train
// side by side with threads, in turns without.
// Rejects with the engine's words when the race cannot run at all (too large to fit).
async function estimateSeconds(settings) {
  const work = await raceWork(lab, settings);
  const perUnit = await speed;
  if (!perUnit) return null;
  return raceSeconds(work, perUnit, Boolean(state.build && state.build.threads));
}

// The sentence under the curves once they show the module's story (pages/story-line.js).
const story = storyLine('race');

const chart = new LineChart($('curves'), {
  series: [
    { key: 'gru-train', label: t('race.seriesGruTrain'), colour: PALETTE.vermillion, marker: 'circle' },
    { key: 'gru-val', label: t('race.seriesGruVal'), colour: PALETTE.vermillion, dash: '6 4', marker: 'circle' },
    { key: 'attention-train', label: t('race.seriesAttentionTrain'), colour: PALETTE.blue, marker: 'square' },
    { key: 'attention-val', label: t('race.seriesAttentionVal'), colour: PALETTE.blue, dash: '6 4', marker: 'square' },
  ],
});

// ---- the settings form ---------------------------------------------------------

// The form's values, each named next to its field when it does not parse; the share
// link follows the valid ones.
function validateForm() {
  const settings = state.form.read();
  if (settings) {
    const href = `race.html${toQuery(state.spec, settings)}`;
    showShareLink(href);
    showEstimate(settings);
    // Before any run, the empty chart's axis runs over the epochs the run will have.
    if (!state.running && !state.settings) chart.reset(settings.epochs);
  }
  return settings;
}

// Beside Start, before it is pressed (pages/page-kit.js).
const showEstimate = liveEstimate($('race-estimate'), estimateSeconds, () => state.running);

// ---- running -------------------------------------------------------------------

const toggleStartStop = startStop($('start'), $('stop'));
function setRunning(running) {
  state.running = running;
  $('start').textContent = t(state.result ? 'race.runAgain' : 'race.startRace');
  toggleStartStop(running);
}

async function start() {
  const settings = validateForm();
  if (!settings) {
    $('start-error').textContent = t('race.fixSettings');
    const bad = state.spec.find((s) => $(`set-${s.key}-error`).textContent);
    if (bad) $(`set-${bad.key}`).focus();
    return;
  }
  $('start-error').textContent = '';
  document.body.dataset.race = 'starting';
  // A race that cannot fit is refused at once; a long one is announced, and asked for.
  let expected = null;
  try {
    expected = await estimateSeconds(settings);
  } catch (err) {
    $('start-error').textContent = t('race.didNotRun', { error: err.message });
    document.body.dataset.race = 'error';
    return;
  }
  const answer = await askBeforeLongRun(expected, {
    what: t('race.thisRace'), hint: t('race.quickerHint'),
    errorEl: $('start-error'), estimateEl: $('race-estimate'),
  });
  if (answer !== 'run') { document.body.dataset.race = answer; return; }
  if (expected !== null) document.body.dataset.estimateSeconds = expected.toFixed(2);
  history.replaceState(null, '', `race.html${toQuery(state.spec, settings)}`);
  const ticket = predict.lock(Object.entries(settings).map(([k, v]) => `${k} = ${v}`).join(', '));
  state.settings = settings;
  state.result = null;
  state.finishedAt = {};
  chart.reset(settings.epochs);
  $('curve-table').tBodies[0].replaceChildren();
  $('results-section').hidden = true;
  showRunSummary(null);
  for (const m of Object.keys(MODELS)) $(`progress-${m}`).textContent = t('race.progressStart', { epochs: String(settings.epochs) });
  setRunning(true);
  document.body.dataset.race = 'running';
  delete document.body.dataset.wasmHeapUsed;
  story.start(Object.keys(MODELS));
  try {
    const result = await lab.runSession('RaceSession', { settings }, onEpoch);
    state.result = result;
    showResults(result);
    document.body.dataset.wallSeconds = String(result.wall);
    saveRun(settings, result);
    document.body.dataset.race = result.stopped ? 'stopped' : 'finished';
    if (!result.stopped) {
      markDone('race');
      const diff = result.attention.test_acc - result.gru.test_acc;
      predict.showResult({ option: diff > 0.05 ? 'attention' : diff < -0.05 ? 'gru' : 'same',
        words: t('race.predictWords', { attention: formatPercent(result.attention.test_acc), gru: formatPercent(result.gru.test_acc) }) }, ticket);
    }
    // For the memory check across many races: the module's heap in use after this one.
    lab.request('heap', {}).then((h) => { document.body.dataset.wasmHeapUsed = String(h.wasmHeapUsed); });
  } catch (err) {
    $('start-error').textContent = t('race.didNotRun', { error: err.message });
    document.body.dataset.race = 'error';
  } finally {
    setRunning(false);
  }
}

// The run goes into the student's saved work, for the hand-in (the last 20 kept), and
// inside an LMS into its copy too. A run the browser refuses to store is not lost in
// silence: the page says so and offers the hand-in file at once.
const store = openStore();
let predict = null;  // the prediction box (pages/predict-box.js), set up in main
joinLms(store, connectLms(), $('lms-notice'));

function saveRun(settings, r) {
  const saved = store.addRace({
    at: new Date().toISOString(), settings, build: state.build ? state.build.variant : '',
    gru: r.gru.test_acc, attention: r.attention.test_acc, wall: r.wall, stopped: r.stopped,
  });
  if ($('save-notice').hidden !== saved) $('save-notice').hidden = saved;  // an alert: touched only when it changes
  if (!saved) {
    $('save-notice-text').textContent = t('race.notSaved', { problem: store.problem || t('race.notSavedHere') });
  }
}

function downloadWork() {
  const data = labData();
  const { assignment } = chosenAssignment(store, data.assignment, data.checks, '', data.widgets.race.settings);
  const { filename, text } = buildHandin({ state: store.state, checks: data.checks, assignment, build: data.build });
  downloadText(filename, text);
}

// One EpochRecord of the engine (src/race/race_session.hpp): model 0 is the GRU, 1 attention.
//
// Times: the page shows one clock, the race's (p.wall and the outcome's wall, seconds
// since the engine started the race). A model's own p.seconds is not on it: it sums the
// model's training slices and its evaluations, and in the threaded race an evaluation
// runs on the other model's thread while this one trains on, so the sum counts time
// twice and can pass the whole race's (4.70 s in a race of 3.0 s). Each model's time is
// therefore when it finished on the race's clock, a part within the total by construction.
// A time on that clock: two decimals under 10 s (a short race's parts are a tenth of a
// second apart), one above. Rounding keeps order, so a part never reads above its total.
// (a no-break space: the number never leaves its unit at a line's end)
const clockText = (s) => withUnit(localDecimal(s.toFixed(s < 10 ? 2 : 1)), 's');

function onEpoch(p) {
  const model = p.kind;
  state.finishedAt[model] = p.wall;
  chart.addPoint(`${model}-train`, p.epoch, p.train_acc);
  chart.addPoint(`${model}-val`, p.epoch, p.val_acc);
  $(`progress-${model}`).textContent =
    t('race.progressEpoch', { epoch: String(p.epoch), epochs: String(state.settings.epochs), train: pct(p.train_acc), val: pct(p.val_acc), time: clockText(p.wall) });
  const body = $('curve-table').tBodies[0];
  let row = body.rows[p.epoch - 1];
  while (!row) {
    const tr = body.insertRow();
    tr.insertCell().textContent = String(body.rows.length);
    for (let k = 0; k < 4; ++k) tr.insertCell().textContent = '';
    row = body.rows[p.epoch - 1];
  }
  const col = model === 'gru' ? 1 : 3;
  row.cells[col].textContent = pct(p.train_acc);
  row.cells[col + 1].textContent = pct(p.val_acc);
  row.cells[col].dataset.value = String(p.train_acc);  // every digit, for the tests
  row.cells[col + 1].dataset.value = String(p.val_acc);
  story.add(model, p.epoch, p.val_acc);
}

const pct = formatPercent;

// ---- results ---------------------------------------------------------------------

function showResults(r) {
  $('results-section').hidden = false;
  showRunSummary(t('race.summary', { stopped: r.stopped ? 'yes' : 'no', attention: formatPercent(r.attention.test_acc), gru: formatPercent(r.gru.test_acc) }), 'results-section');
  const facts = t('race.facts', { seed: String(state.settings.seed), T: String(state.settings.T), threads: r.threads ? 'yes' : 'no', time: clockText(r.wall) }) +
    (r.stopped ? ` ${t('race.stoppedEarly')}` : '');
  $('run-facts').textContent = facts;
  const body = $('results').tBodies[0];
  body.replaceChildren();
  for (const m of Object.keys(MODELS)) {
    const tr = body.insertRow();
    tr.dataset.model = m;
    tr.dataset.testAcc = String(r[m].test_acc);
    const th = Object.assign(document.createElement('th'), { scope: 'row', textContent: modelName(m) });
    tr.append(th);
    tr.insertCell().textContent = localDecimal(r[m].test_acc.toFixed(3));
    // When its last epoch ended on the race's clock (see onEpoch), never past the total.
    const at = state.finishedAt[m];
    const cell = tr.insertCell();
    cell.textContent = t('race.finishedAt', { time: at === undefined ? '–' : clockText(at), epochs: String(r[m].epochs_done) });
    if (at !== undefined) cell.dataset.seconds = String(at);
    drawConfusion($(`confusion-${m}`), modelName(m), r[m].confusion);
  }
  // The first positive and the first negative test example, then a stepper over all.
  const labels = r.test_labels;
  state.examples = { positive: labels.indexOf(1), negative: labels.indexOf(0), count: labels.length };
  // The stepper starts on the first example that is neither of the two above, so that
  // the three maps differ.
  state.stepIndex = Math.max(0, labels.findIndex((_, i) => i !== state.examples.positive && i !== state.examples.negative));
  showExamples({ positive: state.examples.positive, negative: state.examples.negative, step: state.stepIndex });
}

function drawConfusion(table, name, c) {
  table.replaceChildren();
  table.createCaption().textContent = t('race.confusionCaption', { model: name });
  const head = table.createTHead().insertRow();
  for (const text of ['', t('race.predicted0'), t('race.predicted1')]) {
    head.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: text }));
  }
  const body = table.createTBody();
  [t('race.true0'), t('race.true1')].forEach((label, row) => {
    const tr = body.insertRow();
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: label }));
    for (let p = 0; p < 2; ++p) {
      const td = tr.insertCell();
      td.textContent = String(c[row][p]);
      td.dataset.count = String(c[row][p]);
    }
  });
}

// The row the classifier reads: the last one, unless the model averages every row.
const readRowOf = (ex) => (state.settings.pooling === 'mean' ? null : ex.T - 1);

// Test examples into their slots ({slot: index}), their maps computed in one call
// (RaceSession.examples: one batched forward), each map a view into the batch's numbers.
async function showExamples(slots) {
  const wanted = Object.entries(slots).filter(([slot, index]) => {
    if (index < 0) $(`caption-${slot}`).textContent = t('race.noExample');
    return index >= 0;
  });
  if (wanted.length === 0) return;
  const batch = await lab.sessionCall('RaceSession', 'examples', { indices: wanted.map(([, index]) => index) });
  const T = batch.T;
  wanted.forEach(([slot], b) => showExample(slot, {
    index: batch.index[b], T, label: batch.label[b], pred_gru: batch.pred_gru[b], pred_attention: batch.pred_attention[b],
    tokens: batch.tokens.subarray(b * T, (b + 1) * T), A: batch.A.subarray(b * T * T, (b + 1) * T * T),
  }));
}

function showExample(slot, ex) {
  const index = ex.index;
  const svg = $(`heatmap-${slot}`);
  drawHeatmap(svg, ex.A, ex.T, { tokens: ex.tokens, readRow: readRowOf(ex) });
  if (slot === 'step') {
    state.stepExample = ex;
    state.cell = null;
    $('step-tokens').replaceChildren(...Array.from(ex.tokens, (token, j) => Object.assign(document.createElement('span'), { textContent: String(token), title: t('race.positionTitle', { position: String(j) }) })));
    Array.from($('step-tokens').children).forEach((span, j) => { span.dataset.position = String(j); });
    if ($('step-table-details').open) drawWeightsTable(ex, readRowOf(ex) ?? 0);
    focus.refresh();
  }
  svg.dataset.index = String(index);
  // Each map says which example it is, so that three maps never look like one.
  const which = { positive: t('race.whichPositive'), negative: t('race.whichNegative'), step: t('race.whichStep') }[slot];
  $(`title-${slot}`).textContent = t('race.exampleTitle', { n: String(index + 1), which });
  const verdict = (pred) => (pred === ex.label ? t('race.right') : t('race.wrong'));
  const kind = ex.label === 1 ? t('race.kindPositive') : t('race.kindNegative');
  $(`caption-${slot}`).textContent =
    `${t('race.exampleCaption', { n: String(index + 1), count: String(state.examples.count), kind, tokens: Array.from(ex.tokens).join(' '),
      attention: String(ex.pred_attention), attentionVerdict: verdict(ex.pred_attention), gru: String(ex.pred_gru), gruVerdict: verdict(ex.pred_gru) })} ` +
    t(state.settings.pooling === 'mean' ? 'race.readRowMean' : 'race.readRow');
}

// The heatmap's numbers as a table (its text alternative), built only when opened, and
// for long sequences a page of rows at a time (about 600 cells): a whole 100 x 100
// table takes the main thread for about half a second, and nobody reads 10,000 numbers
// in one go.
let weightsFirstRow = 0;
const rowsPerPage = (T) => Math.max(5, Math.floor(600 / T));  // about 600 cells on screen

function drawWeightsTable(ex, first = 0) {
  const per = rowsPerPage(ex.T);
  weightsFirstRow = Math.max(0, Math.min(first, Math.max(0, ex.T - per)));
  const last = Math.min(ex.T, weightsFirstRow + per);
  const table = $('step-table');
  table.replaceChildren();
  table.createCaption().textContent = t('race.weightsCaption', { n: String(ex.index + 1) });
  const head = table.createTHead().insertRow();
  head.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: 'i \\ j' }));
  for (let j = 0; j < ex.T; ++j) head.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: String(j) }));
  Array.from(head.cells).slice(1).forEach((th, j) => { th.dataset.position = String(j); });
  const body = table.createTBody();
  const readRow = readRowOf(ex);
  for (let i = weightsFirstRow; i < last; ++i) {
    const tr = body.insertRow();
    const th = Object.assign(document.createElement('th'), { scope: 'row', textContent: i === readRow ? t('race.rowReadOut', { i: String(i), token: String(ex.tokens[i]) }) : `${i} (${ex.tokens[i]})` });
    th.dataset.position = String(i);
    tr.append(th);
    if (i === readRow) tr.classList.add('read-row');
    for (let j = 0; j < ex.T; ++j) {
      const td = tr.insertCell();
      td.textContent = localDecimal(ex.A[i * ex.T + j].toFixed(2));
      td.dataset.position = String(j);
    }
  }
  const paged = ex.T > per;
  $('step-rows-nav').hidden = !paged;
  $('step-rows-prev').disabled = weightsFirstRow === 0;
  $('step-rows-next').disabled = last >= ex.T;
  $('step-rows-status').textContent = paged ? t('race.rowsStatus', { first: String(weightsFirstRow), last: String(last - 1), T: String(ex.T) }) : '';
  table.dataset.complete = String(ex.index);
  table.dataset.firstRow = String(weightsFirstRow);
  focus.refresh();
}

// ---- one position, every view: the token strip, the heatmap, the table -------------
// Pointing at a token, a cell (its column: the position read) or a table cell picks
// out that position everywhere; on the heatmap the arrow keys move a cell cursor, and
// the line under it reads the cell out.
const focus = new LinkedPosition();
function showCell() {
  const ex = state.stepExample;
  if (!ex) return;
  drawHeatmap($('heatmap-step'), ex.A, ex.T, { tokens: ex.tokens, readRow: readRowOf(ex), position: focus.position });
  const c = state.cell;
  $('heatmap-step-readout').textContent = c
    ? t('race.cellReadout', { row: String(c[0]), rowToken: String(ex.tokens[c[0]]), col: String(c[1]), colToken: String(ex.tokens[c[1]]), weight: formatNumber(ex.A[c[0] * ex.T + c[1]], 3) })
    : focus.position !== null ? t('race.positionReadout', { position: String(focus.position), token: String(ex.tokens[focus.position]) }) : '';
}
function linkStepViews() {
  const canvas = $('heatmap-step');
  linkElements($('step-tokens'), focus);
  linkElements($('step-table'), focus);
  focus.add(showCell);
  canvas.addEventListener('pointermove', (e) => {
    const cell = heatmapCellAt(canvas, e.clientX, e.clientY);
    state.cell = cell;
    if (cell) focus.set(cell[1]); else showCell();
  });
  canvas.addEventListener('pointerleave', () => { state.cell = null; focus.set(null); showCell(); });
  canvas.addEventListener('keydown', (e) => {
    const ex = state.stepExample;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!ex || !(e.key in moves || e.key === 'Escape')) return;
    e.preventDefault();
    if (e.key === 'Escape') { state.cell = null; focus.set(null); showCell(); return; }
    const [di, dj] = moves[e.key];
    const [i, j] = state.cell || [readRowOf(ex) ?? 0, 0];
    state.cell = state.cell ? [Math.min(ex.T - 1, Math.max(0, i + di)), Math.min(ex.T - 1, Math.max(0, j + dj))] : [i, j];
    if (focus.position === state.cell[1]) showCell(); else focus.set(state.cell[1]);
  });
}

// ---- wiring ----------------------------------------------------------------------

async function main() {
  ({ spec: state.spec, form: state.form } = setUpSettings('race', validateForm));
  predict = setUpPrediction('race', labData().widgets.race.predict, store);
  validateForm();
  $('start').addEventListener('click', onePressAtATime(start));
  $('save-download').addEventListener('click', downloadWork);
  $('stop').addEventListener('click', () => lab.stopSession('RaceSession'));
  $('defaults').addEventListener('click', () => { state.form.fillDefaults(); validateForm(); });
  $('prev-example').addEventListener('click', () => {
    state.stepIndex = (state.stepIndex - 1 + state.examples.count) % state.examples.count;
    showExamples({ step: state.stepIndex });
  });
  $('next-example').addEventListener('click', () => {
    state.stepIndex = (state.stepIndex + 1) % state.examples.count;
    showExamples({ step: state.stepIndex });
  });
  $('step-rows-prev').addEventListener('click', () => drawWeightsTable(state.stepExample, weightsFirstRow - rowsPerPage(state.stepExample.T)));
  $('step-rows-next').addEventListener('click', () => drawWeightsTable(state.stepExample, weightsFirstRow + rowsPerPage(state.stepExample.T)));
  $('step-table-details').addEventListener('toggle', () => {
    // Opened on the row the classifier reads (the last page of rows).
    if ($('step-table-details').open && state.stepExample) drawWeightsTable(state.stepExample, readRowOf(state.stepExample) ?? 0);
  });
  linkStepViews();
  document.body.dataset.ready = 'true';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main).catch((err) => { $('build-status').textContent = t('race.couldNotStart', { error: err.message }); });
