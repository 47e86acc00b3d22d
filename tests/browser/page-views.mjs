// Two looks at a page as a student sees it, for the pages' own browser tests (the
// translation's and the comments'). Each runs inside the page (page.evaluate): nothing
// from this module's scope.

// Inside the page: every element of main whose content is wider than its box (a clipped
// table, map or drawing) that does not say it scrolls or cannot be scrolled with the
// keyboard: [description].
export function clippedWithoutCue() {
  const out = [];
  for (const el of document.querySelectorAll('main *')) {
    if (!el.getClientRects().length || !el.clientHeight || el.scrollWidth <= el.clientWidth + 1) continue;
    if (el.closest('.sr-only')) continue;  // words for screen readers only, drawn at no size on purpose
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;  // out of sight (a figure waiting for its chart)
    const style = getComputedStyle(el);
    if (!/auto|scroll|hidden|clip/.test(style.overflowX) || el.matches('input, textarea, select, pre code')) continue;
    const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} (holding #${el.querySelector('[id]')?.id ?? '?'}, ${el.scrollWidth} px in ${el.clientWidth})`;
    if (!el.matches('.scroll-frame')) { out.push(`${name}: clipped, with no scroll cue`); continue; }
    if (!el.dataset.scroll) out.push(`${name}: no scroll cue (data-scroll)`);
    if (el.getAttribute('tabindex') !== '0' || el.getAttribute('role') !== 'region' || !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby'))) {
      out.push(`${name}: not a named, focusable region`);
    }
  }
  return out;
}

// Inside the page: the element's rectangle against the window, or null when wholly in it.
export function outOfWindow(id) {
  const r = document.getElementById(id).getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth
    ? null : `#${id} at ${Math.round(r.top)}-${Math.round(r.bottom)} px of a ${window.innerHeight} px window`;
}
