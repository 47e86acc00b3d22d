// The engine's words in the page's language. The C++ engine (src/) knows no language: it
// writes English (its refusals, the exercises' prompts, parts and diagnoses, the code
// page's hidden tests and verdicts), and its English is the key, as in gettext. Each other
// language has a catalog of the engine's templates (web/js/messages/engine/LANG.json,
// {"messages": {"row {n} of S": "ligne {n} de S", …}}), carried in the page's #lab-data
// (`engine`). A text the engine composed is matched whole against each template (its
// literal parts exact, each {name} any text), and the language's message is filled with
// what the placeholders matched: decimals written in the language, a matched part that is
// itself an engine text (a refusal quoted in another) in words of the language too.
//   engineWords('row 2 of S') -> {text: 'ligne 2 de S', lang: 'fr'}
//   engineWords('a text no template has') -> {text: 'a text no template has', lang: 'en'}
// tests/web/engine-words.test.mjs checks that every text of src/ has a template.
import { labData } from './lab-data.js';
import { compileMessage, localDecimal, pageLanguage } from './i18n.js';

let compiled = null;  // {lang, templates: [{re, names, key, message, format}]} for the page's language

// A template's English side as an anchored pattern: "row {n} of S" -> /^row (.+?) of S$/.
function pattern(key) {
  const names = [];
  const source = key.split(/(\{[A-Za-z]+\})/).map((piece) => {
    const name = /^\{([A-Za-z]+)\}$/.exec(piece);
    if (name) { names.push(name[1]); return '([\\s\\S]+?)'; }
    return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('');
  return { re: new RegExp(`^${source}$`, 'u'), names };
}

// The templates of a language, fewest placeholders first (the most literal match wins:
// "Right." before "{function}: {name}"), then the longest. A template's message is
// compiled the first time it matches (a page shows a few of the hundreds).
export function compileEngineCatalog(lang, messages) {
  const templates = Object.entries(messages || {}).map(([key, message]) => ({ ...pattern(key), key, message, format: null }));
  templates.sort((a, b) => a.names.length - b.names.length || b.key.length - a.key.length);
  return { lang, templates };
}

function catalog() {
  if (!compiled) {
    const lang = pageLanguage();
    const data = typeof document !== 'undefined' ? labData() : null;
    compiled = compileEngineCatalog(lang, lang === 'en' || !data ? {} : (data.engine || {}));
  }
  return compiled;
}

// For the tests and the build: the catalog to use instead of the page's.
export function useEngineCatalog(lang, messages) {
  compiled = compileEngineCatalog(lang, messages);
}

// The engine's text in the page's language, with the language it is in (a text no
// template has stays English: the caller marks it lang="en").
export function engineWords(text, depth = 0) {
  const english = String(text);
  const { lang, templates } = catalog();
  if (lang === 'en') return { text: english, lang: 'en' };
  for (const template of templates) {
    const m = template.re.exec(english);
    if (!m) continue;
    const values = Object.fromEntries(template.names.map((name, i) => [name, part(m[i + 1], lang, depth)]));
    template.format = template.format || compileMessage(template.message, lang);
    return { text: template.format.format(values), lang };
  }
  return { text: english, lang: 'en' };
}

// A matched part: a number in the language's decimals; a quoted engine text translated.
function part(text, lang, depth) {
  if (/^-?[\d.]+(e[+-]?\d+)?$/i.test(text)) return localDecimal(text, lang);
  if (depth < 2 && /\s/.test(text)) {
    const inner = engineWords(text, depth + 1);
    if (inner.lang === lang) return inner.text;
  }
  return localDecimal(text, lang);
}

// The element shows the engine's text: in words of the page's language when the catalog
// has them, else in English, marked lang="en" for screen readers and the reader's eye.
export function showEngineText(el, text) {
  const w = engineWords(text);
  el.textContent = w.text;
  markLang(el, w.lang);
  return el;
}

export function markLang(el, lang) {
  if (lang === pageLanguage()) el.removeAttribute('lang'); else el.setAttribute('lang', lang);
}
