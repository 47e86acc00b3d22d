// Most of the lab's messages are plain text or text with simple {name} arguments: no
// plural, select, number style, tag, quote or #. For those, ICU MessageFormat's parser
// (intl-messageformat, about 0.3 ms a message, a hundred or more compiled as a page starts,
// in the page script's first task) is not needed: the message is split once into its text
// and its arguments, and filled in as intl-messageformat fills a simple argument (a
// string, number or bigint as String(value); any other falsy value as '').
//   plainMessage('Epoch {epoch} of {epochs}') -> { format({ epoch: 3, epochs: 15 }) -> 'Epoch 3 of 15' }
//   plainMessage('{n, plural, one {# row} other {# rows}}') -> null (ICU's own parser formats it)
// A message this does not take, or values it would not fill as intl-messageformat does (an
// argument missing, an object for rich text), go to intl-messageformat (ui/i18n.js), so
// every output is the one it gives (tests/web/plain-message.test.mjs, over every catalog).

// Text without { } < ' #, and {name} arguments (names as the catalogs write them).
const PLAIN = /^(?:[^{}<'#]|\{[A-Za-z_][A-Za-z0-9_]*\})*$/;

// -> { names: [...], format(values) -> string | undefined } or null. format answers
// undefined when the values need intl-messageformat's own handling.
export function plainMessage(text) {
  if (typeof text !== 'string' || !PLAIN.test(text)) return null;
  // Split on the arguments: text, name, text, name, …, text.
  const pieces = text.split(/\{([A-Za-z_][A-Za-z0-9_]*)\}/);
  const names = pieces.filter((_, i) => i % 2 === 1);
  return {
    names,
    format(values) {
      let out = pieces[0];
      for (let i = 1; i < pieces.length; i += 2) {
        const name = pieces[i];
        if (!values || !(name in values)) return undefined;
        const v = values[name];
        const kind = typeof v;
        let shown;
        if (kind === 'string' || kind === 'number' || kind === 'bigint') shown = String(v);
        else if (!v) shown = '';
        else return undefined;  // an object (rich text): intl-messageformat answers with parts
        out += shown + pieces[i + 1];
      }
      return out;
    },
  };
}
