// A small x-y chart for a few series of points, each axis linear or logarithmic:
// the scaling explorer's entropy against d_k and the cost explorer's time against T.
// Knows nothing about attention: draw({series: [{key, label, colour, dash, marker,
// dotsOnly?, faint?, legend?, points: [[x, y]], fit: [[x0, y0], [x1, y1]]?, level?: y,
// band?: [y0, y1]}]}). level is a horizontal line across the plot (a median), band a pale
// strip between two values (a range), both in the series' colour. A faint series
// is a thin, pale line without markers (one of many runs behind their median); legend:
// false leaves a series out of the legend (the many runs share their median's entry). Points that are not finite (or
// not positive on a log axis) are left out, so the SVG never gets NaN coordinates.
// A page gives the same numbers as a table beside it (the chart's text alternative).
import { clear, labelWidth, legendRoom, svgEl, unitsForShown, wrapLines, wrappedText } from './svg.js';
import { t } from '../ui/i18n.js';

const PLOT_H = 320, T = 14, B = 44;
// The plot's left edge: past the y axis's title (drawn up to x = 20) and its widest tick
// label (11 px text, right-aligned 6 units left of the plot), at least 64 units in.
const TICK_CHAR = labelWidth('x') * 11 / 12;
const leftEdge = (labels) => Math.ceil(Math.max(64, 22 + 6 + TICK_CHAR * Math.max(0, ...labels.map((t) => String(t).length))));
// Below this many CSS pixels of width (a phone), the legend goes under the plot and the
// drawing is narrower, so that its text is shown near its real size, not halved.
const NARROW = 480, NARROW_W = 380, NARROW_H = 240, LEGEND_ROW = 20;

const usable = (p, xLog, yLog) => Number.isFinite(p[0]) && Number.isFinite(p[1]) && (!xLog || p[0] > 0) && (!yLog || p[1] > 0);

// Tick values for a range: powers of `base` on a log axis, round steps on a linear one.
export function ticks(lo, hi, log, base) {
  if (log) {
    // Powers of the base; on a range too short for three of them, 1-2-5 steps instead
    // (a decade with one tick cannot be read).
    const within = (v) => v >= lo * 0.999 && v <= hi * 1.001;
    const b = Math.log(base);
    const powers = [];
    for (let e = Math.floor(Math.log(lo) / b); e <= Math.ceil(Math.log(hi) / b); ++e) powers.push(Number((base ** e).toPrecision(12)));
    if (powers.filter(within).length >= 3 || base !== 10) return powers.filter(within);
    return powers.flatMap((p) => [p, 2 * p, 5 * p]).map((v) => Number(v.toPrecision(12))).filter(within);
  }
  const span = hi - lo || 1;
  const step = 10 ** Math.floor(Math.log10(span / 4));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= 6) || step * 10;
  const out = [];
  for (let v = Math.ceil(lo / nice) * nice; v <= hi + 1e-12; v += nice) out.push(Number(v.toPrecision(12)));
  return out;
}

export class XYPlot {
  // x, y: {label, log: bool, base: 2|10, min?, max?, format: (v) => text}
  constructor(svg, { x, y }) {
    this.svg = svg;
    svg.classList.add('chart');  // a chart with a legend: as wide as its panel allows (lab.css)
    this.x = x;
    this.y = y;
    svg.setAttribute('viewBox', `0 0 ${470 + 170} ${PLOT_H}`);
  }

  draw({ series, message = '' }) {
    const svg = this.svg, { x, y } = this;
    // The plot keeps its width; the legend's room grows with its longest label. On a
    // narrow screen the legend is a column under the plot.
    const shown = svg.getBoundingClientRect().width;
    const narrow = shown > 0 && shown < NARROW;
    const inLegend = series.filter((s) => s.legend !== false && !s.faint).length;
    const R = narrow ? 12 : legendRoom(series.filter((s) => s.legend !== false).map((s) => s.label), 42, 170);
    const W = narrow ? unitsForShown(shown, NARROW_W) : 470 + R;
    const H = narrow ? NARROW_H : PLOT_H;
    svg.setAttribute('viewBox', `0 0 ${W} ${narrow ? H + 6 + inLegend * LEGEND_ROW : H}`);
    clear(svg);
    const pts = series.flatMap((s) => [...(s.points || []), ...(s.fit || [])]).filter((p) => usable(p, x.log, y.log));
    const range = (axis, values) => {
      let lo = axis.min ?? Math.min(...values), hi = axis.max ?? Math.max(...values);
      if (!(hi > lo)) { lo = axis.log ? lo / 2 : lo - 1; hi = axis.log ? hi * 2 : hi + 1; }
      return [lo, hi];
    };
    const [y0, y1] = pts.length ? range(y, pts.map((p) => p[1])) : [0, 0];
    const yTicks = pts.length ? ticks(y0, y1, y.log, y.base || 10) : [];
    const two = wrapLines(y.label, (H - T - B) * 0.85).length > 1, yc = T + (H - T - B) / 2;  // the y title in two lines?
    const L = leftEdge(yTicks.map((v) => y.format(v))) + (two ? 13 : 0);
    svg.append(svgEl('rect', { x: L, y: T, width: W - L - R, height: H - T - B, class: 'frame' }));
    svg.append(svgEl('text', { x: L + (W - L - R) / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis-title' }, x.label));
    // The y axis's title along it, in two lines when longer than the plot is high.
    // (Turned about (14, yc), the text's y runs left to right: two lines sit either side of x = 14.)
    svg.append(wrappedText({ x: 14, y: two ? yc - 2 : yc, 'text-anchor': 'middle', class: 'axis-title', transform: `rotate(-90 14 ${yc})` },
      y.label, (H - T - B) * 0.85, { lineHeight: 13 }));
    if (pts.length === 0) {
      svg.append(wrappedText({ x: L + (W - L - R) / 2, y: T + (H - T - B) / 2, 'text-anchor': 'middle', class: 'tick waiting' }, message || t('chart.noPoints'), W - L - R - 16, { centre: true }));
      return;
    }
    const [x0, x1] = range(x, pts.map((p) => p[0]));
    const f = (v, lo, hi, log) => (log ? (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo)) : (v - lo) / (hi - lo));
    const sx = (v) => L + f(v, x0, x1, x.log) * (W - L - R);
    const sy = (v) => T + (1 - f(v, y0, y1, y.log)) * (H - T - B);
    for (const v of yTicks) {
      svg.append(svgEl('line', { x1: L, x2: W - R, y1: sy(v), y2: sy(v), class: 'grid' }));
      svg.append(svgEl('text', { x: L - 6, y: sy(v) + 4, 'text-anchor': 'end', class: 'tick' }, y.format(v)));
    }
    // The last tick's label ends at the drawing's edge rather than past it; a label that
    // would touch the one before it is left out (on a phone's narrow plot "512" and "1024"
    // would be drawn over each other), except the last, which replaces the one before.
    const xLabels = [];
    for (const v of ticks(x0, x1, x.log, x.base || 10)) {
      const text = x.format(v), w = TICK_CHAR * text.length, past = sx(v) + w / 2 > W - 1;
      const at = past ? W - 1 : sx(v), from = past ? at - w : at - w / 2;
      xLabels.push({ text, at, anchor: past ? 'end' : 'middle', from, to: from + w });
    }
    const keep = [];
    xLabels.forEach((l, i) => {
      const last = i === xLabels.length - 1;
      while (keep.length && keep[keep.length - 1].to + 4 > l.from && (last && keep.length > 1)) keep.pop();
      if (!keep.length || keep[keep.length - 1].to + 4 <= l.from) keep.push(l);
    });
    for (const l of keep) svg.append(svgEl('text', { x: l.at, y: H - B + 16, 'text-anchor': l.anchor, class: 'tick' }, l.text));
    let entries = 0;
    series.forEach((s) => {
      const ok = (s.points || []).filter((p) => usable(p, x.log, y.log));
      const g = svgEl('g', { class: s.faint ? 'series faint' : 'series', 'data-key': s.key });
      if (ok.length > 1 && !s.dotsOnly) {  // dotsOnly: points that are not a curve (one a seed)
        g.append(svgEl('polyline', { points: ok.map((p) => `${sx(p[0])},${sy(p[1])}`).join(' '), fill: 'none',
          stroke: s.colour, 'stroke-width': s.faint ? 1 : 2, 'stroke-opacity': s.faint ? 0.35 : 1, 'stroke-dasharray': s.dash || '' }));
      }
      if (s.faint) { svg.append(g); return; }
      if (s.band && s.band.every((v) => usable([x0, v], x.log, y.log))) {
        const [top, bottom] = [sy(Math.max(...s.band)), sy(Math.min(...s.band))];
        g.append(svgEl('rect', { x: L, y: top, width: W - L - R, height: Math.max(1, bottom - top), fill: s.colour, 'fill-opacity': 0.12, class: 'band' }));
      }
      if (s.level !== undefined && usable([x0, s.level], x.log, y.log)) {
        g.append(svgEl('line', { x1: L, x2: W - R, y1: sy(s.level), y2: sy(s.level), stroke: s.colour, 'stroke-width': 1.5, class: 'level' }));
      }
      for (const p of ok) {
        g.append(s.marker === 'square'
          ? svgEl('rect', { x: sx(p[0]) - 3.5, y: sy(p[1]) - 3.5, width: 7, height: 7, fill: s.colour })
          : svgEl('circle', { cx: sx(p[0]), cy: sy(p[1]), r: 3.5, fill: s.colour }));
      }
      const fit = (s.fit || []).filter((p) => usable(p, x.log, y.log));
      if (fit.length === 2) {
        g.append(svgEl('line', { x1: sx(fit[0][0]), y1: sy(fit[0][1]), x2: sx(fit[1][0]), y2: sy(fit[1][1]),
          stroke: s.colour, 'stroke-width': 1, 'stroke-dasharray': '3 3', class: 'fit' }));
      }
      if (s.legend === false) { svg.append(g); return; }
      // Legend: a sample of the line and its marker, then the label.
      const ly = narrow ? H + 10 + entries++ * LEGEND_ROW : T + 12 + entries++ * 22;
      const lx = narrow ? L - 12 : W - R + 12;
      g.append(svgEl('line', { x1: lx, x2: lx + 24, y1: ly, y2: ly, stroke: s.colour, 'stroke-width': 2, 'stroke-dasharray': s.dash || '' }));
      g.append(s.marker === 'square'
        ? svgEl('rect', { x: lx + 8.5, y: ly - 3.5, width: 7, height: 7, fill: s.colour })
        : svgEl('circle', { cx: lx + 12, cy: ly, r: 3.5, fill: s.colour }));
      g.append(svgEl('text', { x: lx + 30, y: ly + 4, class: 'legend' }, s.label));
      svg.append(g);
    });
  }
}

// Least-squares slope and intercept of log y against log x: y ~ c x^slope.
export function logLogFit(points) {
  const p = points.filter(([a, b]) => a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b));
  if (p.length < 2) return null;
  const X = p.map(([a]) => Math.log(a)), Y = p.map(([, b]) => Math.log(b));
  const mx = X.reduce((s, v) => s + v, 0) / p.length, my = Y.reduce((s, v) => s + v, 0) / p.length;
  let sxx = 0, sxy = 0;
  for (let i = 0; i < p.length; ++i) { sxx += (X[i] - mx) ** 2; sxy += (X[i] - mx) * (Y[i] - my); }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, at: (x) => Math.exp(my + slope * (Math.log(x) - mx)) };
}
