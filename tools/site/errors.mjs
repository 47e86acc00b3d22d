// Build errors that point at the content an instructor edits: "file:line: message".
export class ContentError extends Error {
  constructor(file, line, message) {
    super(`${file}${line ? `:${line}` : ''}: ${message}`);
    this.file = file;
    this.line = line;
  }
}

// The 1-based line of character offset `pos` in `text`.
export function lineAt(text, pos) {
  return text.slice(0, Math.max(0, pos)).split('\n').length;
}

// The line where `needle` first occurs (for pointing at a JSON key), else 1.
export function lineOf(text, needle) {
  const i = text.indexOf(needle);
  return i < 0 ? 1 : lineAt(text, i);
}

// JSON.parse with the error turned into file:line.
export function parseJson(file, text) {
  try {
    return JSON.parse(text);
  } catch (err) {
    const m = /position (\d+)/.exec(err.message);
    const line = m ? lineAt(text, Number(m[1])) : (/line (\d+)/.exec(err.message) || [])[1];
    throw new ContentError(file, line ? Number(line) : 0, `not valid JSON (${err.message.replace(/ in JSON at position \d+.*$/, '')})`);
  }
}
