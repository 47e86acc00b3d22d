// A histogram of counts in equal bins over [lo, hi], bars only, drawn on the axis
// [axisLo, axisHi] (by default its own range): two histograms given one axis compare
// at a glance, a narrow one showing as narrow. The axis's ends and the count scale are
// labelled. Text alternatives (mean, variance) are the page's.
import { clear, svgEl } from './svg.js';

// B leaves room under the ticks for a title whose subscript (d with a lowered k) sits
// below its baseline.
const W = 320, H = 186, L = 40, R = 10, T = 10, B = 40;

export function drawHistogram(svg, { counts, lo, hi, axisLo = lo, axisHi = hi, colour, label, format }) {
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  clear(svg);
  const n = counts.length, top = Math.max(1, ...counts);
  const x = (v) => L + ((v - axisLo) / (axisHi - axisLo || 1)) * (W - L - R);
  const bw = x(lo + (hi - lo) / n) - x(lo);
  svg.append(svgEl('rect', { x: L, y: T, width: W - L - R, height: H - T - B, class: 'frame' }));
  for (let i = 0; i < n; ++i) {
    const h = (counts[i] / top) * (H - T - B);
    if (h > 0) svg.append(svgEl('rect', { x: x(lo) + i * bw + Math.min(0.5, bw / 4), y: H - B - h, width: Math.max(0.5, bw - Math.min(1, bw / 2)), height: h, fill: colour }));
  }
  svg.append(svgEl('text', { x: L, y: H - B + 14, 'text-anchor': 'start', class: 'tick' }, format(axisLo)));
  svg.append(svgEl('text', { x: x(0), y: H - B + 14, 'text-anchor': 'middle', class: 'tick' }, '0'));
  svg.append(svgEl('text', { x: W - R, y: H - B + 14, 'text-anchor': 'end', class: 'tick' }, format(axisHi)));
  svg.append(svgEl('text', { x: L - 4, y: T + 10, 'text-anchor': 'end', class: 'tick' }, String(top)));
  svg.append(svgEl('text', { x: L + (W - L - R) / 2, y: H - 8, 'text-anchor': 'middle', class: 'axis-title' }, label));
}
