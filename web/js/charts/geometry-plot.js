// The 2-D geometry of worked example 1: each key as an arrow from the origin,
// the query as a draggable arrow, the context vector as a square.
// Knows nothing about attention: it draws what update() is given and reports
// the dragged query through onQueryChange([x, y]).
import { PALETTE, clear, labelWidth, shownWidth, svgEl, unitsForShown } from './svg.js';
import { clip } from '../ui/quote.js';
import { t, localDecimal } from '../ui/i18n.js';

const ARROWS = 40;  // keys drawn with arrowheads, and labelled, up to this many
// The query handle's radius in drawing units (about CSS px): 26 across, a target of at
// least 24 x 24 CSS px on a phone too (WCAG 2.2, 2.5.8).
const HANDLE = 13;

// The drawing's side: 360 units, or as many as it has CSS pixels on a small phone (at
// least 280), so that its labels are drawn near their real size there, not shrunk.
const MAX_SIZE = 360, PAD = 34;
const sizeFor = (svg) => {
  const shown = shownWidth(svg);
  return shown > 0 ? unitsForShown(shown, MAX_SIZE) : MAX_SIZE;
};

export class GeometryPlot {
  constructor(svg, { onQueryChange }) {
    this.svg = svg;
    this.onQueryChange = onQueryChange;
    this.range = null;  // [lo, hi], the same on both axes so angles stay true
    this.dragging = false;
    svg.setAttribute('viewBox', `0 0 ${MAX_SIZE} ${MAX_SIZE}`);
    // Dragging has a one-click path (WCAG 2.2, 2.5.7): a click anywhere on the plot but
    // the handle sends the query there. The arrow keys are the keyboard's path.
    svg.addEventListener('click', (event) => {
      if (!this.toData || event.target.closest?.('.query-handle')) return;
      this.onQueryChange(this.dataAt(event));
    });
  }

  // The data point under a pointer event, rounded to the hundredth the fields show.
  dataAt(event) {
    const pt = this.svg.createSVGPoint();
    pt.x = event.clientX; pt.y = event.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    return this.toData(p.x, p.y).map((v) => Math.round(v * 100) / 100);
  }

  // keys: [[x, y], ...]; query, context: [x, y]; weights: [...]; tokens: [...]
  // Returns false, drawing nothing, when the numbers are too large for the plot's
  // coordinates (the caller says so in words instead).
  update({ tokens, keys, query, context, weights }) {
    const range = !this.dragging || !this.range ? fitRange([...keys, query, [0, 0], ...(context ? [context] : [])]) : this.range;
    if (!range) { clear(this.svg); return false; }
    this.range = range;
    // A key press on its way is ahead of the query drawn here: keep it (see keydown).
    if (this.requested && this.requested[0] === query[0] && this.requested[1] === query[1]) this.requested = null;
    const [lo, hi] = this.range;
    const SIZE = sizeFor(this.svg);
    this.svg.setAttribute('viewBox', `0 0 ${SIZE} ${SIZE}`);
    const sx = (x) => PAD + ((x - lo) / (hi - lo)) * (SIZE - 2 * PAD);
    const sy = (y) => SIZE - PAD - ((y - lo) / (hi - lo)) * (SIZE - 2 * PAD);
    this.toData = (px, py) => [lo + ((px - PAD) / (SIZE - 2 * PAD)) * (hi - lo),
                               lo + ((SIZE - PAD - py) / (SIZE - 2 * PAD)) * (hi - lo)];
    const svg = this.svg;
    clear(svg);
    svg.append(arrowHead('head-key', PALETTE.blue), arrowHead('head-query', PALETTE.vermillion));

    // axes through the origin, with the range's ends labelled
    svg.append(svgEl('line', { x1: sx(lo), y1: sy(0), x2: sx(hi), y2: sy(0), class: 'axis' }));
    svg.append(svgEl('line', { x1: sx(0), y1: sy(lo), x2: sx(0), y2: sy(hi), class: 'axis' }));
    svg.append(svgEl('text', { x: sx(hi), y: sy(0) - 4, 'text-anchor': 'end', class: 'tick' }, `x₁ = ${localDecimal(String(+hi.toFixed(2)))}`));
    svg.append(svgEl('text', { x: sx(0) + 4, y: sy(hi) + 10, class: 'tick' }, `x₂ = ${localDecimal(String(+hi.toFixed(2)))}`));

    // Up to ARROWS keys, an arrow each, as thick as its weight. Past that (a pasted
    // sentence of up to 1,000 tokens) all keys are one thin path, and only the ARROWS
    // heaviest get an arrow of their own: an element per key made every redraw slow.
    const arrow = (i) => {
      const w = weights ? weights[i] : 0;
      svg.append(svgEl('line', {
        x1: sx(0), y1: sy(0), x2: sx(keys[i][0]), y2: sy(keys[i][1]), stroke: PALETTE.blue,
        'stroke-width': 1 + 5 * w, 'marker-end': 'url(#head-key)', class: 'key-arrow', 'data-position': i,
      }));
    };
    if (keys.length <= ARROWS) keys.forEach((_, i) => arrow(i));
    else {
      const o = `M${sx(0).toFixed(1)} ${sy(0).toFixed(1)}`;
      svg.append(svgEl('path', { d: keys.map(([x, y]) => `${o}L${sx(x).toFixed(1)} ${sy(y).toFixed(1)}`).join(''),
        stroke: PALETTE.blue, 'stroke-width': 0.5, fill: 'none', class: 'key-lines' }));
      keys.map((_, i) => i).sort((a, b) => (weights ? weights[b] - weights[a] : 0) || a - b).slice(0, ARROWS).forEach(arrow);
    }

    if (context) {
      svg.append(svgEl('rect', {
        x: sx(context[0]) - 5, y: sy(context[1]) - 5, width: 10, height: 10,
        fill: PALETTE.green, class: 'context-mark',
      }));
    }

    svg.append(svgEl('line', {
      x1: sx(0), y1: sy(0), x2: sx(query[0]), y2: sy(query[1]), stroke: PALETTE.vermillion,
      'stroke-width': 3, 'stroke-dasharray': '6 3', 'marker-end': 'url(#head-query)', class: 'query-arrow',
    }));
    const handle = svgEl('circle', {
      cx: sx(query[0]), cy: sy(query[1]), r: HANDLE, class: 'query-handle', tabindex: 0, role: 'slider',
      'aria-label': t('chart.queryHandle'),
      'aria-valuetext': t('chart.queryValue', { x: localDecimal(query[0].toFixed(2)), y: localDecimal(query[1].toFixed(2)) }),
    });
    svg.append(handle);
    // Labels last, each where it overlaps no label placed before it: the query's first,
    // then the context's, then the keys' from the heaviest weight down.
    const labels = [{ x: sx(query[0]), y: sy(query[1]), gap: HANDLE + 2, text: t('chart.queryLabel'), cls: 'query-label' }];
    if (context) labels.push({ x: sx(context[0]), y: sy(context[1]), gap: 7, text: t('chart.contextLabel'), cls: 'context-label' });
    if (keys.length <= ARROWS) {
      const order = keys.map((_, i) => i).sort((a, b) => (weights ? weights[b] - weights[a] : 0) || a - b);
      for (const i of order) {
        // Long names are cut on the plot; the full name is its tooltip and in the table.
        const name = clip(tokens[i]);
        labels.push({ x: sx(keys[i][0]), y: sy(keys[i][1]), gap: 5, text: name, cls: 'key-label', title: name !== tokens[i] ? tokens[i] : null, position: i });
      }
    }
    // Every mark is taken before any label is placed, so that no label sits on another
    // mark or by its tip and reads as its name: the handle, the context's square, each
    // key's tip, and the arrows' shafts as segments (the default picture once put
    // "animal" on the context's square and "context c" across the "move" arrow).
    const taken = [box(sx(query[0]) - HANDLE, sy(query[1]) - HANDLE, 2 * HANDLE, 2 * HANDLE)];
    if (context) taken.push(box(sx(context[0]) - 5, sy(context[1]) - 5, 10, 10));
    if (keys.length <= ARROWS) {
      keys.forEach((k, i) => {
        taken.push(box(sx(k[0]) - 4, sy(k[1]) - 4, 8, 8));
        taken.push(segment(sx(0), sy(0), sx(k[0]), sy(k[1]), 1 + 5 * (weights ? weights[i] : 0)));
      });
    }
    taken.push(segment(sx(0), sy(0), sx(query[0]), sy(query[1]), 3));
    for (const l of labels) {
      const at = placeLabel(l, taken, SIZE);
      const text = svgEl('text', { x: at.x, y: at.y, 'text-anchor': at.anchor, class: l.cls }, l.text);
      if (l.position !== undefined) text.dataset.position = String(l.position);
      if (l.title) text.append(svgEl('title', {}, l.title));
      svg.append(text);
    }
    this.bindHandle(handle, query);
    if (this.refocus) { handle.focus(); this.refocus = false; }
    return true;
  }

  bindHandle(handle, query) {
    const toData = (event) => this.dataAt(event);
    handle.addEventListener('pointerdown', (event) => {
      this.dragging = true;
      this.requested = null;
      this.svg.setPointerCapture(event.pointerId);
      const move = (e) => this.onQueryChange(toData(e));
      const up = () => {
        this.dragging = false;
        this.svg.removeEventListener('pointermove', move);
        this.svg.removeEventListener('pointerup', up);
        this.svg.removeEventListener('pointercancel', up);
      };
      this.svg.addEventListener('pointermove', move);
      this.svg.addEventListener('pointerup', up);
      this.svg.addEventListener('pointercancel', up);
      event.preventDefault();
    });
    handle.addEventListener('keydown', (event) => {
      const step = event.shiftKey ? 0.25 : 0.05;
      const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
      const m = moves[event.key];
      if (!m) return;
      event.preventDefault();
      this.refocus = true;  // the handle is redrawn; keep keyboard focus on it
      // From where the last key press sent the query, not from the last drawing: keys
      // pressed faster than the worker answers all count.
      const from = this.requested || query;
      this.requested = [from[0] + m[0], from[1] + m[1]].map((v) => Math.round(v * 100) / 100);
      this.onQueryChange(this.requested);
    });
  }
}

// [lo, hi] with a margin, or null when the points cannot be drawn (not finite, or
// so large that the plot's own arithmetic would overflow).
function fitRange(points) {
  let lo = Infinity, hi = -Infinity;
  for (const [x, y] of points) {
    lo = Math.min(lo, x, y);
    hi = Math.max(hi, x, y);
  }
  const span = Math.max(hi - lo, 1e-9);
  const range = [lo - 0.15 * span, hi + 0.15 * span];
  return range.every(Number.isFinite) && Number.isFinite(range[1] - range[0]) && Math.abs(range[0]) < 1e150 && Math.abs(range[1]) < 1e150 ? range : null;
}

function arrowHead(id, colour) {
  const marker = svgEl('marker', {
    id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse',
  });
  marker.append(svgEl('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: colour }));
  return marker;
}

// Label placement: a label's box is labelWidth (svg.js) by 15 units; boxes are
// [x0, y0, x1, y1]; a segment (an arrow's shaft) is {s: [x1, y1, x2, y2], width}.
const box = (x, y, w, h) => [x, y, x + w, y + h];
const segment = (x1, y1, x2, y2, width) => ({ s: [x1, y1, x2, y2], width });
const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

// How much of a segment lies in box b (grown by half its width), as an area: its length
// there (Liang-Barsky clipping) times its width.
function crossing({ s: [x1, y1, x2, y2], width }, b) {
  const m = width / 2 + 1;
  let t0 = 0, t1 = 1;
  const dx = x2 - x1, dy = y2 - y1;
  for (const [p, q] of [[-dx, x1 - (b[0] - m)], [dx, b[2] + m - x1], [-dy, y1 - (b[1] - m)], [dy, b[3] + m - y1]]) {
    if (p === 0) { if (q < 0) return 0; continue; }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r); else t1 = Math.min(t1, r);
    if (t0 > t1) return 0;
  }
  return (t1 - t0) * Math.hypot(dx, dy) * Math.max(width, 2);
}
const cover = (b, t) => (Array.isArray(t) ? overlap(b, t) : crossing(t, b));

// The first spot around the point (x, y) where the label's box covers nothing in
// `taken` and stays on the plot: eight directions `gap` away, then the same farther
// out (a crowded corner: the worked example's move, animal, query and context sit
// within a few units); else the spot covering least. The chosen box joins `taken`.
function placeLabel({ x, y, gap, text }, taken, size) {
  // The box of 12 px text as drawn: from its ascent (12 above the baseline) to its descent
  // (3 under it), so that two labels one over the other do not touch.
  const w = labelWidth(text), h = 15;
  const spots = [];
  for (const g of [gap, gap + 8, gap + 18, gap + 30]) {
    spots.push(
      [x + g, y - g, 'start'], [x + g, y + g + h, 'start'], [x - g, y - g, 'end'], [x - g, y + g + h, 'end'],
      [x + g, y + 4, 'start'], [x - g, y + 4, 'end'], [x, y - g - 2, 'middle'], [x, y + g + h + 2, 'middle'],
    );
  }
  const placed = spots.map(([lx, ly, anchor], k) => {
    const x0 = anchor === 'start' ? lx : anchor === 'end' ? lx - w : lx - w / 2;
    const b = box(x0, ly - 12, w, h);
    const off = b[0] < 0 || b[2] > size || b[1] < 0 || b[3] > size ? w * h : 0;
    // Farther spots cost a little, so that a near one wins when neither is free.
    return { x: lx, y: ly, anchor, b, cost: off + taken.reduce((sum, t) => sum + cover(b, t), 0), far: Math.floor(k / 8) };
  });
  const best = placed.find((p) => p.cost === 0) || placed.reduce((a, b) => (b.cost + 4 * b.far < a.cost + 4 * a.far ? b : a));
  taken.push(best.b);
  return best;
}
