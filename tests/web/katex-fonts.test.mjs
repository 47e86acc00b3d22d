// Which KaTeX fonts a page can show (tools/site/katex-fonts.mjs): what the service worker
// stores of KaTeX's twenty, and KaTeX's stylesheet cut to woff2. The browser side (a page
// fetches exactly the fonts its formulas are drawn in, and the service worker stores each
// of them) is tests/browser/page-fonts.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import katex from 'katex';
import { katexFaces, katexFontsOf, woff2Only } from '../../tools/site/katex-fonts.mjs';

const CSS = readFileSync('node_modules/katex/dist/katex.min.css', 'utf8');
const fontsOf = (tex, displayMode = false) => [...katexFontsOf(katex.renderToString(tex, { displayMode, output: 'htmlAndMathml' }), CSS)].sort();

test('each formula needs the faces its symbols are drawn in, chosen as a browser matches them', () => {
  assert.deepEqual(fontsOf('x'), ['KaTeX_Math-Italic.woff2']);
  assert.deepEqual(fontsOf('q^\\top k'), ['KaTeX_Main-Regular.woff2', 'KaTeX_Math-Italic.woff2']);
  assert.deepEqual(fontsOf('\\tanh'), ['KaTeX_Main-Regular.woff2']);
  // A sum: the small operator inline, the large one displayed.
  assert.ok(fontsOf('\\sum_i \\alpha_i').includes('KaTeX_Size1-Regular.woff2'));
  assert.ok(fontsOf('\\sum_i \\alpha_i', true).includes('KaTeX_Size2-Regular.woff2'));
  assert.deepEqual(fontsOf('\\Bigg('), ['KaTeX_Size4-Regular.woff2']);
  assert.deepEqual(fontsOf('\\mathbf{W}'), ['KaTeX_Main-Bold.woff2']);
  assert.deepEqual(fontsOf('\\boldsymbol{x}'), ['KaTeX_Math-BoldItalic.woff2']);
  assert.deepEqual(fontsOf('\\mathbb{R}'), ['KaTeX_AMS-Regular.woff2']);
  assert.deepEqual(fontsOf('\\mathcal{L}'), ['KaTeX_Caligraphic-Regular.woff2']);
  // Weight and style inherited from two different rules, then matched to one face.
  assert.deepEqual(fontsOf('\\text{\\textbf{\\textit{a}}}'), ['KaTeX_Main-BoldItalic.woff2']);
});

test('only the drawn formula counts: not its MathML copy, not scripts; a <template> a script clones does', () => {
  const x = katex.renderToString('x', { output: 'htmlAndMathml' });
  const mathmlOnly = katex.renderToString('\\mathbb{R}', { output: 'mathml' });
  assert.deepEqual([...katexFontsOf(`<p>${mathmlOnly}</p>`, CSS)], []);
  assert.deepEqual([...katexFontsOf(`<script>const s = '${x.replace(/'/g, '"')}';</script><p>no maths</p>`, CSS)], []);
  assert.deepEqual([...katexFontsOf(`<div hidden><template data-tex="x">${x}</template></div>`, CSS)], ['KaTeX_Math-Italic.woff2']);
});

test('the stylesheet keeps every face, each from its woff2 alone, a file KaTeX ships', () => {
  const cut = woff2Only(CSS);
  assert.equal(katexFaces(cut).length, 20);
  assert.deepEqual(katexFaces(cut), katexFaces(CSS));
  assert.doesNotMatch(cut, /\.woff\)|\.ttf\)|format\("woff"\)|truetype/);
  for (const f of katexFaces(cut)) assert.ok(existsSync(`node_modules/katex/dist/fonts/${f.file}`), f.file);
  // Nothing but the sources changed.
  assert.equal(cut.replace(/@font-face\{[^}]*\}/g, ''), CSS.replace(/@font-face\{[^}]*\}/g, ''));
});
