// Maths written as code in what a student reads: "d_k", "W_q", "α_ij", "e^(x)" in
// visible text, where the lesson typesets the same symbols with KaTeX (a subscript k,
// not an underscore). Run inside a page (page.evaluate); returns ["element: text"].
//
// Looked at: every visible text node of the body, SVG chart text included, and the
// options of a visible <select>. Not looked at: code the student reads as code (code,
// pre, the code editor), what the student typed (textarea, form fields' values, which
// are not text nodes), KaTeX's own output (.katex), text for screen readers only
// (.sr-only), and a page's address written out to be copied ("checks.html?seed=3").
// A snake_case identifier ("d_model", "attention_lab_mt") is the developer-text check's
// (visual-checks.mjs) and is not reported twice; "d_k" or "W_q", a letter with a
// one-character subscript, is this check's.
export function mathsAsText() {
  const SKIP = 'script, style, template, code, pre, textarea, .katex, .cm-editor, .code-editor, .sr-only';
  const SUB = /(?<![\w.])[A-Za-zα-ωΑ-Ω][A-Za-z0-9α-ωΑ-Ω]*_(?:\{|[A-Za-z0-9α-ωΑ-Ω]+)/g;
  const SUP = /[\w)α-ωΑ-Ω]\^[\w{(α-ωΑ-Ω−-]/g;
  // The developer-text check's identifier: letters, then an underscore and two or more
  // letters or digits (that check reports it).
  const IDENT = /^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_[A-Za-z0-9]{2,}$/;
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}`;
  const where = (el) => {
    const owner = el.id ? null : el.parentElement && el.parentElement.closest('[id]');
    return owner ? `${name(el)} in ${name(owner)}` : name(el);
  };
  const out = [];
  const look = (el, raw) => {
    const text = raw.replace(/\S*\.html\b\S*/g, ' ');
    const found = [];
    for (const m of text.matchAll(SUB)) if (!IDENT.test(m[0].replace(/[^\w]+$/, ''))) found.push(m[0]);
    for (const m of text.matchAll(SUP)) found.push(m[0]);
    if (found.length) out.push(`${where(el)}: "${text.trim().replace(/\s+/g, ' ').slice(0, 80)}" (${found.join(', ')})`);
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(SKIP) || el.closest('option')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    look(el, n.data);
  }
  for (const sel of document.querySelectorAll('select')) {
    if (sel.closest(SKIP) || !sel.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    for (const o of sel.options) look(o.id ? o : sel, o.text);
  }
  return [...new Set(out)];
}
