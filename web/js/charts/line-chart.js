// Learning curves: accuracy per epoch for several series on one chart, with the
// chance line where guessing has one. Knows nothing about models: addPoint(key, x, y),
// reset(xMax, keys) (keys: the series this run has, in the legend; all when left out).
//
// Redraws at most once per animation frame, however fast points arrive, and then
// only what changed: each series' polyline gets its new points and new markers are
// appended; axes, ticks and legend are drawn once per reset. During a race the
// training threads keep every core busy, so the main thread's share is small and a
// frame must cost little (a full rebuild took ~10 ms of CPU, 50-90 ms of wall time).
import { clear, labelWidth, legendRoom, svgEl, unitsForShown, wrapLines, wrappedText } from './svg.js';
import { t, localDecimal } from '../ui/i18n.js';

const PLOT_H = 300, L0 = 48, T = 14, B = 40, TITLE_LINE = 13;
// Below this many CSS pixels of width (a phone), the legend goes under the plot and the
// drawing is narrower, so that its text is shown near its real size, not halved.
const NARROW = 480, NARROW_W = 380, NARROW_H = 230, LEGEND_ROW = 20, LINE = 15;
// The widest legend right of the plot, in units: a longer label wraps (a language longer
// than English) rather than widening the drawing, which would shrink all its text.
const LEGEND_MAX = 270;

export class LineChart {
  // series: [{key, label, colour, dash, marker: 'circle'|'square'}]
  // chance: the accuracy of guessing, drawn as a dotted line (the race's two classes:
  // 50 %); null for none (a translation has no such level). yTick: a tick's label from
  // its value in 0..1 (a share, as a percentage, unless given).
  // waiting: what the empty plot says before its first point (a chart frame with no
  // curve and no word reads as broken); the svg's data-waiting overrides it.
  constructor(svg, { series, yLabel = t('chart.accuracy'), xLabel = t('chart.epoch'), chance = 0.5,
    yTick = (y) => t('chart.percentTick', { n: localDecimal(String(y * 100)) }), waiting = t('chart.waitingCurves') }) {
    this.waiting = svg.dataset.waiting || waiting;
    this.chance = chance;
    this.yTick = yTick;
    this.svg = svg;
    svg.classList.add('chart');  // a chart with a legend: as wide as its panel allows (lab.css)
    this.all = series;
    this.series = series;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.frame = 0;
    this.laidOutFor = null;  // the layout drawn (layoutFor below)
    // A width that asks for another layout (a phone turned, a hidden panel shown) redraws
    // the chart at the next frame, not inside the observer (which would resize it again).
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver((entries) => {
        const shown = entries[entries.length - 1].contentRect.width;
        if (shown > 0 && layoutFor(shown) !== this.laidOutFor) { this.stale = true; this.schedule(); }
      }).observe(svg);
    }
    this.reset(1);
  }

  // The layout for the width the chart is shown at: the legend right of the plot, or
  // under it on a narrow screen (measured when the frame is drawn).
  layout() {
    const shown = this.svg.getBoundingClientRect().width;
    // (not shown yet, as a figure hidden while empty: the wide layout, redrawn if it shows narrow)
    this.laidOutFor = shown > 0 ? layoutFor(shown) : 'wide';
    this.narrow = shown > 0 && shown < NARROW;
    this.plotH = this.narrow ? NARROW_H : PLOT_H;
    // The plot's left edge: room for the y title in two lines when it is longer than the plot is high.
    this.yTitleLines = wrapLines(this.yLabel, (this.plotH - T - B) * 0.85).length > 1 ? 2 : 1;
    this.L = L0 + (this.yTitleLines - 1) * TITLE_LINE;
    const labels = [...this.series.map((s) => s.label), ...(this.chance !== null && this.narrow ? [chanceLabel(this.chance)] : [])];
    if (this.narrow) {
      this.R = 12;
      this.W = unitsForShown(shown, NARROW_W);
      // Two columns of legend when every label fits in half the width, else one; a label
      // longer than its column wraps, and its row grows.
      const half = (this.W - this.L) / 2;
      this.columns = labels.every((t) => 32 + labelWidth(t) + 6 <= half) ? 2 : 1;
      this.labelWidth = (this.W - this.L) / this.columns - 38;
    } else {
      this.R = Math.min(LEGEND_MAX, legendRoom(this.series.map((s) => s.label), 44, 150));  // the longest label fits, up to LEGEND_MAX
      this.W = 490 + this.R;  // the plot keeps its width whatever the legend's
      this.columns = 1;
      this.labelWidth = this.R - 44 - 8;
    }
    // Each legend entry's place: its row's top, below the plot (narrow) or right of it.
    const lines = labels.map((l) => wrapLines(l, this.labelWidth).length);
    this.legendAt = [];
    let y = this.narrow ? this.plotH + 4 : T + 12;
    for (let k = 0; k < labels.length; k += this.columns) {
      const row = lines.slice(k, k + this.columns);
      for (let c = 0; c < row.length; ++c) this.legendAt.push({ x: this.narrow ? this.L + c * ((this.W - this.L) / 2) : this.W - this.R + 12, y });
      y += (this.narrow ? LEGEND_ROW : 20) + (Math.max(...row) - 1) * LINE;
    }
    this.H = this.narrow ? y : PLOT_H;
    this.svg.setAttribute('viewBox', `0 0 ${this.W} ${this.H}`);
  }

  // A new run's axes (epochs 0..xMax) and series, drawn at the next frame: resets in one
  // task (a page starting, a setting typed) draw once, and the width is measured when the
  // browser lays the page out for that frame anyway, not in the middle of a page's script.
  reset(xMax, keys = null) {
    this.series = keys ? this.all.filter((s) => keys.includes(s.key)) : this.all;
    this.xMax = Math.max(1, xMax);
    this.points = Object.fromEntries(this.series.map((s) => [s.key, []]));
    this.stale = true;
    this.schedule();
  }

  addPoint(key, x, y) {
    this.points[key].push([x, y]);
    this.schedule();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  sx(x) { return this.L + (x / this.xMax) * (this.W - this.L - this.R); }
  sy(y) { return T + (1 - y) * (this.plotH - T - B); }

  // Axes, ticks, chance line, legend, and an empty polyline and marker group per series.
  drawFrame() {
    const svg = this.svg, W = this.W, R = this.R;
    clear(svg);
    const sy = (y) => this.sy(y);
    const H = this.plotH;
    svg.append(svgEl('rect', { x: this.L, y: T, width: W - this.L - R, height: H - T - B, class: 'frame' }));
    for (const y of [0, 0.25, 0.5, 0.75, 1]) {
      svg.append(svgEl('line', { x1: this.L, x2: W - R, y1: sy(y), y2: sy(y), class: 'grid' }));
      svg.append(svgEl('text', { x: this.L - 6, y: sy(y) + 4, 'text-anchor': 'end', class: 'tick' }, this.yTick(y)));
    }
    const step = Math.max(1, Math.ceil(this.xMax / 8));
    for (let x = 0; x <= this.xMax; x += step) {
      svg.append(svgEl('text', { x: this.sx(x), y: H - B + 16, 'text-anchor': 'middle', class: 'tick' }, String(x)));
    }
    if (this.chance !== null) {
      const c = this.chance;
      svg.append(svgEl('line', { x1: this.L, x2: W - R, y1: sy(c), y2: sy(c), 'stroke-dasharray': '2 4', class: 'chance-line' }));
      // Its label in the margin at the line's end, where no curve can pass over it (the
      // legend's rows sit above: 4 series end at 40 % of the height, the line at 50 %);
      // on a narrow screen, a row of the legend under the plot.
      if (this.narrow) {
        const { x: lx, y: ly } = this.legendAt[this.series.length];
        svg.append(svgEl('line', { x1: lx, x2: lx + 26, y1: ly, y2: ly, 'stroke-dasharray': '2 4', class: 'chance-key' }));
        svg.append(wrappedText({ x: lx + 32, y: ly + 4, class: 'legend chance-label' }, chanceLabel(c), this.labelWidth));
      } else {
        svg.append(svgEl('text', { x: W - R + 6, y: sy(c) + 4, class: 'tick chance-label' }, chanceLabel(c)));
      }
    }
    svg.append(svgEl('text', { x: this.L + (W - this.L - R) / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis-title' }, this.xLabel));
    // The y title along its axis, in two lines when longer than the plot is high (turned
    // about (12, yc), the text's y runs left to right: the lines sit at x = 10 and 23).
    const yc = T + (H - T - B) / 2, two = this.yTitleLines > 1;
    svg.append(wrappedText({ x: 12, y: two ? yc - 2 : yc, transform: `rotate(-90 12 ${yc})`, 'text-anchor': 'middle', class: 'axis-title' }, this.yLabel, (H - T - B) * 0.85, { lineHeight: 13 }));

    this.drawn = {};
    this.series.forEach((s, k) => {
      const line = svgEl('polyline', {
        points: '', fill: 'none', stroke: s.colour, 'stroke-width': 2.2, 'stroke-dasharray': s.dash || 'none',
        class: 'series', 'data-key': s.key, 'data-count': 0, visibility: 'hidden',
      });
      const markers = svgEl('g', { class: 'markers' });
      svg.append(line, markers);
      this.drawn[s.key] = { line, markers, count: 0, coords: [] };
      // legend: right of the plot, or under it in two columns (one if a label is long) on a narrow screen
      const { x: lx, y: ly } = this.legendAt[k];
      svg.append(svgEl('line', { x1: lx, x2: lx + 26, y1: ly, y2: ly, stroke: s.colour, 'stroke-width': 2.2, 'stroke-dasharray': s.dash || 'none' }));
      svg.append(marker(s, lx + 13, ly));
      svg.append(wrappedText({ x: lx + 32, y: ly + 4, class: 'legend' }, s.label, this.labelWidth));
    });
    // A third of the way down: the chance line runs across the middle.
    this.waitingText = wrappedText({ x: this.L + (W - this.L - R) / 2, y: T + (H - T - B) / 3, 'text-anchor': 'middle', class: 'tick waiting' }, this.waiting, W - this.L - R - 16, { centre: true });
    svg.append(this.waitingText);
  }

  // The axes and legend when they are stale, then the points added since the last frame.
  draw() {
    if (this.stale) {
      this.stale = false;
      this.layout();
      this.drawFrame();
    }
    if (this.waitingText && this.series.some((s) => this.points[s.key].length)) {
      this.waitingText.remove();
      this.waitingText = null;
    }
    for (const s of this.series) {
      const pts = this.points[s.key], d = this.drawn[s.key];
      if (pts.length === d.count) continue;
      for (const [x, y] of pts.slice(d.count)) {
        const px = this.sx(x), py = this.sy(y);
        d.coords.push(`${px},${py}`);
        d.markers.append(marker(s, px, py));
      }
      d.count = pts.length;
      d.line.setAttribute('points', d.coords.join(' '));
      d.line.setAttribute('data-count', String(d.count));
      d.line.setAttribute('data-values', JSON.stringify(pts));  // the [x, y] drawn, every digit: for the tests
      d.line.removeAttribute('visibility');
    }
  }
}

// Which layout a width shown in CSS pixels gets: the wide one, or the narrow one at its width in units.
const layoutFor = (shown) => (shown < NARROW ? `narrow ${unitsForShown(shown, NARROW_W)}` : 'wide');

// The chance line's label: "chance (50 %)".
const chanceLabel = (c) => t('chart.chance', { percent: localDecimal(String(c * 100)) });

function marker(s, x, y) {
  return s.marker === 'square'
    ? svgEl('rect', { x: x - 3, y: y - 3, width: 6, height: 6, fill: s.colour })
    : svgEl('circle', { cx: x, cy: y, r: 3.2, fill: s.colour });
}
