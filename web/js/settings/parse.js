// Parsing what a student types: strict, with messages that say what to fix (from the
// catalogs, ui/i18n.js). No DOM, so they are easy to test and reuse.
//
// Numbers are read in the neutral form everywhere ("0.5", "1e-3"). A field a student
// types into may also read its page's language ({lang: 'fr'}: "0,5", numbers separated by
// ";" or spaces since the comma is decimal); what it keeps and sends on (settings, links,
// hand-ins) is the number, never the local text, so a French hand-in grades anywhere.
import { quoted } from '../ui/quote.js';
import { decimalSeparator, t } from '../ui/i18n.js';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const COMMA_NUMBER = /^[+-]?(\d+,\d*|,\d+)(e[+-]?\d+)?$/i;

// Whether `lang` writes decimals with a comma (then typed fields read "0,5" too).
function commaDecimals(lang) {
  return Boolean(lang) && decimalSeparator(lang) === ',';
}

// A number as written: "-1", "1e-3", and with the minus sign U+2212 that typeset maths
// prints (the lesson's "−0.2", copied) -> the text Number() reads, or null. With a
// comma-decimal `lang`, "0,5" too (-> "0.5").
export function numberText(text, { lang = null } = {}) {
  const s = String(text).trim().replace(/\u2212/g, '-');
  if (NUMBER.test(s)) return s;
  return commaDecimals(lang) && COMMA_NUMBER.test(s) ? s.replace(',', '.') : null;
}

// The numbers of a list: split at spaces, semicolons and commas; with a comma-decimal
// language a comma between two digits is a decimal one ("0,5; 1,25" -> 0,5 and 1,25),
// and one ending a number still separates ("0.5, 1.25" reads the same in every language).
function listParts(text, lang) {
  if (!commaDecimals(lang)) return String(text).trim().split(/[\s,;]+/).filter((s) => s.length > 0);
  return String(text).trim().split(/[\s;]+/).flatMap((part) => {
    const bare = part.replace(/,+$/, '');
    // Whole when it reads as one number or fraction ("−0,25", "1,5/2").
    const whole = bare.replace(/\u2212/g, '-').split('/').every((x) => COMMA_NUMBER.test(x) || NUMBER.test(x));
    return whole ? [bare] : bare.split(',');
  }).filter((s) => s.length > 0);
}

// "1.0, 0.9" or "1 0.9" -> {ok: true, values: [1, 0.9]} | {ok: false, message}
// ({lang: 'fr'}: "1,0 ; 0,9" too)
export function parseVector(text, { lang = null } = {}) {
  const parts = listParts(text, lang);
  if (parts.length === 0) return { ok: false, message: t(commaDecimals(lang) ? 'parse.vectorEmptyComma' : 'parse.vectorEmpty') };
  const values = [];
  for (const part of parts) {
    const r = parseNumber(part, { lang });
    if (!r.ok) return r;
    values.push(r.value);
  }
  return { ok: true, values };
}

// An answer to an exercise part (count: how many numbers it takes; null: any number,
// the engine counts): numbers separated by spaces, commas or semicolons,
// each a decimal, scientific ("1.2e-3"), with a Unicode minus, or a fraction ("3/4",
// "−1/2"); brackets around the list are allowed ("[0.2, 0.8]"). In the neutral form a
// decimal comma is refused by name, since the comma separates numbers; with a
// comma-decimal {lang} ("fr") the comma between digits is decimal ("0,5; 0,25"), as in
// the page's other fields. The answer is kept as typed, with its language (store.js), so
// whoever grades it again reads it the same way.
//   -> {ok: true, values} | {ok: false, message}
export function parseAnswer(text, count, { lang = null } = {}) {
  const body = String(text).trim().replace(/^[[(]\s*/, '').replace(/\s*[\])]$/, '');
  const parts = listParts(body, lang);
  if (parts.length === 0) return { ok: false, message: count === 1 ? t('parse.answerEmptyOne') : count === null ? t('parse.answerEmptyAny') : t('parse.answerEmptyMany', { count }) };
  const values = [];
  for (const part of parts) {
    const fraction = /^([^/]+)\/([^/]+)$/.exec(part);
    if (fraction) {
      const a = parseNumber(fraction[1], { lang }), b = parseNumber(fraction[2], { lang });
      if (!a.ok || !b.ok) return { ok: false, message: t('parse.notFraction', { text: quoted(part) }) };
      if (b.value === 0) return { ok: false, message: t('parse.divideByZero', { text: quoted(part) }) };
      values.push(a.value / b.value);
      continue;
    }
    const r = parseNumber(part, { lang });
    if (!r.ok) return r;
    values.push(r.value);
  }
  if (count !== null && values.length !== count) {
    // Decimal commas in the neutral form ("0,2; 0,3; 0,5", "0,5 0,25"): read as points,
    // the count is right.
    const comma = !commaDecimals(lang) && /\d+,\d+/.exec(body);
    const asPoints = body.replace(/(\d),(\d)/g, '$1.$2').split(/[\s,;]+/).filter((x) => x.length > 0);
    return { ok: false, message: comma && asPoints.length === count
      ? t('parse.usePoint', { point: comma[0].replace(',', '.'), comma: comma[0] })
      : t('parse.answerCount', { count, typed: values.length }) };
  }
  return { ok: true, values };
}

export function parseNumber(text, { lang = null } = {}) {
  const s = String(text).trim();
  if (/^[+-]?(nan|inf|infinity)$/i.test(s)) return { ok: false, message: t('parse.notFinite', { text: quoted(s) }) };
  const n = numberText(s, { lang });
  if (n === null) return { ok: false, message: t('parse.notNumber', { text: quoted(s) }) };
  const value = Number(n);
  if (!Number.isFinite(value)) return { ok: false, message: t('parse.tooLarge', { text: quoted(s) }) };
  return { ok: true, value };
}

// Characters that show nothing (zero-width spaces and joiners, the byte-order mark,
// directional marks, soft hyphens: Unicode's "format" class) and surrounding spaces
// are not part of a token's name.
export function cleanName(text) {
  return String(text).replace(/\p{Cf}/gu, '').trim();
}

// One token per line: its name, a colon, its numbers ("New York: 1.0, 0.8"), or, for
// a one-word name, the name and its numbers ("animal 1.0 0.8"). The name may hold
// spaces and colons: the numbers are what follows the last colon.
// -> {ok: true, rows: [{token, text}]} | {ok: false, message}
export function parseTokenLines(text, maxTokens, { lang = null } = {}) {
  const lines = String(text).split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
  if (lines.length === 0) return { ok: false, message: t('parse.tokenLinesEmpty') };
  if (lines.length > maxTokens) {
    return { ok: false, message: t('parse.tokenLinesTooMany', { lines: lines.length, max: maxTokens }) };
  }
  const rows = [];
  for (let i = 0; i < lines.length; ++i) {
    const m = /^(.*?\S)\s*:\s*([^:]+)$/.exec(lines[i]) || /^(\S+)\s+(.+)$/.exec(lines[i]);
    if (!m) return { ok: false, message: t('parse.tokenLineShape', { line: i + 1 }) };
    const token = cleanName(m[1]);
    if (!token) return { ok: false, message: t('parse.tokenNameEmpty', { line: i + 1 }) };
    const v = parseVector(m[2], { lang });
    if (!v.ok) return { ok: false, message: t('parse.lineMessage', { line: i + 1, message: v.message }) };
    rows.push({ token, text: v.values.join(', ') });
  }
  return { ok: true, rows };
}

// The rows as the text box shows them; parseTokenLines reads it back to the same rows.
export function tokenLines(rows) {
  return rows.map((r) => `${r.token}: ${r.text}`).join('\n');
}
