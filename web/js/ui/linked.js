// One position of a sequence picked out in every view of a page at once: point at a
// token, a heatmap cell, a bar or a table cell (or reach it with the keyboard), and the
// same position lights up in the others. Each view registers a function that shows a
// position (or none); elements that stand for a position carry data-position.
//
//   const focus = new LinkedPosition();
//   linkElements($('step-tokens'), focus);   // its [data-position] elements: hover, focus, .linked
//   focus.add((j) => heatmap.highlight(j));  // any other view
//   focus.set(3);  focus.set(null);  focus.refresh();  // after a view was redrawn
export class LinkedPosition {
  constructor() {
    this.views = [];
    this.position = null;
  }

  add(show) {
    this.views.push(show);
    show(this.position);
  }

  set(position) {
    if (position === this.position) return;
    this.position = position;
    this.refresh();
  }

  // Shows the position again in every view (after one was redrawn).
  refresh() {
    for (const show of this.views) show(this.position);
  }
}

// The [data-position] elements inside container: pointing at one (or focusing it, or
// anything inside it) sets the position; leaving clears it; the elements of the current
// position get the class "linked" (lab.css), whenever they are drawn. attribute: another
// data attribute naming the position (a page with two sequences: data-source, data-target).
export function linkElements(container, linked, attribute = 'position') {
  const selector = `[data-${attribute}]`;
  const positionOf = (target) => {
    const el = target instanceof Element ? target.closest(selector) : null;
    return el && container.contains(el) ? Number(el.dataset[attribute]) : null;
  };
  container.addEventListener('pointerover', (e) => { const p = positionOf(e.target); if (p !== null) linked.set(p); });
  container.addEventListener('pointerleave', () => linked.set(null));
  container.addEventListener('focusin', (e) => { const p = positionOf(e.target); if (p !== null) linked.set(p); });
  container.addEventListener('focusout', (e) => { if (!container.contains(e.relatedTarget)) linked.set(null); });
  const mark = `linked-${attribute}`;
  linked.add((position) => {
    for (const el of container.querySelectorAll(`.${mark}`)) {
      el.classList.remove(mark);
      if (![...el.classList].some((c) => c.startsWith('linked-'))) el.classList.remove('linked');
    }
    if (position !== null) for (const el of container.querySelectorAll(`[data-${attribute}="${position}"]`)) el.classList.add(mark, 'linked');
  });
}
