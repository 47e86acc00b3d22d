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
