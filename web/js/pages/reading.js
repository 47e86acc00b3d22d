// Reading a trained race with care: train the race's two models in the worker, then
// ask the engine (src/reading/race_reading.hpp, through the ReadingRace session) to
// mask positions, edit tokens, search for an adversarial attention row, run the
// whole-set ablations and the behavioural tests; and run a seed sweep
// (src/reading/seed_sweep.hpp) with progress and stop. Every number comes from the
// worker; the page only parses input, keeps the last good view and draws.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { formatElapsed, formatNumber, formatPercent } from '../ui/format.js';
import { measureRaceSpeed, raceSeconds, raceWork } from '../engine/race-estimate.js';
import { defaults, toQuery } from '../settings/settings-schema.js';
import { FAR, saveOwnResult } from '../work/own-results.js';
import { drawSweep, sweepRuns, sweepSeconds } from './reading/sweep-view.js';
import { ROW_COLOURS, drawRowBars, drawRowBarsPlaceholder } from '../charts/row-bars.js';
import { LinkedPosition, linkElements } from '../ui/linked.js';
import { askBeforeLongRun, liveEstimate, markDone, onePressAtATime, readItemNumber, setUpSettings, showRunSummary, showEngineStatus, showShareLink, startStop } from './page-kit.js';
import { localDecimal, t } from '../ui/i18n.js';
import { viewsAsLoaded } from '../ui/run-views.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { voiceProgress } from '../ui/progress-voice.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();
voiceProgress();  // progress lines spoken at most every few seconds

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 3);
const pct = formatPercent;
// The race's settings this page offers, with race.json's ranges (reading.json's race_settings).
const raceKeys = () => labData().widgets.reading.race_settings;
const state = { spec: null, form: null, settings: null, trained: false, example: null, masked: new Set(), edited: null, sweeping: false, build: null, sweepView: { labels: [], vary: null } };
const lab = new LabClient();
const speed = measureRaceSpeed(lab);  // seconds per unit of a race's work here (engine/race-estimate.js)

// The race's settings: race.json's defaults, with this page's values of those it offers.
function raceSettings(settings) {
  const race = labData().widgets.race;
  return { ...defaults(race.settings), ...Object.fromEntries(raceKeys().map((k) => [k, settings[k]])) };
}

// Beside Train and beside the sweep's button, before they are pressed (pages/page-kit.js):
// the race with threads as on the race page, the sweep's races one a thread.
const threaded = () => Boolean(state.build && state.build.threads);
const showTrainEstimate = liveEstimate($('rd-estimate'), async (settings) => {
  const work = await raceWork(lab, raceSettings(settings));
  const perUnit = await speed;
  return perUnit && raceSeconds(work, perUnit, threaded());
}, () => document.body.dataset.reading === 'training');
const showSweepEstimate = liveEstimate($('rd-sweep-estimate'),
  (settings) => sweepSeconds(lab, speed, sweepRuns(settings, raceSettings(settings)), threaded() ? 2 : 1), () => state.sweeping);

function validate() {
  const settings = state.form.read();
  if (settings) {
    const href = `reading.html${toQuery(state.spec, settings)}`;
    showShareLink(href);
    showTrainEstimate(settings);
    showSweepEstimate(settings);
  }
  return settings;
}

const sweepRunning = startStop($('rd-sweep-start'), $('rd-sweep-stop'));

function enable(on) {
  for (const id of ['rd-index', 'rd-mask-top', 'rd-mask-least', 'rd-unmask', 'rd-swap-a', 'rd-swap-b', 'rd-swap', 'rd-first', 'rd-replace', 'rd-adv-run'])
    $(id).disabled = !on;
  $('rd-sweep-start').disabled = !on || state.sweeping;
}

async function train() {
  $('start-error').textContent = '';
  const settings = validate();
  if (!settings) { $('start-error').textContent = t('reading.fixSettings'); return; }
  state.settings = settings;
  state.trained = false;
  // The last models' example, ablations, adversary and tests go until the new ones answer.
  resetRunViews();
  focus.set(null);
  enable(false);
  $('start').disabled = true;
  $('rd-progress').textContent = t('reading.training');
  showRunSummary(null);
  document.body.dataset.reading = 'training';
  try {
    const input = { settings: raceSettings(settings) };
    const outcome = await lab.runSession('ReadingRace', input, (e) => {
      $('rd-progress').textContent = t('reading.progressEpoch', { epoch: String(e.epoch), epochs: String(settings.epochs), kind: e.kind === 'gru' ? 'gru' : 'attention' });
    });
    state.trained = true;
    $('rd-progress').textContent = '';
    showRunSummary(t('reading.trainedSummary', { attention: pct(outcome.attention.test_acc), gru: pct(outcome.gru.test_acc) }));
    const fixed = labData().widgets.race.fixed;
    $('rd-index').max = String(outcome.test_labels.length);
    $('rd-first').max = String(fixed.vocab - 1);
    $('rd-swap-a').max = $('rd-swap-b').max = String(settings.T);
    enable(true);
    await showExample();
    await showAblations();
    await showBehaviour();
    document.body.dataset.reading = 'trained';
    markDone('reading');
  } catch (err) {
    $('start-error').textContent = `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
    $('rd-progress').textContent = t('reading.notTrained');
    document.body.dataset.reading = 'error';
  }
  $('start').disabled = false;
  if (document.activeElement === document.body) $('start').focus();
}

// ---- one example ------------------------------------------------------------------

function readIndex() {
  return readItemNumber($('rd-index'), $('rd-index-error'), t('reading.testExample'));
}

async function showExample() {
  const index = readIndex();
  if (index === null) return;
  state.masked = new Set();
  state.edited = null;
  const r = await lab.sessionCall('ReadingRace', 'read', { index, masked: [] });
  if (readIndex() !== index) return;  // a newer choice is on its way
  state.example = { index, ...r, tokens: Array.from(r.tokens), alpha: Array.from(r.alpha) };
  drawTokens();
  drawRow(r, null);
  $('rd-adv').tBodies[0].replaceChildren();
  $('rd-adv-figure').hidden = true;
  $('rd-adv-result').textContent = '';
}

// The tokens as buttons: a masked one struck through on a hatched ground, an edited one
// (swapped or replaced) outlined in bold, so that neither needs colour to be seen.
function drawTokens() {
  const ex = state.example, tokens = state.edited || ex.tokens;
  const box = $('rd-tokens');
  box.replaceChildren(...tokens.map((tok, j) => {
    const edited = state.edited !== null && tok !== ex.tokens[j];
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: String(tok), className: `token${edited ? ' edited' : ''}` });
    b.dataset.position = String(j);
    b.setAttribute('aria-pressed', String(state.masked.has(j)));
    b.setAttribute('aria-label', t('reading.tokenLabel', { position: String(j + 1), token: String(tok),
      masked: state.masked.has(j) ? 'yes' : 'no', edited: edited ? 'yes' : 'no', from: String(ex.tokens[j]) }));
    b.addEventListener('click', () => { toggleMask(j); });
    return b;
  }));
}

async function toggleMask(j) {
  if (state.masked.has(j)) state.masked.delete(j); else state.masked.add(j);
  await readNow();
  const again = $('rd-tokens').children[j];
  if (again) again.focus();
}

async function readNow() {
  const ex = state.example;
  $('rd-edit-error').textContent = '';
  if (state.masked.size === ex.tokens.length) {
    state.masked.clear();
    $('rd-edit-error').textContent = t('reading.allMasked');
  }
  try {
    const r = state.edited
      ? await lab.sessionCall('ReadingRace', 'read_sequence', { tokens: state.edited })
      : await lab.sessionCall('ReadingRace', 'read', { index: ex.index, masked: [...state.masked] });
    drawTokens();
    drawRow(r, state.edited ? t('reading.withEdited') : state.masked.size
      ? t('reading.withMasked', { count: state.masked.size, list: [...state.masked].map((j) => j + 1).join(', ') }) : null);
  } catch (err) {
    $('rd-edit-error').textContent = `${err.message}.`;
  }
}

// what: the change shown ("With the edited tokens"), or null for the example as trained.
function drawRow(r, what) {
  const ex = state.example, tokens = state.edited || ex.tokens;
  const verdict = (pred, p1) => t('reading.verdict', { pred: String(pred), right: pred === ex.label ? 'yes' : 'no', probability: num(pred === 1 ? p1 : 1 - p1) });
  const now = what === null
    ? t('reading.nothingChanged')
    : t('reading.changedVerdict', { what, verdict: verdict(r.pred, r.p1) });
  $('rd-answer').textContent = t('reading.answer', { label: String(ex.label), verdict: verdict(ex.pred, ex.p1), now });
  const body = $('rd-row').tBodies[0];
  body.replaceChildren(...tokens.map((tok, j) => {
    const tr = document.createElement('tr');
    tr.dataset.position = String(j);
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: String(j + 1) }));
    tr.insertCell().textContent = String(tok);
    const before = tr.insertCell(), now = tr.insertCell();
    before.textContent = num(ex.alpha[j]);
    now.textContent = num(r.alpha[j]);
    now.dataset.weight = String(r.alpha[j]);
    return tr;
  }));
  drawRowBars($('rd-row-bars'), { tokens, marked: state.masked, title: t('reading.rowBarsTitle'),
    series: [{ label: t('reading.seriesAsTrained'), colour: ROW_COLOURS[0], values: ex.alpha }, { label: t('reading.seriesNow'), colour: ROW_COLOURS[1], values: Array.from(r.alpha) }] });
  focus.refresh();
  Object.assign(document.body.dataset, { pred: String(r.pred), p1: String(r.p1) });
}

function maskExtreme(most) {
  const a = state.example.alpha;
  let best = 0;
  for (let j = 1; j < a.length; ++j) if (most ? a[j] > a[best] : a[j] < a[best]) best = j;
  state.edited = null;
  state.masked = new Set([best]);
  return readNow();
}

function readPosition(id) {
  const text = $(id).value.trim(), max = Number($(id).max), min = Number($(id).min);
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

function swap() {
  const a = readPosition('rd-swap-a'), b = readPosition('rd-swap-b');
  if (a === null || b === null) { $('rd-edit-error').textContent = t('reading.swapRange', { max: $('rd-swap-a').max }); return null; }
  const tokens = [...(state.edited || state.example.tokens)];
  [tokens[a - 1], tokens[b - 1]] = [tokens[b - 1], tokens[a - 1]];
  state.edited = tokens;
  state.masked.clear();
  return readNow();
}

function replaceFirst() {
  const v = readPosition('rd-first');
  if (v === null) { $('rd-edit-error').textContent = t('reading.tokenRange', { max: $('rd-first').max }); return null; }
  const tokens = [...(state.edited || state.example.tokens)];
  tokens[0] = v;
  state.edited = tokens;
  state.masked.clear();
  return readNow();
}

// ---- the whole set, the adversary, the behaviour --------------------------------------

async function showAblations() {
  const t0 = performance.now();
  const a = await lab.sessionCall('ReadingRace', 'ablations', { seed: state.settings.seed });
  document.body.dataset.ablationSeconds = String((performance.now() - t0) / 1000);
  saveOwnResult('ablation', { seed: state.settings.seed, T: state.settings.T, as_trained: a.as_trained,
    top_masked: a.top_masked, random_masked: a.random_masked, first_masked: a.first_masked });
  const rows = [[t('reading.maskedNothing'), a.as_trained], [t('reading.maskedTop'), a.top_masked],
    [t('reading.maskedRandom'), a.random_masked], [t('reading.maskedFirst'), a.first_masked]];
  $('rd-ablate').tBodies[0].replaceChildren(...rows.map(([what, acc]) => {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: what }));
    const td = tr.insertCell();
    td.textContent = num(acc);
    td.dataset.accuracy = String(acc);
    return tr;
  }));
}

async function adversary() {
  const settings = validate();
  if (!settings) { $('rd-adv-result').textContent = t('reading.fixTolerance'); return; }
  const ex = state.example;
  const r = await lab.sessionCall('ReadingRace', 'adversary', { index: ex.index, tol: settings.tol });
  const prob = (pred, p1) => (pred === 1 ? p1 : 1 - p1);
  $('rd-adv-result').textContent = t('reading.adversaryResult', { jsd: num(r.jsd), learnedPred: String(r.learned_pred), learnedProb: num(prob(r.learned_pred, r.learned_p1)),
    pred: String(r.pred), prob: num(prob(r.pred, r.p1)), tol: localDecimal(String(settings.tol)) });
  saveOwnResult('adversary', { seed: state.settings.seed, T: state.settings.T, index: ex.index, jsd: r.jsd, tol: settings.tol,
    learned_pred: r.learned_pred, learned_prob: prob(r.learned_pred, r.learned_p1), pred: r.pred, prob: prob(r.pred, r.p1) });
  Object.assign(document.body.dataset, { jsd: String(r.jsd), advPred: String(r.pred), learnedPred: String(r.learned_pred),
    advProb: String(prob(r.pred, r.p1)), learnedProb: String(prob(r.learned_pred, r.learned_p1)) });
  $('rd-adv').tBodies[0].replaceChildren(...ex.tokens.map((tok, j) => {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: String(j + 1) }));
    tr.insertCell().textContent = String(tok);
    tr.insertCell().textContent = num(r.learned_alpha[j]);
    tr.insertCell().textContent = num(r.alpha[j]);
    return tr;
  }));
  // "A quite different map" only where it is (Jensen-Shannon, in bits, runs from 0 to 1).
  const sameClass = r.pred === r.learned_pred;
  $('rd-adv-caption').textContent = t('reading.adversaryCaption', { verdict: !sameClass
    ? t('reading.adversaryOtherClass')
    : r.jsd >= FAR ? t('reading.adversaryFar')
      : t('reading.adversaryClose', { far: localDecimal(String(FAR)) }) });
  $('rd-adv-figure').hidden = false;
  drawRowBars($('rd-adv-bars'), { tokens: ex.tokens, title: t('reading.rowBarsTitle'),
    series: [{ label: t('reading.seriesLearned'), colour: ROW_COLOURS[0], values: Array.from(r.learned_alpha) }, { label: t('reading.seriesFound'), colour: ROW_COLOURS[1], values: Array.from(r.alpha) }] });
}

async function showBehaviour() {
  const b = await lab.sessionCall('ReadingRace', 'behaviour');
  const rows = [[t('reading.behaviourAsIs'), 'accuracy'], [t('reading.behaviourCounterfactual'), 'counterfactual_accuracy'],
    [t('reading.behaviourFlips'), 'counterfactual_flips'], [t('reading.behaviourDistractors'), 'distractor_accuracy'],
    [t('reading.behaviourConstantMiddle'), 'constant_middle_accuracy']];
  const body = $('rd-beh').tBodies[0];
  body.replaceChildren(...rows.map(([what, key]) => {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: what }));
    for (const m of ['gru', 'attention']) {
      const td = tr.insertCell();
      td.textContent = num(b[m][key]);
      Object.assign(td.dataset, { model: m, test: key, value: String(b[m][key]) });
    }
    return tr;
  }));
  const vocab = b.gru.by_first.length;
  for (let v = 0; v < vocab; ++v) {
    const tr = body.insertRow();
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: t('reading.behaviourFirstToken', { token: String(v), count: String(b.gru.count_by_first[v]) }) }));
    for (const m of ['gru', 'attention']) {
      const x = b[m].by_first[v];
      tr.insertCell().textContent = Number.isFinite(x) ? num(x) : '—';
    }
  }
}

// ---- the seed sweep (drawn by reading/sweep-view.js) -----------------------------

async function sweep() {
  $('rd-sweep-error').textContent = '';
  const settings = validate();
  if (!settings) { $('rd-sweep-error').textContent = t('reading.fixSettings'); return; }
  const runs = sweepRuns(settings, raceSettings(settings));
  const maxSeed = labData().widgets.race.settings.find((s) => s.key === 'seed').max;
  if (runs.some((r) => r.settings.seed > maxSeed)) { $('rd-sweep-error').textContent = t('reading.seedsTooHigh', { max: String(maxSeed) }); return; }
  // Too long a sweep is refused before it starts, a long one asked for (too large a
  // one for the memory the engine refuses itself, below).
  let expected = null;
  try {
    expected = await sweepSeconds(lab, speed, runs, state.build && state.build.threads ? 2 : 1);
  } catch (err) {
    $('rd-sweep-error').textContent = t('reading.sweepNotStarted', { error: err.message });
    return;
  }
  const answer = await askBeforeLongRun(expected, {
    what: t('reading.sweepWhat'), hint: t('reading.sweepHint'),
    limit: labData().widgets.reading.fixed.max_sweep_seconds,
    errorEl: $('rd-sweep-error'), estimateEl: $('rd-sweep-estimate'),
  });
  if (answer !== 'run') { document.body.dataset.sweep = answer; return; }
  if (expected !== null) document.body.dataset.sweepEstimate = expected.toFixed(2);
  state.sweeping = true;
  sweepRunning(true);
  document.body.dataset.sweep = 'running';
  const results = [];
  state.sweepView = { labels: runs.map((r) => r.label), vary: settings.vary };
  drawSweep(results, state.sweepView);
  try {
    const input = settings.vary === 'seed'
      ? { settings: runs[0].settings, seeds: runs.map((r) => r.settings.seed) }
      : { runs: runs.map((r) => r.settings) };
    const outcome = await lab.runSession('SeedSweep', input, (r) => {
      results.push(r);
      $('rd-sweep-progress').textContent = t('reading.sweepProgress', { done: String(results.length), total: String(runs.length) });
      drawSweep(results, state.sweepView);
    });
    drawSweep(Array.from(outcome.seeds), state.sweepView);
    $('rd-sweep-progress').textContent = t('reading.sweepDone', { stopped: outcome.stopped ? 'yes' : 'no', done: String(outcome.seeds.length), total: String(runs.length),
      elapsed: formatElapsed(outcome.wall), threads: String(outcome.threads) });
    document.body.dataset.sweep = outcome.stopped ? 'stopped' : 'finished';
    document.body.dataset.sweepWall = String(outcome.wall);
  } catch (err) {
    $('rd-sweep-error').textContent = `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
    document.body.dataset.sweep = 'error';
  }
  state.sweeping = false;
  sweepRunning(false);
  $('rd-sweep-start').disabled = !state.trained;
}

// One position picked out in the tokens, the bars and the row's table at once (ui/linked.js).
const focus = new LinkedPosition();
let resetRunViews = () => {};

function main() {
  for (const id of ['rd-tokens', 'rd-row-bars', 'rd-row']) linkElements($(id), focus);
  drawRowBarsPlaceholder($('rd-row-bars'), t('reading.rowPlaceholder'));
  resetRunViews = viewsAsLoaded(['rd-tokens', 'rd-row-bars', 'rd-answer', 'rd-edit-error', 'rd-row', 'rd-ablate',
    'rd-adv-result', 'rd-adv-figure', 'rd-beh']);
  const race = labData().widgets.race.settings.filter((s) => raceKeys().includes(s.key));
  ({ spec: state.spec, form: state.form } = setUpSettings('reading', validate, { spec: [...race, ...labData().widgets.reading.settings] }));
  validate();
  $('start').disabled = true;
  showEngineStatus(lab, describeBuild, (info) => {
    state.build = info;
    $('start').disabled = false;
    validate();  // the estimates, now that the build (threads or not) is known
  });
  const guarded = (fn) => () => { Promise.resolve(fn()).catch((err) => { $('rd-edit-error').textContent = `${err.message}.`; }); };
  $('start').addEventListener('click', onePressAtATime(train));
  $('defaults').addEventListener('click', () => { state.form.fillDefaults(); validate(); });
  $('rd-index').addEventListener('input', guarded(showExample));
  $('rd-mask-top').addEventListener('click', guarded(() => maskExtreme(true)));
  $('rd-mask-least').addEventListener('click', guarded(() => maskExtreme(false)));
  $('rd-unmask').addEventListener('click', guarded(() => { state.masked.clear(); state.edited = null; return readNow(); }));
  $('rd-swap').addEventListener('click', guarded(swap));
  $('rd-replace').addEventListener('click', guarded(replaceFirst));
  $('rd-adv-run').addEventListener('click', guarded(adversary));
  $('rd-sweep-start').addEventListener('click', onePressAtATime(sweep));
  $('rd-sweep-stop').addEventListener('click', () => lab.stopSession('SeedSweep'));
  document.body.dataset.ready = 'true';
  document.body.dataset.reading = 'idle';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
