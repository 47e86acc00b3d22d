// An attention heatmap A[i, j]: row i = the querying position, column j = the
// position it attends to. Drawn on a <canvas> (a T x T grid as SVG elements cost
// tens of milliseconds of style and layout per map); the exact numbers stay on
// the element as data-weights (JSON, row-major) and the page offers them as a table.
// Colours from viridis (perceptually uniform, readable with colour-vision
// deficiencies and in greyscale).

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

const SIZE = 300, PAD = 30, LEGEND = 60;

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

// canvas: a <canvas>; A: Float32Array (T*T, row-major).
export function drawHeatmap(canvas, A, T) {
  const scale = window.devicePixelRatio || 1;
  canvas.width = (SIZE + LEGEND) * scale;
  canvas.height = (SIZE + 10) * scale;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, SIZE + LEGEND, SIZE + 10);
  let max = 0;
  for (const v of A) max = Math.max(max, v);
  const cell = (SIZE - PAD) / T;
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
  ctx.drawImage(cells, PAD, PAD, SIZE - PAD, SIZE - PAD);
  ctx.fillStyle = '#333';
  ctx.font = '11px system-ui, sans-serif';
  const every = Math.ceil(T / 10);
  for (let k = 0; k < T; k += every) {
    ctx.textAlign = 'center';
    ctx.fillText(String(k), PAD + (k + 0.5) * cell, PAD - 6);
    ctx.textAlign = 'right';
    ctx.fillText(String(k), PAD - 4, PAD + (k + 0.5) * cell + 4);
  }
  for (let s = 0; s < 20; ++s) {  // colour scale
    ctx.fillStyle = viridis(s / 19);
    ctx.fillRect(SIZE + 14, PAD + (19 - s) * ((SIZE - PAD) / 20), 12, (SIZE - PAD) / 20 + 0.5);
  }
  ctx.fillStyle = '#333';
  ctx.textAlign = 'left';
  ctx.fillText(max.toFixed(2), SIZE + 30, PAD + 8);
  ctx.fillText('0', SIZE + 30, SIZE);
  canvas.dataset.t = String(T);
  canvas.dataset.weights = JSON.stringify(Array.from(A, (v) => Number(v.toPrecision(7))));
}
