// Tiny helpers for building SVG by hand. Text always goes in via textContent,
// never as markup, so token names cannot inject HTML.
const NS = 'http://www.w3.org/2000/svg';

export function svgEl(name, attrs = {}, text) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

// About how wide a label is at the charts' 12 px label text, in units: a character is
// at most ~6.1 units wide on average (measured on this lab's labels in Chromium); 6.6
// leaves room for wider fonts.
export const labelWidth = (text) => 6.6 * String(text).length;

// A drawing's width in units for a chart shown `shown` CSS pixels wide on a narrow
// screen: one unit a pixel, between `least` (280: the smallest phones) and `most`, so
// that its text is drawn near its real size rather than shrunk with the drawing.
export const unitsForShown = (shown, most, least = 280) => Math.round(Math.min(most, Math.max(least, shown)));

// The room a legend needs right of a plot: `offset` units of key (line and marker)
// before each label, then the widest label. At least `least` units.
export function legendRoom(labels, offset, least) {
  return Math.max(least, Math.ceil(offset + Math.max(0, ...labels.map(labelWidth)) + 8));
}

// The CSS width an element is shown at, without making the browser lay out the page on
// every redraw: measured once, then kept by a ResizeObserver. A width of 0 (hidden when
// measured) is measured again. For a chart redrawn on every keystroke, whose page has
// just added rows: reading the width then forced a layout of all of them each time.
const shownWidths = new WeakMap();
const widthWatch = typeof ResizeObserver === 'function'
  ? new ResizeObserver((entries) => { for (const e of entries) shownWidths.set(e.target, e.target.getBoundingClientRect().width); })
  : null;
export function shownWidth(el) {
  if (!shownWidths.get(el)) {
    shownWidths.set(el, el.getBoundingClientRect().width);
    if (widthWatch) widthWatch.observe(el);
  }
  return shownWidths.get(el);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

// Okabe & Ito (2008), distinguishable with every common colour-vision deficiency.
export const PALETTE = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  green: '#009E73',
  orange: '#E69F00',
  sky: '#56B4E9',
  purple: '#CC79A7',
  yellow: '#F0E442',
  black: '#000000',
};
