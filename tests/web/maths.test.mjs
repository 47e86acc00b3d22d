// Maths in the widgets (tools/site/maths.mjs at build time, web/js/ui/maths.js at run
// time): a page's $…$ typeset and its text maths refused by the build, the engine's
// plain symbols marked as formulas, and the plain form attributes and options use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkNoTextMaths, formulasIn, templatesHtml, typesetHtml } from '../../tools/site/maths.mjs';
import { engineMaths, plainMaths, plainTex } from '../../web/js/ui/maths.js';

test('a page\'s $…$ becomes KaTeX (HTML and MathML); tags and attributes are left alone', () => {
  const out = typesetHtml('<h1 title="cost">Why divide by $\\sqrt{d_k}$?</h1>', 'web/pages/x.html');
  assert.match(out, /^<h1 title="cost">Why divide by <span class="katex">/);
  assert.match(out, /<math[^>]*>.*<annotation encoding="application\/x-tex">\\sqrt\{d_k\}<\/annotation>/);
  assert.ok(!out.includes('$'));
  assert.throws(() => typesetHtml('<p>\n$\\frac{1$</p>', 'web/pages/x.html'), /web\/pages\/x\.html:2:1: math does not typeset/);
});

test('the build refuses maths written as text in a page, naming the line, and passes it typeset, in code or in a tag', () => {
  assert.throws(() => checkNoTextMaths('<p>fine</p>\n<p>Why divide by √d_k?</p>', 'web/pages/scaling.html'), /web\/pages\/scaling\.html:2:1: "d_k" is maths written as text/);
  assert.throws(() => checkNoTextMaths('<p>W_q = W_k = I</p>', 'f'), /"W_q"/);
  assert.throws(() => checkNoTextMaths('<p>each is e^(s)</p>', 'f'), /"e\^\("/);
  for (const ok of ['<p>Why divide by $\\sqrt{d_k}$?</p>', '<p>In code: <code>d_k = 2</code></p>', '<div id="set-d_k" class="a_b"></div>',
    '<!-- d_k -->', '<p>{{scaling.d_k}}</p>']) assert.doesNotThrow(() => checkNoTextMaths(ok, 'f'), ok);
});

test('the formulas a script may write are found in the content and typeset once each into <template>s', () => {
  const found = formulasIn({ settings: [{ help: 'Additive: $w^\\top \\tanh(W_q q)$ with $W_q$ learned' }, { label: 'Seed' }], more: ['$W_q$'] });
  assert.deepEqual([...found], ['w^\\top \\tanh(W_q q)', 'W_q']);
  const html = templatesHtml([...found, 'W_q'], 'f');
  assert.equal(html.match(/<template data-tex=/g).length, 2);
  assert.match(html, /^<div class="maths-templates" hidden><template data-tex="W_q"><span class="katex">/);
});

test('the engine\'s plain symbols become formulas; words, identifiers and addresses do not', () => {
  assert.equal(engineMaths('s_i = q · k_i / √d_k, then c = Σ α_i v_i.'), '$s_{i}$ = q · $k_{i}$ / $\\sqrt{d_{k}}$, then c = Σ $\\alpha_{i}$ $v_{i}$.');
  assert.equal(engineMaths('x_i W_Qᵀ (d_model = 2, H_enc)'), '$x_{i}$ $W_{Q}^\\top$ ($d_{\\text{model}}$ = 2, $H_{\\text{enc}}$)');
  assert.equal(engineMaths('forgot_sqrt_dk in core/widget_schemas.hpp'), 'forgot_sqrt_dk in core/widget_schemas.hpp');
});

test('the plain form (attributes, options, error messages) has no underscore or caret', () => {
  assert.equal(plainMaths('Dimension $d_k$: 0 is out of range'), 'Dimension dₖ: 0 is out of range');
  assert.equal(plainTex('q^\\top k / \\sqrt{d_k}'), 'qᵀ k / √dₖ');
  assert.equal(plainTex('\\alpha_{ij} v_j'), 'αᵢⱼ vⱼ');
  for (const tex of ['d_{\\text{model}}', 'W_Q^\\top', 'T^2']) assert.doesNotMatch(plainTex(tex), /[_^]/, tex);
});
