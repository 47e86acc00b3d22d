// The attention calculator (the module's math lens): a query and a few keys, every
// step of the arithmetic written out. The numbers come from the C++ calculator
// (src/attention/score_steps.hpp) through the lab's worker; this file holds the
// inputs, the URL and the views.
//
// Every edit is parsed at once. A field that does not parse gets a message next to
// it and the last good results stay, marked as such; nothing typed is thrown away.
// Only the answer to the latest request is drawn.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { parseVector } from '../settings/parse.js';
import { formatNumber } from '../ui/format.js';
import { fromQuery, parseSetting, rangeText, toQuery } from '../settings/settings-schema.js';
import { markDoneOnFirstChange, showEngineStatus, showUrlNotice } from './page-kit.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { writeMaths } from '../ui/maths.js';
import { decimalSeparator, localDecimal, pageLanguage, t } from '../ui/i18n.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);
const SUB = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n) => String(n).split('').map((c) => SUB[Number(c)]).join('');
const num = (x) => formatNumber(x, 3);
const signed = (x) => (x < 0 ? `(${num(x)})` : num(x));  // 1·(−2) rather than 1·-2
// A list of numbers as the page's language writes it: "1, 0.5" in English, "1; 0,5" in
// French (whose comma is decimal). parseVector reads both in a French page.
const listSeparator = () => (decimalSeparator() === ',' ? '; ' : ', ');
const vectorText = (values) => values.map((v) => localDecimal(String(v))).join(listSeparator());
const typed = () => ({ lang: pageLanguage() });  // fields the student types in read the page's language

const state = { spec: null, defaults: null, keys: [], latest: 0, shown: null };

const lab = new LabClient();
showEngineStatus(lab, describeBuild);

function setError(id, message, field) {
  $(id).textContent = message || '';
  if (field) $(field).setAttribute('aria-invalid', message ? 'true' : 'false');
}

// ---- the key editor ------------------------------------------------------------

// The calculator's limits (content/widgets/calculator.json "fixed", which the engine
// applies too): the add buttons stop at them and say so.
function showLimits() {
  const { maxKeys, maxDim } = state.defaults.fixed;
  const d = parseVector($('calc-query').value, typed());
  const keysFull = state.keys.length >= maxKeys, dimFull = d.ok && d.values.length >= maxDim;
  $('calc-add-key').disabled = keysFull;
  $('calc-add-dim').disabled = dimFull;
  $('calc-limits').textContent = [
    t('calc.limits', { keys: String(maxKeys), numbers: String(maxDim) }),
    keysFull ? t('calc.keysFull', { keys: String(maxKeys) }) : null,
    dimFull ? t('calc.dimFull', { numbers: String(maxDim) }) : null,
  ].filter((s) => s !== null).join(' ');
}

function renderKeys() {
  showLimits();
  const body = $('calc-key-rows');
  body.replaceChildren();
  state.keys.forEach((text, i) => {
    const tr = body.insertRow();
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: `k${sub(i + 1)}` }));
    const input = Object.assign(document.createElement('input'), { type: 'text', value: text, inputMode: 'decimal', spellcheck: false });
    input.setAttribute('aria-label', t('calc.key', { position: String(i + 1) }));
    const err = Object.assign(document.createElement('p'), { className: 'error row-error', id: `calc-key-error-${i}` });
    err.setAttribute('aria-live', 'polite');
    input.setAttribute('aria-describedby', err.id);
    input.addEventListener('input', () => { state.keys[i] = input.value; recompute(); });
    const remove = Object.assign(document.createElement('button'), { type: 'button', textContent: t('calc.remove') });
    remove.setAttribute('aria-label', t('calc.removeKey', { position: String(i + 1) }));
    remove.disabled = state.keys.length === 1;
    remove.addEventListener('click', () => {
      state.keys.splice(i, 1);
      renderKeys();
      recompute();
      const buttons = body.querySelectorAll('button');
      (buttons[Math.min(i, buttons.length - 1)] || $('calc-add-key')).focus();
    });
    tr.insertCell().append(input, err);
    tr.insertCell().append(remove);
  });
}

// ---- parsing everything ----------------------------------------------------------

function collectInputs() {
  let ok = true;
  const score = parseSetting(state.spec.score, $('set-score').value, typed());
  const tau = parseSetting(state.spec.temperature, $('set-temperature').value, typed());
  setError('set-temperature-error', tau.ok ? '' : tau.message, 'set-temperature');
  ok = score.ok && tau.ok;

  const q = parseVector($('calc-query').value, typed());
  setError('calc-query-error', q.ok ? '' : q.message, 'calc-query');
  ok = ok && q.ok;

  const d = q.ok ? q.values.length : null;
  const keys = state.keys.map((text, i) => {
    const v = parseVector(text, typed());
    let message = v.ok ? '' : v.message;
    if (v.ok && d !== null && v.values.length !== d) {
      message = t('calc.keyLength', { count: String(v.values.length), query: String(d) });
    }
    const input = $('calc-key-rows').rows[i].querySelector('input');
    $(`calc-key-error-${i}`).textContent = message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
    if (message) ok = false;
    return v.ok ? v.values : null;
  });
  if (!ok) return null;
  return { score: score.value, temperature: tau.value, query: q.values, keys, d };
}

// ---- computing and drawing -----------------------------------------------------

async function recompute() {
  const inputs = collectInputs();
  ++state.latest;  // an answer on its way for older inputs must not be drawn now
  document.body.dataset.requested = String(state.latest);  // tests wait for computed to catch up
  if (!inputs) { showStale(true); return; }
  const id = state.latest;
  const flat = new Float64Array(inputs.keys.length * inputs.d);
  inputs.keys.forEach((k, i) => flat.set(k, i * inputs.d));
  try {
    // A ScoreStepsRequest (src/attention/score_steps.hpp).
    const r = await lab.call('score_steps', {
      score: inputs.score, d: inputs.d, query: Float64Array.from(inputs.query), keys: flat, temperature: inputs.temperature,
    });
    if (id !== state.latest) return;
    setError('calc-keys-error', '');
    state.shown = { inputs, r };
    showStale(false);
    draw();
    history.replaceState(null, '', `calculator.html${toQuery(Object.values(state.spec), { score: inputs.score, temperature: inputs.temperature })}`);
  } catch (err) {
    if (id !== state.latest) return;
    setError('calc-keys-error', `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`);
    showStale(true);
  }
}

function showStale(stale) {
  $('calc-stale').hidden = !(stale && state.shown);
  document.body.dataset.stale = String(stale);
}

function draw() {
  const { inputs, r } = state.shown;
  const body = $('calc-result-rows');
  body.replaceChildren();
  for (let i = 0; i < r.T; ++i) {
    const tr = body.insertRow();
    tr.dataset.score = String(r.scores[i]);
    tr.dataset.weight = String(r.weights[i]);
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: `k${sub(i + 1)} = [${inputs.keys[i].map(num).join(listSeparator())}]` }));
    tr.insertCell().textContent = num(r.scores[i]);
    tr.insertCell().textContent = num(r.weights[i]);
  }
  const steps = $('calc-steps');
  steps.replaceChildren(...stepItems(inputs, r).map(([title, lines]) => {
    const li = document.createElement('li');
    li.append(Object.assign(document.createElement('p'), { textContent: title }));
    const ul = document.createElement('ul');
    for (const line of lines) ul.append(Object.assign(document.createElement('li'), { textContent: line }));
    li.append(ul);
    return li;
  }));
  document.body.dataset.computed = String(state.latest);
}

// The four steps of the lesson, as text: [title, [line]].
function stepItems(inputs, r) {
  const { d, T } = r;
  const tau = inputs.temperature;
  const per = (f) => Array.from({ length: T }, (_, i) => f(i));
  const q = inputs.query;
  const scoreLine = (i) => {
    const k = inputs.keys[i];
    const terms = k.map((kj, j) => (inputs.score === 'additive'
      ? `tanh(${signed(q[j])} + ${signed(kj)})` : `${signed(q[j])}·${signed(kj)}`)).join(' + ');
    const values = Array.from({ length: d }, (_, j) => signed(r.products[i * d + j])).join(' + ');
    const s = `s${sub(i + 1)}`;
    if (inputs.score === 'scaled_dot') return `${s} = (${terms}) / √${d} = ${num(r.raw[i])} / ${num(Math.sqrt(d))} = ${num(r.scores[i])}`;
    if (inputs.score === 'additive') return `${s} = ${terms} = ${values} = ${num(r.scores[i])}`;
    return `${s} = ${terms} = ${num(r.scores[i])}`;
  };
  const over = tau === 1 ? '' : ` / ${num(tau)}`;
  const steps = [[t('calc.stepScores', { score: inputs.score }), per(scoreLine)]];
  if (r.plain_exps) {
    steps.push([tau === 1 ? t('calc.stepExponentiate') : t('calc.stepExponentiateTau', { tau: num(tau) }),
      per((i) => `exp(${num(r.scores[i])}${over}) ≈ ${num(r.exps[i])}`)]);
    steps.push([t('calc.stepAdd'), [`${per((i) => num(r.exps[i])).join(' + ')} ≈ ${num(r.total)}`]]);
    steps.push([t('calc.stepDivide'), per((i) => `α${sub(i + 1)} ≈ ${num(r.exps[i])} / ${num(r.total)} ≈ ${num(r.weights[i])}`)]);
  } else {
    const m = num(r.max_score);
    steps.push([t('calc.stepShift', { max: m }),
      per((i) => `exp((${num(r.scores[i])} − ${m})${over}) ≈ ${num(r.shifted_exps[i])}`)]);
    steps.push([t('calc.stepAdd'), [`${per((i) => num(r.shifted_exps[i])).join(' + ')} ≈ ${num(r.shifted_total)}`]]);
    steps.push([t('calc.stepDivide'), per((i) => `α${sub(i + 1)} ≈ ${num(r.shifted_exps[i])} / ${num(r.shifted_total)} ≈ ${num(r.weights[i])}`)]);
  }
  return steps;
}

// ---- wiring ----------------------------------------------------------------------

function loadDefaults() {
  const d = state.defaults;
  $('calc-query').value = vectorText(d.query);
  state.keys = d.keys.map(vectorText);
  $('set-score').value = state.spec.score.default;
  $('set-temperature').value = localDecimal(String(state.spec.temperature.default));
  renderKeys();
  recompute();
}

function main() {
  state.defaults = labData().widgets.calculator;
  state.spec = Object.fromEntries(state.defaults.settings.map((s) => [s.key, s]));
  for (const s of state.defaults.settings) {
    writeMaths($(`set-${s.key}-help`), s.kind === 'choice' ? s.help : t('setting.help', { help: s.help, range: rangeText(s) }));
    // A choice's options, from the schema: its values, shown by their labels.
    if (s.kind === 'choice') {
      $(`set-${s.key}`).replaceChildren(...s.choices.map((c) => Object.assign(document.createElement('option'),
        { value: c, textContent: (s.choiceLabels && s.choiceLabels[c]) || c })));
    }
  }
  loadDefaults();
  // Settings from a link (calculator.html?score=additive&temperature=0.5): bad ones are named.
  const { settings, ignored } = fromQuery(state.defaults.settings, location.search);
  $('set-score').value = settings.score;
  $('set-temperature').value = localDecimal(String(settings.temperature));
  showUrlNotice(ignored);
  recompute();
  $('set-score').addEventListener('change', recompute);
  $('set-temperature').addEventListener('input', recompute);
  $('calc-query').addEventListener('input', () => { showLimits(); recompute(); });
  $('calc-add-key').addEventListener('click', () => {
    const d = parseVector($('calc-query').value, typed());
    state.keys.push(new Array(d.ok ? d.values.length : 2).fill('0').join(listSeparator()));
    renderKeys();
    recompute();
    const inputs = $('calc-key-rows').querySelectorAll('input');
    inputs[inputs.length - 1].focus();
  });
  // One more number in the query and every key (a 0), so the shapes stay consistent.
  $('calc-add-dim').addEventListener('click', () => {
    $('calc-query').value = `${$('calc-query').value.trim()}${listSeparator()}0`;
    state.keys = state.keys.map((k) => `${k.trim()}${listSeparator()}0`);
    renderKeys();
    recompute();
  });
  $('calc-reset').addEventListener('click', loadDefaults);
  markDoneOnFirstChange('calculator');
  document.body.dataset.ready = 'true';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
