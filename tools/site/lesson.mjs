// A lesson section (content/lesson/NN-name.md) -> HTML: Markdown with maths
// (markdown.mjs) and the lab's own blocks, each closed by a line ":::":
//   ::: note | warning | tip        a callout
//   ::: widget NAME[?key=value&…]   a card linking to a widget page of content/pages.json;
//                                   the settings are checked against the widget's schema
//   ::: diagram NAME                content/diagrams/NAME.svg with a caption
//   ::: check ID                    a quick check from content/quick-checks.json
//   ::: answer TITLE                a worked answer, folded under its title
// and, anywhere in the text, {{widget.name}}: a fixed value or a setting's default
// from content/widgets/widget.json ({{race.n_train}} -> 2,400), so texts that quote
// sizes take them from the data. Errors name the file and line.
import { ContentError } from './errors.mjs';
import { renderMarkdown } from './markdown.mjs';
import { renderCheck } from './checks-html.mjs';
import { escapeHtml } from './html.mjs';
import { parsePairs } from '../../web/js/settings/settings-schema.js';
import { pageLanguage, t } from '../../web/js/ui/i18n.js';

const CALLOUTS = { note: 'lesson.note', warning: 'lesson.warning', tip: 'lesson.tip' };

// {{widget.name}} in `text` (of `file`, starting at line `firstLine`) -> its value.
export function fillRefs(text, widgets, file, firstLine = 1) {
  return text.split('\n').map((line, i) => line.replace(/\{\{\s*([\w-]+)\.(\w+)\s*\}\}/g, (whole, widget, name) => {
    const w = widgets[widget];
    const fixed = w && w.fixed && Object.prototype.hasOwnProperty.call(w.fixed, name) ? w.fixed[name] : undefined;
    const setting = w && Array.isArray(w.settings) ? w.settings.find((s) => s.key === name) : undefined;
    const value = fixed !== undefined ? fixed : setting ? setting.default : undefined;
    if (value === undefined) throw new ContentError(file, firstLine + i, `${whole}: content/widgets/${widget}.json has no fixed value or setting "${name}"`);
    return typeof value === 'number' ? value.toLocaleString(pageLanguage()) : String(value);
  })).join('\n');
}

// ctx: {pages (registry), widgets, diagrams, checks (by id), usedChecks (Set), lastCheck: the last
// check met, across sections (the lesson must meet them in number order)}.
export function renderSection(section, ctx) {
  const { file } = section;
  const lines = fillRefs(section.text, ctx.widgets, file).split('\n');
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
    const open = /^:::\s*([\w-]+)\s*(.*?)\s*$/.exec(lines[i]);
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
    return `<aside class="callout callout-${kind}"><p class="callout-title">${escapeHtml(t(CALLOUTS[kind]))}</p>${inner()}</aside>`;
  }
  if (kind === 'widget') return widgetLink(arg, inner(), file, line, ctx);
  // A worked answer, closed until the student asks for it.
  if (kind === 'answer') {
    return `<details class="worked-answer"><summary>${escapeHtml(arg.trim() || t('lesson.workedAnswer'))}</summary>${inner()}</details>`;
  }
  if (kind === 'diagram') {
    const svg = ctx.diagrams[arg];
    if (!svg) throw new ContentError(file, line, `no diagram content/diagrams/${arg}.svg`);
    // A diagram not yet drawn in the page's language keeps the first language's labels, marked.
    const fallback = ctx.fallbacks && ctx.fallbacks.includes(`diagrams/${arg}.svg`);
    return `<figure class="diagram">${fallback ? svg.replace(/^<svg/, `<svg lang="${ctx.first}"`) : svg}<figcaption>${inner()}</figcaption></figure>`;
  }
  if (kind === 'check') {
    const check = ctx.checks[arg];
    if (!check) throw new ContentError(file, line, `unknown quick check "${arg}"`);
    if (body.trim()) throw new ContentError(file, line, '"::: check" blocks are empty');
    if (ctx.usedChecks.has(arg)) throw new ContentError(file, line, `quick check "${arg}" is already in the lesson: each check stands in one place`);
    // The checks are numbered in the order the lesson meets them (web/js/work/check-label.js),
    // so a lesson that meets Q5 before Q3 would show the students a numbering that jumps.
    const prev = ctx.lastCheck;
    if (prev && !(check.number > prev.number)) {
      throw new ContentError(file, line, `quick check "${arg}" (number ${check.number}) comes after "${prev.id}" (number ${prev.number}) in the lesson: number the checks in content/quick-checks.json in the order the lesson meets them`);
    }
    ctx.lastCheck = { id: arg, number: check.number };
    ctx.usedChecks.add(arg);
    return renderCheck(check, 'content/quick-checks.json', { lang: ctx.lang, first: ctx.first });
  }
  throw new ContentError(file, line, `unknown block "::: ${kind}" (use note, warning, tip, widget, diagram, answer or check)`);
}

// "::: widget race?T=10": the page from the registry, its settings parsed with the
// widget's own schema, so a lesson link can only ask for what the page accepts.
function widgetLink(arg, body, file, line, ctx) {
  const [name, query = ''] = arg.split('?');
  const widgets = ctx.pages.filter((p) => p.kind === 'widget');
  const page = widgets.find((p) => p.name === name);
  if (!page) throw new ContentError(file, line, `unknown widget "${name}" (use ${widgets.map((p) => p.name).join(', ')})`);
  const params = [...new URLSearchParams(query)];
  const spec = (ctx.widgets[name] && ctx.widgets[name].settings) || [];
  if (params.length && spec.length === 0) throw new ContentError(file, line, `the ${name} widget takes no settings`);
  const { ignored } = parsePairs(spec, params, { maxNotes: 1 });
  if (ignored.length) throw new ContentError(file, line, `a link to ${name}: ${ignored[0]}`);
  const what = page.lessonLink || page.title;
  // Each setting on one line ("T = 10", no-break spaces): a phone breaks after a comma.
  const label = params.length ? t('lesson.tryWith', { what, settings: params.map(([k, v]) => `${k}\u00a0=\u00a0${v}`).join(', ') }) : t('lesson.try', { what });
  const href = `${page.file}${params.length ? `?${new URLSearchParams(params)}` : ''}`;
  return `<aside class="widget-card"><p class="widget-title"><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>${body}</aside>`;
}
