// An alignment map: rows = the words written (target), columns = the words read
// (source), cell (t, j) = the weight step t gave source word j, coloured by viridis
// on a 0-to-1 scale (rows of softmax weights), gold links outlined with a ◆; its ground
// and words in the theme's colours. Drawn on a <canvas>: the same map as 18 x 18 table
// cells with numbers cost the page a 50-90 ms task (style and layout) after every epoch.
// The exact numbers stay on the element (data-weights: rows, data-gold: [t, j] pairs)
// and the page offers them as a table.
import { MAP_COLOURS, viridis } from './heatmap.js';
import { isPrinting, onThemeChange, themeColours } from './svg.js';

const CELL = 26, FONT = '12px system-ui, sans-serif', LEGEND = 70;

// Each map's last drawing, drawn again in the theme's new colours (ground and words).
const drawn = new Map();
onThemeChange(() => {
  for (const [canvas, args] of drawn) {
    if (canvas.isConnected) drawAlignment(canvas, args);
    else drawn.delete(canvas);
  }
});

// canvas: a <canvas>; rows, cols: word lists; A: rows.length x cols.length weights
// (row-major); gold: [t, j] pairs outlined (empty for none); row, col: a word written
// and a word read picked out in the page's other views (ui/linked.js), or null.
export function drawAlignment(canvas, { rows, cols, A, gold = [], row = null, col = null }) {
  drawn.set(canvas, { rows, cols, A, gold, row, col });
  const c = themeColours(canvas, MAP_COLOURS, { print: isPrinting() });
  const ctx = canvas.getContext('2d');
  ctx.font = FONT;
  const widest = (words) => Math.max(0, ...words.map((w) => ctx.measureText(w).width));
  const left = Math.ceil(widest(rows)) + 10;
  // Column labels are written at 60 degrees: their height is about 0.87 of their width.
  const top = Math.ceil(widest(cols) * 0.87) + 14;
  const width = left + cols.length * CELL + LEGEND, height = top + rows.length * CELL + 10;
  const scale = window.devicePixelRatio || 1;
  canvas.width = width * scale;
  canvas.height = height * scale;
  canvas.style.width = `${width}px`;
  canvas.style.aspectRatio = `${width} / ${height}`;
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = c['chart-bg'] || '#fff';
  ctx.fillRect(0, 0, width, height);
  for (let t = 0; t < rows.length; ++t) {
    for (let j = 0; j < cols.length; ++j) {
      ctx.fillStyle = viridis(A[t * cols.length + j]);
      ctx.fillRect(left + j * CELL, top + t * CELL, CELL, CELL);
    }
  }
  // Gold links: a black outline with a white inner one, visible on every colour, and ◆.
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const [t, j] of gold) {
    const x = left + j * CELL, y = top + t * CELL;
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#000';
    ctx.strokeRect(x + 1.5, y + 1.5, CELL - 3, CELL - 3);
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#fff';
    ctx.strokeRect(x + 3.5, y + 3.5, CELL - 7, CELL - 7);
    ctx.fillStyle = '#fff';
    ctx.fillRect(x + CELL / 2 - 5, y + CELL / 2 - 6, 10, 12);
    ctx.fillStyle = '#000';
    ctx.fillText('◆', x + CELL / 2, y + CELL / 2);
  }
  // The picked-out row and column: a vermillion frame each.
  ctx.lineWidth = 2;
  ctx.strokeStyle = c.linked || '#D55E00';
  if (row !== null && row < rows.length) ctx.strokeRect(left, top + row * CELL, cols.length * CELL, CELL);
  if (col !== null && col < cols.length) ctx.strokeRect(left + col * CELL, top, CELL, rows.length * CELL);
  ctx.fillStyle = c['chart-strong'] || '#111';
  ctx.textAlign = 'right';
  rows.forEach((w, t) => ctx.fillText(w, left - 6, top + (t + 0.5) * CELL));
  ctx.textAlign = 'left';
  cols.forEach((w, j) => {
    ctx.save();
    ctx.translate(left + (j + 0.5) * CELL, top - 6);
    ctx.rotate(-Math.PI / 3);
    ctx.fillText(w, 0, 0);
    ctx.restore();
  });
  // The colour scale, 0 to 1 (weights of a softmax row).
  const x0 = left + cols.length * CELL + 16, h = rows.length * CELL;
  for (let s = 0; s < 20; ++s) {
    ctx.fillStyle = viridis(s / 19);
    ctx.fillRect(x0, top + (19 - s) * (h / 20), 12, h / 20 + 0.5);
  }
  ctx.fillStyle = c['chart-strong'] || '#111';
  ctx.fillText('1', x0 + 16, top + 6);
  ctx.fillText('0', x0 + 16, top + h - 6);
  canvas.dataset.weights = JSON.stringify(rows.map((_, t) => Array.from(A.slice(t * cols.length, (t + 1) * cols.length), (v) => Number(Number(v).toPrecision(7)))));
  canvas.dataset.gold = JSON.stringify(gold);
  Object.assign(canvas.dataset, { left: String(left), top: String(top), rows: String(rows.length), cols: String(cols.length),
    row: row === null ? '' : String(row), col: col === null ? '' : String(col) });
}

// A cell's box in CSS pixels from the canvas's top left corner, as drawn: {x, y, size}
// (the page keeps a cell picked with the keys in sight when the map scrolls in a frame).
export function alignmentCellBox(canvas, row, col) {
  const scale = canvas.getBoundingClientRect().width / (canvas.width / (window.devicePixelRatio || 1));
  return { x: (Number(canvas.dataset.left) + col * CELL) * scale, y: (Number(canvas.dataset.top) + row * CELL) * scale, size: CELL * scale };
}

// The cell under a point (client coordinates) as [row, col], or null.
export function alignmentCellAt(canvas, clientX, clientY) {
  const box = canvas.getBoundingClientRect(), d = canvas.dataset;
  const scale = box.width / (canvas.width / (window.devicePixelRatio || 1));
  const x = (clientX - box.left) / scale - Number(d.left), y = (clientY - box.top) / scale - Number(d.top);
  const col = Math.floor(x / CELL), row = Math.floor(y / CELL);
  return x >= 0 && y >= 0 && row < Number(d.rows) && col < Number(d.cols) ? [row, col] : null;
}
