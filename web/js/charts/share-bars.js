// Shares from 0 to 100 %, a row per item with two bars each (e.g. right at the first and
// at the last attempt), the item's name at the left. The table beside it holds the same
// numbers (its text alternative); the chart's label says what stands out.
//
//   drawShareBars(svg, { items: ['q1', ...], series: [{label, colour, values: [0..1 | null]}], title })
import { PALETTE, clear, labelWidth, svgEl, unitsForShown } from './svg.js';
import { t } from '../ui/i18n.js';

const ROW = 30, T0 = 30, B = 30, R = 40, KEY_ROW = 16;

// As wide as a laptop's panel shows it, or as a phone shows it (280 to 340 units, one a
// CSS pixel), so that its text keeps its size instead of being shrunk with the drawing.
const baseWidth = (svg) => {
  const shown = svg.getBoundingClientRect().width;
  return shown > 0 && shown < 480 ? unitsForShown(shown, 340) : 560;
};

export function drawShareBars(svg, { items, series, title }) {
  const W = baseWidth(svg);
  const L = Math.max(40, ...items.map((t) => labelWidth(t) + 10));
  // The key over the plot, in as many rows as its labels need (a longer language's words
  // go on a second row, never past the edge); the plot moves down by the rows added.
  const keys = [];
  let kx = L, row = 0;
  for (const s of series) {
    const w = 14 + labelWidth(s.label) + 16;
    if (kx > L && kx + w - 16 > W - 8) { kx = L; ++row; }
    keys.push({ s, x: kx, y: 6 + row * KEY_ROW });
    kx += w;
  }
  const T = T0 + row * KEY_ROW;
  const H = T + B + ROW * items.length;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  clear(svg);
  const plotW = W - L - R, bh = (ROW - 8) / series.length;
  const x = (v) => L + plotW * v;
  for (const v of [0, 0.5, 1]) {
    svg.append(svgEl('line', { x1: x(v), y1: T - 4, x2: x(v), y2: H - B, class: v === 0 ? 'axis' : 'grid' }));
    svg.append(svgEl('text', { x: x(v), y: H - B + 14, 'text-anchor': 'middle', class: 'tick' }, `${v * 100} %`));
  }
  items.forEach((item, i) => {
    const y0 = T + i * ROW;
    const g = svgEl('g', { class: 'item', 'data-item': item });
    g.append(svgEl('text', { x: L - 6, y: y0 + ROW / 2 + 1, 'text-anchor': 'end', class: 'bar-label' }, item));
    series.forEach((s, k) => {
      const v = s.values[i];
      if (v === null) return;
      g.append(svgEl('rect', { x: L, y: y0 + 4 + k * bh, width: Math.max(plotW * v, 0.5), height: bh - 1, fill: s.colour, class: 'bar', 'data-series': k, 'data-value': v }));
    });
    svg.append(g);
  });
  svg.append(svgEl('text', { x: L + plotW / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-title' }, title));
  for (const { s, x: kx, y: ky } of keys) {
    svg.append(svgEl('rect', { x: kx, y: ky, width: 10, height: 10, fill: s.colour }));
    svg.append(svgEl('text', { x: kx + 14, y: ky + 9, class: 'legend' }, s.label));
  }
  const pct = (v) => (v === null ? t('chart.noneAnswered') : `${Math.round(v * 100)} %`);
  const lowest = items.map((item, i) => [item, series[series.length - 1].values[i]]).filter(([, v]) => v !== null)
    .sort((a, b) => a[1] - b[1])[0];
  svg.setAttribute('aria-label', lowest
    ? t('chart.shareBarsLabelLowest', { title, count: String(items.length), item: lowest[0], share: pct(lowest[1]), series: series[series.length - 1].label.toLowerCase() })
    : t('chart.shareBarsLabel', { title, count: String(items.length) }));
}

export const SHARE_COLOURS = [PALETTE.orange, PALETTE.blue];
