// The pseudo-locale en-XA: English with every letter accented and every text made 40 %
// longer, built only on request (build.mjs --pseudo, the layout tests), never shipped.
// A page in it shows at a glance what does not come from the catalogs or the content's
// words (plain ASCII letters), and whether the layout holds words longer than French's
// or German's: the layout tests run the visual checks on every page in it.
//   pseudoText('Run the race') -> '[Ŕúñ ţĥé ŕáçé ẋẋẋẋ ẋ]'
// What a program reads stays as it is: ICU placeholders and tags, {{widget.ref}}s,
// formulas ($…$), code (`…`), HTML tags and entities, link targets.
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { courseLanguages, localContent, wordsOver } from './languages.mjs';

export const PSEUDO = 'en-XA';

const ACCENTED = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
// Kept as written: a formula, code, a {{ref}} or {placeholder}, a tag, an entity, a link's target.
const KEEP = /(\$[^$\n]+\$|`[^`]*`|\{\{[^}]*\}\}|\{[^{}]*\}|<[^>]*>|&#?\w+;|\]\([^)]*\)|https?:\/\/\S+)/;

// Acronyms and units (GRU, SCORM, GFLOP/s) are written alike in every language: kept.
const ACRONYM = /\b[A-Z][A-Z0-9]+(?:\/[A-Za-z]+)?\b/g;
const accent = (s) => s.replace(new RegExp(`${ACRONYM.source}|[A-Za-z]`, 'g'), (m) => (m.length > 1 ? m : ACCENTED[m]));

// The padding that makes a text of n letters 40 % longer: groups of four, breakable like
// words. Letters only are counted: "50 %" or "3.2 s" is a number, as long in every language.
const letterCount = (s) => (s.replace(ACRONYM, '').match(/[A-Za-z]/g) || []).length;
function padding(n) {
  const extra = Math.ceil(n * 0.4);
  if (extra === 0) return '';
  const groups = [];
  for (let left = extra; left > 0; left -= 5) groups.push('ẋ'.repeat(Math.min(4, left)));
  return ` ${groups.join(' ')}`;
}

// Plain text (no markup to keep) accented; `pad`: with its 40 % more.
function pseudoPlain(text, pad) {
  if (!/[A-Za-z]/.test(text)) return text;
  const lead = /^\s*/.exec(text)[0], trail = /\s*$/.exec(text)[0];
  const body = text.slice(lead.length, text.length - trail.length);
  return `${lead}${accent(body)}${pad ? padding(letterCount(body)) : ''}${trail}`;
}

// A text of the content (a label, a help line, a check's prompt in Markdown): its words
// accented, the parts a program reads kept, and 40 % more at its end.
export function pseudoText(text) {
  if (typeof text !== 'string' || !/[A-Za-z]/.test(text.replace(new RegExp(KEEP.source, 'g'), ''))) return text;
  const parts = text.split(KEEP);
  const letters = letterCount(parts.filter((_, i) => i % 2 === 0).join(''));
  const out = parts.map((p, i) => (i % 2 === 0 ? accent(p) : p)).join('');
  return `${out}${padding(letters)}`;
}

// An ICU message: its literal text accented, placeholders, plurals' cases and tags kept,
// 40 % more after its last literal.
export function pseudoMessage(message) {
  const ast = parse(message);
  let letters = 0;
  const walk = (els) => els.map((el) => {
    if (el.type === TYPE.literal) { letters += letterCount(el.value); return { ...el, value: accent(el.value) }; }
    if (el.options) return { ...el, options: Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }])) };
    if (el.children) return { ...el, children: walk(el.children) };
    return el;
  });
  const els = walk(ast);
  if (letters > 0) els.push({ type: TYPE.literal, value: padding(letters) });
  return printAST(els);
}

export const pseudoCatalog = (messages) => Object.fromEntries(Object.entries(messages).map(([k, m]) => [k, pseudoMessage(m)]));

// A widget's markup (web/pages/NAME.html): each text between tags and each attribute a
// person reads (aria-label, title, alt, placeholder) in the pseudo-locale; what is marked
// lang="en" (an English example) or is code stays.
export function pseudoHtml(html) {
  let skip = 0;  // depth inside <code>, <pre>, <script>, <style> or an element marked English
  const stack = [];
  return html.split(/(<[^>]+>)/).map((piece) => {
    if (!piece.startsWith('<')) return skip ? piece : piece.split(/(\$[^$\n]+\$|\{\{[^}]*\}\}|&#?\w+;)/).map((p, i) => (i % 2 ? p : pseudoPlain(p, /\S/.test(p)))).join('');
    const m = /^<(\/?)([a-zA-Z][\w-]*)/.exec(piece);
    if (!m) return piece;
    const [, closing, tag] = m;
    const voidTag = /\/>$/.test(piece) || /^(input|br|img|hr|meta|link|source|col|wbr)$/i.test(tag);
    if (closing) {
      const top = stack.pop();
      if (top && top.skips) --skip;
      return piece;
    }
    const skips = /^(code|pre|script|style|kbd|samp)$/i.test(tag) || /\slang="en"/.test(piece);
    if (!voidTag) { stack.push({ skips }); if (skips) ++skip; }
    if (skip) return piece;
    return piece.replace(/(\s(?:aria-label|title|alt|placeholder)=")([^"]*)(")/g, (w, a, v, z) => `${a}${pseudoPlain(v, true)}${z}`);
  }).join('');
}

// A widget's words (content/LANG/widgets/NAME.json's shape, {settings: {key: {label, help}}, …})
// taken from `words` (another language's file: it says which places are words) and filled
// with the English of `data` at the same places, in the pseudo-locale.
export function pseudoWords(data, words) {
  if (typeof words === 'string') return typeof data === 'string' ? pseudoText(data) : words;
  if (Array.isArray(words)) return Array.isArray(data) ? data.map((x) => (typeof x === 'string' ? pseudoText(x) : x)) : words;
  if (!words || typeof words !== 'object') return words;
  const idOf = (x) => (x && typeof x === 'object' ? x.key ?? x.id : undefined);
  const at = (k) => (Array.isArray(data) ? data.find((x) => String(idOf(x)) === k) : data && data[k]);
  return Object.fromEntries(Object.entries(words).map(([k, w]) => [k, at(k) === undefined ? w : pseudoWords(at(k), w)]));
}

// The content in the pseudo-locale: the first language's (localContent's) with the
// catalog, the course's and pages' words, the glossary, the widgets' words (the places
// another language's words files name) and the checks in it. The lesson and diagrams
// stay in the first language, marked as a fallback as any missing translation is.
export function pseudoContent(root, base, catalogs) {
  const first = base.course.language || 'en';
  const own = localContent(root, base, first, catalogs);
  const shapes = courseLanguages(root, first).filter((l) => l !== first);
  const widgets = Object.fromEntries(Object.entries(own.widgets).map(([name, w]) => {
    const lang = shapes.find((l) => existsSync(join(root, l, 'widgets', `${name}.json`)));
    if (!lang) return [name, w];
    const words = JSON.parse(readFileSync(join(root, lang, 'widgets', `${name}.json`), 'utf8'));
    return [name, wordsOver(w, pseudoWords(w, words), { path: `${PSEUDO}/widgets/${name}.json`, text: '' }, name)];
  }));
  const course = { ...own.course };
  for (const k of ['title', 'module', 'summary']) if (typeof course[k] === 'string') course[k] = pseudoText(course[k]);
  if (Array.isArray(course.outcomes)) course.outcomes = course.outcomes.map(pseudoText);
  const words = (x) => (Array.isArray(x) ? x.map(pseudoText) : pseudoText(x));  // a text, or a card's [link, rest]
  const pages = own.pages.map((p) => ({ ...p, ...Object.fromEntries(['nav', 'title', 'card', 'lessonLink'].filter((k) => p[k] !== undefined).map((k) => [k, words(p[k])])) }));
  // The glossary: a term's forms accented only, as the pseudo-locale's texts write them
  // before their padding, so that a page still links them (ui/glossary-links.js).
  const glossary = own.glossary.map((g) => ({ ...g, term: pseudoText(g.term), definition: pseudoText(g.definition), ...(g.forms ? { forms: g.forms.map(accent) } : {}) }));
  const checks = own.checks.map((c) => ({
    ...c,
    ...Object.fromEntries(['prompt', 'topic', 'modelAnswer'].filter((k) => typeof c[k] === 'string').map((k) => [k, pseudoText(c[k])])),
    ...(c.choices ? { choices: c.choices.map((ch) => ({ ...ch, text: pseudoText(ch.text), explanation: pseudoText(ch.explanation) })) } : {}),
    ...(c.rubric ? { rubric: c.rubric.map(pseudoText) } : {}),
  }));
  return {
    ...own, lang: PSEUDO, first, course, pages, widgets, checks, glossary,
    sections: own.sections.map((s) => ({ ...s, fallback: true })),
    messages: pseudoCatalog(own.messages),
    fallbacks: [...own.sections.map((s) => `lesson/${s.file.split('/').pop()}`), ...Object.keys(own.diagrams).map((n) => `diagrams/${n}.svg`)],
  };
}
