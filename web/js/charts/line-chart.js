// Learning curves: accuracy per epoch for several series on one chart, with the
// chance line where guessing has one. Knows nothing about models: addPoint(key, x, y),
// reset(xMax, keys) (keys: the series this run has, in the legend; all when left out).
//
// Redraws at most once per animation frame, however fast points arrive, and then
// only what changed: each series' polyline gets its new points and new markers are
// appended; axes, ticks and legend are drawn once per reset. During a race the
// training threads keep every core busy, so the main thread's share is small and a
// frame must cost little (a full rebuild took ~10 ms of CPU, 50-90 ms of wall time).
import { clear, labelWidth, legendRoom, svgEl, unitsForShown } from './svg.js';
import { t, localDecimal } from '../ui/i18n.js';

const PLOT_H = 300, L = 48, T = 14, B = 40;
// Below this many CSS pixels of width (a phone), the legend goes under the plot and the
// drawing is narrower, so that its text is shown near its real size, not halved.
const NARROW = 480, NARROW_W = 380, NARROW_H = 230, LEGEND_ROW = 20;

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
    this.reset(1);
  }

  // The layout for the width the chart is shown at: the legend right of the plot, or
  // under it on a narrow screen (measured at each reset).
  layout() {
    const shown = this.svg.getBoundingClientRect().width;
    this.narrow = shown > 0 && shown < NARROW;
    this.plotH = this.narrow ? NARROW_H : PLOT_H;
    if (this.narrow) {
      this.R = 12;
      this.W = unitsForShown(shown, NARROW_W);
      // Two columns of legend when every label fits in half the width, else one.
      const half = (this.W - L) / 2;
      const labels = [...this.series.map((s) => s.label), ...(this.chance !== null ? [chanceLabel(this.chance)] : [])];
      this.columns = labels.every((t) => 32 + labelWidth(t) + 6 <= half) ? 2 : 1;
      this.H = NARROW_H + LEGEND_ROW * Math.ceil(labels.length / this.columns);
    } else {
      this.R = legendRoom(this.series.map((s) => s.label), 44, 150);  // the longest label fits
      this.W = 490 + this.R;  // the plot keeps its width whatever the legend's
      this.H = PLOT_H;
    }
    this.svg.setAttribute('viewBox', `0 0 ${this.W} ${this.H}`);
  }

  reset(xMax, keys = null) {
    this.series = keys ? this.all.filter((s) => keys.includes(s.key)) : this.all;
    this.xMax = Math.max(1, xMax);
    this.points = Object.fromEntries(this.series.map((s) => [s.key, []]));
    this.layout();
    this.drawFrame();
  }

  addPoint(key, x, y) {
    this.points[key].push([x, y]);
    this.schedule();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  sx(x) { return L + (x / this.xMax) * (this.W - L - this.R); }
  sy(y) { return T + (1 - y) * (this.plotH - T - B); }

  // Axes, ticks, chance line, legend, and an empty polyline and marker group per series.
  drawFrame() {
    const svg = this.svg, W = this.W, R = this.R;
    clear(svg);
    const sy = (y) => this.sy(y);
    const H = this.plotH;
    svg.append(svgEl('rect', { x: L, y: T, width: W - L - R, height: H - T - B, class: 'frame' }));
    for (const y of [0, 0.25, 0.5, 0.75, 1]) {
      svg.append(svgEl('line', { x1: L, x2: W - R, y1: sy(y), y2: sy(y), class: 'grid' }));
      svg.append(svgEl('text', { x: L - 6, y: sy(y) + 4, 'text-anchor': 'end', class: 'tick' }, this.yTick(y)));
    }
    const step = Math.max(1, Math.ceil(this.xMax / 8));
    for (let x = 0; x <= this.xMax; x += step) {
      svg.append(svgEl('text', { x: this.sx(x), y: H - B + 16, 'text-anchor': 'middle', class: 'tick' }, String(x)));
    }
    if (this.chance !== null) {
      const c = this.chance;
      svg.append(svgEl('line', { x1: L, x2: W - R, y1: sy(c), y2: sy(c), 'stroke-dasharray': '2 4', class: 'chance-line' }));
      // Its label in the margin at the line's end, where no curve can pass over it (the
      // legend's rows sit above: 4 series end at 40 % of the height, the line at 50 %);
      // on a narrow screen, a row of the legend under the plot.
      if (this.narrow) {
        const k = this.series.length, ly = H + 4 + Math.floor(k / this.columns) * LEGEND_ROW, lx = L + (k % this.columns) * ((W - L) / 2);
        svg.append(svgEl('line', { x1: lx, x2: lx + 26, y1: ly, y2: ly, 'stroke-dasharray': '2 4', class: 'chance-key' }));
        svg.append(svgEl('text', { x: lx + 32, y: ly + 4, class: 'legend chance-label' }, chanceLabel(c)));
      } else {
        svg.append(svgEl('text', { x: W - R + 6, y: sy(c) + 4, class: 'tick chance-label' }, chanceLabel(c)));
      }
    }
    svg.append(svgEl('text', { x: L + (W - L - R) / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis-title' }, this.xLabel));
    svg.append(svgEl('text', { x: 12, y: T + (H - T - B) / 2, transform: `rotate(-90 12 ${T + (H - T - B) / 2})`, 'text-anchor': 'middle', class: 'axis-title' }, this.yLabel));

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
      const ly = this.narrow ? H + 4 + Math.floor(k / this.columns) * LEGEND_ROW : T + 12 + k * 20;
      const lx = this.narrow ? L + (k % this.columns) * ((W - L) / 2) : W - R + 12;
      svg.append(svgEl('line', { x1: lx, x2: lx + 26, y1: ly, y2: ly, stroke: s.colour, 'stroke-width': 2.2, 'stroke-dasharray': s.dash || 'none' }));
      svg.append(marker(s, lx + 13, ly));
      svg.append(svgEl('text', { x: lx + 32, y: ly + 4, class: 'legend' }, s.label));
    });
    // A third of the way down: the chance line runs across the middle.
    this.waitingText = svgEl('text', { x: L + (W - L - R) / 2, y: T + (H - T - B) / 3, 'text-anchor': 'middle', class: 'tick waiting' }, this.waiting);
    svg.append(this.waitingText);
  }

  // The points added since the last frame.
  draw() {
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
      d.line.removeAttribute('visibility');
    }
  }
}

// The chance line's label: "chance (50 %)".
const chanceLabel = (c) => t('chart.chance', { percent: localDecimal(String(c * 100)) });

function marker(s, x, y) {
  return s.marker === 'square'
    ? svgEl('rect', { x: x - 3, y: y - 3, width: 6, height: 6, fill: s.colour })
    : svgEl('circle', { cx: x, cy: y, r: 3.2, fill: s.colour });
}
