// A visible heading over nothing (the translation page once showed "Queries (decoder
// states)" over an empty space until an unsignposted Translate; the comments page an
// empty chart frame and a header-only table under "The remedy"). Runs inside the page
// (page.evaluate): nothing from this module's scope.
//
// A heading's section is what follows it among its siblings up to the next heading
// (h1–h4), or, for a heading with nothing after it, what follows its parent up to the
// next heading there. The section has content when any of it that is shown holds:
//   - text outside headings, table heads, captions and charts' own frame (axis ticks and
//     titles, legends: an empty chart still has those);
//   - a form control or a button (an action offered is content);
//   - a chart with data, or one that says what will fill it (its text.waiting): a line chart (polyline.series) with a point, any other svg with
//     a drawn element that is not text, or a canvas with a painted pixel;
//   - an image.
// A table or a figure shown with its caption over nothing is the same flaw: a visible
// table with a caption or a head and no body cell with text, a figure whose caption is
// its only content.
// [description naming the heading, table or figure and the page's nearest id]
export function emptySections() {
  const shown = (el) => el.getClientRects().length > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const HEADING = /^H[1-4]$/;
  const chartHasData = (svg) => {
    if ([...svg.querySelectorAll('text.waiting')].some((t) => t.textContent.trim() && shown(t))) return true;  // says what will fill it
    const series = svg.querySelectorAll('polyline.series');
    if (series.length) return [...series].some((p) => Number(p.dataset.count) > 0);
    return [...svg.querySelectorAll('rect, circle, path, polygon, polyline, line, image')]
      .some((e) => !e.classList.contains('frame') && !e.classList.contains('grid') && shown(e));
  };
  const canvasHasData = (c) => {
    if (!c.width || !c.height) return false;
    try {
      const ctx = c.getContext('2d');
      if (!ctx) return true;  // a WebGL or bitmap canvas: taken as drawn
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < d.length; i += 4 * 7) if (d[i]) return true;
      return false;
    } catch { return true; }
  };
  const textOutside = (el) => {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const p = n.parentElement;
      if (!n.data.trim() || !p || p.closest('svg, thead, caption, script, style, template, .sr-only, h1, h2, h3, h4')) continue;
      if (shown(p)) return true;
    }
    return false;
  };
  const hasContent = (el) => {
    if (!shown(el)) return false;
    if (HEADING.test(el.tagName)) return false;
    if (el.matches('input:not([type=hidden]), select, textarea, button, img, [role=img]:not(svg)')) return true;
    if (el.matches('svg')) return chartHasData(el);
    if (el.matches('canvas')) return canvasHasData(el);
    if (textOutside(el)) return true;
    if (el.querySelector('input:not([type=hidden]), select, textarea, button, img') &&
        [...el.querySelectorAll('input:not([type=hidden]), select, textarea, button, img')].some(shown)) return true;
    if ([...el.querySelectorAll('svg')].some((s) => shown(s) && chartHasData(s))) return true;
    if ([...el.querySelectorAll('canvas')].some((c) => shown(c) && canvasHasData(c))) return true;
    return false;
  };
  const sectionOf = (h) => {
    const level = (e) => Number(e.tagName[1]);
    const after = [];
    for (let s = h.nextElementSibling; s && !(HEADING.test(s.tagName) && level(s) <= level(h)); s = s.nextElementSibling) after.push(s);
    if (after.length || !h.parentElement || h.parentElement.matches('main, body')) return after;
    for (let s = h.parentElement.nextElementSibling; s && !HEADING.test(s.tagName) && !s.querySelector('h1, h2, h3, h4'); s = s.nextElementSibling) after.push(s);
    return after;
  };
  const out = [];
  for (const h of document.querySelectorAll('main h2, main h3, main h4')) {
    if (!shown(h) || h.closest('.sr-only, [aria-hidden="true"]')) continue;
    const section = sectionOf(h);
    if (!section.some(hasContent)) {
      const owner = h.id ? '' : ` in #${h.closest('[id]')?.id ?? 'main'}`;
      out.push(`"${h.textContent.trim().slice(0, 50)}" (${h.tagName.toLowerCase()}${h.id ? `#${h.id}` : ''}${owner}) heads an empty section`);
    }
  }
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ` in #${el.closest('[id]')?.id ?? 'main'}`}`;
  for (const t of document.querySelectorAll('main table')) {
    if (!shown(t) || !(t.caption || t.tHead)) continue;
    const cells = [...t.querySelectorAll('tbody td, tbody th, tr > td')].filter((c) => c.textContent.trim() || c.querySelector('svg, canvas, input, button'));
    if (!cells.some(shown)) out.push(`"${(t.caption?.textContent ?? t.tHead.textContent).trim().slice(0, 50)}" (${name(t)}) captions an empty table`);
  }
  for (const f of document.querySelectorAll('main figure')) {
    const caption = f.querySelector(':scope > figcaption');
    if (!shown(f) || !caption || !shown(caption)) continue;
    if (![...f.children].some((c) => c !== caption && hasContent(c))) out.push(`"${caption.textContent.trim().slice(0, 50)}" (${name(f)}) captions an empty figure`);
  }
  return out;
}
