// What a student sees, checked on every page of the registry at a laptop's size
// (1280 × 800) and a phone's (390 × 844), the way a person would look at a screenshot:
//   - every formula as KaTeX draws it: each of its SVG glyphs (the radical of √d_k, the
//     bars and arrows) has a size and none of the lab's own styling (background, border);
//   - nothing past the right edge of the window;
//   - no word or number split across lines in a table cell, heading, label, term or
//     button ("10/24", "tru/e", "44.7 /%");
//   - a widget's primary action and the picture it drives (the registry's firstScreen)
//     on the first screen: the action whole, at least half of the picture.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, openPage } from './support.mjs';
import { PAGES, pageReady } from './pages.mjs';

const SIZES = [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }];

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// KaTeX's SVG glyphs that the page styles or hides: [description].
function katexGlyphProblems() {
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
function offFirstScreen([action, picture]) {
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
function pastRightEdge() {
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

// Words split across two lines: within each word of a cell, heading, label, term or
// button, every character's box shares one top. Hyphenated words may break at the hyphen.
function splitWords() {
  const out = [];
  const els = document.querySelectorAll('td, th, h1, h2, h3, label, dt, dd, button, summary, figcaption, caption');
  for (const el of els) {
    if (el.closest('.katex') || el.querySelector('.katex') || !el.getClientRects().length) continue;
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      for (const m of n.data.matchAll(/[^\s\-\u2010]+/g)) {
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

for (const entry of PAGES) {
  for (const size of SIZES) {
    test(`${entry.file} on a ${size.name} (${size.width} × ${size.height}): formulas whole, nothing past the edge, no word split`, async () => {
      const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(entry.file),
        { contextOptions: { viewport: { width: size.width, height: size.height } } });
      await pageReady(page, entry);
      // A page that computes as it opens (scaling, order, calculator): its answer drawn.
      await page.waitForFunction(() => !document.body.dataset.requested || document.body.dataset.computed === document.body.dataset.requested);
      assert.deepEqual(await page.evaluate(katexGlyphProblems), [], `${entry.file}: formulas not as KaTeX draws them`);
      assert.deepEqual(await page.evaluate(pastRightEdge), [], `${entry.file}: past the right edge`);
      assert.deepEqual(await page.evaluate(splitWords), [], `${entry.file}: words split across lines`);
      if (entry.firstScreen) {
        assert.deepEqual(await page.evaluate(offFirstScreen, entry.firstScreen), [], `${entry.file}: not on the first screen (${size.height} px)`);
      }
      assert.deepEqual(problems.console, []);
      await close();
    });
  }
}
