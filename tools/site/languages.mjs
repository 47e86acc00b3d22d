// The languages of a course. content/ is written in the course's first language
// (course.json "language", English when absent); content/LANG/ (a BCP 47 tag: fr, de,
// pt-BR) holds another language's text, file for file:
//   course.json     {title, module, summary, outcomes}: the course's words
//   pages.json      {pages: {NAME: {nav, title, card, lessonLink}}}: the registry's words
//   lesson/NN-*.md  the lesson's sections, same names as content/lesson/
//   glossary.json   the whole glossary, in that language's forms
//   diagrams/NAME.svg  a diagram with its labels in that language
//   quick-checks.json  the same checks (ids, order, kinds, right answers), in its words
//   widgets/NAME.json  the words of content/widgets/NAME.json (labels, help, questions):
//                   objects by key, lists of settings or options by their "key" or "id"
//   messages.json   {key: ICU message}: the course's own wording of the lab's catalog
//                   (web/js/messages/LANG.json), key by key
// Anything missing falls back to the first language, and the page says so where it shows.
// Numbers, limits, grammars and the registry itself are the same in every language: only
// words live under content/LANG/.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ContentError, lineOf, parseJson } from './errors.mjs';
import { checkGlossary, loadDiagrams } from './content.mjs';

const TAG = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$/;

// The course's languages, its first one first: ['en', 'fr'].
export function courseLanguages(root, first) {
  const others = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory() && TAG.test(e.name) && e.name !== first).map((e) => e.name).sort();
  return [first, ...others];
}

// Where a language's pages go in the built site ('' for the first, 'fr/' for French) and
// the way back to the site's root from there ('' or '../').
export const languageDir = (lang, first) => (lang === first ? '' : `${lang}/`);
export const rootFrom = (lang, first) => (lang === first ? '' : '../');

// The content as `lang` reads it: base (loadContent's) with that language's words where
// content/LANG/ has them. fallbacks: what is shown in the first language (['lesson/07-….md',
// 'checks', …]) so that a page can say so.
export function localContent(root, base, lang, catalogs) {
  const first = base.course.language || 'en';
  const messages = { ...(catalogs[lang] || {}) };
  if (lang === first) return { ...base, lang, first, messages: { ...messages, ...ownMessages(root, first) }, fallbacks: [] };
  const dir = join(root, lang);
  const rel = (p) => relative(join(root, '..'), p);
  const fallbacks = [];
  // (a widget without words of its own has no file: that is not a fallback)
  const readJson = (name, { optional = false } = {}) => {
    const path = join(dir, name);
    if (!existsSync(path)) { if (!optional) fallbacks.push(name); return null; }
    const text = readFileSync(path, 'utf8');
    return { path: rel(path), text, data: parseJson(rel(path), text) };
  };

  const courseFile = readJson('course.json');
  const course = { ...base.course, ...(courseFile ? pick(courseFile, ['title', 'module', 'summary', 'outcomes']) : {}) };

  const pagesFile = readJson('pages.json');
  const words = (pagesFile && pagesFile.data.pages) || {};
  const pages = base.pages.map((p) => ({ ...p, ...pick({ data: words[p.name] || {} }, ['nav', 'title', 'card', 'lessonLink']) }));
  if (pagesFile) for (const name of Object.keys(words)) if (!base.pages.some((p) => p.name === name)) throw new ContentError(pagesFile.path, lineOf(pagesFile.text, `"${name}"`), `"${name}" is not a page of content/pages.json`);

  const sections = base.sections.map((s) => {
    const name = s.file.split('/').pop();
    const path = join(dir, 'lesson', name);
    if (!existsSync(path)) { fallbacks.push(`lesson/${name}`); return { ...s, fallback: true }; }
    return { ...s, file: rel(path), text: readFileSync(path, 'utf8') };
  });

  const widgets = Object.fromEntries(Object.entries(base.widgets).map(([name, w]) => {
    const file = readJson(join('widgets', `${name}.json`), { optional: true });
    return [name, file ? wordsOver(w, file.data, file, name) : w];
  }));

  const own = loadDiagrams(join(dir, 'diagrams'), rel);
  for (const name of Object.keys(own)) if (!base.diagrams[name]) throw new ContentError(rel(join(dir, 'diagrams', `${name}.svg`)), 1, `no content/diagrams/${name}.svg for it to translate`);
  for (const name of Object.keys(base.diagrams)) if (!own[name]) fallbacks.push(`diagrams/${name}.svg`);
  const diagrams = { ...base.diagrams, ...own };

  const glossaryFile = readJson('glossary.json');
  if (glossaryFile) checkGlossary(glossaryFile);
  const checksFile = readJson('quick-checks.json');
  const checks = checksFile ? sameChecks(checksFile, base.checks) : base.checks;
  return {
    ...base, lang, first, course, pages, sections, checks, widgets, diagrams,
    glossary: glossaryFile ? glossaryFile.data.terms : base.glossary,
    messages: { ...messages, ...ownMessages(root, lang) },
    fallbacks,
  };
}

// A widget's words in another language laid over its data: a string replaces a string of
// the same place; a list of objects is matched by "key" or "id" (the words file writes it
// as an object by those); a list of strings by position, of the same length. Numbers,
// limits and anything not a string stay the first language's: a words file cannot change
// what the engine computes. A place the data does not have is an error naming it.
export function wordsOver(data, words, file, path) {
  const fail = (why) => { throw new ContentError(file.path, lineOf(file.text, `"${path.split('.').pop()}"`) || 1, `${path}: ${why}`); };
  if (typeof words === 'string') {
    if (typeof data !== 'string') fail('only words can be given here; this is not text in the widget\'s file');
    return words;
  }
  if (Array.isArray(data) && data.every((x) => typeof x === 'string')) {
    if (!Array.isArray(words) || words.length !== data.length || words.some((x) => typeof x !== 'string')) fail(`a list of ${data.length} texts, as in the widget's file`);
    return words;
  }
  if (!words || typeof words !== 'object' || Array.isArray(words)) fail('an object of words, as in the widget\'s file');
  if (Array.isArray(data)) {
    const idOf = (x) => (x && typeof x === 'object' ? x.key ?? x.id : undefined);
    for (const k of Object.keys(words)) if (!data.some((x) => String(idOf(x)) === k)) fail(`no entry "${k}" in the widget's file`);
    return data.map((x) => (Object.prototype.hasOwnProperty.call(words, String(idOf(x))) ? wordsOver(x, words[idOf(x)], file, `${path}.${idOf(x)}`) : x));
  }
  if (!data || typeof data !== 'object') fail('only words can be given here');
  const out = { ...data };
  for (const [k, v] of Object.entries(words)) {
    if (!Object.prototype.hasOwnProperty.call(data, k)) fail(`"${k}" is not in the widget's file`);
    out[k] = wordsOver(data[k], v, file, `${path}.${k}`);
  }
  return out;
}

function pick(file, keys) {
  return Object.fromEntries(keys.filter((k) => file.data[k] !== undefined).map((k) => [k, file.data[k]]));
}

// A course's own wording of the catalog (content/messages.json, content/LANG/messages.json).
function ownMessages(root, lang) {
  const path = join(root, ...(lang ? [lang] : []), 'messages.json');
  const first = join(root, 'messages.json');
  const file = existsSync(path) ? path : lang === undefined && existsSync(first) ? first : null;
  if (!file) return {};
  const rel = relative(join(root, '..'), file);
  const data = parseJson(rel, readFileSync(file, 'utf8'));
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new ContentError(rel, 1, 'expected {"key": "message", …}');
  return data;
}

// A language's checks are the first language's checks in other words: the same ids in
// the same order, the same kinds and the same right answers, so that a hand-in made in
// one language grades in another. What a program reads comes from the first language. A
// check the language does not have yet is the first language's (fallback: true).
function sameChecks(file, checks) {
  const own = file.data && file.data.checks;
  if (!Array.isArray(own)) throw new ContentError(file.path, 1, 'expected {"checks": [...]}, the checks of content/quick-checks.json in this language');
  const known = checks.map((c) => c.id);
  const stray = own.find((o) => !o || !known.includes(o.id));
  if (stray) throw new ContentError(file.path, lineOf(file.text, `"id": "${stray && stray.id}"`) || 1, `check "${stray && stray.id}" is not in content/quick-checks.json (ids: ${known.join(', ')})`);
  const order = own.map((o) => o.id);
  if (order.join() !== known.filter((id) => order.includes(id)).join()) throw new ContentError(file.path, 1, `the checks must come in the order of content/quick-checks.json (${known.join(', ')}); found ${order.join(', ')}`);
  return checks.map((c) => {
    const o = own.find((x) => x.id === c.id);
    if (!o) return { ...c, fallback: true };
    const at = lineOf(file.text, `"id": "${c.id}"`) || 1;
    const shape = (x) => JSON.stringify({ kind: x.kind, number: x.number, module: x.module, minWords: x.minWords, ownResult: x.ownResult,
      choices: (x.choices || []).map((ch) => [ch.id, ch.correct]), rubric: (x.rubric || []).length });
    if (shape(o) !== shape(c)) throw new ContentError(file.path, at, `check "${c.id}" differs from content/quick-checks.json in more than its words (kind, number, choices and their right answer, rubric length)`);
    const words = { prompt: o.prompt, topic: o.topic, modelAnswer: o.modelAnswer };
    for (const k of Object.keys(words)) if (words[k] === undefined) delete words[k];
    return {
      ...c, ...words,
      ...(c.choices ? { choices: c.choices.map((ch, k) => ({ ...ch, text: o.choices[k].text, explanation: o.choices[k].explanation })) } : {}),
      ...(c.rubric ? { rubric: c.rubric.map((r, k) => o.rubric[k]) } : {}),
    };
  });
}
