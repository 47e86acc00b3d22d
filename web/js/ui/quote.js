// Text a student typed, shown back to them in a message, a table or a drawing: cut to at
// most `max` characters (code points, so an emoji is never split into "�"), with "…"
// when cut; by default content/shared.json's quoteLength (ui/shared-limits.js). The
// engine quotes with the same rule and length (src/core/quote.hpp).
//   clip('a😀b', 2) -> 'a😀…'     quoted('x'.repeat(10000)) -> '"xxxxxxxxxxxxxxxxxxxxxxxx…"'
//   quoted('\u202Eabc') -> '\u2068"\u202Eabc"\u2069'
import { sharedLimit } from './shared-limits.js';

export function clip(text, max = sharedLimit('quoteLength')) {
  const points = Array.from(String(text));
  return points.length > max ? `${points.slice(0, max).join('')}…` : points.join('');
}

// Text that can change the direction of what follows it (right-to-left letters, or the
// explicit marks, embeddings, overrides and isolates) is quoted inside a first-strong
// isolate (U+2068 … U+2069): a right-to-left override typed in a comment then turns
// only the quote around, never the rest of the message. Other text is quoted as is.
const BIDI = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

export function quoted(text, max = sharedLimit('quoteLength')) {
  const q = `"${clip(text, max)}"`;
  return BIDI.test(q) ? `\u2068${q}\u2069` : q;
}

// Whether clip would cut text (a drawing then gives the whole name as its tooltip).
export function isClipped(text, max = sharedLimit('quoteLength')) {
  return Array.from(String(text)).length > max;
}
