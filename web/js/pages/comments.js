// The comments page (the module's anti-example): train the attention classifier and the
// bag-of-words baseline on the toy comment corpus with its planted shortcut, in the
// worker (src/comments/comments_session.hpp through the CommentsSession session), read
// one comment's attention row, mask words, swap the group's name, search for a
// different row with the same answer, audit the whole test split by group, then retrain
// with a remedy and compare. Every number comes from the worker; the page parses input,
// keeps the last good view and draws.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { formatElapsed, formatNumber, formatPercent } from '../ui/format.js';
import { defaults } from '../settings/settings-schema.js';
import { LineChart } from '../charts/line-chart.js';
import { PALETTE } from '../charts/svg.js';
import { drawRowBars, drawRowBarsPlaceholder } from '../charts/row-bars.js';
import { drawShareBars } from '../charts/share-bars.js';
import { LinkedPosition, linkElements } from '../ui/linked.js';
import { FAR, saveOwnResult } from '../work/own-results.js';
import { openStore } from '../work/store.js';
import { setUpPrediction } from './predict-box.js';
import { askBeforeLongRun, enablerOf, markDone, onePressAtATime, readItemNumber, setUpTrainingPage, showRunSummary, startStop } from './page-kit.js';
import { viewsAsLoaded } from '../ui/run-views.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { voiceProgress } from '../ui/progress-voice.js';
import { localDecimal, t } from '../ui/i18n.js';
import { storyLine } from './story-line.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();
voiceProgress();  // progress lines spoken at most every few seconds

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 3);
const pct = (x) => (Number.isFinite(x) ? formatPercent(x) : '–');
const SESSION = 'CommentsSession';
const PAD = '<pad>';
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const groupName = (g) => t('comments.groupName', { name: capital(g) });

const state = {
  settings: null, running: false,
  trained: false,       // the session holds trained models that answer questions
  overview: null,       // groups, planted, vocabulary (CorpusOverview)
  comment: null,        // {index | text, reading (as trained)}
  masked: new Set(),
  before: null,         // the audit of the run on the planted data (kept across the remedy)
  remedied: null,       // the audit after the remedy
};
const lab = new LabClient();
const widget = labData().widgets.comments;
// The sentence under the curves once they show the shortcut (pages/story-line.js): told
// by the run on the planted data, and kept through the remedy's, which it names.
const story = storyLine('comments');
const grammar = () => JSON.stringify(widget.grammar);

// One colour per meaning on this page, in every chart: the attention model as trained
// is blue (its curves, its row, its false-positive bars), a row or a rate with words
// masked orange, the bag of words green, the Osk's false positives vermillion, the
// others' ink; the row the search found purple, the remedied model's rates ink. A
// series' label keeps its colour in every chart (the visual checks test it).
// (It once drew "as trained" blue in the comment's row and orange in the bars below.)
const COLOUR = {
  attention: PALETTE.blue, 'as trained': PALETTE.blue, learned: PALETTE.blue, 'planted data': PALETTE.blue,
  now: PALETTE.orange, 'name masked': PALETTE.orange,
  found: PALETTE.purple, 'after the remedy': PALETTE.ink,
  bow: PALETTE.green, 'planted-fpr': PALETTE.vermillion, 'other-fpr': PALETTE.ink,
};
const colourOf = (key) => {
  if (!(key in COLOUR)) throw new Error(`no colour for the series "${key}"`);
  return COLOUR[key];
};
// The words shown for a series (COLOUR's keys name the series in English).
const SERIES_LABEL = {
  'as trained': () => t('comments.seriesAsTrained'), now: () => t('comments.seriesNow'),
  learned: () => t('comments.seriesLearned'), found: () => t('comments.seriesFound'),
  'name masked': () => t('comments.seriesNameMasked'), 'planted data': () => t('comments.seriesPlantedData'),
  'after the remedy': () => t('comments.seriesAfterRemedy'),
};
// Bars of the series [key, values]: each in its key's colour, under its key's words.
const bars = (...pairs) => pairs.map(([key, values]) => ({ label: SERIES_LABEL[key](), colour: colourOf(key), values }));
// A word of a comment quoted ("lovely" in English).
const quotedWord = (w) => t('comments.quotedWord', { word: w });
const hostileOrNot = (pred) => (pred ? 'yes' : 'no');

const chart = new LineChart($('cm-curves'), {
  yLabel: t('comments.chartShare'), chance: null,
  series: [
    { key: 'attention-acc', label: t('comments.chartAttentionAccuracy'), colour: colourOf('attention'), marker: 'square' },
    { key: 'attention-val', label: t('comments.chartAttentionPlanted'), colour: colourOf('attention'), dash: '6 4', marker: 'square' },
    { key: 'bow-acc', label: t('comments.chartBowAccuracy'), colour: colourOf('bow'), dash: '6 4', marker: 'circle' },
    { key: 'planted-fpr', label: t('comments.chartFalsePositivesOsk'), colour: colourOf('planted-fpr'), marker: 'square' },
    { key: 'other-fpr', label: t('comments.chartFalsePositivesOthers'), colour: colourOf('other-fpr'), dash: '2 3', marker: 'circle' },
  ],
});

// ---- settings and the estimate ------------------------------------------------------

const engineInput = (settings, data) => ({ settings, grammar_json: grammar(), data });
// The planted data's training, in seconds on this computer with this build's threads.
const estimateSeconds = (settings, build) => lab.call('comments_estimate', { input: engineInput(settings, 'biased'), threads: Boolean(build.threads) })
  .then((r) => r.seconds);

const setRunning = startStop($('start'), $('stop'));
const enableQuestions = enablerOf(['cm-index', 'cm-next-osk', 'cm-text', 'cm-read-text', 'cm-mask-group', 'cm-mask-phrase', 'cm-mask-top', 'cm-unmask', 'cm-adv-run', 'cm-remedy']);

// ---- training ------------------------------------------------------------------------

// One run: the planted data ('biased') or the remedy's. Draws its curves; returns the
// outcome, or null when it failed (the message is shown).
async function run(settings, data, progressEl) {
  state.running = true;
  state.trained = false;
  enableQuestions(false);
  setRunning(true);
  chart.reset(settings.epochs);
  document.body.dataset.comments = data === 'biased' ? 'training' : 'remedy-training';
  const done = { attention: 0, 'bag of words': 0 };
  try {
    const outcome = await lab.runSession(SESSION, engineInput(settings, data), (e) => {
      done[e.kind] = e.epoch;
      if (e.model === 0) {
        chart.addPoint('attention-acc', e.epoch, e.test_acc);
        chart.addPoint('attention-val', e.epoch, e.val_acc);
        chart.addPoint('planted-fpr', e.epoch, e.planted_fpr);
        chart.addPoint('other-fpr', e.epoch, e.other_fpr);
        if (data === 'biased') story.add('attention', e.epoch, { osk: e.planted_fpr, others: e.other_fpr });
      } else {
        chart.addPoint('bow-acc', e.epoch, e.test_acc);
      }
      progressEl.textContent = t('comments.progressEpoch', { epoch: String(Math.min(done.attention, done['bag of words'])), epochs: String(settings.epochs) });
    });
    if (outcome.stopped) {
      progressEl.textContent = t('comments.stopped');
      document.body.dataset.comments = 'stopped';
      return null;
    }
    state.trained = true;
    return outcome;
  } catch (err) {
    $('start-error').textContent = `${capital(err.message)}.`;
    progressEl.textContent = t('comments.notTrained');
    document.body.dataset.comments = 'error';
    return null;
  } finally {
    state.running = false;
    setRunning(false);
    curvesLabel(settings);
  }
}

function curvesLabel(settings) {
  $('cm-curves').setAttribute('aria-label', t('comments.curvesLabel', { epochs: String(settings.epochs) }));
}

// The two splits' accuracies at the end: the planted one (drawn like the training data)
// and the balanced one; a shortcut costs little on the first and shows on the second.
function showAccuracy(outcome) {
  const [a, b] = outcome.models;
  $('cm-accuracy').textContent = t('comments.accuracy', { attentionVal: pct(a.val_acc), attentionTest: pct(a.test_acc), bowVal: pct(b.val_acc), bowTest: pct(b.test_acc) });
}

async function train() {
  $('start-error').textContent = '';
  const settings = page.validate();
  if (!settings) { $('start-error').textContent = t('comments.fixSettings'); return; }
  const expected = await estimateSeconds(settings, page.build()).catch(() => null);
  document.body.dataset.estimate = String(expected);
  const answer = await askBeforeLongRun(expected, { what: t('comments.trainingWhat'), hint: t('comments.trainingHint'), errorEl: $('start-error'), estimateEl: $('cm-estimate') });
  if (answer !== 'run') return;
  const ticket = predict.lock(t('comments.predictRun', { bias: localDecimal(String(settings.bias)), noise: localDecimal(String(settings.noise)), seed: String(settings.seed) }));
  state.settings = settings;
  state.before = state.remedied = null;
  resetRunViews();
  focus.set(null);
  showRunSummary(null);
  $('cm-progress').textContent = t('comments.training');
  const t0 = performance.now();
  story.start(['attention']);
  const outcome = await run(settings, 'biased', $('cm-progress'));
  if (!outcome) return;
  document.body.dataset.trainSeconds = String((performance.now() - t0) / 1000);  // click to trained models
  state.overview = await lab.sessionCall(SESSION, 'overview', {});
  $('cm-progress').textContent = t('comments.trained', { elapsed: formatElapsed(outcome.wall), n: String(outcome.n_train) });
  showAccuracy(outcome);
  document.body.dataset.wall = String(outcome.wall);
  $('cm-audit-which').textContent = t('comments.auditPlanted');
  $('cm-index').max = String(state.overview.n_test);
  const before = await lab.sessionCall(SESSION, 'audit', {});
  state.before = before;
  showAudit(before);
  const a = before.attention, planted = state.overview.planted;
  showRunSummary(t('comments.runSummary', { osk: pct(a.groups[planted].fpr), others: pct(othersFpr(a)) }), 'cm-audit-section', { point: 'cm-curves' });
  predict.showResult({ option: a.groups[planted].fpr <= 0 ? 'none' : a.groups[planted].fpr >= othersFpr(a) + 0.2 ? 'many' : 'few',
    words: t('comments.predictWords', { osk: pct(a.groups[planted].fpr), others: pct(othersFpr(a)) }) }, ticket);
  enableQuestions(true);
  await nextOsk();
  document.body.dataset.comments = 'trained';
  markDone('comments');
}

async function remedy() {
  const settings = state.settings;
  if (!settings || !state.before) return;
  $('cm-remedy-error').textContent = '';
  $('cm-remedy-progress').textContent = t('comments.remedyTraining');
  const outcome = await run(settings, 'remedy', $('cm-remedy-progress'));
  if (!outcome) { $('cm-remedy-error').textContent = $('start-error').textContent; return; }
  $('cm-remedy-progress').textContent = t('comments.remedyTrained', { remedy: outcome.data === 'augment' ? 'augment' : 'balance', n: String(outcome.n_train), elapsed: formatElapsed(outcome.wall) });
  showAccuracy(outcome);
  state.remedied = await lab.sessionCall(SESSION, 'audit', {});
  showAudit(state.remedied);
  $('cm-audit-which').textContent = t('comments.auditRemedied', { remedy: outcome.data === 'augment' ? 'augment' : 'balance' });
  showComparison();
  enableQuestions(true);
  if (state.comment) await readComment(state.comment.request);
  document.body.dataset.comments = 'remedied';
}

// ---- one comment ---------------------------------------------------------------------

// The next test comment, after the one shown, about the Osk with a non-hostile phrase:
// where the shortcut shows.
async function nextOsk() {
  const from = state.comment && state.comment.request.index >= 0 ? state.comment.request.index + 1 : 0;
  const { n_test: n, test_group: group, test_label: label, planted } = state.overview;
  for (let k = 0; k < n; ++k) {
    const i = (from + k) % n;
    if (group[i] === planted && label[i] === 0) {
      $('cm-index').value = String(i + 1);
      return readComment({ index: i, text: '' });
    }
  }
  return null;
}

async function readComment(request) {
  state.masked = new Set();
  $('cm-edit-error').textContent = '';
  const r = await lab.sessionCall(SESSION, 'read', { ...request, masked: [] });
  state.comment = { request, reading: r };
  $('cm-text-error').textContent = '';
  drawComment(r);
  await showSwaps();
  $('cm-adv-result').textContent = '';
  $('cm-adv-figure').hidden = true;
}

const shown = (w) => (w === PAD ? '·' : w);

function drawComment(now) {
  const { reading: r } = state.comment;
  const box = $('cm-tokens');
  box.replaceChildren(...r.words.map((w, j) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: shown(w), className: `token${w === PAD ? ' pad' : ''}${j === r.group_pos ? ' group-name' : ''}` });
    b.dataset.position = String(j);
    b.setAttribute('aria-pressed', String(state.masked.has(j)));
    b.setAttribute('aria-label', t('comments.tokenLabel', { position: String(j + 1), word: w === PAD ? t('comments.padding') : quotedWord(w), masked: state.masked.has(j) ? 'yes' : 'no' }));
    b.addEventListener('click', () => toggleMask(j));
    return b;
  }));
  const verdict = (pred, p1) => t('comments.verdict', { hostile: hostileOrNot(pred), p1: num(p1) });
  const label = r.label < 0 ? t('comments.typedComment') : t('comments.labelled', { hostile: hostileOrNot(r.label), kind: r.kind });
  const asTrained = { label, attention: verdict(r.pred, r.p1), bow: verdict(r.bow_pred, r.bow_p1) };
  $('cm-answer').textContent = state.masked.size
    ? t('comments.answerMasked', { ...asTrained, words: [...state.masked].sort((a, b) => a - b).map((j) => quotedWord(shown(r.words[j]))).join(', '),
      attentionNow: verdict(now.pred, now.p1), bowNow: verdict(now.bow_pred, now.bow_p1) })
    : t('comments.answer', asTrained);
  const series = state.masked.size ? bars(['as trained', r.alpha], ['now', now.alpha]) : bars(['as trained', r.alpha]);
  // The group's name always labelled: the shortcut is read off its bar.
  drawRowBars($('cm-row-bars'), { tokens: r.words.map(shown), series, marked: state.masked, keep: r.group_pos >= 0 ? [r.group_pos] : [], upright: true, title: t('comments.rowBarsTitle') });
  focus.refresh();
  $('cm-mask-group').disabled = r.group_pos < 0;
  $('cm-mask-phrase').disabled = r.phrase_begin < 0;
  Object.assign(document.body.dataset, { pred: String(now.pred), p1: String(now.p1) });
}

async function readMasked() {
  const { request } = state.comment;
  try {
    const now = await lab.sessionCall(SESSION, 'read', { ...request, masked: [...state.masked] });
    drawComment(now);
  } catch (err) {
    $('cm-edit-error').textContent = `${capital(err.message)}.`;
  }
}

function toggleMask(j) {
  if (state.masked.has(j)) state.masked.delete(j); else state.masked.add(j);
  if (state.masked.size === state.comment.reading.words.length) {
    state.masked.delete(j);
    $('cm-edit-error').textContent = t('comments.allMasked');
    return null;
  }
  $('cm-edit-error').textContent = '';
  return readMasked().then(() => { const again = $('cm-tokens').children[j]; if (again) again.focus(); });
}

function maskOnly(positions) {
  state.masked = new Set(positions);
  $('cm-edit-error').textContent = '';
  return readMasked();
}

function readTyped() {
  const text = $('cm-text').value;
  if (!text.trim()) { $('cm-text-error').textContent = t('comments.typeFirst'); return null; }
  return readComment({ index: -1, text }).catch((err) => { $('cm-text-error').textContent = `${capital(err.message)}.`; });
}

async function showSwaps() {
  const body = $('cm-swap').tBodies[0];
  try {
    const c = await lab.sessionCall(SESSION, 'counterfactuals', { ...state.comment.request, masked: [] });
    body.replaceChildren(...c.groups.map((g, k) => {
      const tr = document.createElement('tr');
      if (k === c.group) tr.className = 'own';
      tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: k === c.group ? t('comments.asWritten', { group: groupName(g) }) : groupName(g) }));
      for (const p of [c.p1[k], c.bow_p1[k]]) {
        const td = tr.insertCell();
        td.textContent = t('comments.swapCell', { p1: num(p), hostile: p > 0.5 ? 'yes' : 'no' });
        td.dataset.p1 = String(p);
      }
      return tr;
    }));
  } catch (err) {
    const tr = document.createElement('tr');
    const td = tr.insertCell();
    td.colSpan = 3;
    td.textContent = `${capital(err.message)}.`;
    body.replaceChildren(tr);
  }
}

async function adversary() {
  const r = await lab.sessionCall(SESSION, 'adversary', { ...state.comment.request, masked: [] });
  const words = state.comment.reading.words.map(shown);
  const same = r.pred === r.learned_pred;
  const far = r.jsd >= FAR;
  $('cm-adv-result').textContent = t('comments.adversaryResult', { jsd: num(r.jsd), learnedHostile: hostileOrNot(r.learned_pred), learnedP1: num(r.learned_p1),
    hostile: hostileOrNot(r.pred), p1: num(r.p1),
    verdict: same && far ? t('comments.adversaryFar') : same ? t('comments.adversaryClose', { far: localDecimal(String(FAR)) }) : '' });
  drawRowBars($('cm-adv-bars'), { tokens: words, upright: true, title: t('comments.rowBarsTitle'),
    series: bars(['learned', r.learned_alpha], ['found', r.alpha]) });
  $('cm-adv-figure').hidden = false;
  focus.refresh();
}

// ---- the audit and the remedy -----------------------------------------------------------

function othersFpr(a) {
  const planted = state.overview.planted;
  const others = a.groups.filter((_, g) => g !== planted).map((r) => r.fpr);
  return others.reduce((s, x) => s + x, 0) / others.length;
}

function showAudit(audit) {
  const groups = state.overview.groups;
  const rows = [];
  for (const [name, a] of [['attention', audit.attention], ['bag of words', audit.bow]]) {
    a.groups.forEach((r, g) => {
      const tr = document.createElement('tr');
      tr.dataset.group = groups[g];
      tr.dataset.model = name;
      if (g === state.overview.planted) tr.className = 'planted';
      tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: groupName(groups[g]) }));
      const modelName = name === 'attention' ? t('comments.modelAttention') : t('comments.modelBow');
      for (const [text, key] of [[modelName, null], [pct(r.accuracy), 'accuracy'], [pct(r.fpr), 'fpr'], [pct(r.fpr_masked), 'fprMasked']]) {
        const td = tr.insertCell();
        td.textContent = text;
        if (key) td.dataset[key] = String(r[key === 'fprMasked' ? 'fpr_masked' : key]);
      }
      rows.push(tr);
    });
  }
  $('cm-audit').tBodies[0].replaceChildren(...rows);
  const a = audit.attention, b = audit.bow;
  $('cm-audit-summary').textContent = t('comments.auditSummary', { flips: pct(a.flips), flipsPlanted: pct(a.flips_planted), bowFlips: pct(b.flips), bowFlipsPlanted: pct(b.flips_planted),
    phraseMasked: pct(a.phrase_masked_accuracy), bowPhraseMasked: pct(b.phrase_masked_accuracy) });
  drawShareBars($('cm-fpr-bars'), { items: groups.map(groupName), title: t('comments.fprTitle'),
    series: bars(['as trained', a.groups.map((r) => finite(r.fpr))], ['name masked', a.groups.map((r) => finite(r.fpr_masked))]) });
  if (audit === state.before) {
    saveOwnResult('shortcut', { seed: state.settings.seed, bias: state.settings.bias, planted_fpr: a.groups[state.overview.planted].fpr,
      others_fpr: othersFpr(a), flips_planted: a.flips_planted, masked_planted_fpr: a.groups[state.overview.planted].fpr_masked });
  }
}

const finite = (x) => (Number.isFinite(x) ? x : null);

function showComparison() {
  const planted = state.overview.planted, groups = state.overview.groups;
  const b = state.before.attention, r = state.remedied.attention;
  // [what, before, after, a difference (shown signed)]
  const rows = [
    [t('comments.compareAccuracy'), b.test_accuracy, r.test_accuracy, false],
    ...groups.map((g, k) => [t('comments.compareFalsePositives', { group: groupName(g) }), b.groups[k].fpr, r.groups[k].fpr, false]),
    [t('comments.compareOskMinusOthers'), b.groups[planted].fpr - othersFpr(b), r.groups[planted].fpr - othersFpr(r), true],
    [t('comments.compareFlips'), b.flips_planted, r.flips_planted, false],
  ];
  $('cm-compare').tBodies[0].replaceChildren(...rows.map(([what, x, y, signed]) => {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: what }));
    for (const v of [x, y]) {
      const td = tr.insertCell();
      td.textContent = signed ? `${v >= 0 ? '+' : '−'}${pct(Math.abs(v))}` : pct(v);
      td.dataset.value = String(v);
    }
    return tr;
  }));
  drawShareBars($('cm-remedy-bars'), { items: groups.map(groupName), title: t('comments.fprTitle'),
    series: bars(['planted data', b.groups.map((x) => finite(x.fpr))], ['after the remedy', r.groups.map((x) => finite(x.fpr))]) });
  saveOwnResult('remedy', { seed: state.settings.seed, planted_fpr: r.groups[planted].fpr, others_fpr: othersFpr(r), flips_planted: r.flips_planted });
}

// ---- the page -----------------------------------------------------------------------------

const focus = new LinkedPosition();
let resetRunViews = () => {};
let predict = null;
let page = null;  // setUpTrainingPage's {spec, form, validate, build}

function main() {
  for (const id of ['cm-tokens', 'cm-row-bars', 'cm-adv-bars']) linkElements($(id), focus);
  drawRowBarsPlaceholder($('cm-row-bars'), t('comments.rowPlaceholder'));
  resetRunViews = viewsAsLoaded(['cm-tokens', 'cm-row-bars', 'cm-answer', 'cm-edit-error', 'cm-swap', 'cm-adv-result', 'cm-adv-figure',
    'cm-fpr-bars', 'cm-audit', 'cm-audit-summary', 'cm-audit-which', 'cm-accuracy', 'cm-remedy-progress', 'cm-remedy-error', 'cm-remedy-bars', 'cm-compare', 'cm-text-error', 'cm-index-error']);
  page = setUpTrainingPage('comments', { lab, describeBuild, session: SESSION, train, estimateEl: $('cm-estimate'),
    estimate: estimateSeconds, busy: () => state.running,
    // Before any run, the empty chart's axis runs over the epochs the run will have.
    onValid: (settings) => { if (!state.running && !state.settings) chart.reset(settings.epochs); } });
  predict = setUpPrediction('comments', widget.predict, openStore());
  const guarded = (errorId, fn) => () => { Promise.resolve(fn()).catch((err) => { $(errorId).textContent = `${capital(err.message)}.`; }); };
  $('cm-index').addEventListener('input', guarded('cm-index-error', () => {
    const i = readItemNumber($('cm-index'), $('cm-index-error'), t('comments.testComment'));
    return i === null ? null : readComment({ index: i, text: '' });
  }));
  $('cm-next-osk').addEventListener('click', guarded('cm-index-error', nextOsk));
  $('cm-read-text').addEventListener('click', guarded('cm-text-error', readTyped));
  $('cm-text').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); guarded('cm-text-error', readTyped)(); } });
  $('cm-mask-group').addEventListener('click', guarded('cm-edit-error', () => maskOnly([state.comment.reading.group_pos])));
  $('cm-mask-phrase').addEventListener('click', guarded('cm-edit-error', () => {
    const r = state.comment.reading;
    return maskOnly(Array.from({ length: r.phrase_end - r.phrase_begin }, (_, k) => r.phrase_begin + k));
  }));
  $('cm-mask-top').addEventListener('click', guarded('cm-edit-error', () => {
    const a = state.comment.reading.alpha;
    return maskOnly([a.reduce((best, v, j) => (v > a[best] ? j : best), 0)]);
  }));
  $('cm-unmask').addEventListener('click', guarded('cm-edit-error', () => maskOnly([])));
  $('cm-adv-run').addEventListener('click', guarded('cm-edit-error', adversary));
  $('cm-remedy').addEventListener('click', onePressAtATime(remedy));
  curvesLabel(defaults(page.spec));
  document.body.dataset.ready = 'true';
  document.body.dataset.comments = 'idle';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
