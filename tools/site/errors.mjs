// Build errors that point at the content an instructor edits: "file:line:column: message",
// the form editors and terminals turn into a link. `place` is {line, column} (lineAt,
// lineOf), a line number (column 1), or 0 for a file that is missing as a whole.
export class ContentError extends Error {
  constructor(file, place, message) {
    const { line, column } = typeof place === 'number' ? { line: place, column: 1 } : place || { line: 0, column: 0 };
    super(`${file}${line ? `:${line}:${column}` : ''}: ${message}`);
    this.file = file;
    this.line = line;
    this.column = column;
  }
}

// The 1-based line and column of character offset `pos` in `text`.
export function lineAt(text, pos) {
  const before = text.slice(0, Math.max(0, pos));
  const start = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - start + 1 };
}

// Where `needle` first occurs (for pointing at a JSON key), else line 1, column 1.
export function lineOf(text, needle) {
  const i = text.indexOf(needle);
  return i < 0 ? { line: 1, column: 1 } : lineAt(text, i);
}

// JSON.parse with the error turned into file:line. V8 does not always say where
// it failed, so a small recursive-descent scan (RFC 8259) finds the offset.
export function parseJson(file, text) {
  try {
    return JSON.parse(text);
  } catch (err) {
    const why = err.message.replace(/\s*(in JSON )?at position \d+.*$/s, '').replace(/, "[\s\S]*$/, '').replace(/\n/g, '\\n').slice(0, 80);
    throw new ContentError(file, lineAt(text, jsonErrorOffset(text)), `not valid JSON (${why})`);
  }
}

export function jsonErrorOffset(text) {
  let i = 0;
  const fail = () => { throw i; };
  const ws = () => { while (i < text.length && ' \t\r\n'.includes(text[i])) ++i; };
  const lit = (word) => { if (text.startsWith(word, i)) i += word.length; else fail(); };
  const string = () => {
    if (text[i] !== '"') fail();
    for (++i; i < text.length && text[i] !== '"'; ++i) {
      if (text[i] === '\\') ++i;
      else if (text.charCodeAt(i) < 0x20) fail();
    }
    if (text[i] !== '"') fail();
    ++i;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m[0].length;
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === '{') {
      ++i; ws();
      if (text[i] === '}') { ++i; return; }
      for (;;) {
        ws(); string(); ws();
        if (text[i] !== ':') fail();
        ++i; value(); ws();
        if (text[i] === ',') { ++i; continue; }
        if (text[i] === '}') { ++i; return; }
        fail();
      }
    } else if (c === '[') {
      ++i; ws();
      if (text[i] === ']') { ++i; return; }
      for (;;) {
        value(); ws();
        if (text[i] === ',') { ++i; continue; }
        if (text[i] === ']') { ++i; return; }
        fail();
      }
    } else if (c === '"') string();
    else if (c === 't') lit('true');
    else if (c === 'f') lit('false');
    else if (c === 'n') lit('null');
    else number();
  };
  try {
    value(); ws();
    return i < text.length ? i : text.length;
  } catch (pos) {
    return typeof pos === 'number' ? pos : 0;
  }
}
