// One row of attention weights, or two side by side (as trained and now; learned and
// found), a group of bars per position in sequence order, the token under each group.
// Marked positions (masked ones) get a hatched band behind their bars and their label
// struck through, so "masked" shows without colour. The numbers are in the table the
// page keeps beside it (its text alternative); the chart's label says what stands out.
//
//   drawRowBars(svg, { tokens: [3, 7, ...], series: [{label, colour, values}], marked: new Set([0]) })
import { PALETTE, clear, labelWidth, svgEl, unitsForShown } from './svg.js';

const H = 220, L = 40, R = 8, T = 26, B = 46;

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
  svg.append(svgEl('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle', class: 'tick waiting' }, text));
}

export function drawRowBars(svg, { tokens, series, marked = new Set(), title = 'weight of each position' }) {
  const n = tokens.length;
  const W = baseWidth(svg);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  clear(svg);
  const top = Math.max(1e-12, ...series.flatMap((s) => s.values));
  const plotW = W - L - R, plotH = H - T - B, gw = plotW / n, bw = (gw * 0.8) / series.length;
  const y = (v) => T + plotH * (1 - v / top);
  const hatch = svgEl('pattern', { id: `${svg.id}-hatch`, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
  hatch.append(svgEl('rect', { width: 6, height: 6, class: 'hatch-ground' }), svgEl('line', { x1: 0, y1: 0, x2: 0, y2: 6, 'stroke-width': 2, class: 'hatch-line' }));
  const defs = svgEl('defs');
  defs.append(hatch);
  svg.append(defs);
  // Which positions get a label (a token over its position's number; the wider of the
  // two counts): every one there is room for, the tallest bar's first (the chart's
  // point: a phone once labelled only every other position, and missed it), then each
  // series' tallest, then the rest in order, each only where it touches no label taken.
  const labels = labelledPositions(tokens, series, gw);
  tokens.forEach((t, j) => {
    const x0 = L + j * gw;
    const g = svgEl('g', { class: `position${marked.has(j) ? ' masked' : ''}`, 'data-position': j });
    if (marked.has(j)) g.append(svgEl('rect', { x: x0, y: T, width: gw, height: plotH, fill: `url(#${svg.id}-hatch)`, class: 'mask-band' }));
    series.forEach((s, k) => {
      const v = s.values[j];
      g.append(svgEl('rect', { x: x0 + gw * 0.1 + k * bw, y: y(v), width: Math.max(bw - 1, 0.5), height: T + plotH - y(v), fill: s.colour, class: 'bar', 'data-series': k, 'data-value': v }));
    });
    if (labels.has(j)) {
      g.append(svgEl('text', { x: x0 + gw / 2, y: T + plotH + 14, 'text-anchor': 'middle', class: `bar-label${marked.has(j) ? ' struck' : ''}` }, String(t)));
      g.append(svgEl('text', { x: x0 + gw / 2, y: T + plotH + 27, 'text-anchor': 'middle', class: 'tick' }, String(j + 1)));
    }
    svg.append(g);
  });
  svg.append(svgEl('line', { x1: L, y1: T + plotH, x2: W - R, y2: T + plotH, class: 'axis' }));
  svg.append(svgEl('text', { x: L - 4, y: y(top) + 4, 'text-anchor': 'end', class: 'tick' }, String(Number(top.toFixed(2)))));
  svg.append(svgEl('text', { x: L - 4, y: T + plotH, 'text-anchor': 'end', class: 'tick' }, '0'));
  // The axis's title, with how to read the labels when there is room (a phone has not).
  const axis = `${title}: token above its position`;
  svg.append(svgEl('text', { x: L + plotW / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-title' }, labelWidth(axis) <= plotW ? axis : title));
  // The key, over the plot.
  let kx = L;
  series.forEach((s) => {
    svg.append(svgEl('rect', { x: kx, y: 6, width: 10, height: 10, fill: s.colour }));
    svg.append(svgEl('text', { x: kx + 14, y: 15, class: 'legend' }, s.label));
    kx += 14 + labelWidth(s.label) + 16;
  });
  if (marked.size) {
    svg.append(svgEl('rect', { x: kx, y: 6, width: 10, height: 10, fill: `url(#${svg.id}-hatch)`, class: 'hatch-line' }));
    svg.append(svgEl('text', { x: kx + 14, y: 15, class: 'legend' }, 'masked'));
  }
  const most = (s) => s.values.reduce((b, v, j) => (v > s.values[b] ? j : b), 0);
  svg.setAttribute('aria-label', `${title} over ${n} positions. ${series.map((s) => `${s.label}: most on position ${most(s) + 1} (${Number(s.values[most(s)].toFixed(3))})`).join('; ')}.${marked.size ? ` Masked: position${marked.size > 1 ? 's' : ''} ${[...marked].map((j) => j + 1).join(', ')}.` : ''} The numbers are in the table below.`);
}

function labelledPositions(tokens, series, gw) {
  const n = tokens.length;
  const width = (j) => Math.max(labelWidth(String(j + 1)), labelWidth(String(tokens[j])));
  const tallest = (values) => values.reduce((b, v, j) => (v > values[b] ? j : b), 0);
  const order = series.map((s) => s.values)
    .sort((a, b) => Math.max(...b) - Math.max(...a)).map(tallest);
  for (let j = 0; j < n; ++j) order.push(j);
  const taken = new Set();
  for (const j of order) {
    if (taken.has(j)) continue;
    if ([...taken].every((k) => Math.abs(k - j) * gw >= (width(j) + width(k)) / 2 + 4)) taken.add(j);
  }
  return taken;
}

export const ROW_COLOURS = [PALETTE.blue, PALETTE.orange];
