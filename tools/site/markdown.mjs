// Markdown -> HTML at build time: CommonMark (markdown-it, raw HTML off) with
// math typeset by KaTeX (HTML + MathML, so screen readers get the maths).
// The lesson's own blocks are in lesson.mjs. Errors name the file and line.
import MarkdownIt from 'markdown-it';
import katex from 'katex';
import { ContentError } from './errors.mjs';

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
// Inline-only Markdown with math, for one-line texts (check prompts, choices).
export function renderInline(text, file, line) {
  const { src, math } = extractMath(text, file, line);
  return restoreMath(md.renderInline(keepTokensWhole(src)), math);
}

// Tokens a line must never split, joined by no-break spaces in the Markdown source (after
// the maths is taken out, outside `code`): a number and its unit ("95 %", "3 s"), and a
// short formula written in plain text ("H = 20", "3H · D", "T × d_model", "W_q = W_k = I",
// up to 30 characters: a longer chain keeps its spaces, so a phone can still wrap it).
const UNIT = /(\d) (%|‰|s|ms|µs|MB|kB|GB)(?![\w])/g;
const OPERAND = '[A-Za-z0-9α-ωΑ-Ω√_′.()\u00b2\u00b3\u2070-\u209c]{1,12}';
const FORMULA = new RegExp(`(?<![\\w])${OPERAND}(?: [=×·≈≤≥] ${OPERAND})+`, 'g');
export function keepTokensWhole(src) {
  return src.split(/(`+[^`]*`+)/).map((part, i) => (i % 2 ? part : part
    .replace(UNIT, '$1\u00a0$2')
    .replace(FORMULA, (f) => (f.length <= 30 && !/^\d+\.$/.test(f) ? f.replace(/ /g, '\u00a0') : f)))).join('');
}

function typeset(tex, displayMode, file, line) {
  try {
    return katex.renderToString(tex, { displayMode, throwOnError: true, output: 'htmlAndMathml' });
  } catch (err) {
    throw new ContentError(file, line, `math does not typeset: ${err.message.replace(/^KaTeX parse error: /, '')}`);
  }
}

// Replaces $$…$$ blocks and $…$ spans with placeholders markdown-it leaves alone.
function extractMath(text, file, firstLine) {
  const math = [];
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; ++i) {
    if (lines[i].trim() === '$$') {
      const start = i;
      const body = [];
      for (++i; i < lines.length && lines[i].trim() !== '$$'; ++i) body.push(lines[i]);
      if (i >= lines.length) throw new ContentError(file, firstLine + start, 'display math opened with $$ is never closed');
      math.push(typeset(body.join('\n'), true, file, firstLine + start));
      out.push('', `MATHPH${math.length - 1}X`, '');
      continue;
    }
    out.push(lines[i].replace(/\$([^$\n]+?)\$/g, (_, tex, column) => {
      math.push(typeset(tex, false, file, { line: firstLine + i, column: column + 1 }));
      return `MATHPH${math.length - 1}X`;
    }));
    if (/\$/.test(out[out.length - 1])) throw new ContentError(file, { line: firstLine + i, column: lines[i].lastIndexOf('$') + 1 }, 'a lone $ (math must be $…$ on one line, or $$ blocks)');
  }
  return { src: out.join('\n'), math };
}

function restoreMath(html, math) {
  return html
    .replace(/<p>MATHPH(\d+)X<\/p>/g, (_, n) => `<div class="math-display">${math[Number(n)]}</div>`)
    .replace(/MATHPH(\d+)X/g, (_, n) => math[Number(n)]);
}

// A lesson's tables scroll in a box of their own on narrow screens (focusable, so
// the keyboard can scroll it too).
export function renderMarkdown(text, file, firstLine) {
  const { src, math } = extractMath(text, file, firstLine);
  return restoreMath(md.render(keepTokensWhole(src)), math)
    .replace(/<table>/g, '<div class="scroll-frame" role="region" aria-label="Table, scrollable" tabindex="0"><table>')
    .replace(/<\/table>/g, '</table></div>');
}

