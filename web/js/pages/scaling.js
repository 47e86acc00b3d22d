// The scaling explorer: the settings form, one request per edit to the C++
// statistics (src/explore/scaling_stats.hpp) through the lab's worker, and the
// views: two histograms, the entropy sweep (chart and table), the three score
// functions side by side. Only the answer to the latest settings is drawn; a bad
// setting is named next to its field and the last good results stay, marked.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { formatNumber } from '../ui/format.js';
import { toQuery } from '../settings/settings-schema.js';
import { LatestCall } from '../engine/latest-call.js';
import { XYPlot } from '../charts/xy-plot.js';
import { drawHistogram } from '../charts/histogram.js';
import { PALETTE } from '../charts/svg.js';
import { setUpPrediction } from './predict-box.js';
import { openStore } from '../work/store.js';
import { labData } from '../ui/lab-data.js';
import { markDoneOnFirstChange, setUpSettings, showEngineStatus, showShareLink } from './page-kit.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { writeMaths } from '../ui/maths.js';
import { decimalSeparator, t } from '../ui/i18n.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 3);
// Numbers side by side as the page's language separates them: "0.5, 0.25" / "0,5; 0,25".
const listSeparator = () => (decimalSeparator() === ',' ? '; ' : ', ');
const state = { spec: null, form: null, shown: false };

const lab = new LabClient();
showEngineStatus(lab, describeBuild);

const sweepChart = new XYPlot($('sweep-chart'), {
  x: { label: t('scaling.axisDk', { dk: '$d_k$' }), log: true, base: 2, format: (v) => String(v) },
  y: { label: t('scaling.axisEntropy'), log: false, min: 0, format: (v) => num(v) },
});

const calc = new LatestCall(lab, 'scaling_stats', {
  onResult(r, input) {
    const t0 = performance.now();
    $('scaling-error').textContent = '';
    state.shown = true;
    showStale(false);
    draw(r, input);
    document.body.dataset.drawMs = String(performance.now() - t0);  // main-thread time per answer (tests)
    history.replaceState(null, '', `scaling.html${toQuery(state.spec, input.settings)}`);
  },
  onError(err) {
    $('scaling-error').textContent = `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
    showStale(true);
  },
});

function showStale(stale) {
  $('scaling-stale').hidden = !(stale && state.shown);
  document.body.dataset.stale = String(stale);
}

function recompute() {
  const settings = state.form.read();
  document.body.dataset.requested = String(calc.id + (settings ? 1 : 0));
  if (!settings) { calc.supersede(); document.body.dataset.requested = String(calc.id); showStale(true); return; }
  const href = `scaling.html${toQuery(state.spec, settings)}`;
  showShareLink(href);
  // A ScalingRequest (src/explore/scaling_stats.hpp); settings ride along for the URL.
  calc.send({ seed: settings.seed, d_k: settings.d_k, T: settings.T, temperature: settings.temperature, settings });
}

function draw(r) {
  $('hist-dk').textContent = String(r.d_k);
  // One axis for both, the wider range: the scaled scores' narrowness is then seen, not read off tick labels.
  const reach = Math.max(r.raw_hi, r.scaled_hi);
  const axis = { axisLo: -reach, axisHi: reach, format: num };
  drawHistogram($('hist-raw'), { counts: Array.from(r.raw_counts), lo: -r.raw_hi, hi: r.raw_hi, colour: PALETTE.vermillion, label: '$q^\\top k$', ...axis });
  drawHistogram($('hist-scaled'), { counts: Array.from(r.scaled_counts), lo: -r.scaled_hi, hi: r.scaled_hi, colour: PALETTE.blue, label: '$q^\\top k / \\sqrt{d_k}$', ...axis });
  const moments = (mean, variance) => t('scaling.moments', { mean: num(mean), variance: num(variance), sd: num(Math.sqrt(variance)), count: String(r.queries * r.T) });
  $('raw-moments').textContent = moments(r.raw_mean, r.raw_var);
  $('scaled-moments').textContent = moments(r.scaled_mean, r.scaled_var);
  document.body.dataset.rawVar = String(r.raw_var);
  document.body.dataset.scaledVar = String(r.scaled_var);
  state.last = r;

  const d = Array.from(r.sweep_d);
  const pts = (ys) => d.map((x, i) => [x, ys[i]]);
  sweepChart.y.max = r.max_entropy;
  sweepChart.draw({ series: [
    { key: 'unscaled', label: t('scaling.seriesUnscaled', { formula: '$q^\\top k$' }), colour: PALETTE.vermillion, marker: 'circle', points: pts(r.entropy_unscaled) },
    { key: 'scaled', label: t('scaling.seriesScaled', { formula: '$q^\\top k / \\sqrt{d_k}$' }), colour: PALETTE.blue, marker: 'square', dash: '6 4', points: pts(r.entropy_scaled) },
    { key: 'uniform', label: `log T = ${num(r.max_entropy)}`, colour: PALETTE.ink, dash: '2 4', points: [[d[0], r.max_entropy], [d[d.length - 1], r.max_entropy]] },
  ] });
  const body = $('sweep-table').tBodies[0];
  body.replaceChildren();
  d.forEach((x, i) => {
    const tr = body.insertRow();
    Object.assign(tr.dataset, { d: String(x), entropyUnscaled: String(r.entropy_unscaled[i]), entropyScaled: String(r.entropy_scaled[i]) });
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: String(x) }));
    for (const v of [r.entropy_unscaled[i], r.entropy_scaled[i], r.top_unscaled[i], r.top_scaled[i]]) tr.insertCell().textContent = num(v);
  });

  $('kinds-dk').textContent = String(r.d_k);
  $('kinds-T').textContent = String(r.T);
  // Its three rows made once, then their numbers updated in place: each row's typeset
  // formula is written once, not on every keystroke.
  const kinds = $('kinds-table').tBodies[0];
  for (const [key, label, h, top, w] of [
    ['dot', t('scaling.kindDot', { formula: '$q^\\top k$' }), r.entropy_dot, r.top_dot, r.weights_dot],
    ['scaled_dot', t('scaling.kindScaledDot', { formula: '$q^\\top k / \\sqrt{d_k}$' }), r.entropy_scaled_dot, r.top_scaled_dot, r.weights_scaled_dot],
    ['additive', t('scaling.kindAdditive', { formula: '$w^\\top \\tanh(W_q q + W_k k)$' }), r.entropy_additive, r.top_additive, r.weights_additive],
  ]) {
    let tr = kinds.querySelector(`tr[data-kind="${key}"]`);
    if (!tr) {
      tr = kinds.insertRow();
      tr.dataset.kind = key;
      tr.append(writeMaths(Object.assign(document.createElement('th'), { scope: 'row' }), label));
      for (let i = 0; i < 3; ++i) tr.insertCell();
    }
    Object.assign(tr.dataset, { entropy: String(h), top: String(top) });
    tr.cells[1].textContent = num(h);
    tr.cells[2].textContent = num(top);
    tr.cells[3].textContent = Array.from(w).sort((a, b) => b - a).slice(0, 5).map(num).join(listSeparator());
  }
  document.body.dataset.computed = String(calc.id);
}

function main() {
  ({ spec: state.spec, form: state.form } = setUpSettings('scaling', recompute, { primary: $('primary-settings') }));
  $('defaults').addEventListener('click', () => { state.form.fillDefaults(); recompute(); });
  recompute();
  markDoneOnFirstChange('scaling');
  // Compared with what the page shows now: the scaled scores' variance nearest (on a log
  // scale) to 1, √d_k or d_k.
  setUpPrediction('scaling', labData().widgets.scaling.predict, openStore(), { live: true, outcome: () => {
    const r = state.last;
    if (!r) return null;
    const near = [['one', 1], ['sqrt', Math.sqrt(r.d_k)], ['dk', r.d_k]]
      .map(([id, x]) => [id, Math.abs(Math.log(Math.max(r.scaled_var, 1e-12)) - Math.log(x))]).sort((a, b) => a[1] - b[1])[0][0];
    return { option: near, run: `d_k = ${r.d_k}`, words: t('scaling.predictWords', { dk: String(r.d_k), variance: formatNumber(r.scaled_var, 3) }) };
  } });
  document.body.dataset.ready = 'true';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
