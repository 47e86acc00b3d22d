// A grey image cut into a grid x grid board of patches, each patch tinted by a weight
// (an attention weight over the patches), and the same weights as a table whose cells are
// filled with the same colours. Knows nothing about models: pixels, sizes, weights.
//
//   drawPatchMap(svg, { pixels, side, patch, weights, selected, label })
//   fillHeatTable(table, { weights, grid, extra: [label, weight] | null, selected })
//
// Colours: the pixels in grey (0 black, 1 white, clipped), the tint viridis (heatmap.js:
// perceptually uniform, readable with colour-vision deficiencies and in greyscale) at half
// opacity, scaled to the largest weight shown, so the marks stay visible under it. The
// colours are data, so they are set as attributes and kept in every theme; the numbers are
// in the table (and in data-weights), the picture's text alternative is the caller's label.
import { clear, svgEl } from './svg.js';
import { textOn, viridis } from './heatmap.js';
import { t, localDecimal } from '../ui/i18n.js';

const SIZE = 240;  // drawing units a side

export function drawPatchMap(svg, { pixels, side, patch, weights, selected = null, label }) {
  clear(svg);
  const grid = side / patch, px = SIZE / side, cell = SIZE / grid;
  svg.setAttribute('viewBox', `-2 -2 ${SIZE + 4} ${SIZE + 4}`);
  svg.setAttribute('aria-label', label);
  const image = svgEl('g', { class: 'pixels' });
  for (let y = 0; y < side; ++y) {
    for (let x = 0; x < side; ++x) {
      const g = Math.round(255 * Math.min(1, Math.max(0, pixels[y * side + x])));
      image.append(svgEl('rect', { x: x * px, y: y * px, width: px + 0.3, height: px + 0.3, fill: `rgb(${g},${g},${g})` }));
    }
  }
  svg.append(image);
  const max = Math.max(1e-12, ...Array.from(weights));
  const tint = svgEl('g', { class: 'tint' });
  for (let k = 0; k < grid * grid; ++k) {
    const r = Math.floor(k / grid), c = k % grid;
    const rect = svgEl('rect', { x: c * cell, y: r * cell, width: cell, height: cell, fill: viridis(weights[k] / max),
      'fill-opacity': 0.5, stroke: '#ffffff', 'stroke-width': 1 });
    rect.dataset.patch = String(k);
    rect.dataset.weight = String(weights[k]);
    tint.append(rect);
  }
  svg.append(tint);
  svg.append(svgEl('rect', { x: -1, y: -1, width: SIZE + 2, height: SIZE + 2, fill: 'none', stroke: '#000000', 'stroke-width': 2 }));
  if (selected !== null && selected >= 0 && selected < grid * grid) {
    // The patch whose row is shown: black outside white, seen on dark and light alike.
    const r = Math.floor(selected / grid), c = selected % grid;
    svg.append(svgEl('rect', { x: c * cell + 1.5, y: r * cell + 1.5, width: cell - 3, height: cell - 3, fill: 'none', stroke: '#000000', 'stroke-width': 4, class: 'selected' }));
    svg.append(svgEl('rect', { x: c * cell + 4, y: r * cell + 4, width: cell - 8, height: cell - 8, fill: 'none', stroke: '#ffffff', 'stroke-width': 2 }));
  }
  svg.dataset.weights = JSON.stringify(Array.from(weights, (w) => Number(w.toPrecision(7))));
  svg.dataset.selected = selected === null ? '' : String(selected);
}

// The patch under a pointer event on a map, or null.
export function patchAt(event) {
  const t = event.target;
  return t instanceof Element && t.dataset.patch !== undefined ? Number(t.dataset.patch) : null;
}

// Weights that round to 0.00 read "<0.01" (the exact number stays in data-weight).
const weightText = (w) => localDecimal(w < 0.005 ? '<0.01' : w.toFixed(2));

function heatCell(td, w, max) {
  const fill = viridis(w / max);
  td.style.background = fill;
  td.style.color = textOn(fill);
  td.classList.add('heat');  // keeps its colours in forced-colours mode (lab.css)
  td.textContent = weightText(w);
  td.dataset.weight = String(w);
}

// table: a <table class="heat"> with a caption; weights: grid * grid (row by row); extra:
// one more token's weight under the board (the class token), or null; selected: the patch
// whose row it is, marked in its cell's label.
export function fillHeatTable(table, { weights, grid, extra = null, selected = null }) {
  const max = Math.max(1e-12, ...Array.from(weights), extra ? extra[1] : 0);
  const body = table.tBodies[0] || table.createTBody();
  const head = document.createElement('tr');
  head.append(document.createElement('td'));
  for (let c = 0; c < grid; ++c) head.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: t('chart.patchColumn', { n: String(c + 1) }) }));
  const rows = [head];
  for (let r = 0; r < grid; ++r) {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: t('chart.patchRow', { n: String(r + 1) }) }));
    for (let c = 0; c < grid; ++c) {
      const td = tr.insertCell();
      heatCell(td, weights[r * grid + c], max);
      td.dataset.patch = String(r * grid + c);
      if (selected === r * grid + c) {
        td.classList.add('gold');
        td.setAttribute('aria-label', t('chart.patchSelected', { weight: td.textContent }));
      }
    }
    rows.push(tr);
  }
  if (extra) {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: extra[0] }));
    const td = tr.insertCell();
    td.colSpan = grid;
    heatCell(td, extra[1], max);
    td.dataset.patch = 'cls';
    rows.push(tr);
  }
  body.replaceChildren(...rows);
}
