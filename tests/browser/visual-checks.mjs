// The visual checks of the browser tests (visual.test.mjs runs them on every page;
// visual-checks.test.mjs shows each one failing on the defect it was written for).
// Each function but looksRight runs inside the page (page.evaluate): it must not use
// anything from this module's scope.
import assert from 'node:assert/strict';
import { emptySections } from './visual-checks-sections.mjs';
import { clippedWithoutCue, spillsOutOfCells, splitTokens } from './visual-checks-clip.mjs';
import { mathsAsText } from './visual-checks-maths.mjs';

// KaTeX's SVG glyphs that the page styles or hides: [description].
export function katexGlyphProblems() {
  const out = [];
  for (const svg of document.querySelectorAll('.katex svg')) {
    if (!svg.closest('.katex').getClientRects().length) continue;  // in a closed disclosure, not shown yet
    const style = getComputedStyle(svg);
    const box = svg.getBoundingClientRect();
    const formula = svg.closest('.katex').querySelector('annotation')?.textContent ?? '?';
    if (box.width === 0 || box.height === 0) out.push(`${formula}: a glyph of no size`);
    if (style.backgroundColor !== 'rgba(0, 0, 0, 0)') out.push(`${formula}: a glyph painted over (${style.backgroundColor})`);
    if (parseFloat(style.borderTopWidth) > 0) out.push(`${formula}: a glyph with a border`);
  }
  return out;
}

// [action id, picture id] -> what of the two is not on the first screen.
export function offFirstScreen([action, picture]) {
  const out = [];
  const vh = window.innerHeight, vw = window.innerWidth;
  const a = document.getElementById(action).getBoundingClientRect();
  if (a.top < 0 || a.bottom > vh || a.right > vw || a.width === 0) out.push(`#${action} at ${Math.round(a.top)}-${Math.round(a.bottom)} px`);
  const p = document.getElementById(picture).getBoundingClientRect();
  const shown = Math.max(0, Math.min(p.bottom, vh) - Math.max(p.top, 0));
  if (p.height === 0 || shown < p.height / 2) out.push(`#${picture} at ${Math.round(p.top)}-${Math.round(p.bottom)} px`);
  return out;
}

// Elements whose right edge passes the window's, outside a box that scrolls sideways.
export function pastRightEdge() {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  };
  return [...document.querySelectorAll('main *, header *')]
    .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > width + 1 && !scrolls(el))
    .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`).slice(0, 5);
}

// Text covered by another element: [description]. The page is scrolled a screen at a
// time and, at each, every line of text wholly on screen and inside every box that
// clips it is hit-tested at its centre, with pointer-events on everywhere (an SVG label
// that ignores the pointer is still drawn). A line is its own when the topmost element
// there is its element or inside it.
export async function coveredText() {
  const out = [];
  const style = document.createElement('style');
  style.textContent = '* { pointer-events: auto !important; }';
  document.head.append(style);
  const clipsOf = (el) => {
    const boxes = [];
    for (let p = el.parentElement; p; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') boxes.push(p.getBoundingClientRect());
    }
    return boxes;
  };
  const inside = (r, b) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  const seen = new Set();
  const height = document.documentElement.scrollHeight;
  for (let y = 0; y < height; y += Math.max(200, window.innerHeight - 100)) {
    window.scrollTo(0, y);
    // A frame drawn at the new scroll position, or a second: a headless browser that
    // draws no frame for a while must not hold the look (hit tests need only layout).
    await new Promise((resolve) => { requestAnimationFrame(resolve); setTimeout(resolve, 1000); });
    const view = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const walk = document.createTreeWalker(document.querySelector('main') || document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      // KaTeX stacks its own boxes over its glyphs (katexGlyphProblems checks those);
      // a closed disclosure's text keeps boxes from its last layout but is not drawn.
      if (!n.data.trim() || !el || seen.has(n) || el.closest('.sr-only, script, style, .katex')) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter((r) => r.width > 2 && r.height > 2);
      if (!rects.length || !rects.every((r) => inside(r, view))) continue;
      seen.add(n);
      const clips = clipsOf(el);
      for (const r of rects) {
        if (!clips.every((b) => inside(r, b))) continue;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (hit && hit !== el && !el.contains(hit)) {
          const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.classList.length ? `.${[...e.classList].join('.')}` : ''}`;
          out.push(`"${n.data.trim().slice(0, 30)}" (${name(el)}) under ${name(hit)}`);
          break;
        }
      }
    }
  }
  style.remove();
  window.scrollTo(0, 0);
  return out.slice(0, 10);
}

// Chart text shown smaller than 9 CSS pixels (a chart drawn for a laptop, shrunk to a
// phone's width): [description]. Its size on screen is its font size in the drawing's
// units times the drawing's scale.
export function tinyChartText() {
  const out = [];
  for (const t of document.querySelectorAll('svg.plot text')) {
    const svg = t.ownerSVGElement;
    if (!t.textContent.trim() || !t.getClientRects().length || !svg.viewBox.baseVal.width) continue;
    const size = parseFloat(getComputedStyle(t).fontSize) * (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);
    if (size < 9) out.push(`#${svg.id}: "${t.textContent.slice(0, 20)}" at ${size.toFixed(1)} px`);
  }
  return [...new Set(out)].slice(0, 10);
}

// Chart text cut off at its drawing's edge (an axis title longer than a phone's chart, a
// label placed past the plot): [description]. The drawing clips what passes its box.
export function chartTextPastEdge() {
  const out = [];
  for (const t of document.querySelectorAll('svg.plot text')) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    const r = t.getBoundingClientRect(), b = t.ownerSVGElement.getBoundingClientRect();
    if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) {
      out.push(`#${t.ownerSVGElement.id}: "${t.textContent.slice(0, 30)}"`);
    }
  }
  return [...new Set(out)].slice(0, 10);
}

// Words split across two lines: within each word of a cell, heading, label, term or
// button, every character's box shares one top. Hyphenated words may break at the hyphen,
// and pairs of names such as Jensen–Shannon at their en dash.
export function splitWords() {
  const out = [];
  const els = document.querySelectorAll('td, th, h1, h2, h3, label, dt, dd, button, summary, figcaption, caption');
  for (const el of els) {
    if (el.closest('.katex') || el.querySelector('.katex') || !el.getClientRects().length) continue;
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      for (const m of n.data.matchAll(/[^\s\-\u2010\u2013]+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out.slice(0, 10);
}

// Chart labels drawn over each other (an axis title across its tick labels, two labels
// on one spot): [description]. Each pair of texts in one drawing whose boxes overlap by
// more than 1.5 CSS pixels each way; a label and the bar or line under it are not text.
export function overlappingChartText() {
  const out = [];
  for (const svg of document.querySelectorAll('svg.plot')) {
    const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() && t.getClientRects().length)
      .map((t) => ({ t, r: t.getBoundingClientRect() }));
    for (let i = 0; i < texts.length; ++i) {
      for (let j = i + 1; j < texts.length; ++j) {
        const a = texts[i].r, b = texts[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1.5 && h > 1.5) out.push(`#${svg.id}: "${texts[i].t.textContent.slice(0, 20)}" over "${texts[j].t.textContent.slice(0, 20)}"`);
      }
    }
  }
  return [...new Set(out)].slice(0, 10);
}

// What a student or an instructor reads that was written for a developer: a number in
// e-notation, whatever its size ("2.02e-3", "1.45e-10": the pages write "0.002" and
// "1.4 × 10⁻¹⁰", web/js/ui/format.js), an identifier from the code (snake_case with a
// part of two letters or more: "attention_lab_mt", "qk_madds"; the maths' d_k and W_Q are
// words here), an exercise's id ("self-row", "cross-step", an answer's "ex-shapes--S_shape"),
// or a table cell, list item or option that is nothing but a kind's id ("context",
// "shapes", where a student reads "1. Scores, weights and the context vector"). Text
// shown anywhere on the page outside code, the code editor, formulas, form fields and a
// link's address ("exercises.html?kind=self-row" is one to copy); and a time rounded to
// nothing ("Trained in 0.0 s": web/js/ui/format.js writes "56 ms"): [description naming
// the element, and the nearest ancestor with an id].
export function developerText() {
  const KINDS = ['context', 'scaled', 'self-row', 'shapes', 'cross-step'];
  const where = (el) => {
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}`;
    const owner = el.id ? null : el.parentElement && el.parentElement.closest('[id]');
    return owner ? `${name(el)} in ${name(owner)}` : name(el);
  };
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, code, pre, textarea, .katex, .cm-editor, .code-editor, .sr-only')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const text = n.data.replace(/\S*\.html\b\S*/g, ' ');  // a page's address, to copy
    for (const m of text.matchAll(/(?<![\w.])[-+]?\d+(?:\.\d+)?e[-+]?\d+\b/gi)) out.push(`"${m[0]}" in e-notation (${where(el)})`);
    for (const m of text.matchAll(/\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_[A-Za-z0-9]{2,}\b/g)) out.push(`"${m[0]}" (${where(el)})`);
    for (const m of text.matchAll(/(?<![\w-])(?:self-row|cross-step|ex-[\w-]+--[\w-]+)(?![\w-])/g)) out.push(`"${m[0]}", an exercise's id (${where(el)})`);
    for (const m of text.matchAll(/(?<![\w.,])0(?:\.0+)?[\s\u00a0](?:s|ms|seconds)\b/g)) out.push(`"${m[0]}", a time rounded to nothing (${where(el)})`);
  }
  for (const el of document.querySelectorAll('td, th, li, option, dt, dd')) {
    const t = el.textContent.trim();
    if (KINDS.includes(t) && el.closest('body') && (el.tagName === 'OPTION' || el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))) {
      out.push(`"${t}", an exercise's id (${where(el)})`);
    }
  }
  return [...new Set(out)].slice(0, 10);
}

// A red error on a page the student has not touched yet (the exercises page once said
// "Type your name…" in red on first load): every visible element of class "error" or
// role "alert" with text, and every field marked aria-invalid: [description].
export function errorsBeforeAction() {
  const out = [];
  for (const el of document.querySelectorAll('.error, [role="alert"], [aria-invalid="true"]')) {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const text = el.matches('input, select, textarea') ? `${el.id || el.name} marked invalid` : el.textContent.trim();
    if (text) out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}: "${text.slice(0, 60)}"`);
  }
  return out;
}

// A series drawn in two colours on one page (the comments page once drew "as trained"
// blue in a comment's attention row and orange in the bars under it): [description]. A
// series is named by its legend's text (svg.plot text.legend, in every chart of the
// lab); its colour is its key's, the nearest element before the text painted in a colour
// (a line's stroke; a marker's or a square's fill). Charts not shown are left out.
export function seriesColourClashes() {
  const paint = (el) => {
    const cs = getComputedStyle(el);
    const order = ['line', 'polyline', 'path'].includes(el.tagName) ? [cs.stroke, cs.fill] : [cs.fill, cs.stroke];
    return order.find((v) => /^(rgb|#)/.test(v)) ?? null;
  };
  const seen = new Map();  // legend text -> Map(colour -> chart ids)
  for (const t of document.querySelectorAll('svg.plot text.legend')) {
    if (!t.getClientRects().length || !t.textContent.trim()) continue;
    let colour = null;
    for (let k = t.previousElementSibling; k && !colour && k.tagName !== 'text'; k = k.previousElementSibling) colour = paint(k);
    if (!colour) continue;
    const name = t.textContent.trim(), chart = `#${t.ownerSVGElement.id}`;
    if (!seen.has(name)) seen.set(name, new Map());
    const colours = seen.get(name);
    colours.set(colour, [...(colours.get(colour) || []), chart]);
  }
  return [...seen].filter(([, colours]) => colours.size > 1)
    .map(([name, colours]) => `"${name}": ${[...colours].map(([c, charts]) => `${c} in ${charts.join(', ')}`).join('; ')}`);
}

// Radio buttons and boxes not beside their words: a control whose vertical centre is
// more than 4 px from the centre of its label's first line of text (a 24 px control
// baseline-aligned sits ~6 px high). [description], empty when every one sits level.
export function controlsOffTheirLine() {
  const out = [];
  for (const input of document.querySelectorAll('input[type=radio], input[type=checkbox]')) {
    const box = input.getBoundingClientRect();
    if (!box.width || !input.labels || !input.labels.length) continue;
    const walker = document.createTreeWalker(input.labels[0], NodeFilter.SHOW_TEXT);
    let line = null;
    for (let node = walker.nextNode(); node && !line; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      line = [...range.getClientRects()].find((r) => r.height > 0) || null;
    }
    if (!line) continue;
    const off = (box.top + box.bottom) / 2 - (line.top + line.bottom) / 2;
    if (Math.abs(off) > 4) out.push(`#${input.id || input.name}: ${Math.round(off)} px from "${input.labels[0].textContent.trim().slice(0, 30)}"`);
  }
  return out;
}

// Everything a screenshot would show wrong, in the page's current state.
export async function looksRight(page, what) {
  assert.deepEqual(await page.evaluate(katexGlyphProblems), [], `${what}: formulas not as KaTeX draws them`);
  assert.deepEqual(await page.evaluate(pastRightEdge), [], `${what}: past the right edge`);
  assert.deepEqual(await page.evaluate(splitWords), [], `${what}: words split across lines`);
  assert.deepEqual(await page.evaluate(coveredText), [], `${what}: text covered`);
  assert.deepEqual(await page.evaluate(tinyChartText), [], `${what}: chart text too small to read`);
  assert.deepEqual(await page.evaluate(chartTextPastEdge), [], `${what}: chart text cut off at its edge`);
  assert.deepEqual(await page.evaluate(overlappingChartText), [], `${what}: chart labels drawn over each other`);
  assert.deepEqual(await page.evaluate(developerText), [], `${what}: words or numbers written for a developer`);
  assert.deepEqual(await page.evaluate(seriesColourClashes), [], `${what}: a series in two colours`);
  assert.deepEqual(await page.evaluate(emptySections), [], `${what}: a heading, caption or figure over nothing`);
  assert.deepEqual(await page.evaluate(clippedWithoutCue), [], `${what}: content cut by its box with no sign that it scrolls`);
  assert.deepEqual(await page.evaluate(splitTokens), [], `${what}: a number, unit, date, id or short formula split across lines`);
  assert.deepEqual(await page.evaluate(spillsOutOfCells), [], `${what}: text drawn outside its table cell, over the next column`);
  assert.deepEqual(await page.evaluate(mathsAsText), [], `${what}: maths written as code (an underscore or a caret) instead of typeset`);
  assert.deepEqual(await page.evaluate(controlsOffTheirLine), [], `${what}: a radio button or box not level with its words`);
}

// The element that carries a page's point, less than half in view (or, taller than the
// window, filling less than half of it): [description], empty when in view.
export function pointOutOfView(id) {
  const el = document.getElementById(id);
  if (!el) return [`#${id}: no such element`];
  const r = el.getBoundingClientRect(), vh = window.innerHeight;
  const shown = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
  return r.height > 0 && shown >= Math.min(r.height, vh) / 2 ? [] : [`#${id} at ${Math.round(r.top)}-${Math.round(r.bottom)} px of a ${vh} px window`];
}
