// One row of attention weights, or two side by side (as trained and now; learned and
// found), a group of bars per position in sequence order, the token under each group.
// Marked positions (masked ones) get a hatched band behind their bars and their label
// struck through, so "masked" shows without colour. The numbers are in the table the
// page keeps beside it (its text alternative); the chart's label says what stands out.
//
//   drawRowBars(svg, { tokens: [3, 7, ...], series: [{label, colour, values}], marked: new Set([0]), keep: [1] })
// keep: positions whose labels the chart's reader needs whatever their height (the
// comments page's group name). upright: when the tokens do not all fit side by side, write
// every one of them upright (reading upwards) under its bar instead of leaving some out;
// the drawing grows taller by the longest token.
import { PALETTE, clear, labelWidth, svgEl, unitsForShown, wrappedText } from './svg.js';
import { t, localDecimal } from '../ui/i18n.js';

const H = 220, L = 40, R = 8, T0 = 26, B = 46, KEY_ROW = 16;

// As wide as a laptop's panel shows it, or as a phone shows it (280 to 340 units, one a
// CSS pixel), so that its text keeps its size. A long row gets thinner bars, never a
// wider drawing (which the page would shrink, text and all).
const baseWidth = (svg) => {
  const shown = svg.getBoundingClientRect().width;
  return shown > 0 && shown < 480 ? unitsForShown(shown, 340) : 560;
};

// Before there is a row to draw: the chart's frame with a line of text.
export function drawRowBarsPlaceholder(svg, text) {
  const W = baseWidth(svg);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  clear(svg);
  svg.append(wrappedText({ x: W / 2, y: H / 2, 'text-anchor': 'middle', class: 'tick waiting' }, text, W - 24, { centre: true }));
}

export function drawRowBars(svg, { tokens, series, marked = new Set(), keep = [], upright = false, title = t('chart.rowBarsTitle') }) {
  const n = tokens.length;
  const W = baseWidth(svg);
  // The key over the plot, in as many rows as its labels need (a longer language's words
  // go on a second row, never past the edge); the plot moves down by the rows added.
  const keys = [...series.map((s) => ({ label: s.label, fill: s.colour })), ...(marked.size ? [{ label: t('chart.masked'), fill: `url(#${svg.id}-hatch)`, hatch: true }] : [])];
  let kx = L, row = 0;
  for (const k of keys) {
    const w = 14 + labelWidth(k.label) + 16;
    if (kx > L && kx + w - 16 > W - R) { kx = L; ++row; }
    Object.assign(k, { x: kx, y: 6 + row * KEY_ROW });
    kx += w;
  }
  const T = T0 + row * KEY_ROW;
  const plotW = W - L - R, plotH = H - T0 - B, gw = plotW / n, bw = (gw * 0.8) / series.length;
  // Which positions get a label (a token over its position's number; the wider of the
  // two counts): every one there is room for, those in keep first, then the tallest
  // bar's (the chart's point: a phone once labelled only every other position, and
  // missed the Osk's 0.54), then each series' tallest, then the rest from the tallest
  // bar down, each only where it touches no label taken. Upright (asked for, when some
  // would be left out, and where a line of text fits a position's width): every token,
  // its number above it where numbers have room.
  let labels = labelledPositions(tokens, series, gw, keep);
  const standing = upright && labels.size < n && gw >= 14;
  let numbered = labels;
  if (standing) {
    labels = new Set(tokens.keys());
    numbered = labelledPositions(tokens.map(() => ''), series, gw, keep);
  }
  const drop = standing ? Math.max(0, ...tokens.map((t) => labelWidth(String(t)))) + 4 - 14 : 0;  // the upright words' extra depth
  const height = H + drop + (T - T0);
  svg.setAttribute('viewBox', `0 0 ${W} ${height}`);
  clear(svg);
  const top = Math.max(1e-12, ...series.flatMap((s) => s.values));
  const y = (v) => T + plotH * (1 - v / top);
  const hatch = svgEl('pattern', { id: `${svg.id}-hatch`, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
  hatch.append(svgEl('rect', { width: 6, height: 6, class: 'hatch-ground' }), svgEl('line', { x1: 0, y1: 0, x2: 0, y2: 6, 'stroke-width': 2, class: 'hatch-line' }));
  const defs = svgEl('defs');
  defs.append(hatch);
  svg.append(defs);
  tokens.forEach((t, j) => {
    const x0 = L + j * gw;
    const g = svgEl('g', { class: `position${marked.has(j) ? ' masked' : ''}`, 'data-position': j });
    if (marked.has(j)) g.append(svgEl('rect', { x: x0, y: T, width: gw, height: plotH, fill: `url(#${svg.id}-hatch)`, class: 'mask-band' }));
    series.forEach((s, k) => {
      const v = s.values[j];
      g.append(svgEl('rect', { x: x0 + gw * 0.1 + k * bw, y: y(v), width: Math.max(bw - 1, 0.5), height: T + plotH - y(v), fill: s.colour, class: 'bar', 'data-series': k, 'data-value': v }));
    });
    if (standing) {
      // The number under the axis, the word upright below it, reading upwards.
      const cx = x0 + gw / 2, y0 = T + plotH + 16;
      if (numbered.has(j)) g.append(svgEl('text', { x: cx, y: T + plotH + 12, 'text-anchor': 'middle', class: 'tick' }, String(j + 1)));
      g.append(svgEl('text', { x: cx + 4, y: y0, 'text-anchor': 'end', transform: `rotate(-90 ${cx + 4} ${y0})`, class: `bar-label upright${marked.has(j) ? ' struck' : ''}` }, String(t)));
    } else if (labels.has(j)) {
      g.append(svgEl('text', { x: x0 + gw / 2, y: T + plotH + 14, 'text-anchor': 'middle', class: `bar-label${marked.has(j) ? ' struck' : ''}` }, String(t)));
      g.append(svgEl('text', { x: x0 + gw / 2, y: T + plotH + 27, 'text-anchor': 'middle', class: 'tick' }, String(j + 1)));
    }
    svg.append(g);
  });
  svg.append(svgEl('line', { x1: L, y1: T + plotH, x2: W - R, y2: T + plotH, class: 'axis' }));
  svg.append(svgEl('text', { x: L - 4, y: y(top) + 4, 'text-anchor': 'end', class: 'tick' }, localDecimal(String(Number(top.toFixed(2))))));
  svg.append(svgEl('text', { x: L - 4, y: T + plotH, 'text-anchor': 'end', class: 'tick' }, '0'));
  // The axis's title, with how to read the labels when there is room (a phone has not).
  const axis = t(standing ? 'chart.rowBarsAxisUpright' : 'chart.rowBarsAxis', { title });
  svg.append(svgEl('text', { x: L + plotW / 2, y: height - 4, 'text-anchor': 'middle', class: 'axis-title' }, labelWidth(axis) <= plotW ? axis : title));
  // The key, over the plot (its places measured above).
  for (const k of keys) {
    svg.append(svgEl('rect', { x: k.x, y: k.y, width: 10, height: 10, fill: k.fill, ...(k.hatch ? { class: 'hatch-line' } : {}) }));
    svg.append(svgEl('text', { x: k.x + 14, y: k.y + 9, class: 'legend' }, k.label));
  }
  const most = (s) => s.values.reduce((b, v, j) => (v > s.values[b] ? j : b), 0);
  const peaks = series.map((s) => t('chart.rowBarsPeak', { label: s.label, position: String(most(s) + 1),
    weight: localDecimal(String(Number(s.values[most(s)].toFixed(3)))) })).join(t('chart.listSeparator'));
  svg.setAttribute('aria-label', marked.size
    ? t('chart.rowBarsLabelMasked', { title, n: String(n), peaks, count: marked.size, positions: [...marked].map((j) => j + 1).join(', ') })
    : t('chart.rowBarsLabel', { title, n: String(n), peaks }));
}

function labelledPositions(tokens, series, gw, keep) {
  const n = tokens.length;
  const width = (j) => Math.max(labelWidth(String(j + 1)), labelWidth(String(tokens[j])));
  const tallest = (values) => values.reduce((b, v, j) => (v > values[b] ? j : b), 0);
  const height = (j) => Math.max(...series.map((s) => s.values[j]));
  const order = keep.filter((j) => Number.isInteger(j) && j >= 0 && j < n);
  order.push(...series.map((s) => s.values).sort((a, b) => Math.max(...b) - Math.max(...a)).map(tallest));
  // The rest, tallest first (ties in sequence order): the bars a reader looks at.
  order.push(...Array.from({ length: n }, (_, j) => j).sort((a, b) => height(b) - height(a) || a - b));
  const taken = new Set();
  for (const j of order) {
    if (taken.has(j)) continue;
    if ([...taken].every((k) => Math.abs(k - j) * gw >= (width(j) + width(k)) / 2 + 4)) taken.add(j);
  }
  return taken;
}

export const ROW_COLOURS = [PALETTE.blue, PALETTE.orange];
