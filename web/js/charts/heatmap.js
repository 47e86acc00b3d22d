// An attention heatmap A[i, j]: row i = the querying position, column j = the
// position it attends to. Colours from viridis (perceptually uniform, readable
// with colour-vision deficiencies and in greyscale). Each cell carries its exact
// value in data-a, and a <title> for pointer users.
import { clear, svgEl } from './svg.js';

// viridis at 9 stops (matplotlib's), interpolated linearly.
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];

export function viridis(t) {
  const x = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x)), f = x - i;
  const a = hex(VIRIDIS[i]), b = hex(VIRIDIS[i + 1]);
  return `rgb(${a.map((v, k) => Math.round(v + f * (b[k] - v))).join(',')})`;
}

function hex(h) {
  return [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16));
}

// A: Float32Array (T*T, row-major); tokens: the sequence (for axis labels).
export function drawHeatmap(svg, A, T, tokens) {
  const size = 300, pad = 30, cell = (size - pad) / T;
  svg.setAttribute('viewBox', `0 0 ${size + 60} ${size + 10}`);
  clear(svg);
  let max = 0;
  for (const v of A) max = Math.max(max, v);
  for (let i = 0; i < T; ++i) {
    for (let j = 0; j < T; ++j) {
      const a = A[i * T + j];
      const r = svgEl('rect', {
        x: pad + j * cell, y: pad + i * cell, width: cell + 0.3, height: cell + 0.3,
        fill: viridis(max > 0 ? a / max : 0), class: 'cell', 'data-i': i, 'data-j': j, 'data-a': a,
      });
      r.append(svgEl('title', {}, `row ${i} (token ${tokens[i]}) → column ${j} (token ${tokens[j]}): ${a.toFixed(3)}`));
      svg.append(r);
    }
  }
  const every = Math.ceil(T / 10);
  for (let k = 0; k < T; k += every) {
    svg.append(svgEl('text', { x: pad + (k + 0.5) * cell, y: pad - 6, 'text-anchor': 'middle', class: 'tick' }, String(k)));
    svg.append(svgEl('text', { x: pad - 4, y: pad + (k + 0.5) * cell + 4, 'text-anchor': 'end', class: 'tick' }, String(k)));
  }
  // colour scale
  for (let s = 0; s < 20; ++s) {
    svg.append(svgEl('rect', { x: size + 14, y: pad + (19 - s) * ((size - pad) / 20), width: 12, height: (size - pad) / 20 + 0.5, fill: viridis(s / 19) }));
  }
  svg.append(svgEl('text', { x: size + 30, y: pad + 8, class: 'tick' }, max.toFixed(2)));
  svg.append(svgEl('text', { x: size + 30, y: size, class: 'tick' }, '0'));
}
