// Scroll frames: wide tables, maps and drawings scroll sideways in a box of their own
// (class "scroll-frame" in css/lab.css) that shows it scrolls. This module keeps each
// frame's data-scroll attribute true to its scroll position: absent when everything is in
// sight, else the sides where content is hidden ("right", "left right", "left"), which
// the stylesheet turns into a faded edge and a "Scroll sideways →" line. It also makes
// every frame reachable and named for the keyboard and screen readers (tabindex="0",
// role="region", a label: the table's caption, the figure's, or the frame's own).
//
// A page calls watchScrollFrames() once: frames added later, content re-rendered (a run
// filling a table) and a window resized are all followed. The lesson's display formulas
// (.math-display, by tools/site/markdown.mjs) are frames too, reachable by the keyboard
// only while one is wider than the page (a phone), so that the rest add no tab stops.

import { t } from './i18n.js';

const FRAME = '.scroll-frame, .math-display';

// The sides of `frame` where content is hidden, as data-scroll words (or '').
export function hiddenSides(frame) {
  const sides = [];
  const room = frame.scrollWidth - frame.clientWidth;
  if (room > 1) {
    if (frame.scrollLeft > 1) sides.push('left');
    if (frame.scrollLeft < room - 1) sides.push('right');
  }
  return sides.join(' ');
}

function mark(frame) {
  const sides = hiddenSides(frame);
  // A wide table's caption wraps to what is in sight (css: .scroll-frame caption).
  const width = `${frame.clientWidth}px`;
  if (frame.style.getPropertyValue('--frame-width') !== width) frame.style.setProperty('--frame-width', width);
  if (frame.classList.contains('math-display')) reachFormula(frame, sides !== '');
  if (sides) {
    if (frame.dataset.scroll !== sides) frame.dataset.scroll = sides;
  } else if (frame.hasAttribute('data-scroll')) {
    delete frame.dataset.scroll;
  }
}

// A frame's name when its markup gave none: what it holds says what scrolls.
function label(frame) {
  if (frame.hasAttribute('aria-label') || frame.hasAttribute('aria-labelledby')) return;
  const caption = frame.querySelector('caption, figcaption');
  if (caption && caption.textContent.trim()) {
    if (!caption.id) caption.id = `scroll-frame-${Math.random().toString(36).slice(2, 10)}`;
    frame.setAttribute('aria-labelledby', caption.id);
    return;
  }
  const named = frame.querySelector('[aria-label]');
  frame.setAttribute('aria-label', named ? t('ui.scrollsSideways', { label: named.getAttribute('aria-label') }) : t('ui.scrollable'));
}

function reachFormula(frame, scrolls) {
  if (scrolls && !frame.hasAttribute('tabindex')) {
    frame.tabIndex = 0;
    frame.setAttribute('role', 'region');
    frame.setAttribute('aria-label', t('ui.wideFormula'));
  } else if (!scrolls && frame.getAttribute('role') === 'region') {
    frame.removeAttribute('tabindex');
    frame.removeAttribute('role');
    frame.removeAttribute('aria-label');
  }
}

const known = new WeakSet();
let resizes = null;

function adopt(frame) {
  if (known.has(frame)) return;
  known.add(frame);
  frame.addEventListener('scroll', () => mark(frame), { passive: true });
  resizes.observe(frame);
  if (frame.classList.contains('math-display')) return;
  if (!frame.hasAttribute('tabindex')) frame.tabIndex = 0;
  if (!frame.hasAttribute('role')) frame.setAttribute('role', 'region');
  label(frame);
}

// Content that changes size inside a frame does not resize the frame itself: each
// frame's children are watched too (again whenever the page's content changes). Nothing
// here reads the layout: a ResizeObserver's callback, run once the browser has laid the
// page out anyway, measures the frames (a read here would lay out a page mid-script, 30 ms
// and more for the gradebook's 50 rows).
const watched = new WeakSet();
function scan(root) {
  for (const frame of root.querySelectorAll(FRAME)) {
    adopt(frame);
    for (const child of frame.children) {
      if (watched.has(child)) continue;
      watched.add(child);
      resizes.observe(child);
    }
  }
}

let watching = false;
export function watchScrollFrames(root = document) {
  if (watching) return;
  watching = true;
  resizes = new ResizeObserver((entries) => {
    for (const e of entries) {
      const frame = e.target.matches(FRAME) ? e.target : e.target.parentElement && e.target.parentElement.closest(FRAME);
      if (frame) mark(frame);
    }
  });
  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; scan(root); });
  };
  const start = () => {
    scan(root);
    new MutationObserver(later).observe(root.body || root, { childList: true, subtree: true });
    // Web fonts and KaTeX's fonts arrive late and change widths.
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(later);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
