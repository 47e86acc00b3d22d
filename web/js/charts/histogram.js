// A histogram of counts in equal bins over [lo, hi], bars only, with the range and
// the count scale on its axes. Text alternatives (mean, variance) are the page's.
import { clear, svgEl } from './svg.js';

const W = 320, H = 180, L = 40, R = 10, T = 10, B = 34;

export function drawHistogram(svg, { counts, lo, hi, colour, label, format }) {
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  clear(svg);
  const n = counts.length, top = Math.max(1, ...counts);
  const bw = (W - L - R) / n;
  svg.append(svgEl('rect', { x: L, y: T, width: W - L - R, height: H - T - B, fill: '#fff', stroke: '#999' }));
  for (let i = 0; i < n; ++i) {
    const h = (counts[i] / top) * (H - T - B);
    if (h > 0) svg.append(svgEl('rect', { x: L + i * bw + 0.5, y: H - B - h, width: Math.max(0.5, bw - 1), height: h, fill: colour }));
  }
  svg.append(svgEl('text', { x: L, y: H - B + 14, 'text-anchor': 'start', class: 'tick' }, format(lo)));
  svg.append(svgEl('text', { x: L + (W - L - R) / 2, y: H - B + 14, 'text-anchor': 'middle', class: 'tick' }, '0'));
  svg.append(svgEl('text', { x: W - R, y: H - B + 14, 'text-anchor': 'end', class: 'tick' }, format(hi)));
  svg.append(svgEl('text', { x: L - 4, y: T + 10, 'text-anchor': 'end', class: 'tick' }, String(top)));
  svg.append(svgEl('text', { x: L + (W - L - R) / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-title' }, label));
}
