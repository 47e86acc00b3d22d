// Text put into the page with its tokens kept whole: a setting ("seed = 3151"), a number
// and its unit ("0.05 s", "95 %"), a date with its time ("2026-12-04 14:13"), a
// fraction ("12 / 67"). Each is wrapped in a span.unbroken (css: white-space: nowrap), so
// a line breaks between tokens, never inside one; the element's text is the text as given
// (a test or a screen reader reads it unchanged). textContent only: nothing is parsed as HTML.
const TOKENS = /\b[A-Za-z][\w]* = [^,;\s]+[^,;\s.]|\b[A-Za-z][\w]* = \w|\d+(?:\.\d+)? (?:%|s|ms|µs)(?![\w])|\d{4}-\d{2}-\d{2}(?: \d{1,2}:\d{2})?|\b\d+ \/ \d+\b/g;

export function setUnbrokenText(el, text) {
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(TOKENS)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(Object.assign(document.createElement('span'), { className: 'unbroken', textContent: m[0] }));
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  el.replaceChildren(...parts);
}
