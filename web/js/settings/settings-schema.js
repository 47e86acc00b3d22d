// A widget's settings schema (content/widgets/NAME.json) and the one parser of
// settings that everything reads through: the page's form, its URL, the
// assignment's require= link parameter and the site build's lesson links. The C++
// engine applies the same schema (src/core/settings_schema.hpp, generated from the
// same file and checked against it by tests/cli/schema_check.mjs), with the same
// messages. Pure functions, no DOM: tests run them under Node.
//
//   schema: {fixed: {name: number}, settings: [spec]}
//   spec:   {key, label, kind: 'int'|'float'|'choice', default, min, max, choices, help}
import { clip, quoted } from '../ui/quote.js';
import { numberText } from './parse.js';
import { plainMaths } from '../ui/maths.js';
import { localDecimal, t } from '../ui/i18n.js';

export function defaults(spec) {
  return Object.fromEntries(spec.map((s) => [s.key, s.default]));
}

// The range a setting takes, in words; its bounds as the page's language writes decimals.
export function rangeText(s) {
  if (s.kind === 'choice') return t('setting.oneOf', { choices: s.choices.join(', ') });
  return t(s.kind === 'int' ? 'setting.wholeRange' : 'setting.numberRange', { min: localDecimal(s.min), max: localDecimal(s.max) });
}

// A setting's message: its label, what is wrong, the range to use.
const failure = (s, why) => ({ ok: false, message: t('setting.fail', { label: plainMaths(s.label), why, range: rangeText(s) }) });

// One setting from text -> {ok, value} | {ok: false, message} (the message names the range).
// {lang}: the text was typed in a page of that language ("0,5" in French); links, the
// assignment and hand-ins are read in the neutral form only (no lang).
export function parseSetting(s, text, { lang = null } = {}) {
  const raw = String(text ?? '').trim();
  if (s.kind === 'choice') {
    return s.choices.includes(raw) ? { ok: true, value: raw } : failure(s, raw ? t('setting.notAllowed', { shown: quoted(raw) }) : t('setting.empty'));
  }
  if (raw === '') return failure(s, t('setting.empty'));
  const n = numberText(raw, { lang });
  if (n === null) return failure(s, t('setting.notNumber', { shown: quoted(raw) }));
  return checkNumber(s, Number(n), clip(raw));
}

// A number that is already a number (from JSON: the assignment, a hand-in).
export function checkNumber(s, value, shown = String(value)) {
  if (s.kind === 'choice') return failure(s, t('setting.notAllowed', { shown }));
  if (!Number.isFinite(value)) return failure(s, t('setting.tooLarge', { shown }));
  if (s.kind === 'int' && !Number.isInteger(value)) return failure(s, t('setting.notWhole', { shown }));
  if (value < s.min || value > s.max) return failure(s, t('setting.outOfRange', { shown }));
  return { ok: true, value };
}

// All settings from a {key: text} map -> {settings, errors: {key: message}}.
export function parseAll(spec, texts, { lang = null } = {}) {
  const settings = {}, errors = {};
  for (const s of spec) {
    const r = parseSetting(s, texts[s.key], { lang });
    if (r.ok) settings[s.key] = r.value;
    else errors[s.key] = r.message;
  }
  return { settings, errors };
}

// "key=value" pairs (a URL's query, a lesson link) -> {settings: only the valid
// ones, ignored: [message]}. Unknown keys are named; at most `maxNotes` messages
// are kept (a crafted link may hold thousands), the rest counted.
export function parsePairs(spec, pairs, { maxNotes = 5 } = {}) {
  const settings = {}, ignored = [], seen = new Set();
  let extra = 0;
  const note = (text) => { if (ignored.length < maxNotes) ignored.push(text); else ++extra; };
  for (const [key, text] of pairs) {
    const s = spec.find((x) => x.key === key);
    if (!s) { note(t('setting.unknown', { key: clip(key) })); continue; }
    if (seen.has(key)) note(t('setting.twice', { key: clip(key) }));
    seen.add(key);
    const r = parseSetting(s, text);
    if (r.ok) settings[key] = r.value;
    else note(r.message);
  }
  if (extra) ignored.push(t('setting.andMore', { extra }));
  return { settings, ignored };
}

// A page's link parameters that are not settings: every value of each name the page
// reads (a name given twice keeps both), and any other name listed as ignored, as a
// widget page names a key that is not a setting.
//   linkParams('?checks=q1&checks=q2&checkz=q3', ['checks', 'require'])
//     -> {values: {checks: ['q1', 'q2'], require: []}, ignored: ['checkz (not a parameter of this page: checks, require)']}
export function linkParams(search, names, { maxNotes = 5 } = {}) {
  const values = Object.fromEntries(names.map((n) => [n, []])), ignored = [];
  let extra = 0;
  for (const [key, value] of new URLSearchParams(search)) {
    if (names.includes(key)) values[key].push(value);
    else if (ignored.length < maxNotes) ignored.push(t('setting.notParameter', { key: clip(key), names: names.join(', ') }));
    else ++extra;
  }
  if (extra) ignored.push(t('setting.andMore', { extra }));
  return { values, ignored };
}

// From a URL's query string: bad parameters are ignored (their defaults stay) and listed.
// "embed" is every widget page's own parameter (web/js/embed/embedded.js), not a setting.
export function fromQuery(spec, search) {
  const pairs = [...new URLSearchParams(search)].filter(([key]) => key !== 'embed');
  const { settings, ignored } = parsePairs(spec, pairs);
  return { settings: { ...defaults(spec), ...settings }, ignored };
}

// Only the settings that differ from the defaults, so links stay short.
export function toQuery(spec, settings) {
  const params = new URLSearchParams();
  for (const s of spec) if (settings[s.key] !== s.default) params.set(s.key, String(settings[s.key]));
  const q = params.toString();
  return q ? `?${q}` : '';
}

// "{n_train}" in a help text -> the fixed value, written as people read numbers ("2,400").
export function fillFixed(text, fixed) {
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => (
    Object.prototype.hasOwnProperty.call(fixed || {}, name) ? Number(fixed[name]).toLocaleString('en-US') : whole));
}


