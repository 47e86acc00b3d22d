// Every page fetches exactly the web fonts its text is drawn in, and nothing else: the
// fonts of KaTeX (twenty faces declared, a page draws its formulas in two to six) and the
// demonstration deck's. A browser fetches a face only once text is laid out in it; this
// holds the lab to that on every page of the registry, the deck and a page in French, as
// they open (service workers blocked: what the page asks for itself). And what a page
// fetches is stored for offline use: the service worker's list holds every KaTeX face some
// page can show (tools/site/katex-fonts.mjs, from the built HTML) and no other.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, startLab, DIST } from './support.mjs';
import { PAGES, pageReady, pageComputed } from './pages.mjs';
import { katexFontsOf, siteKatexFonts } from '../../tools/site/katex-fonts.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const FONT_FILE = /\.(woff2?|ttf|otf|eot)(\?|#|$)/;
const precached = () => JSON.parse(/\[\{"url":[\s\S]*?\}\]/.exec(readFileSync(join(DIST, 'service-worker.js'), 'utf8'))[0]).map((e) => e.url);

// In the page: each declared face as "family|weight|style"; the faces its laid-out text
// is drawn in (each text's first family, its face matched as the browser matches it: the
// style first, then the nearest weight); the faces the browser loaded; and the face each
// font URL of its stylesheets belongs to.
function fontsInPage() {
  const unquote = (s) => s.trim().replace(/^["']|["']$/g, '');
  const weight = (w) => (w === 'bold' ? 700 : w === 'normal' ? 400 : Number(w));
  const key = (family, w, style) => `${unquote(family)}|${weight(w)}|${style === 'normal' ? 'normal' : 'italic'}`;
  const faces = [...document.fonts].map((f) => ({ family: unquote(f.family), weight: weight(f.weight), style: f.style, status: f.status }));
  const match = (family, w, style) => {
    const ofFamily = faces.filter((f) => f.family === family);
    if (!ofFamily.length) return null;
    const slanted = (s) => s !== 'normal';
    const same = ofFamily.filter((f) => slanted(f.style) === slanted(style));
    const pool = same.length ? same : ofFamily;
    const rank = (f) => {
      const x = f.weight;
      if (x === w) return 0;
      if (w >= 400 && w <= 500) return x > w && x <= 500 ? x - w : x < w ? 1000 + (w - x) : 2000 + x;
      if (w < 400) return x < w ? w - x : 1000 + x;
      return x > w ? x - w : 1000 + (w - x);
    };
    return [...pool].sort((a, b) => rank(a) - rank(b))[0];
  };
  const drawn = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walker.nextNode());) {
    const el = n.parentElement;
    if (!/\S/.test(n.data) || !el || !el.checkVisibility()) continue;
    const cs = getComputedStyle(el);
    const face = match(unquote(cs.fontFamily.split(',')[0]), weight(cs.fontWeight), cs.fontStyle);
    if (face) drawn.add(key(face.family, face.weight, face.style));
  }
  const urls = {};
  const rules = (sheet) => { try { return [...sheet.cssRules]; } catch { return []; } };
  const walk = (list) => {
    for (const r of list) {
      if (r.styleSheet) walk(rules(r.styleSheet));
      if (r.constructor.name !== 'CSSFontFaceRule') continue;
      const faceKey = key(r.style.getPropertyValue('font-family'), r.style.getPropertyValue('font-weight') || 'normal', r.style.getPropertyValue('font-style') || 'normal');
      for (const [, u] of r.style.getPropertyValue('src').matchAll(/url\(["']?([^"')]+)["']?\)/g)) urls[new URL(u, r.parentStyleSheet.href || location.href).pathname] = faceKey;
    }
  };
  for (const s of document.styleSheets) walk(rules(s));
  return {
    declared: faces.length,
    drawn: [...drawn].sort(),
    loaded: faces.filter((f) => f.status !== 'unloaded').map((f) => key(f.family, f.weight, f.style)).sort(),
    urls,
  };
}

const OPENED = [...PAGES.filter((p) => p.kind !== 'launch'), { file: 'embed/deck.html' }, { file: 'fr/lesson.html', kind: 'lesson', script: 'lesson.js' }];

test('each page fetches exactly the font faces its text is drawn in, each once, and every one is stored for offline use', async () => {
  const css = readFileSync(join(DIST, 'vendor/katex/katex.min.css'), 'utf8');
  const stored = new Set(precached());
  const problems = [];
  for (const entry of OPENED) {
    const context = await lab.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const fetched = [];
    page.on('request', (r) => { if (r.frame() === page.mainFrame() && FONT_FILE.test(r.url())) fetched.push(new URL(r.url()).pathname); });
    await page.goto(lab.isolatedUrl(entry.file));
    if (entry.kind) await pageReady(page, entry);
    await pageComputed(page);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    await page.evaluate(() => document.fonts.ready);
    const f = await page.evaluate(fontsInPage);
    const fetchedFaces = fetched.map((p) => f.urls[p] || `(no face: ${p})`).sort();
    const say = (what) => problems.push(`${entry.file}: ${what}`);
    if (JSON.stringify(f.loaded) !== JSON.stringify(f.drawn)) say(`loaded [${f.loaded}] but its text is drawn in [${f.drawn}]`);
    if (JSON.stringify(fetchedFaces) !== JSON.stringify(f.drawn)) say(`fetched [${fetched}] = [${fetchedFaces}], drawn in [${f.drawn}]`);
    for (const p of fetched) if (!stored.has(p.slice(1))) say(`${p} fetched but not stored for offline use`);
    // What the build found in the page's HTML covers what the page draws in KaTeX's fonts.
    const katexFetched = fetched.filter((p) => p.includes('/vendor/katex/')).map((p) => p.split('/').pop());
    const found = katexFontsOf(readFileSync(join(DIST, entry.file), 'utf8'), css);
    for (const k of katexFetched) if (!found.has(k)) say(`${k} drawn, but the build did not find it in the page`);
    await context.close();
  }
  assert.deepEqual(problems, []);
  // The service worker stores KaTeX's faces that some page can show, and no other.
  const katexStored = [...stored].filter((u) => u.startsWith('vendor/katex/fonts/')).map((u) => u.split('/').pop()).sort();
  assert.deepEqual(katexStored, [...siteKatexFonts(DIST)].sort());
  assert.ok(katexStored.length < 20, `${katexStored.length} of KaTeX's 20 faces stored`);
});
