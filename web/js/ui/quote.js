// Text a student typed, shown back to them in a message, a table or a drawing: cut to at
// most `max` characters (code points, so an emoji is never split into "�"), with "…"
// when cut. The engine quotes with the same rule (src/core/quote.hpp).
//   clip('a😀b', 2) -> 'a😀…'     quoted('x'.repeat(10000)) -> '"xxxxxxxxxxxxxxxxxxxxxxxx…"'
export const QUOTED_MAX = 24;

export function clip(text, max = QUOTED_MAX) {
  const points = Array.from(String(text));
  return points.length > max ? `${points.slice(0, max).join('')}…` : points.join('');
}

export function quoted(text, max = QUOTED_MAX) {
  return `"${clip(text, max)}"`;
}

// Whether clip would cut text (a drawing then gives the whole name as its tooltip).
export function isClipped(text, max = QUOTED_MAX) {
  return Array.from(String(text)).length > max;
}
