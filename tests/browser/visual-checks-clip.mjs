// Visual checks of clipping and splitting (visual-checks-clip.test.mjs shows each one
// failing on the defect it was written for). Each function runs inside the page
// (page.evaluate) and returns a list of "element: problem" strings; none may use
// anything from this module's scope.

// Content cut by its box with no sign that it scrolls: an element whose content is wider
// or taller than its box (a table in a box that hides or scrolls its overflow, text cut
// by text-overflow), unless the box is a scroll frame a student can see and reach: it
// scrolls (overflow auto or scroll), it is focusable (tabindex 0) and a named region,
// and it shows a cue for the side that is hidden (web/js/ui/scroll-frame.js's
// data-scroll, drawn by css/lab.css as a faded edge and a "Scroll sideways" line). The
// page itself wider than the window is reported too. Boxes a screen reader alone reads
// (.sr-only), and the header's list of pages, which scrolls as a strip of links on a
// phone, are left out; so are a text field's own and KaTeX's (its display maths scroll
// in .math-display, which is checked).
export function clippedWithoutCue() {
  const out = [];
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.classList.length ? `.${[...e.classList].slice(0, 2).join('.')}` : ''}`;
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page: content ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window`);
  const shownCue = (el, hidden) => {
    const sides = (el.dataset.scroll || '').split(' ').filter(Boolean);
    if (!hidden.every((s) => sides.includes(s))) return false;
    const cs = getComputedStyle(el);
    const before = getComputedStyle(el, '::before').content;
    const mask = cs.maskImage || cs.webkitMaskImage || 'none';
    return (before && before !== 'none' && before !== 'normal') || mask !== 'none' || el.matches(':focus-visible');
  };
  const reachable = (el) => el.tabIndex >= 0 && el.getAttribute('tabindex') !== null && el.getAttribute('role') === 'region'
    && (el.getAttribute('aria-label') || '').trim() + (el.getAttribute('aria-labelledby') || '').trim() !== '';
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.sr-only, script, style, .katex, nav, textarea, input, select, .cm-editor, svg, canvas, iframe, head, option')) continue;
    const cs = getComputedStyle(el);
    const clipsX = cs.overflowX !== 'visible', clipsY = cs.overflowY !== 'visible';
    const ellipsis = cs.textOverflow === 'ellipsis';
    if (!clipsX && !clipsY && !ellipsis) continue;
    if (!el.getClientRects().length || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (el.clientWidth <= 2 || el.clientHeight <= 2) continue;  // a hidden box, drawn at no size
    const wide = el.scrollWidth > el.clientWidth + 1 && (clipsX || ellipsis);
    const tall = el.scrollHeight > el.clientHeight + 1 && clipsY;
    if (!wide && !tall) continue;
    const hidden = [];
    if (wide) {
      if (el.scrollLeft > 1) hidden.push('left');
      if (el.scrollLeft < el.scrollWidth - el.clientWidth - 1) hidden.push('right');
    }
    if (tall && !wide) {
      // A box that scrolls up and down (the lab's pages have few): its scroll bar is
      // the cue, if it can scroll and be reached.
      if ((cs.overflowY === 'auto' || cs.overflowY === 'scroll') && reachable(el)) continue;
    }
    const scrolls = (wide ? cs.overflowX : cs.overflowY);
    const canScroll = scrolls === 'auto' || scrolls === 'scroll';
    const size = wide ? `${el.scrollWidth} px wide in a ${el.clientWidth} px box` : `${el.scrollHeight} px tall in a ${el.clientHeight} px box`;
    if (!canScroll) out.push(`${name(el)}: content ${size}, cut off (overflow ${scrolls}${ellipsis ? ', ellipsis' : ''})`);
    else if (!reachable(el)) out.push(`${name(el)}: content ${size}, scrolls but is not a focusable, named region`);
    else if (!shownCue(el, hidden)) out.push(`${name(el)}: content ${size}, scrolls with no cue that it does`);
  }
  return [...new Set(out)].slice(0, 10);
}

// A token split across two lines: a number with its unit ("95 %", "4.70 s", "16 hidden
// units" is words, but "95 %" is one), a date ("2026-12-04", "2026-12-04 14:13"), a
// student's id ("s12345"), a short formula ("H = 20", "3H · D", "T × d_model",
// "(τ = 1)", "α_i v_i", "W_q = W_k"), and anything the pages mark unbreakable
// (.unbroken, td.token, [data-token]). Every visible text of the page outside formulas
// typeset by KaTeX (which never break inside) and code is searched: [description].
export function splitTokens() {
  const out = [];
  const SYM = 'A-Za-zα-ωΑ-Ω√·×_ᵢⱼₖ₀-₉⁰-⁹\\d.′\'';
  const FORMULA = new RegExp(`\\(?[${SYM}]{1,8}(?:[\\s\\u00a0\\u202f]*[=×·≈≤≥<>][\\s\\u00a0\\u202f]*[${SYM}]{1,8})+\\)?`, 'g');
  const TOKENS = [
    // a number and its unit
    /[-+−]?\d+(?:[.,]\d+)?[\s\u00a0\u202f]*(?:%|‰|°|s\b|ms\b|µs\b|px\b|MB\b|KB\b|GB\b|kB\b)/g,
    // a date, with its time
    /\d{4}-\d{2}-\d{2}(?:[\sT\u00a0\u202f]+\d{1,2}:\d{2}(?::\d{2})?)?/g,
    // a clock time, a fraction such as 3/5 or 12 / 67
    /\b\d{1,2}:\d{2}\b/g,
    /\b\d+\s*\/\s*\d+\b/g,
    // a student's id: a letter and digits
    /\b[a-z]\d{3,}\b/gi,
    // a short formula: a symbol, an operator (=, ×, ·, ≈, ≤, ≥, <, >), a symbol, chained
    // (W_q = W_k, T × d_model, 3H · D, H = 20, (τ = 1))
    FORMULA,
    // a product of two indexed symbols: α_i v_i
    /\b[α-ωa-zA-Z]_[a-z0-9]{1,2}[\s\u00a0\u202f][α-ωa-zA-Z]_[a-z0-9]{1,2}\b/g,
  ];
  // Boxes on two lines: their centres, in order, leave a gap of more than three quarters of
  // the text's size (a subscript or a superscript sits a third of it off its base's line).
  const twoLines = (rects, el) => {
    const size = parseFloat(getComputedStyle(el).fontSize) || 16;
    const ys = rects.map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
    return ys.some((y, i) => i > 0 && y - ys[i - 1] > 0.75 * size);
  };
  const boxes = (range) => [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  const lines = (node, start, end) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    return boxes(range);
  };
  const where = (el) => {
    const owner = el.id ? el : el.closest('[id]');
    return `${el.tagName.toLowerCase()}${owner && owner !== el ? ` in ${owner.tagName.toLowerCase()}#${owner.id}` : el.id ? `#${el.id}` : ''}`;
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.data.trim() || el.closest('script, style, code, pre, textarea, .katex, .cm-editor, .sr-only, svg, option, title')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    for (const re of TOKENS) {
      for (const m of n.data.matchAll(re)) {
        const token = m[0].trim();
        if (token.length < 3 || !/\S\s*\S/.test(token)) continue;
        // A formula names a symbol: two plain words ("key = value") or two numbers in a
        // long computation ("54.598 ≈ 77.402", where a line may break) are not one.
        if (re === FORMULA) {
          const operands = token.replace(/[()]/g, '').split(/[\s\u00a0\u202f]*[=×·≈≤≥<>][\s\u00a0\u202f]*/);
          if (operands.every((o) => /^[a-z]{3,}$/i.test(o)) || operands.every((o) => /^[-+−]?[\d.,]+$/.test(o))) continue;
        }
        const start = m.index + m[0].indexOf(token);
        if (twoLines(lines(n, start, start + token.length), el)) out.push(`${where(el)}: "${token.replace(/[\u00a0\u202f]/g, ' ')}" split across lines`);
      }
    }
  }
  // What the pages mark as one token, however many text nodes it holds.
  // (Its text as drawn: a formula's MathML, for screen readers, is laid out out of sight.)
  for (const el of document.querySelectorAll('.unbroken, td.token, [data-token]')) {
    if (el.closest('.katex') || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const rects = [];
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode(); t; t = texts.nextNode()) {
      if (!t.data.trim() || t.parentElement.closest('.katex-mathml, .sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      rects.push(...boxes(range));
    }
    if (twoLines(rects, el)) out.push(`${where(el)}: "${el.textContent.trim().slice(0, 30)}" split across lines`);
  }
  return [...new Set(out)].slice(0, 10);
}

// Text drawn outside its table cell: in a table of fixed layout, or in a cell whose text may
// not wrap (white-space: nowrap), a word wider than its column is painted over the next
// column (a cell's overflow is visible), where neither text can be read. Every box of a
// visible cell's content (its text and its elements) must lie between the cell's left and
// right edges (1 px of slack); a cell that clips or scrolls its own overflow is
// clippedWithoutCue's. A cell's height grows with its content, so only the sides count.
export function spillsOutOfCells() {
  const out = [];
  const where = (cell) => {
    const table = cell.closest('table');
    const owner = table && (table.id ? table : table.closest('[id]'));
    const row = cell.parentElement ? [...cell.parentElement.parentElement.children].indexOf(cell.parentElement) + 1 : 0;
    return `${owner ? `${owner.tagName.toLowerCase()}#${owner.id} ` : ''}row ${row}, column ${cell.cellIndex + 1}`;
  };
  for (const cell of document.querySelectorAll('td, th')) {
    if (cell.closest('.sr-only, .katex, svg, script, template')) continue;
    if (!cell.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const cs = getComputedStyle(cell);
    if (cs.overflowX !== 'visible') continue;
    const box = cell.getBoundingClientRect();
    if (box.width <= 2) continue;
    // Its text and its replaced elements as drawn (a formula's MathML, for screen readers,
    // is laid out out of sight, and so is .sr-only text).
    const rects = [];
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.nodeType === Node.TEXT_NODE ? n.parentElement : n;
      if (el.closest('.katex-mathml, .sr-only')) continue;
      if (n.nodeType === Node.TEXT_NODE) {
        if (!n.data.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        rects.push(...range.getClientRects());
      } else if (n.matches('input, select, textarea, button, img, svg, canvas')) rects.push(n.getBoundingClientRect());
    }
    const spill = rects.filter((r) => r.width > 0 && r.height > 0)
      .map((r) => Math.max(box.left - r.left, r.right - box.right)).reduce((a, b) => Math.max(a, b), 0);
    if (spill > 1) out.push(`${where(cell)}: "${cell.textContent.trim().slice(0, 30).replace(/[\u00a0\u202f]/g, ' ')}" drawn ${Math.round(spill)} px outside its cell`);
  }
  return [...new Set(out)].slice(0, 10);
}
