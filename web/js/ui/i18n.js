// The lab's words in the page's language: ICU MessageFormat catalogs (web/js/messages/LANG.json,
// a course's content/LANG/messages.json over them), formatted by intl-messageformat with
// the browser's own Intl (plural rules, number formats). English is bundled in every
// script and is the fallback for a key a catalog lacks; the page's own catalog comes in
// its #lab-data ({lang, messages}). Outside a page (Node: the site's build, the tests)
// whoever needs another language calls useLanguage first, as shared-limits.js does.
//   t('parse.notNumber', { text: '"abc"' }) -> '"abc" is not a number.'
//   useLanguage('fr', fr); t('parse.notNumber', …) -> '"abc" n’est pas un nombre.'
import { IntlMessageFormat } from 'intl-messageformat';
import { labData } from './lab-data.js';
import { plainMessage } from './plain-message.js';
import english from '../messages/en.json' with { type: 'json' };

let current = null;          // {lang, messages}
const compiled = new Map();  // `${lang}\u0000${key}` -> { plain: plainMessage or null, full: IntlMessageFormat, made when first needed }

// A page compiles a hundred messages or more as it starts. Each IntlMessageFormat asks Intl
// which locale it supports (Intl.NumberFormat.supportedLocalesOf, about a millisecond) and
// makes its own number formats and plural rules; the answers depend only on the arguments,
// so they are asked once per page and shared by every message.
const resolvedLocales = new Map();
const resolveLocale = IntlMessageFormat.resolveLocale;
IntlMessageFormat.resolveLocale = (locales) => {
  const key = JSON.stringify(locales);
  if (!resolvedLocales.has(key)) resolvedLocales.set(key, resolveLocale(locales));
  return resolvedLocales.get(key);
};
function memoized(make) {
  const made = new Map();
  return (...args) => {
    const key = JSON.stringify(args);
    if (!made.has(key)) made.set(key, make(...args));
    return made.get(key);
  };
}
const formatters = {
  getNumberFormat: memoized((...args) => new Intl.NumberFormat(...args)),
  getDateTimeFormat: memoized((...args) => new Intl.DateTimeFormat(...args)),
  getPluralRules: memoized((...args) => new Intl.PluralRules(...args)),
};

export function useLanguage(lang, messages = {}) {
  current = { lang, messages };
  compiled.clear();
}

function language() {
  if (!current) {
    const data = typeof document !== 'undefined' ? labData() : null;
    current = data && data.lang ? { lang: data.lang, messages: data.messages || {} } : { lang: 'en', messages: {} };
  }
  return current;
}

// The page's language as a BCP 47 tag ("en", "fr"): the one Intl formats for.
export function pageLanguage() {
  return language().lang;
}

// A message compiled for `lang`, sharing the page's formats (engine-words.js too).
export function compileMessage(text, lang) {
  return new IntlMessageFormat(text, lang, undefined, { formatters });
}

// The message `key` with `values` filled in. A key no catalog holds shows as ⟦key⟧, so a
// missing entry is seen on the page and by the tests, never silently blank.
export function t(key, values = {}) {
  const { lang, messages } = language();
  const own = Object.prototype.hasOwnProperty.call(messages, key);
  const text = own ? messages[key] : english[key];
  if (text === undefined) return `\u27e6${key}\u27e7`;
  const at = `${own ? lang : 'en'}\u0000${key}`;
  let entry = compiled.get(at);
  if (!entry) {
    // Plain text and {name} arguments without ICU's parser (ui/plain-message.js); the
    // rest, and values a plain message leaves to it, with intl-messageformat.
    entry = { plain: plainMessage(text), full: null };
    compiled.set(at, entry);
  }
  const plain = entry.plain && entry.plain.format(values);
  if (plain !== undefined && plain !== null) return plain;
  if (!entry.full) entry.full = compileMessage(text, own ? lang : 'en');
  return entry.full.format(values);
}

// The decimal separator of the page's language ("." in English, "," in French), from Intl
// (asked once per language: a gradebook writes thousands of numbers).
const separators = new Map();
export function decimalSeparator(lang = pageLanguage()) {
  if (!separators.has(lang)) {
    const part = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal');
    separators.set(lang, part ? part.value : '.');
  }
  return separators.get(lang);
}

// A number written as the program writes it ("0.25", "-1.5e-3") in the page's language:
// only the decimal point changes ("0,25"), so the digits shown are the digits computed.
export function localDecimal(text, lang = pageLanguage()) {
  const sep = decimalSeparator(lang);
  return sep === '.' ? String(text) : String(text).replace(/(\d)\.(\d)/g, `$1${sep}$2`);
}
