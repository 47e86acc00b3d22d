// Which of KaTeX's fonts a built page can show, read from the page's HTML and KaTeX's own
// stylesheet, with Node alone. A browser fetches a web font only once some text is drawn
// in it, so a page already fetches no more than it shows; what this decides is what the
// service worker stores for offline use: the fonts some page of the site can show (its
// formulas, and those its scripts may clone from its <template>s), not all twenty.
//
//   const faces = katexFaces(css);              // KaTeX's @font-face rules: [{family, weight, style, file}]
//   katexFontsOf(html, css, faces)              // Set of font files ('KaTeX_Main-Regular.woff2')
//   woff2Only(css)                              // the stylesheet, each font from its woff2 alone
//   siteKatexFonts(out)                         // the font files any page of a built site can show
//
// Each formula's text is given the font the stylesheet's rules give it (the few KaTeX
// declares: .katex, .mathnormal, .mathbf, .delimsizing.size1, ...; more specific rules
// first, then the later one, then what the parent has), and that font's face is chosen as
// a browser does (CSS Fonts 4, "font matching": the style first, then the nearest weight).
// The MathML copy beside it (.katex-mathml, for screen readers) is drawn in the browser's
// own maths font: it counts for nothing.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const FONT_RULE = /@font-face\s*\{([^}]*)\}/g;

const declarations = (block) => Object.fromEntries(block.split(';').map((d) => d.split(':')).filter((d) => d.length >= 2)
  .map(([name, ...value]) => [name.trim(), value.join(':').trim()]));
const firstFamily = (list) => list.split(',')[0].trim().replace(/^["']|["']$/g, '');
const weightOf = (w) => (w === 'bold' ? 700 : w === 'normal' ? 400 : Number(w));

// KaTeX's @font-face rules: each face's family, weight, style and woff2 file.
export function katexFaces(css) {
  return [...css.matchAll(FONT_RULE)].map(([, block]) => {
    const d = declarations(block);
    const woff2 = /url\(["']?(?:[^)"']*\/)?([^/)"']+\.woff2)["']?\)/.exec(d.src || '');
    return { family: firstFamily(d['font-family']), weight: weightOf(d['font-weight'] || '400'), style: d['font-style'] || 'normal', file: woff2 && woff2[1] };
  }).filter((f) => f.file);
}

// The stylesheet with each @font-face's sources cut to its woff2 (every browser the lab
// runs in reads woff2; the woff and ttf beside it would never be fetched).
export function woff2Only(css) {
  return css.replace(FONT_RULE, (rule, block) => {
    const src = /src:([^;}]*)/.exec(block);
    const woff2 = src && src[1].split(',').find((s) => /\.woff2["']?\)/.test(s));
    return woff2 ? rule.replace(src[1], woff2.trim()) : rule;
  });
}

// The stylesheet's rules that set a font: [{selectors: [[{combinator, type, classes}]],
// specificity, order, family, weight, style}] (only what they set).
function fontRules(css) {
  const rules = [];
  let order = 0;
  for (const [, selectorText, block] of css.replace(FONT_RULE, '').matchAll(/([^{}@]+)\{([^{}]*)\}/g)) {
    const d = declarations(block);
    const set = {};
    if (d.font) Object.assign(set, fontShorthand(d.font));
    if (d['font-family']) set.family = firstFamily(d['font-family']);
    if (d['font-weight']) set.weight = weightOf(d['font-weight']);
    if (d['font-style']) set.style = d['font-style'];
    if (!Object.keys(set).length) continue;
    for (const s of selectorText.split(',')) {
      const compounds = parseSelector(s.trim());
      if (!compounds) continue;
      const specificity = compounds.reduce((n, c) => n + c.classes.length * 100 + (c.type ? 1 : 0), 0);
      rules.push({ compounds, specificity, order: order++, set });
    }
  }
  return rules.sort((a, b) => a.specificity - b.specificity || a.order - b.order);
}

// "normal 1.21em KaTeX_Main,math,serif": style and weight before the size, families after.
function fontShorthand(value) {
  const m = /^((?:[a-z0-9-]+\s+)*?)[\d.]+(?:em|px|rem|%|pt)(?:\/\S+)?\s+(.+)$/.exec(value.trim());
  if (!m) return {};
  const set = { family: firstFamily(m[2]), weight: 400, style: 'normal' };
  for (const word of m[1].split(/\s+/).filter(Boolean)) {
    if (word === 'italic' || word === 'oblique') set.style = word;
    else if (word === 'bold' || /^\d+$/.test(word)) set.weight = weightOf(word);
  }
  return set;
}

// ".katex .delimsizing.mult .delim-size1>span" -> compounds, each with the combinator that
// links it to the one before ('' first, ' ' descendant, '>' child); null for selectors of
// other kinds (ids, attributes, pseudo-classes), which KaTeX's font rules do not use.
function parseSelector(text) {
  const compounds = [];
  for (const [, combinator, compound] of text.replace(/\s*>\s*/g, '>').matchAll(/(^|\s+|>)([^\s>]+)/g)) {
    const m = /^([a-z][a-z0-9]*)?((?:\.[\w-]+)*)$/i.exec(compound);
    if (!m) return null;
    compounds.push({ combinator: combinator.trim() === '>' ? '>' : combinator ? ' ' : '', type: m[1] ? m[1].toLowerCase() : null, classes: m[2].split('.').filter(Boolean) });
  }
  return compounds.length ? compounds : null;
}

const compoundMatches = (c, el) => (!c.type || c.type === el.tag) && c.classes.every((k) => el.classes.has(k));

// Whether compounds match chain[i] (chain: the element's ancestors from the root, then itself).
function matches(compounds, chain, i, k = compounds.length - 1) {
  if (!compoundMatches(compounds[k], chain[i])) return false;
  if (k === 0) return true;
  if (compounds[k].combinator === '>') return i > 0 && matches(compounds, chain, i - 1, k - 1);
  for (let j = i - 1; j >= 0; --j) if (matches(compounds, chain, j, k - 1)) return true;
  return false;
}

// The face a browser draws (family, weight, style) with: the same style if the family has
// it (italic and oblique stand in for each other), then the nearest weight (CSS Fonts 4:
// from 400 to 500 upwards first, below 400 downwards first, above 500 upwards first).
function faceFor(faces, family, weight, style) {
  const ofFamily = faces.filter((f) => f.family === family);
  if (!ofFamily.length) return null;
  const slanted = (s) => s !== 'normal';
  const sameStyle = ofFamily.filter((f) => slanted(f.style) === slanted(style));
  const pool = sameStyle.length ? sameStyle : ofFamily;
  const exact = pool.find((f) => f.weight === weight);
  if (exact) return exact;
  const order = (f) => {
    const w = f.weight;
    if (weight >= 400 && weight <= 500) return w > weight && w <= 500 ? w - weight : w < weight ? 1000 + (weight - w) : 2000 + w;
    if (weight < 400) return w < weight ? weight - w : 1000 + w;
    return w > weight ? w - weight : 1000 + (weight - w);
  };
  return [...pool].sort((a, b) => order(a) - order(b))[0];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([A-Za-z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;

// The font files KaTeX's stylesheet (css) gives the text of the formulas in html.
export function katexFontsOf(html, css, faces = katexFaces(css), rules = fontRules(css)) {
  const used = new Set();
  // Each open element: {tag, classes, font: {family, weight, style} or null, drawn: inside .katex-html}.
  const stack = [{ tag: '#root', classes: new Set(), font: null, drawn: false }];
  TOKEN.lastIndex = 0;
  for (let m; (m = TOKEN.exec(html));) {
    const [whole, closing, tagName, attrs, text] = m;
    const top = stack[stack.length - 1];
    if (text !== undefined) {
      if (top.drawn && top.font && /\S/.test(text)) {
        const face = faceFor(faces, top.font.family, top.font.weight, top.font.style);
        if (face) used.add(face.file);
      }
      continue;
    }
    if (!tagName) continue;  // a comment
    const tag = tagName.toLowerCase();
    if (closing) {
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    if (tag === 'script' || tag === 'style') {  // raw text: not markup
      const end = html.toLowerCase().indexOf(`</${tag}`, TOKEN.lastIndex);
      TOKEN.lastIndex = end < 0 ? html.length : end;
      continue;
    }
    const cls = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
    const el = { tag, classes: new Set((cls ? cls[1] ?? cls[2] ?? cls[3] : '').split(/\s+/).filter(Boolean)), font: top.font, drawn: top.drawn };
    const chain = [...stack.slice(1), el];
    let font = el.font;
    for (const r of rules) if (matches(r.compounds, chain, chain.length - 1)) font = { ...(font || { weight: 400, style: 'normal' }), ...r.set };
    el.font = font;
    if (el.classes.has('katex-html')) el.drawn = true;
    if (el.classes.has('katex-mathml')) el.drawn = false;
    if (!VOID.has(tag) && !whole.endsWith('/>')) stack.push(el);
  }
  return used;
}

// The KaTeX font files some page of a built site can show: every HTML file in out (but
// downloads/), read against the site's own copy of KaTeX's stylesheet.
export function siteKatexFonts(out) {
  const css = readFileSync(join(out, 'vendor/katex/katex.min.css'), 'utf8');
  const faces = katexFaces(css), rules = fontRules(css);
  const used = new Set();
  const walk = (dir) => {
    for (const e of readdirSync(join(out, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (rel !== 'downloads') walk(rel); } else if (e.name.endsWith('.html')) {
        for (const f of katexFontsOf(readFileSync(join(out, rel), 'utf8'), css, faces, rules)) used.add(f);
      }
    }
  };
  walk('');
  return used;
}
