// An attention heatmap A[i, j]: row i = the querying position, column j = the
// position it attends to. Drawn on a <canvas> (a T x T grid as SVG elements cost
// tens of milliseconds of style and layout per map); the exact numbers stay on
// the element as data-weights (JSON, row-major) and the page offers them as a table.
// Colours from viridis (perceptually uniform, readable with colour-vision
// deficiencies and in greyscale); ground, labels and frame from the theme.
import { isPrinting, onThemeChange, themeColours } from './svg.js';
import { t, localDecimal } from '../ui/i18n.js';

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

// The text colour for a cell filled with `fill` ("rgb(r,g,b)"): black or white, whichever
// contrasts more with it (at least 4.58:1 on any colour; WCAG's relative luminance).
export function textOn(fill) {
  const [r, g, b] = fill.match(/\d+/g).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#000000' : '#ffffff';
}

// Layout, in CSS pixels: axis titles and labels above and left of the grid, the colour
// scale right of it, the read-out row's label under it.
// The columns' title: each column is labelled with its number and, under that, its token.
const columnTitle = () => t('chart.heatmapColumns');
const GRID = 270, LEFT = 50, TOP = 46, RIGHT = 64, BOTTOM = 24;
const NUMBER_Y = TOP - 20, TOKEN_Y = TOP - 6;  // a column's number, its token under it
export const HEATMAP_WIDTH = LEFT + GRID + RIGHT, HEATMAP_HEIGHT = TOP + GRID + BOTTOM;

// The theme's colours a map is drawn with (lab.css), and each map's last drawing, drawn
// again in the new colours when the theme changes (or for paper while printing).
export const MAP_COLOURS = ['chart-bg', 'chart-frame', 'chart-text', 'chart-muted', 'chart-strong', 'linked'];
const drawn = new Map();
onThemeChange(() => {
  for (const [canvas, args] of drawn) {
    if (canvas.isConnected) drawHeatmap(canvas, ...args);
    else drawn.delete(canvas);
  }
});

// viridis at 256 levels, as RGB bytes: one lookup per cell instead of a colour string.
const LEVELS = 256;
const LUT = (() => {
  const out = new Uint8ClampedArray(LEVELS * 3);
  for (let k = 0; k < LEVELS; ++k) {
    const [r, g, b] = viridis(k / (LEVELS - 1)).match(/\d+/g).map(Number);
    out.set([r, g, b], 3 * k);
  }
  return out;
})();

// canvas: a <canvas>; A: Float32Array (T*T, row-major); tokens: the sequence (column
// labels); readRow: the row the classifier reads (outlined and named), or null;
// position: a position picked out in the page's other views (ui/linked.js), whose row
// and column are outlined, or null.
export function drawHeatmap(canvas, A, T, { tokens = null, readRow = null, position = null } = {}) {
  drawn.set(canvas, [A, T, { tokens, readRow, position }]);
  const c = themeColours(canvas, MAP_COLOURS, { print: isPrinting() });
  const scale = window.devicePixelRatio || 1;
  canvas.width = HEATMAP_WIDTH * scale;
  canvas.height = HEATMAP_HEIGHT * scale;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = c['chart-bg'] || '#fff';
  ctx.fillRect(0, 0, HEATMAP_WIDTH, HEATMAP_HEIGHT);
  let max = 0;
  for (const v of A) max = Math.max(max, v);
  const cell = GRID / T;
  // The T x T cells as one T x T image, scaled up without smoothing: a 100 x 100 map is
  // one drawImage, not 10,000 fillRects with a colour string each.
  const image = new ImageData(T, T);
  for (let k = 0; k < T * T; ++k) {
    const level = Math.round((max > 0 ? Math.min(1, Math.max(0, A[k] / max)) : 0) * (LEVELS - 1));
    image.data.set(LUT.subarray(3 * level, 3 * level + 3), 4 * k);
    image.data[4 * k + 3] = 255;
  }
  const cells = document.createElement('canvas');
  cells.width = T;
  cells.height = T;
  cells.getContext('2d').putImageData(image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(cells, LEFT, TOP, GRID, GRID);
  // A frame, so that the map's dark end stays apart from a dark ground.
  ctx.strokeStyle = c['chart-frame'] || '#999';
  ctx.lineWidth = 1;
  ctx.strokeRect(LEFT - 0.5, TOP - 0.5, GRID + 1, GRID + 1);

  // Axis titles, then labels: every k-th position, so that labels never touch (tokens
  // over the columns, positions beside the rows), and always the read-out row's.
  const text = c['chart-text'] || '#333', muted = c['chart-muted'] || '#666', strong = c['chart-strong'] || '#111';
  ctx.fillStyle = text;
  ctx.font = '12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  // The column labels are the position's number over its token (see the labels below).
  const title = columnTitle();
  ctx.fillText(title, LEFT + GRID / 2, 12);
  ctx.save();
  ctx.translate(12, TOP + GRID / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(t('chart.heatmapRows'), 0, 0);
  ctx.restore();
  ctx.font = '11px system-ui, sans-serif';
  const every = Math.ceil(16 / cell);
  for (let k = 0; k < T; k += every) {
    ctx.textAlign = 'center';
    ctx.fillStyle = muted;
    ctx.fillText(String(k), LEFT + (k + 0.5) * cell, NUMBER_Y);
    if (tokens) {
      ctx.fillStyle = strong;
      ctx.fillText(String(tokens[k]), LEFT + (k + 0.5) * cell, TOKEN_Y);
    }
    ctx.textAlign = 'right';
    ctx.fillStyle = text;
    if (readRow === null || Math.abs(k - readRow) >= every) ctx.fillText(String(k), LEFT - 6, TOP + (k + 0.5) * cell + 4);
  }

  const outline = (x, y, w, h, colour, width) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.strokeRect(x, y, w, h);
  };
  if (readRow !== null) {
    // White inside black: visible on viridis's dark and light ends alike.
    const y = TOP + readRow * cell;
    outline(LEFT - 1, y - 1, GRID + 2, cell + 2, '#000', 2);
    outline(LEFT + 1, y + 1, GRID - 2, Math.max(cell - 2, 1), '#fff', 1.5);
    ctx.textAlign = 'right';
    ctx.fillStyle = strong;
    ctx.font = 'bold 11px system-ui, sans-serif';
    ctx.fillText(`${readRow} ▶`, LEFT - 4, y + cell / 2 + 4);
    ctx.textAlign = 'left';
    ctx.fillText(t('chart.heatmapReadRow', { row: String(readRow) }), LEFT, TOP + GRID + 17);
  }
  if (position !== null && position >= 0 && position < T) {
    outline(LEFT + position * cell, TOP, cell, GRID, c.linked || '#D55E00', 2);
    outline(LEFT, TOP + position * cell, GRID, cell, c.linked || '#D55E00', 2);
  }

  // The colour scale, from 0 to the largest weight.
  const scaleTop = TOP, scaleH = GRID * 0.7;
  for (let s = 0; s < 20; ++s) {
    ctx.fillStyle = viridis(s / 19);
    ctx.fillRect(LEFT + GRID + 14, scaleTop + (19 - s) * (scaleH / 20), 12, scaleH / 20 + 0.5);
  }
  ctx.fillStyle = text;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.fillText(localDecimal(String(Number(max.toFixed(2)))), LEFT + GRID + 30, scaleTop + 8);
  ctx.fillText('0', LEFT + GRID + 30, scaleTop + scaleH);
  // Where the column labels are, for the tests: the number's and the token's baselines.
  canvas.dataset.columnLabels = JSON.stringify({ title, numberY: NUMBER_Y, tokenY: tokens ? TOKEN_Y : null });
  canvas.dataset.t = String(T);
  canvas.dataset.readRow = readRow === null ? '' : String(readRow);
  canvas.dataset.position = position === null ? '' : String(position);
  canvas.dataset.weights = JSON.stringify(Array.from(A, (v) => Number(v.toPrecision(7))));
}

// The grid cell under a point of the canvas (client coordinates), as [row, column], or null.
export function heatmapCellAt(canvas, clientX, clientY) {
  const box = canvas.getBoundingClientRect();
  const T = Number(canvas.dataset.t);
  const x = ((clientX - box.left) / box.width) * HEATMAP_WIDTH - LEFT, y = ((clientY - box.top) / box.height) * HEATMAP_HEIGHT - TOP;
  if (!T || x < 0 || y < 0 || x >= GRID || y >= GRID) return null;
  return [Math.floor((y / GRID) * T), Math.floor((x / GRID) * T)];
}
