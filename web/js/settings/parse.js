// Parsing what a student types: strict, with messages that say what to fix.
// Pure functions (no DOM), so they are easy to test and reuse.
import { quoted } from '../ui/quote.js';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

// A number as written: "-1", "1e-3", and with the minus sign U+2212 that typeset maths
// prints (the lesson's "−0.2", copied) -> the text Number() reads, or null.
export function numberText(text) {
  const s = String(text).trim().replace(/\u2212/g, '-');
  return NUMBER.test(s) ? s : null;
}

// "1.0, 0.9" or "1 0.9" -> {ok: true, values: [1, 0.9]} | {ok: false, message}
export function parseVector(text) {
  const parts = String(text).trim().split(/[\s,;]+/).filter((s) => s.length > 0);
  if (parts.length === 0) return { ok: false, message: 'Enter numbers separated by commas, for example 1.0, 0.9.' };
  const values = [];
  for (const part of parts) {
    const r = parseNumber(part);
    if (!r.ok) return r;
    values.push(r.value);
  }
  return { ok: true, values };
}

// An answer to an exercise part (count: how many numbers it takes; null: any number,
// the engine counts): numbers separated by spaces, commas or semicolons,
// each a decimal, scientific ("1.2e-3"), with a Unicode minus, or a fraction ("3/4",
// "−1/2"); brackets around the list are allowed ("[0.2, 0.8]"). A decimal comma is
// refused by name, since the comma separates numbers.
//   -> {ok: true, values} | {ok: false, message}
export function parseAnswer(text, count) {
  const body = String(text).trim().replace(/^[[(]\s*/, '').replace(/\s*[\])]$/, '');
  const parts = body.split(/[\s,;]+/).filter((x) => x.length > 0);
  if (parts.length === 0) return { ok: false, message: `Type ${count === 1 ? 'a number' : `${count ?? 'the'} numbers, separated by spaces or commas`}.` };
  const values = [];
  for (const part of parts) {
    const fraction = /^([^/]+)\/([^/]+)$/.exec(part);
    if (fraction) {
      const a = parseNumber(fraction[1]), b = parseNumber(fraction[2]);
      if (!a.ok || !b.ok) return { ok: false, message: `${quoted(part)} is not a number or a fraction.` };
      if (b.value === 0) return { ok: false, message: `${quoted(part)} divides by zero.` };
      values.push(a.value / b.value);
      continue;
    }
    const r = parseNumber(part);
    if (!r.ok) return r;
    values.push(r.value);
  }
  if (count !== null && values.length !== count) {
    // Decimal commas ("0,2; 0,3; 0,5", "0,5 0,25"): read as points, the count is right.
    const comma = /\d+,\d+/.exec(body);
    const asPoints = body.replace(/(\d),(\d)/g, '$1.$2').split(/[\s,;]+/).filter((x) => x.length > 0);
    return { ok: false, message: comma && asPoints.length === count
      ? `Use a point for decimals (${comma[0].replace(',', '.')}, not ${comma[0]}): the comma separates numbers.`
      : `This part takes ${count === 1 ? '1 number' : `${count} numbers`}; you typed ${values.length}.` };
  }
  return { ok: true, values };
}

export function parseNumber(text) {
  const s = String(text).trim();
  if (/^[+-]?(nan|inf|infinity)$/i.test(s)) return { ok: false, message: `${quoted(s)} is not a finite number.` };
  const n = numberText(s);
  if (n === null) return { ok: false, message: `${quoted(s)} is not a number.` };
  const value = Number(n);
  if (!Number.isFinite(value)) return { ok: false, message: `${quoted(s)} is too large: numbers must lie within ±1.8e308.` };
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
export function parseTokenLines(text, maxTokens) {
  const lines = String(text).split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
  if (lines.length === 0) return { ok: false, message: 'Write at least one line: a token, then its numbers.' };
  if (lines.length > maxTokens) {
    return { ok: false, message: `${lines.length} tokens: the table takes at most ${maxTokens}. Nothing was changed.` };
  }
  const rows = [];
  for (let i = 0; i < lines.length; ++i) {
    const m = /^(.*?\S)\s*:\s*([^:]+)$/.exec(lines[i]) || /^(\S+)\s+(.+)$/.exec(lines[i]);
    if (!m) return { ok: false, message: `Line ${i + 1}: write the token, then its numbers (for example "animal: 1.0, 0.8").` };
    const token = cleanName(m[1]);
    if (!token) return { ok: false, message: `Line ${i + 1}: the token's name is empty or made of invisible characters only.` };
    const v = parseVector(m[2]);
    if (!v.ok) return { ok: false, message: `Line ${i + 1}: ${v.message}` };
    rows.push({ token, text: v.values.join(', ') });
  }
  return { ok: true, rows };
}

// The rows as the text box shows them; parseTokenLines reads it back to the same rows.
export function tokenLines(rows) {
  return rows.map((r) => `${r.token}: ${r.text}`).join('\n');
}
