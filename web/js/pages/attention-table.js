// The live attention table (worked example 1). State lives here; the numbers
// come from the WebAssembly module through the lab's worker.
//
// Every edit is parsed at once. A field that does not parse gets a message next
// to it and the last good results stay on screen; nothing the student typed is
// thrown away. Only inputs that all parse are sent to the worker, and only the
// answer to the latest request is drawn.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { cleanName, parseNumber, parseTokenLines, parseVector, tokenLines } from '../settings/parse.js';
import { formatNumber } from '../ui/format.js';
import { GeometryPlot } from '../charts/geometry-plot.js';
import { drawWeightBars } from '../charts/weight-bars.js';
import { markDoneOnFirstChange, showEngineStatus } from './page-kit.js';
import { confirmInPage } from '../ui/confirm.js';
import { quoted } from '../ui/quote.js';
import { LinkedPosition, linkElements } from '../ui/linked.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { decimalSeparator, localDecimal, pageLanguage, t } from '../ui/i18n.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);
// Numbers the page writes into a field, as the page's language writes a list of them:
// "1, 0.5" in English, "1; 0,5" in French (whose comma is decimal). parse.js reads both.
const listSeparator = () => (decimalSeparator() === ',' ? '; ' : ', ');
const vectorText = (values) => values.map((v) => localDecimal(String(v))).join(listSeparator());
const typed = () => ({ lang: pageLanguage() });  // fields the student types in read the page's language

const state = {
  defaults: null,
  rows: [],          // [{token, text}]: the editor's contents, exactly as typed
  bulkDirty: false,  // the text box was typed in since it last showed the rows
  limits: null,      // {maxTokens, maxDim}: attention-table.json's fixed, as the engine has them
  latest: 0,         // id of the newest request sent
  shown: null,       // the last good inputs + results on screen
};

const lab = new LabClient();
const focus = new LinkedPosition();
showEngineStatus(lab, describeBuild);

const plot = new GeometryPlot($('geometry'), {
  // A field the student edits: plain decimals it reads back ("0", never "4.0 × 10⁻⁴").
  onQueryChange: (q) => { $('query').value = vectorText(q.map((v) => Number(v.toFixed(2)) || 0)); recompute(); },
});

function setError(id, message) {
  const el = $(id);
  el.textContent = message || '';
  const field = { 'query-error': 'query', 'temperature-error': 'temperature', 'bulk-error': 'bulk-text' }[id];
  if (field) $(field).setAttribute('aria-invalid', message ? 'true' : 'false');
}

// ---- the token editor ------------------------------------------------------

// The editor shows the first EDITOR_ROWS tokens as rows; a pasted sentence of up to
// 1,000 tokens keeps the rest in the text box, where they are edited. (A thousand rows
// of inputs took the page a third of a second to build and lay out, on every paste.)
const EDITOR_ROWS = 50;

function renderRows() {
  const body = $('token-rows');
  body.replaceChildren();
  state.rows.slice(0, EDITOR_ROWS).forEach((row, i) => {
    const tr = document.createElement('tr');
    tr.dataset.position = String(i);
    const name = Object.assign(document.createElement('input'), { type: 'text', value: row.token });
    name.setAttribute('aria-label', t('table.tokenName', { position: String(i + 1) }));
    name.addEventListener('input', () => { row.token = name.value; syncBulk(); recompute(); });
    const emb = Object.assign(document.createElement('input'), { type: 'text', value: row.text, inputMode: 'decimal' });
    emb.setAttribute('aria-label', t('table.tokenEmbedding', { position: String(i + 1) }));
    emb.addEventListener('input', () => { row.text = emb.value; syncBulk(); recompute(); });
    const err = Object.assign(document.createElement('p'), { className: 'error row-error' });
    err.setAttribute('aria-live', 'polite');
    err.id = `row-error-${i}`;
    emb.setAttribute('aria-describedby', err.id);
    const remove = Object.assign(document.createElement('button'), { type: 'button', textContent: t('table.remove') });
    remove.setAttribute('aria-label', t('table.removeToken', { position: String(i + 1) }));
    remove.addEventListener('click', () => { state.rows.splice(i, 1); renderRows(); recompute(); });
    const c1 = document.createElement('td'), c2 = document.createElement('td'), c3 = document.createElement('td');
    c1.append(name); c2.append(emb, err); c3.append(remove);
    tr.append(c1, c2, c3);
    body.append(tr);
  });
  if (state.rows.length > EDITOR_ROWS) {
    const td = Object.assign(document.createElement('td'), { colSpan: 3, className: 'help',
      textContent: t('table.otherTokens', { count: String(state.rows.length - EDITOR_ROWS) }) });
    body.insertRow().append(td);
  }
  syncBulk();
  focus.refresh();
}

// The rows and the text box are one state: the box follows every edit of the rows,
// unless the student is editing the box itself; then it is left alone, and saying
// "Use this text" asks before replacing rows edited meanwhile.
function syncBulk() {
  if (state.bulkDirty) {
    state.rowsEditedSinceBulk = true;
    setError('bulk-error', t('table.rowsEditedSinceText'));
    return;
  }
  // Only when it changed: a new value makes the box lay out all its lines again (a
  // thousand pasted tokens: tens of milliseconds).
  const text = tokenLines(state.rows);
  if ($('bulk-text').value !== text) $('bulk-text').value = text;
}

// ---- parsing everything ----------------------------------------------------

function collectInputs() {
  let ok = true;
  const q = parseVector($('query').value, typed());
  setError('query-error', q.ok ? '' : q.message);
  ok = ok && q.ok;

  const tau = parseNumber($('temperature').value, typed());
  const tOk = tau.ok && tau.value > 0;
  setError('temperature-error', tOk ? '' : (tau.ok ? t('table.temperaturePositive') : tau.message));
  ok = ok && tOk;

  let tokensMessage = '';
  if (state.rows.length === 0) tokensMessage = t('table.noTokens');
  else if (state.rows.length > state.limits.maxTokens) tokensMessage = t('table.tooManyTokens', { max: String(state.limits.maxTokens) });
  setError('tokens-error', tokensMessage);
  ok = ok && !tokensMessage;

  const keys = [];
  let d = null, unseen = '';  // the first problem in a token beyond the editor's rows
  state.rows.forEach((row, i) => {
    const v = parseVector(row.text, typed());
    let message = v.ok ? '' : v.message;
    if (v.ok) {
      if (d === null) d = v.values.length;
      if (v.values.length !== d) message = t('table.embeddingLength', { count: String(v.values.length), first: String(d) });
      else if (d > state.limits.maxDim) message = t('table.embeddingTooLong', { max: String(state.limits.maxDim) });
    }
    if (!message && cleanName(row.token) === '') {
      message = row.token.length ? t('table.nameInvisible') : t('table.nameEmpty');
    }
    const err = $(`row-error-${i}`);
    if (err) err.textContent = message;
    else if (message && !unseen) unseen = t('table.unseenToken', { position: String(i + 1), name: quoted(cleanName(row.token) || row.token), message });
    if (message) ok = false;
    keys.push(v.ok ? v.values : null);
  });
  if (unseen && !tokensMessage) setError('tokens-error', t('table.unseenEdit', { problem: unseen }));
  if (ok && q.values.length !== d) {
    setError('query-error', t('table.queryLength', { count: String(q.values.length), keys: String(d) }));
    ok = false;
  }
  if (!ok) return null;
  return {
    tokens: state.rows.map((r) => cleanName(r.token)),
    keys, query: q.values, d, kind: $('score-kind').value, temperature: tau.value,
  };
}

// ---- computing and drawing -------------------------------------------------

async function recompute() {
  const inputs = collectInputs();
  ++state.latest;  // an answer still on its way is for older inputs: it must not be drawn
  if (!inputs) { $('stale').hidden = !state.shown; return; }
  const { keys, d } = inputs;
  const T = keys.length;
  const flat = new Float64Array(T * d);
  keys.forEach((k, i) => flat.set(k, i * d));
  const id = state.latest;
  try {
    // An AttendRequest (src/attention/attend_request.hpp); additive scoring is the
    // engine's untrained scorer, W_q = W_k = I and w = 1, as the page's help says.
    const result = await lab.call('attend', {
      score: inputs.kind, d, dv: d, keys: flat, values: flat, query: Float64Array.from(inputs.query),
      temperature: inputs.temperature,
    });
    document.body.dataset.replies = String(Number(document.body.dataset.replies || 0) + 1);  // for tests: answers seen
    if (id !== state.latest) return;  // a newer edit is on its way
    setError('tokens-error', '');
    state.shown = { ...inputs, ...result };
    $('stale').hidden = true;
    draw();
  } catch (err) {
    if (id !== state.latest) return;
    setError('tokens-error', `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`);
    $('stale').hidden = !state.shown;
  }
}

// The sorted table lists the RESULT_ROWS heaviest tokens and counts the rest (its text
// alternative, the bars, has them all): a longer table made each redraw of a pasted
// sentence a long task.
const RESULT_ROWS = 100;

function draw() {
  const s = state.shown;
  const order = s.tokens.map((_, i) => i).sort((a, b) => s.weights[b] - s.weights[a] || a - b);
  const body = $('result-rows');
  body.replaceChildren();
  for (const i of order.slice(0, RESULT_ROWS)) {
    const tr = document.createElement('tr');
    tr.dataset.position = String(i);
    tr.dataset.score = String(s.scores[i]);
    tr.dataset.weight = String(s.weights[i]);
    const th = Object.assign(document.createElement('th'), { scope: 'row', textContent: s.tokens[i] });
    const c1 = Object.assign(document.createElement('td'), { textContent: formatNumber(s.scores[i]) });
    const c2 = Object.assign(document.createElement('td'), { textContent: formatNumber(s.weights[i]) });
    tr.append(th, c1, c2);
    body.append(tr);
  }
  if (order.length > RESULT_ROWS) {
    const tr = document.createElement('tr');
    const td = Object.assign(document.createElement('td'), { colSpan: 3, textContent: t('table.moreTokens', { count: String(order.length - RESULT_ROWS) }) });
    tr.append(td);
    body.append(tr);
  }
  $('context').textContent = `[${Array.from(s.context, (v) => formatNumber(v)).join(listSeparator())}]`;
  $('context').dataset.values = JSON.stringify(Array.from(s.context));

  if (s.d === 2) {
    const drawn = plot.update({ tokens: s.tokens, keys: s.keys, query: s.query, context: Array.from(s.context), weights: s.weights });
    $('geometry').toggleAttribute('hidden', !drawn);  // an SVG element has no .hidden property
    $('geometry-note').textContent = drawn ? '' : t('table.plotTooLarge');
  } else {
    $('geometry').toggleAttribute('hidden', true);
    $('geometry-note').textContent = t('table.plotNeeds2d', { count: String(s.d) });
  }
  drawWeightBars($('weights'), s.tokens, Array.from(s.weights), (v) => formatNumber(v));
  focus.refresh();
}

// ---- wiring ----------------------------------------------------------------

function loadDefaults() {
  const d = state.defaults;
  state.rows = d.tokens.map((row) => ({ token: row.token, text: vectorText(row.embedding) }));
  $('query').value = vectorText(d.query);
  $('score-kind').value = d.score;
  $('temperature').value = localDecimal(String(d.temperature));
  setError('bulk-error', '');
  state.bulkDirty = false;
  state.rowsEditedSinceBulk = false;
  renderRows();
  recompute();
}

async function main() {
  state.defaults = labData().widgets['attention-table'];
  state.limits = state.defaults.fixed;
  $('query').addEventListener('input', recompute);
  $('temperature').addEventListener('input', recompute);
  $('score-kind').addEventListener('change', recompute);
  $('add-token').addEventListener('click', () => {
    const d = state.shown ? state.shown.d : 2;
    state.rows.push({ token: `token${state.rows.length + 1}`, text: new Array(d).fill('0').join(listSeparator()) });
    renderRows();
    recompute();
    const inputs = $('token-rows').querySelectorAll('input');
    if (state.rows.length <= EDITOR_ROWS) inputs[inputs.length - 2].focus();
    else { $('bulk').open = true; $('bulk-text').focus(); }
  });
  $('reset').addEventListener('click', loadDefaults);
  $('bulk-text').addEventListener('input', () => { state.bulkDirty = true; });
  $('bulk-apply').addEventListener('click', async () => {
    const parsed = parseTokenLines($('bulk-text').value, state.limits.maxTokens, typed());
    if (!parsed.ok) { setError('bulk-error', parsed.message); return; }
    if (state.rowsEditedSinceBulk && !(await confirmInPage($('bulk-apply'), t('table.replaceRowsQuestion'), { yes: t('table.replaceRows'), no: t('table.keepRows') }))) return;
    setError('bulk-error', '');
    // Each row's numbers as parse.js wrote them ("1, 0.5"), in the page's language ("1; 0,5").
    state.rows = parsed.rows.map((r) => ({ token: r.token, text: r.text.split(', ').map((x) => localDecimal(x)).join(listSeparator()) }));
    state.bulkDirty = false;
    state.rowsEditedSinceBulk = false;
    // Three tasks, each short, not one long one (a thousand pasted tokens): the text
    // read here, the rows drawn in the next, the engine asked in the one after.
    setTimeout(() => { renderRows(); setTimeout(recompute, 0); }, 0);
  });
  loadDefaults();
  // One token picked out in the rows, the plot, the bars and the sorted table (ui/linked.js).
  for (const id of ['token-rows', 'geometry', 'weights', 'result-rows']) linkElements($(id), focus);
  markDoneOnFirstChange('attention-table');
  document.body.dataset.ready = 'true';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main).catch((err) => { $('build-status').textContent = t('table.couldNotStart', { error: err.message }); });
