// Tiny helpers for building SVG by hand. Text always goes in via textContent,
// never as markup, so token names cannot inject HTML.
const NS = 'http://www.w3.org/2000/svg';
import { hasMaths, plainMaths, svgMaths } from '../ui/maths.js';

export function svgEl(name, attrs = {}, text) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    // A theme's colour (var(--series-*)) as a style: presentation attributes take no var().
    if (typeof v === 'string' && v.startsWith('var(')) el.style.setProperty(k, v);
    else el.setAttribute(k, String(v));
  }
  // A label's formulas ($d_k$) with lowered subscripts (ui/maths.js), still as text nodes.
  if (text !== undefined) { if (hasMaths(text)) svgMaths(el, text); else el.textContent = text; }
  return el;
}

// About how wide a label is at the charts' 12 px label text, in units: a character is
// at most ~6.1 units wide on average (measured on this lab's labels in Chromium); 6.6
// leaves room for wider fonts.
export const labelWidth = (text) => 6.6 * String(text).length;

// A text broken into lines of at most `width` units (labelWidth's estimate), since SVG
// does not wrap: a waiting message or a legend label in a longer language than English
// then stays inside its drawing. -> ['line', …] (one line when it fits, or is one word).
export function wrapLines(text, width) {
  const lines = [];
  let line = '';
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const longer = line ? `${line} ${word}` : word;
    if (line && labelWidth(plainMaths(longer)) > width) { lines.push(line); line = word; } else line = longer;
  }
  return line ? [...lines, line] : lines;
}

// A <text> of those lines, each a <tspan> `lineHeight` units under the one before; with
// `centre`, the block is centred on attrs.y (a message in the middle of an empty plot).
export function wrappedText(attrs, text, width, { lineHeight = 15, centre = false } = {}) {
  const lines = wrapLines(text, width);
  const el = svgEl('text', { ...attrs, y: centre ? attrs.y - ((lines.length - 1) * lineHeight) / 2 : attrs.y });
  // (each line but the last keeps the space it was broken at: the text reads as written)
  lines.forEach((line, i) => el.append(svgEl('tspan', { x: attrs.x, dy: i ? lineHeight : 0 }, i < lines.length - 1 ? `${line} ` : line)));
  return el;
}

// A drawing's width in units for a chart shown `shown` CSS pixels wide on a narrow
// screen: one unit a pixel, between `least` (280: the smallest phones) and `most`, so
// that its text is drawn near its real size rather than shrunk with the drawing.
export const unitsForShown = (shown, most, least = 280) => Math.round(Math.min(most, Math.max(least, shown)));

// The room a legend needs right of a plot: `offset` units of key (line and marker)
// before each label, then the widest label. At least `least` units.
export function legendRoom(labels, offset, least) {
  return Math.max(least, Math.ceil(offset + Math.max(0, ...labels.map((l) => labelWidth(plainMaths(l)))) + 8));
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

// Okabe & Ito (2008), distinguishable with every common colour-vision deficiency. Each
// is the theme's (web/css/lab.css, --series-*): the same hues, lightened or darkened
// where needed so that a line keeps at least 3:1 against the chart's ground in the
// light and the dark theme. ink: the theme's black (white on a dark ground).
export const PALETTE = {
  blue: 'var(--series-blue)',
  vermillion: 'var(--series-vermillion)',
  green: 'var(--series-green)',
  orange: 'var(--series-orange)',
  purple: 'var(--series-purple)',
  ink: 'var(--series-ink)',
};

// A canvas's colours: the theme's custom properties named (lab.css), as the element
// sees them. print: the light palette whatever the theme (paper is white).
export function themeColours(el, names, { print = false } = {}) {
  let probe = el;
  if (print) {
    probe = document.createElement('span');
    probe.className = 'palette-light';
    probe.hidden = true;
    document.body.append(probe);
  }
  const style = getComputedStyle(probe);
  const out = Object.fromEntries(names.map((n) => [n, style.getPropertyValue(`--${n}`).trim()]));
  if (print) probe.remove();
  return out;
}

// Calls every function given when the page's colours may have changed: a theme chosen
// (data-theme on <html>, js/theme.js), the system's scheme or contrast mode, printing.
// SVG follows the stylesheet by itself; a canvas is drawn again.
const themeWatchers = new Set();
let printing = false;
export const isPrinting = () => printing || (typeof matchMedia === 'function' && matchMedia('print').matches);
export function onThemeChange(fn) {
  if (typeof document === 'undefined') return;
  if (themeWatchers.size === 0) {
    const all = () => { for (const f of themeWatchers) f(); };
    for (const q of ['(prefers-color-scheme: dark)', '(forced-colors: active)', 'print']) {
      const m = matchMedia(q);
      if (m.addEventListener) m.addEventListener('change', all);
    }
    // Printing may lay the page out before print media applies: draw for paper first.
    window.addEventListener('beforeprint', () => { printing = true; all(); });
    window.addEventListener('afterprint', () => { printing = false; all(); });
    new MutationObserver(all).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }
  themeWatchers.add(fn);
}
