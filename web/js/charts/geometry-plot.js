// The 2-D geometry of worked example 1: each key as an arrow from the origin,
// the query as a draggable arrow, the context vector as a square.
// Knows nothing about attention: it draws what update() is given and reports
// the dragged query through onQueryChange([x, y]).
import { PALETTE, clear, svgEl } from './svg.js';

const SIZE = 360, PAD = 34;

export class GeometryPlot {
  constructor(svg, { onQueryChange }) {
    this.svg = svg;
    this.onQueryChange = onQueryChange;
    this.range = null;  // [lo, hi], the same on both axes so angles stay true
    this.dragging = false;
    svg.setAttribute('viewBox', `0 0 ${SIZE} ${SIZE}`);
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
    svg.append(svgEl('text', { x: sx(hi), y: sy(0) - 4, 'text-anchor': 'end', class: 'tick' }, `x₁ = ${+hi.toFixed(2)}`));
    svg.append(svgEl('text', { x: sx(0) + 4, y: sy(hi) + 10, class: 'tick' }, `x₂ = ${+hi.toFixed(2)}`));

    keys.forEach(([x, y], i) => {
      const w = weights ? weights[i] : 0;
      svg.append(svgEl('line', {
        x1: sx(0), y1: sy(0), x2: sx(x), y2: sy(y), stroke: PALETTE.blue,
        'stroke-width': 1 + 5 * w, 'marker-end': 'url(#head-key)', class: 'key-arrow',
      }));
      if (keys.length <= 40) {
        // Long names are cut on the plot; the full name is its tooltip and in the table.
        const name = tokens[i].length > 24 ? `${tokens[i].slice(0, 24)}…` : tokens[i];
        const label = svgEl('text', { x: sx(x) + 5, y: sy(y) - 5, class: 'key-label' }, name);
        if (name !== tokens[i]) label.append(svgEl('title', {}, tokens[i]));
        svg.append(label);
      }
    });

    if (context) {
      svg.append(svgEl('rect', {
        x: sx(context[0]) - 5, y: sy(context[1]) - 5, width: 10, height: 10,
        fill: PALETTE.green, stroke: '#000', class: 'context-mark',
      }));
      svg.append(svgEl('text', { x: sx(context[0]) + 8, y: sy(context[1]) + 14, class: 'context-label' }, 'context c'));
    }

    svg.append(svgEl('line', {
      x1: sx(0), y1: sy(0), x2: sx(query[0]), y2: sy(query[1]), stroke: PALETTE.vermillion,
      'stroke-width': 3, 'stroke-dasharray': '6 3', 'marker-end': 'url(#head-query)',
    }));
    const handle = svgEl('circle', {
      cx: sx(query[0]), cy: sy(query[1]), r: 9, class: 'query-handle', tabindex: 0, role: 'slider',
      'aria-label': 'Query vector: drag it, or use the arrow keys (Shift for bigger steps)',
      'aria-valuetext': `query (${query[0].toFixed(2)}, ${query[1].toFixed(2)})`,
    });
    svg.append(handle);
    svg.append(svgEl('text', { x: sx(query[0]) + 11, y: sy(query[1]) + 4, class: 'query-label' }, 'query q'));
    this.bindHandle(handle, query);
    if (this.refocus) { handle.focus(); this.refocus = false; }
    return true;
  }

  bindHandle(handle, query) {
    const toData = (event) => {
      const pt = this.svg.createSVGPoint();
      pt.x = event.clientX; pt.y = event.clientY;
      const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
      return this.toData(p.x, p.y).map((v) => Math.round(v * 100) / 100);
    };
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
