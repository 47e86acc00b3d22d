// The order-blindness experiment: two sentences, the settings form, one request per
// edit to the C++ probe (src/explore/order_probe.hpp) through the lab's worker, and
// the views: the verdict with the largest differences, the permutation drawn, the
// output vectors side by side. Token names are shown as text, trimmed of invisible
// characters and cut when long (the full name in a tooltip).
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { cleanName } from '../settings/parse.js';
import { formatNearZero, formatNumber } from '../ui/format.js';
import { toQuery } from '../settings/settings-schema.js';
import { LatestCall } from '../engine/latest-call.js';
import { clear, svgEl, PALETTE } from '../charts/svg.js';
import { setUpPrediction } from './predict-box.js';
import { openStore } from '../work/store.js';
import { markDoneOnFirstChange, setUpSettings, showEngineStatus, showShareLink } from './page-kit.js';
import { clip, isClipped, quoted } from '../ui/quote.js';
import { sharedLimit } from '../ui/shared-limits.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { t } from '../ui/i18n.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 3);
const SHOWN = 14;  // characters of a token name drawn before it is cut
// Entries of each output vector shown: 8, fewer for long sentences so that an answer
// redraws at most 128 numbers a table (the differences above cover all d). Laying out
// 512 changed numbers (2 x 32 rows x 8) took 15-25 ms here and over 50 ms on a slower machine.
const entriesShown = (T) => Math.max(3, Math.min(8, Math.floor(128 / T)));
const cut = (name) => clip(name, SHOWN - 1);
const state = { data: null, spec: null, form: null, shown: false };

const lab = new LabClient();
showEngineStatus(lab, describeBuild);

// "dog  bites\u200b man" -> {ok, tokens: ['dog', 'bites', 'man']} | {ok: false, message}
function parseSentence(text) {
  const tokens = String(text).split(/\s+/).map(cleanName).filter((token) => token.length > 0);
  if (tokens.length === 0) return { ok: false, message: t('order.noTokens') };
  const max = state.data.fixed.maxTokens;
  if (tokens.length > max) return { ok: false, message: t('order.tooManyTokens', { count: String(tokens.length), max: String(max) }) };
  const bytes = sharedLimit('tokenBytes');
  const long = tokens.find((token) => new TextEncoder().encode(token).length > bytes);
  if (long) return { ok: false, message: t('order.tokenTooLong', { token: quoted(long), bytes: String(bytes) }) };
  return { ok: true, tokens };
}

const calc = new LatestCall(lab, 'order_probe', {
  onResult(r, input) {
    const t0 = performance.now();
    $('order-error').textContent = '';
    state.shown = true;
    showStale(false);
    draw(r, input);
    document.body.dataset.drawMs = String(performance.now() - t0);  // main-thread time per answer (tests)
    history.replaceState(null, '', `order.html${toQuery(state.spec, input.settings)}`);
  },
  onError(err) {
    $('order-error').textContent = `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
    showStale(true);
  },
});

function showStale(stale) {
  $('order-stale').hidden = !(stale && state.shown);
  document.body.dataset.stale = String(stale);
}

function recompute() {
  const settings = state.form.read();
  let ok = Boolean(settings);
  const sentences = {};
  for (const id of ['first', 'second']) {
    const p = parseSentence($(id).value);
    $(`${id}-error`).textContent = p.ok ? '' : p.message;
    $(id).setAttribute('aria-invalid', p.ok ? 'false' : 'true');
    ok = ok && p.ok;
    sentences[id] = p.tokens;
  }
  if (!ok) { calc.supersede(); document.body.dataset.requested = String(calc.id); showStale(true); return; }
  const href = `order.html${toQuery(state.spec, settings)}`;
  showShareLink(href);
  document.body.dataset.requested = String(calc.id + 1);
  // An OrderRequest (src/explore/order_probe.hpp); settings ride along for the URL.
  calc.send({ first: sentences.first, second: sentences.second, seed: settings.seed, d: settings.d, positions: settings.positions, settings });
}

function draw(r, input) {
  const { first, second } = input;
  const perm = Array.from(r.perm);
  const positions = input.positions;
  // Within rounding: sums of a few dozen products of numbers near 1 in double precision.
  const same = r.reordering && r.max_difference <= 1e-9;
  state.last = { r, positions, same };
  Object.assign(document.body.dataset, {
    maxDifference: String(r.max_difference), pooledDifference: String(r.pooled_difference),
    reordering: String(r.reordering), same: String(same),
  });
  let verdict;
  if (!r.reordering) verdict = t('order.verdictNotReordering');
  else if (same) verdict = positions === 'none' ? t('order.verdictSameNoPositions') : t('order.verdictSameWithPositions');
  else verdict = t('order.verdictDifferent', { positions });
  $('verdict').textContent = verdict;
  // Below 10⁻⁹ a difference is rounding, said as such rather than printed ("4.4 × 10⁻¹⁶").
  $('max-diff').textContent = r.reordering ? formatNearZero(r.max_difference, 1e-9) : t('order.noDifferenceNotReordering');
  $('pooled-diff').textContent = r.T1 === r.T2 ? formatNearZero(r.pooled_difference, 1e-9) : t('order.noDifferenceLengths');
  drawPermutation(first, second, perm);
  const T = Math.max(first.length, second.length);  // both tables show the same entries
  drawVectors($('z-first'), first, r.Z_first, r.d, first.map((_, i) => i + 1), T);
  drawVectors($('z-second'), second, r.Z_second, r.d, second.map((_, i) => (r.reordering ? perm[i] + 1 : null)), T);
  document.body.dataset.computed = String(calc.id);
}

// Top: the first sentence's tokens; bottom: the second's; a line from first[perm[i]] to second[i].
function drawPermutation(first, second, perm) {
  const svg = $('perm-drawing');
  const drawn = JSON.stringify([first, second, perm]);
  if (svg.dataset.drawn === drawn) return;  // the same tokens and permutation: nothing to redraw
  svg.dataset.drawn = drawn;
  const n = Math.max(first.length, second.length), W = Math.max(320, n * 90), H = 120;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  clear(svg);
  const x = (i, len) => (W / len) * (i + 0.5);
  const label = (name, cx, cy) => {
    const text = svgEl('text', { x: cx, y: cy, 'text-anchor': 'middle', class: 'token' }, cut(name));
    if (isClipped(name, SHOWN - 1)) text.append(svgEl('title', {}, name));
    return text;
  };
  first.forEach((name, i) => svg.append(label(name, x(i, first.length), 20)));
  second.forEach((name, i) => svg.append(label(name, x(i, second.length), H - 10)));
  perm.forEach((j, i) => svg.append(svgEl('line', { x1: x(j, first.length), y1: 28, x2: x(i, second.length), y2: H - 28,
    stroke: [PALETTE.blue, PALETTE.vermillion, PALETTE.green, PALETTE.purple, PALETTE.ink][j % 5], 'stroke-width': 2 })));
  const pairs = perm.map((j, i) => t('order.permPair', { token: first[j], from: String(j + 1), to: String(i + 1) }));
  svg.setAttribute('aria-label', perm.length ? t('order.permMoves', { pairs: pairs.join('; ') }) : t('order.permNone'));
}

// The rows are rebuilt only when their number or width changes; otherwise their text
// is updated in place. Only entriesShown(T) entries a row: 64 columns are unreadable.
function drawVectors(table, tokens, Z, fullD, marks, T) {
  const body = table.tBodies[0];
  const d = Math.min(fullD, entriesShown(T));
  $('entries-note').textContent = fullD > d ? t('order.entriesNote', { shown: String(d), count: String(fullD) }) : '';
  if (body.rows.length !== tokens.length || table.dataset.d !== String(d)) {
    table.dataset.d = String(d);
    const head = table.tHead;
    head.replaceChildren();
    const hr = head.insertRow();
    hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: t('order.columnToken') }));
    hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: t('order.columnMatch') }));
    for (let c = 0; c < d; ++c) hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: `z[${c + 1}]` }));
    const rows = tokens.map(() => {
      const tr = document.createElement('tr');
      tr.append(Object.assign(document.createElement('th'), { scope: 'row' }));
      for (let c = 0; c < d + 1; ++c) tr.append(document.createElement('td'));
      return tr;
    });
    body.replaceChildren(...rows);
  }
  table.dataset.z = Array.prototype.join.call(Z, ',');  // every entry, T x d row-major (tests read it)
  table.dataset.width = String(fullD);
  // A text written again, even unchanged, marks its cell for layout: write only changes.
  const setText = (cell, text) => {
    if (!cell.firstChild) cell.textContent = text;
    else if (cell.firstChild.nodeValue !== text) cell.firstChild.nodeValue = text;
  };
  tokens.forEach((name, i) => {
    const tr = body.rows[i];
    const th = tr.cells[0];
    setText(th, cut(name));
    if (isClipped(name, SHOWN - 1)) th.title = name; else th.removeAttribute('title');
    setText(tr.cells[1], marks[i] === null ? '—' : `#${marks[i]}`);
    for (let c = 0; c < d; ++c) setText(tr.cells[c + 2], num(Z[i * fullD + c]));
  });
}

function main() {
  ({ data: state.data, spec: state.spec, form: state.form } = setUpSettings('order', recompute));
  $('first').value = state.data.first;
  $('second').value = state.data.second;
  for (const id of ['first', 'second']) $(id).addEventListener('input', recompute);
  $('reverse').addEventListener('click', () => {
    const p = parseSentence($('first').value);
    if (p.ok) { $('second').value = p.tokens.slice().reverse().join(' '); recompute(); }
  });
  $('defaults').addEventListener('click', () => {
    $('first').value = state.data.first;
    $('second').value = state.data.second;
    state.form.fillDefaults();
    recompute();
  });
  recompute();
  markDoneOnFirstChange('order');
  // Compared with what the page shows now: the outputs permuted, or changed.
  setUpPrediction('order', state.data.predict, openStore(), { live: true, outcome: () => {
    const last = state.last;
    if (!last || !last.r.reordering) return null;
    return { option: last.same ? 'permuted' : 'different', run: t('order.predictRun', { positions: last.positions }),
      words: t('order.predictWords', { positions: last.positions, difference: formatNearZero(last.r.max_difference, 1e-9) }) };
  } });
  document.body.dataset.ready = 'true';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
