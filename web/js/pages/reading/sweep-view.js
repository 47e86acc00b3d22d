// The reading page's seed sweep, as a view: which runs a sweep makes, how long they
// will take here, and the drawing of their results (the dot plot of test accuracies
// with its median and range, every run's validation curve, and the table that is the
// charts' text alternative). The page (../reading.js) runs the sweep and keeps its state.
import { labData } from '../../ui/lab-data.js';
import { formatNumber } from '../../ui/format.js';
import { raceSeconds, raceWork } from '../../engine/race-estimate.js';
import { XYPlot } from '../../charts/xy-plot.js';
import { PALETTE } from '../../charts/svg.js';
import { localDecimal, t } from '../../ui/i18n.js';

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 3);

// The sweep's runs: one a seed, or one a value of another race setting at one seed
// (reading.json's "vary": its ladder in "vary_values", or the race setting's choices).
// Each run is a race's whole settings; label names it in the chart and the table.
// base: the race's settings this page runs (raceSettings in ../reading.js).
export function sweepRuns(settings, base) {
  if (settings.vary === 'seed') {
    return Array.from({ length: settings.sweep }, (_, i) => ({ settings: { ...base, seed: settings.seed + i }, label: String(settings.seed + i) }));
  }
  const spec = labData().widgets.race.settings.find((s) => s.key === settings.vary);
  const values = spec.kind === 'choice' ? spec.choices : labData().widgets.reading.vary_values[settings.vary];
  return values.map((v) => ({ settings: { ...base, [settings.vary]: v }, label: String(v) }));
}

const varyLabel = (vary) => (vary === 'seed' ? t('reading.sweepSeed') : labData().widgets.race.settings.find((s) => s.key === vary).label);

const chartSweep = (labels, vary) => new XYPlot($('rd-sweep-chart'), {
  x: { label: vary === 'seed' ? t('reading.sweepRunSeeds') : t('reading.sweepRunOf', { setting: varyLabel(vary) }), log: false, min: 0.5, max: labels.length + 0.5,
    format: (v) => (Number.isInteger(v) && labels[v - 1] !== undefined ? labels[v - 1] : '') },
  y: { label: t('reading.sweepTestAccuracy'), log: false, min: 0.4, max: 1, format: (v) => localDecimal(v.toFixed(1)) },
});

function median(xs) {
  const s = [...xs].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

// A model's test accuracies over the runs: the median and the range, for the dot plot's
// line and band and for the table's last row alike.
const spread = (xs) => ({ median: median(xs), lo: Math.min(...xs), hi: Math.max(...xs) });

const chartSweepCurves = () => new XYPlot($('rd-sweep-curves'), {
  x: { label: t('reading.sweepEpoch'), log: false, format: (v) => String(v) },
  y: { label: t('reading.sweepValidationAccuracy'), log: false, min: 0.4, max: 1, format: (v) => localDecimal(v.toFixed(1)) },
});

// Every run's validation curve, faint, and the median over runs epoch by epoch, bold.
function drawSweepCurves(sorted) {
  // r.val: epochs x models, flat (row-major); model m's curve is every second number from m.
  const models = [['gru', 0, 'GRU', PALETTE.vermillion, 'circle'], ['attention', 1, 'attention', PALETTE.blue, 'square']];
  const series = [];
  const summary = [];
  for (const [key, column, label, colour, marker] of models) {
    const curves = sorted.map((r) => Array.from(r.val).filter((_, i) => i % 2 === column));
    for (const [k, c] of curves.entries()) series.push({ key: `${key}-${sorted[k].seed}`, colour, faint: true, points: c.map((v, e) => [e + 1, v]) });
    const epochs = Math.max(0, ...curves.map((c) => c.length));
    const med = Array.from({ length: epochs }, (_, e) => [e + 1, median(curves.filter((c) => c.length > e).map((c) => c[e]))]);
    series.push({ key: `${key}-median`, label: t('reading.sweepMedianSeries', { model: label }), colour, marker, points: med });
    if (curves.length) {
      const last = curves.map((c) => c[c.length - 1]);
      summary.push(t('reading.sweepCurvesModel', { model: label, lo: num(Math.min(...last)), hi: num(Math.max(...last)), median: num(median(last)) }));
    }
  }
  chartSweepCurves().draw({ series, message: t('reading.sweepCurvesWaiting') });
  $('rd-sweep-curves').setAttribute('aria-label', sorted.length
    ? t('reading.sweepCurvesLabel', { runs: String(sorted.length), summary: summary.join('; ') })
    : t('reading.sweepCurvesEmpty'));
}

// view: {labels (one a run, in run order), vary (the setting the sweep varies)}.
export function drawSweep(results, { labels, vary }) {
  const sorted = [...results].sort((a, b) => a.index - b.index);
  drawSweepCurves(sorted);
  $('rd-sweep-run-head').textContent = varyLabel(vary);
  // A dot per run, the median as a line across, the range (lowest to highest) as a pale band.
  const dots = (key, field, label, colour, marker) => {
    const s = sorted.length ? spread(sorted.map((r) => r[field])) : null;
    return { key, label, colour, marker, dotsOnly: true, points: sorted.map((r) => [r.index + 1, r[field]]),
      ...(s ? { level: s.median, band: [s.lo, s.hi] } : {}) };
  };
  chartSweep(labels, vary).draw({ series: [
    dots('gru', 'test_gru', 'GRU', PALETTE.vermillion, 'circle'),
    dots('attention', 'test_attention', 'attention', PALETTE.blue, 'square'),
  ] });
  const body = $('rd-sweep').tBodies[0];
  body.replaceChildren(...sorted.map((r) => {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: labels[r.index] }));
    for (const [m, v] of [['gru', r.test_gru], ['attention', r.test_attention]]) {
      const td = tr.insertCell();
      td.textContent = num(v);
      Object.assign(td.dataset, { model: m, seed: String(r.seed), run: labels[r.index], value: String(v) });
    }
    return tr;
  }));
  if (sorted.length) {
    const tr = body.insertRow();
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: t('reading.sweepMedianRange') }));
    const summary = [];
    for (const m of ['test_gru', 'test_attention']) {
      const s = spread(sorted.map((r) => r[m]));
      const text = t('reading.sweepMedianCell', { median: num(s.median), lo: num(s.lo), hi: num(s.hi) });
      tr.insertCell().textContent = text;
      summary.push(t('reading.sweepModelMedian', { model: m === 'test_gru' ? 'GRU' : 'attention', text }));
    }
    $('rd-sweep-chart').setAttribute('aria-label', t('reading.sweepChartLabel', { runs: String(sorted.length), summary: summary.join('; ') }));
  }
}

// About how long a sweep takes here: its races run one a thread (atOnce at once), each
// race's two models in turns on its thread; speed resolves to this computer's speed
// (engine/race-estimate.js). Null when unknown.
export async function sweepSeconds(lab, speed, runs, atOnce) {
  const seedOnly = runs.every((r) => JSON.stringify({ ...r.settings, seed: 0 }) === JSON.stringify({ ...runs[0].settings, seed: 0 }));
  const works = await Promise.all((seedOnly ? runs.slice(0, 1) : runs).map((r) => raceWork(lab, r.settings)));
  const perUnit = await speed;
  if (!perUnit) return null;
  const each = works.map((w) => raceSeconds(w, perUnit, false));
  if (seedOnly) return each[0] * Math.ceil(runs.length / atOnce);
  return Math.max(...each, each.reduce((a, b) => a + b, 0) / atOnce);
}
