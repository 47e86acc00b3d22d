// Lesson Markdown -> HTML at build time: CommonMark (markdown-it, raw HTML off),
// math typeset by KaTeX (HTML + MathML, so screen readers get the maths), and
// the lab's own blocks:
//   ::: note | warning | tip        a callout
//   ::: widget attention-table      a card linking to a widget (race?T=10 etc. too)
//   ::: diagram NAME                content/diagrams/NAME.svg with a caption
//   ::: check ID                    a quick check from content/quick-checks.json
// each closed by a line ":::". Errors name the file and line.
import MarkdownIt from 'markdown-it';
import katex from 'katex';
import { ContentError } from './errors.mjs';
import { renderCheck } from './checks-html.mjs';

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
const CALLOUTS = { note: 'Note', warning: 'Watch out', tip: 'Tip' };

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

// Inline-only Markdown with math, for one-line texts (check prompts, choices).
export function renderInline(text, file, line) {
  const { src, math } = extractMath(text, file, line);
  return restoreMath(md.renderInline(src), math);
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
    out.push(lines[i].replace(/\$([^$\n]+?)\$/g, (_, tex) => {
      math.push(typeset(tex, false, file, firstLine + i));
      return `MATHPH${math.length - 1}X`;
    }));
    if (/\$/.test(out[out.length - 1])) throw new ContentError(file, firstLine + i, 'a lone $ (math must be $…$ on one line, or $$ blocks)');
  }
  return { src: out.join('\n'), math };
}

function restoreMath(html, math) {
  return html
    .replace(/<p>MATHPH(\d+)X<\/p>/g, (_, n) => `<div class="math-display">${math[Number(n)]}</div>`)
    .replace(/MATHPH(\d+)X/g, (_, n) => math[Number(n)]);
}

function renderMarkdown(text, file, firstLine) {
  const { src, math } = extractMath(text, file, firstLine);
  return restoreMath(md.render(src), math);
}

// One lesson section. ctx: {diagrams, checks (by id), usedChecks (Set), raceKeys}.
export function renderSection(section, ctx) {
  const { file, text } = section;
  const lines = text.split('\n');
  const titleLine = lines.findIndex((l) => l.trim() !== '');
  const m = /^# (.+)$/.exec(lines[titleLine] || '');
  if (!m) throw new ContentError(file, titleLine + 1, 'a lesson section starts with a "# Title" line');
  const title = m[1].trim();
  const parts = [];
  let chunk = [], chunkStart = titleLine + 2;
  const flush = () => {
    if (chunk.length) parts.push(renderMarkdown(chunk.join('\n').replace(/^(#{1,4}) /gm, '$1# '), file, chunkStart));
    chunk = [];
  };
  for (let i = titleLine + 1; i < lines.length; ++i) {
    const open = /^:::\s*([\w-]+)\s*(\S*)\s*$/.exec(lines[i]);
    if (!open) {
      if (lines[i].trim() === ':::') throw new ContentError(file, i + 1, '":::" closes a block that was never opened');
      if (chunk.length === 0) chunkStart = i + 1;
      chunk.push(lines[i]);
      continue;
    }
    flush();
    const [, kind, arg] = open;
    const start = i;
    const body = [];
    for (++i; i < lines.length && lines[i].trim() !== ':::'; ++i) {
      if (/^:::\s*[\w-]+/.test(lines[i])) throw new ContentError(file, i + 1, `blocks cannot nest: "::: ${kind}" from line ${start + 1} is still open`);
      body.push(lines[i]);
    }
    if (i >= lines.length) throw new ContentError(file, start + 1, `"::: ${kind}" is never closed with ":::"`);
    parts.push(renderBlock(kind, arg, body.join('\n'), file, start + 1, ctx));
    chunkStart = i + 2;
  }
  flush();
  return { title, html: parts.join('\n') };
}

function renderBlock(kind, arg, body, file, line, ctx) {
  const inner = () => renderMarkdown(body, file, line + 1);
  if (CALLOUTS[kind]) {
    return `<aside class="callout callout-${kind}"><p class="callout-title">${CALLOUTS[kind]}</p>${inner()}</aside>`;
  }
  if (kind === 'widget') {
    const [name, query = ''] = arg.split('?');
    const params = new URLSearchParams(query);
    if (name === 'attention-table') {
      if (query) throw new ContentError(file, line, 'the attention-table widget takes no settings');
      return widgetCard('attention-table.html', 'Try it: the live attention table', inner());
    }
    if (name === 'race') {
      for (const key of params.keys()) {
        if (!ctx.raceKeys.includes(key)) throw new ContentError(file, line, `"${key}" is not a race setting (use ${ctx.raceKeys.join(', ')})`);
      }
      const label = query ? `Try it: the training race with ${[...params].map(([k, v]) => `${k} = ${v}`).join(', ')}` : 'Try it: the training race';
      return widgetCard(`race.html${query ? `?${params}` : ''}`, label, inner());
    }
    throw new ContentError(file, line, `unknown widget "${name}" (use attention-table or race)`);
  }
  if (kind === 'diagram') {
    const svg = ctx.diagrams[arg];
    if (!svg) throw new ContentError(file, line, `no diagram content/diagrams/${arg}.svg`);
    return `<figure class="diagram">${svg}<figcaption>${inner()}</figcaption></figure>`;
  }
  if (kind === 'check') {
    const check = ctx.checks[arg];
    if (!check) throw new ContentError(file, line, `unknown quick check "${arg}"`);
    if (body.trim()) throw new ContentError(file, line, '"::: check" blocks are empty');
    ctx.usedChecks.add(arg);
    return renderCheck(check, 'content/quick-checks.json');
  }
  throw new ContentError(file, line, `unknown block "::: ${kind}" (use note, warning, tip, widget, diagram or check)`);
}

function widgetCard(href, label, body) {
  return `<aside class="widget-card"><p class="widget-title"><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>${body}</aside>`;
}
