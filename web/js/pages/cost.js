// The cost explorer: one self-attention layer and one GRU layer timed over T in the
// student's browser (src/explore/layer_cost.hpp through the lab's worker), one point
// a call (Stop cancels the one being timed: LabClient.cancelAll); a chart on log-log axes with
// fitted slopes, and a table of every number. A run that would not fit the engine's
// memory is refused before it starts; a point whose time, estimated from the rate
// measured so far, is too long is refused before it runs, and the run goes on.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { formatNumber } from '../ui/format.js';
import { defaults, toQuery } from '../settings/settings-schema.js';
import { labData } from '../ui/lab-data.js';
import { XYPlot, logLogFit } from '../charts/xy-plot.js';
import { PALETTE } from '../charts/svg.js';
import { liveEstimate, markDone, onePressAtATime, setUpSettings, showEngineStatus, showRunSummary, showShareLink, startStop } from './page-kit.js';
import { noisyFindings } from './cost/noise.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { voiceProgress } from '../ui/progress-voice.js';
import { setUnbrokenText } from '../ui/unbroken.js';
import { localDecimal, t } from '../ui/i18n.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();
voiceProgress();  // progress lines spoken at most every few seconds

const $ = (id) => document.getElementById(id);
const LAYERS = ['attention', 'gru'];
const state = { data: null, spec: null, form: null, threads: 1, running: false, stop: false, results: new Map(), refused: new Map(), Ts: [] };
const key = (layer, threads, T) => `${layer}/${threads}/${T}`;

const lab = new LabClient();
const chart = new XYPlot($('cost-chart'), {
  x: { label: t('cost.axisT'), log: true, base: 2, format: (v) => String(v) },
  y: { label: t('cost.axisTime'), log: true, base: 10, format: (v) => ms(v) },
});

function ms(seconds) {
  if (!Number.isFinite(seconds)) return '—';
  return seconds >= 0.1 ? `${formatNumber(seconds * 1e3, 0)} ms` : `${formatNumber(seconds * 1e3, 3)} ms`;
}
function bytes(b) {
  if (b >= 1 << 20) return t('cost.mebibytes', { n: formatNumber(b / (1 << 20), 1) });
  if (b >= 1 << 10) return t('cost.kibibytes', { n: formatNumber(b / (1 << 10), 1) });
  return t('cost.bytes', { n: String(b) });
}

// T doubling from `from`, and `to` itself last.
function sequenceLengths({ from, to }) {
  const Ts = [];
  for (let T = from; T < to; T *= 2) Ts.push(T);
  Ts.push(to);
  return Ts;
}

// How fast each layer computes here (FLOP a second, one thread), timed once on small
// sizes (the default width) when the engine is ready: what the estimate beside Measure
// is made from.
let rates = null;
async function timeLayers() {
  const out = {};
  const { d } = defaults(labData().widgets.cost.settings);
  for (const layer of LAYERS) {
    const r = await lab.call('layer_cost', { layer, d, T: layer === 'gru' ? 64 : 256, threads: 1, min_seconds: 0.02, seed: 1 });
    out[layer] = r.gflops * 1e9;
  }
  return out;
}

// A run's seconds: each point is a warm-up round (at least one forward, about 10 ms)
// and then forwards until `seconds` have passed, at least one; a point estimated past the
// page's limit is not run. Two threads are counted as slow as one (an estimate a little
// long rather than short).
async function estimateSeconds(settings) {
  if (!rates) return null;
  let total = 0;
  for (const T of sequenceLengths(settings)) {
    for (const layer of LAYERS) {
      const plan = await lab.call('layer_cost_plan', { d: settings.d, min_seconds: settings.seconds, seed: 1, layer, T, threads: 1 });
      const forward = plan.flops / rates[layer];
      if (forward <= state.data.maxPointSeconds) total += state.threads * (Math.max(settings.seconds, forward) + Math.max(forward, 0.01));
    }
  }
  return total;
}
const showEstimate = liveEstimate($('cost-estimate'), estimateSeconds, () => state.running);

function readSettings() {
  const settings = state.form.read();
  if (!settings) return null;
  if (settings.from > settings.to) {
    $('set-to-error').textContent = t('cost.toBelowFrom', { to: String(settings.to), from: String(settings.from), max: String(state.spec.find((s) => s.key === 'to').max) });
    $('set-to').setAttribute('aria-invalid', 'true');
    return null;
  }
  const href = `cost.html${toQuery(state.spec, settings)}`;
  showShareLink(href);
  showEstimate(settings);
  return settings;
}

const toggleMeasureStop = startStop($('measure'), $('stop'));
function setRunning(running) {
  state.running = running;
  document.body.dataset.cost = running ? 'running' : state.results.size ? 'finished' : 'idle';
  toggleMeasureStop(running);
}

async function measure() {
  $('measure-error').textContent = '';
  const settings = readSettings();
  if (!settings) { $('measure-error').textContent = t('cost.fixSettings'); return; }
  const { d, seconds } = settings;
  const Ts = sequenceLengths(settings);
  const base = { d, min_seconds: seconds, seed: 1 };
  state.stop = false;
  showRunSummary(null);
  setRunning(true);  // at once: Measure disabled, Stop enabled and focused
  // What the estimate beside Measure said, kept for the tests beside the real time.
  const expected = await estimateSeconds(settings).catch(() => null);
  if (expected !== null) document.body.dataset.estimateSeconds = expected.toFixed(2);
  // The largest point first: a run that cannot fit is refused before anything runs.
  try {
    await lab.call('layer_cost_plan', { ...base, layer: 'attention', T: Ts[Ts.length - 1], threads: 1 });
  } catch (err) {
    $('measure-error').textContent = t('cost.notStarted', { error: err.message });
    setRunning(false);
    return;
  }
  const threads = state.threads > 1 ? [1, 2] : [1];
  const points = Ts.flatMap((T) => LAYERS.flatMap((layer) => threads.map((th) => ({ layer, T, threads: th }))));
  state.results.clear();
  state.refused.clear();
  state.Ts = Ts;
  draw();
  const rate = {};  // layer/threads -> the GFLOP/s of its latest point
  const started = performance.now();
  let done = 0;
  for (const p of points) {
    if (state.stop) break;
    const status = t('cost.pointStatus', { point: String(done + 1), points: String(points.length), layer: p.layer, T: String(p.T), threads: p.threads });
    $('cost-status').textContent = status;
    $('cost-progress').value = done / points.length;
    const req = { ...base, layer: p.layer, T: p.T, threads: p.threads };
    try {
      const plan = await lab.call('layer_cost_plan', req);
      const r = rate[`${p.layer}/${p.threads}`];
      const estimate = r ? plan.flops / (r * 1e9) : 0;
      const limit = state.data.maxPointSeconds;
      if (estimate > limit) {
        state.refused.set(key(p.layer, p.threads, p.T), t('cost.refusedLong', { seconds: formatNumber(estimate, 1), rate: formatNumber(r, 2), limit: localDecimal(String(limit)) }));
      } else {
        const reply = await lab.call('layer_cost', req);
        state.results.set(key(p.layer, p.threads, p.T), reply);
        rate[`${p.layer}/${p.threads}`] = reply.gflops;
      }
    } catch (err) {
      if (err.stopped) break;
      state.refused.set(key(p.layer, p.threads, p.T), t('cost.refusedError', { error: err.message }));
    }
    ++done;
    draw();
  }
  const took = ((performance.now() - started) / 1000).toFixed(1);
  document.body.dataset.wallSeconds = took;
  $('cost-progress').value = done / points.length;
  const counts = { done: String(done), measured: String(state.results.size), points: String(points.length), refused: String(state.refused.size), took: localDecimal(took) };
  $('cost-status').textContent = state.stop ? t('cost.stoppedAfter', counts)
    : state.refused.size ? t('cost.measuredSomeRefused', counts) : t('cost.measuredAll', counts);
  setRunning(false);
  showNoise();
  if (!state.stop && state.results.size) markDone('cost');
  const slope = (layer) => { const fit = fitted(layer, 1); return fit ? formatNumber(fit.slope, 2) : '—'; };
  const slopes = { attention: slope('attention'), gru: slope('gru') };
  showRunSummary(state.stop ? t('cost.summaryStopped', slopes) : t('cost.summaryMeasured', slopes), 'cost-points');
}

// The slope over the longer half of T (log scale), where each layer's leading term dominates.
function fitted(layer, threads) {
  const pts = state.Ts.map((T) => state.results.get(key(layer, threads, T))).filter(Boolean).map((r) => [r.T, r.seconds]);
  if (pts.length < 2) return null;
  const lo = Math.sqrt(state.Ts[0] * state.Ts[state.Ts.length - 1]);
  const upper = pts.filter(([T]) => T >= lo);
  const use = upper.length >= 2 ? upper : pts;
  const fit = logLogFit(use);
  return fit && { ...fit, from: use[0][0], to: use[use.length - 1][0] };
}

function draw() {
  const series = [];
  for (const layer of LAYERS) {
    for (const th of state.threads > 1 ? [1, 2] : [1]) {
      const pts = state.Ts.map((T) => state.results.get(key(layer, th, T))).filter(Boolean).map((r) => [r.T, r.seconds]);
      const fit = th === 1 ? fitted(layer, 1) : null;
      series.push({
        key: `${layer}-${th}`, label: t('cost.seriesLabel', { layer, threads: th }),
        colour: layer === 'gru' ? PALETTE.vermillion : PALETTE.blue, marker: layer === 'gru' ? 'circle' : 'square',
        dash: th > 1 ? '6 4' : '', points: pts, fit: fit ? [[fit.from, fit.at(fit.from)], [fit.to, fit.at(fit.to)]] : undefined,
      });
    }
  }
  chart.draw({ series, message: t('cost.chartEmpty') });
  for (const layer of LAYERS) {
    const fit = fitted(layer, 1);
    $(`slope-${layer}`).textContent = fit ? t('cost.slopeOver', { slope: formatNumber(fit.slope, 2), from: String(fit.from), to: String(fit.to) }) : '—';
    document.body.dataset[`slope${layer === 'gru' ? 'Gru' : 'Attention'}`] = fit ? String(fit.slope) : '';
  }
  const longest = [...state.Ts].reverse().find((T) => LAYERS.every((l) => state.results.has(key(l, 1, T)) && state.results.has(key(l, 2, T))));
  $('speedup').textContent = state.threads < 2 ? t('cost.speedupOneThread')
    : longest ? t('cost.speedups', { list: LAYERS.map((l) => t('cost.speedupLayer', { layer: l, speedup: localDecimal((state.results.get(key(l, 1, longest)).seconds / state.results.get(key(l, 2, longest)).seconds).toFixed(2)) })).join(', '), T: String(longest) })
      : '—';

  showNoise();

  const body = $('cost-table').tBodies[0];
  body.replaceChildren();
  for (const T of state.Ts) {
    const tr = body.insertRow();
    tr.dataset.T = String(T);
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: String(T) }));
    const cell = (layer, th) => {
      const td = tr.insertCell();
      const r = state.results.get(key(layer, th, T));
      const why = state.refused.get(key(layer, th, T));
      if (th > state.threads) td.textContent = t('cost.oneThreadOnly');
      else if (r) { td.textContent = ms(r.seconds); td.dataset.seconds = String(r.seconds); }
      else if (why) { td.textContent = why; td.dataset.refused = 'true'; }
      else td.textContent = '…';
    };
    cell('attention', 1); cell('attention', 2); cell('gru', 1); cell('gru', 2);
    for (const layer of LAYERS) {
      const r = state.results.get(key(layer, 1, T));
      tr.insertCell().textContent = r ? formatNumber(r.gflops, 2) : '—';
    }
    tr.insertCell().textContent = bytes(4 * T * T);
  }
}

// A measurement out of line with the arithmetic (cost/noise.js) is said so, once the
// run is over, with a button to measure again.
function showNoise() {
  const found = state.running ? [] : noisyFindings(state.results, state.Ts, state.threads);
  $('cost-noise').hidden = found.length === 0;
  document.body.dataset.noisy = String(found.length);
  const list = $('cost-noise-list');
  list.replaceChildren(...found.map((text) => {
    const li = document.createElement('li');
    setUnbrokenText(li, text);  // "T = 128" on one line
    return li;
  }));
}

function main() {
  ({ data: state.data, spec: state.spec, form: state.form } = setUpSettings('cost', readSettings));
  readSettings();
  draw();
  $('measure').disabled = true;
  showEngineStatus(lab, describeBuild, (info) => {
    state.threads = info.threads ? 2 : 1;
    $('threads-note').textContent = info.threads
      ? t('cost.threadedBuild')
      : t('cost.singleThreadBuild', { build: describeBuild(info).plain });
    draw();
    // The layers timed before Measure can be pressed: the engine does one thing at a time.
    timeLayers().then((r) => { rates = r; }, () => {}).finally(() => {
      $('measure').disabled = false;
      readSettings();  // the estimate, now that this computer's speed is known
    });
  });
  lab.onRestart = (message) => { $('measure-error').textContent = message; };
  const measureOnce = onePressAtATime(measure);  // one handler: either button, one measurement
  $('measure').addEventListener('click', measureOnce);
  $('measure-again').addEventListener('click', measureOnce);
  // Stop ends the point being timed too (it can take seconds at the largest sizes): its
  // call is cancelled and the engine restarted; the points measured so far stay.
  $('stop').addEventListener('click', () => { state.stop = true; lab.cancelAll(); });
  $('defaults').addEventListener('click', () => { state.form.fillDefaults(); readSettings(); });
  document.body.dataset.ready = 'true';
  document.body.dataset.cost = 'idle';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
