// Maths in the widget pages, typeset by KaTeX when the site is built, as the lesson's is.
// - A page's hand-written HTML (web/pages/*.html, the demo deck) writes a formula $…$
//   in its text; typesetHtml turns each into KaTeX's HTML (and MathML, for screen readers).
// - Text a script writes at run time marks its formulas $…$ too (web/js/ui/maths.js);
//   templatesHtml makes one <template data-tex="…"> per formula the scripts may write
//   (maths.js's FORMULAS and every $…$ in the widgets' content), which maths.js clones.
// - checkNoTextMaths fails the build on maths written as text in a page's HTML: a
//   letter with an underscore subscript ("d_k", "W_q") or a caret ("e^x") outside $…$.
import katex from 'katex';
import { ContentError } from './errors.mjs';
import { escapeHtml } from './html.mjs';

function typeset(tex, file, line) {
  try {
    return katex.renderToString(tex, { displayMode: false, throwOnError: true, output: 'htmlAndMathml' });
  } catch (err) {
    throw new ContentError(file, line, `math does not typeset: ${err.message.replace(/^KaTeX parse error: /, '')}`);
  }
}

// Each $…$ of a page's text (never inside a tag: an attribute or an <option> cannot hold
// KaTeX, and is written in words there).
export function typesetHtml(html, file) {
  return html.split('\n').map((line, i) => line.replace(/(<[^>]*>)|\$([^$\n]+?)\$/g, (whole, tag, tex, column) => (tag !== undefined ? tag : typeset(tex, file, { line: i + 1, column: column + 1 })))).join('\n');
}

// The text a student reads in a page's HTML: no tags, comments, code or maths.
function visibleText(html) {
  return html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<(code|pre|script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/\$[^$\n]+\$/g, ' ').replace(/<[^>]*>/g, ' ').replace(/\{\{[^}]*\}\}/g, ' ');
}

const TEXT_MATHS = /(?<![\w.])(?:[A-Za-zα-ωΑ-Ω][A-Za-z0-9α-ωΑ-Ω]*_(?:\{|[A-Za-z0-9α-ωΑ-Ω]+)|[\w)]\^[\w{(])/g;

export function checkNoTextMaths(html, file) {
  html.split('\n').forEach((line, i) => {
    const m = visibleText(line).match(TEXT_MATHS);
    if (m) throw new ContentError(file, i + 1, `"${m[0]}" is maths written as text: write it $…$ (typeset by KaTeX at build time)`);
  });
}

// Every $…$ in the strings of a value (a widget's content: labels, help, options).
export function formulasIn(value, out = new Set()) {
  if (typeof value === 'string') for (const m of value.matchAll(/\$([^$\n]+)\$/g)) out.add(m[1]);
  else if (Array.isArray(value)) for (const v of value) formulasIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) formulasIn(v, out);
  return out;
}

// One <template> per formula, out of sight (maths.js clones them into the text it writes).
export function templatesHtml(formulas, file) {
  const items = [...new Set(formulas)].sort().map((tex) => `<template data-tex="${escapeHtml(tex)}">${typeset(tex, file, 1)}</template>`);
  return items.length ? `<div class="maths-templates" hidden>${items.join('')}</div>` : '';
}
