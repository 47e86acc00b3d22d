// A bar per token (sentence order) with its attention weight alpha_i in [0, 1].
// The sorted results table beside it is its text alternative.
import { PALETTE, clear, svgEl, wrapLines, wrappedText } from './svg.js';
import { t } from '../ui/i18n.js';

const W = 320, H = 220, PAD_L = 36, PAD_B = 42, PAD_T = 18;
const MANY = 120;  // more bars than this are drawn as one path

export function drawWeightBars(svg, tokens, weights, format) {
  // The axis's title under the tokens, in two lines where a language needs them (the drawing grows).
  const title = t('chart.weightBarsAxis');
  const extra = (wrapLines(title, W - 16).length - 1) * 15;
  svg.setAttribute('viewBox', `0 0 ${W} ${H + extra}`);
  clear(svg);
  const n = weights.length;
  const top = Math.max(...weights, 1e-12);
  const plotW = W - PAD_L - 8, plotH = H - PAD_B - PAD_T;
  const bw = plotW / n;
  const y = (v) => PAD_T + plotH * (1 - v / top);

  svg.append(svgEl('line', { x1: PAD_L, y1: PAD_T + plotH, x2: W - 8, y2: PAD_T + plotH, class: 'axis' }));
  svg.append(svgEl('text', { x: PAD_L - 4, y: y(top) + 4, 'text-anchor': 'end', class: 'tick' }, format(top)));
  svg.append(svgEl('text', { x: PAD_L - 4, y: PAD_T + plotH, 'text-anchor': 'end', class: 'tick' }, '0'));
  if (n > MANY) {
    // Bars under a pixel wide: one path draws them all (a group per bar made thousands
    // of elements on every recompute), and no single bar can be pointed at anyway.
    const d = weights.map((w, i) => `M${(PAD_L + (i + 0.5) * bw).toFixed(2)} ${PAD_T + plotH}V${y(w).toFixed(2)}`).join('');
    svg.append(svgEl('path', { d, stroke: PALETTE.blue, 'stroke-width': Math.max(bw * 0.76, 0.5), fill: 'none', class: 'weight-bars' }));
  } else weights.forEach((w, i) => {
    const x = PAD_L + i * bw;
    const g = svgEl('g', { 'data-position': i });  // one token's bar and labels (ui/linked.js)
    g.append(svgEl('rect', {
      x: x + bw * 0.12, y: y(w), width: Math.max(bw * 0.76, 0.5), height: PAD_T + plotH - y(w),
      fill: PALETTE.blue, class: 'weight-bar',
    }));
    if (n <= 24) {
      g.append(svgEl('text', { x: x + bw / 2, y: y(w) - 4, 'text-anchor': 'middle', class: 'bar-value' }, format(w)));
      g.append(svgEl('text', { x: x + bw / 2, y: H - PAD_B + 16, 'text-anchor': 'middle', class: 'bar-label' }, tokens[i]));
    }
    svg.append(g);
  });
  svg.append(wrappedText({ x: W / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis-title' }, title, W - 16));
}
