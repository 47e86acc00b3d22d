// Messages filled without ICU's parser (web/js/ui/plain-message.js) read exactly as
// intl-messageformat writes them: every message of every catalog, with the values a page
// passes (text, numbers, zero, nothing) and the ones it should not (missing, an object),
// and t() (web/js/ui/i18n.js) the same whichever path a message takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { plainMessage } from '../../web/js/ui/plain-message.js';
import { t, useLanguage } from '../../web/js/ui/i18n.js';

const CATALOGS = {
  en: JSON.parse(readFileSync('web/js/messages/en.json', 'utf8')),
  fr: JSON.parse(readFileSync('web/js/messages/fr.json', 'utf8')),
  'fr (engine)': JSON.parse(readFileSync('web/js/messages/engine/fr.json', 'utf8')).messages,
};
const lang = (name) => name.split(' ')[0];

// Every argument of a message given one value of each kind a page passes.
const VALUE_SETS = ['a <b> & "c"', '', 0, 1.5, -3, 12345678, 7n, null, undefined, false];

function names(text) {
  try {
    return [...new Set(JSON.stringify(IntlMessageFormat.__parse(text)).match(/"value":"[^"]*"/g) || [])].map((v) => v.slice(9, -1));
  } catch { return []; }
}

test('a plain message reads as intl-messageformat writes it, in every catalog, for every kind of value', () => {
  let plain = 0, all = 0;
  for (const [name, catalog] of Object.entries(CATALOGS)) {
    for (const [key, text] of Object.entries(catalog)) {
      ++all;
      const fast = plainMessage(text);
      if (!fast) continue;
      ++plain;
      const full = new IntlMessageFormat(text, lang(name));
      for (const v of VALUE_SETS) {
        const values = Object.fromEntries(fast.names.map((n) => [n, v]));
        assert.equal(fast.format(values), full.format(values), `${name} ${key} with ${String(v)}`);
      }
      // Missing arguments and objects are left to intl-messageformat (it throws, or answers with parts).
      if (fast.names.length) {
        assert.equal(fast.format({}), undefined, `${name} ${key}: a missing argument`);
        assert.throws(() => full.format({}), `${name} ${key}: intl-messageformat refuses a missing argument`);
        assert.equal(fast.format(Object.fromEntries(fast.names.map((n) => [n, { rich: true }]))), undefined, `${name} ${key}: an object`);
      } else {
        assert.equal(fast.format(undefined), text);
      }
    }
  }
  // Most messages take the short path: the point of it (a page compiles a hundred at start).
  assert.ok(plain / all > 0.75, `${plain} of ${all} messages are plain`);
});

test('what plainMessage leaves to ICU: plural, select, number styles, tags, quotes, #, spaced or numbered arguments', () => {
  for (const text of ['{n, plural, one {# row} other {# rows}}', '{k, select, a {A} other {B}}', '{x, number, percent}',
    'a <b>bold</b> word', "it''s", "'{not an argument}'", 'row #1', '{ spaced }', '{0}', 'a } b', '{a}{']) {
    assert.equal(plainMessage(text), null, text);
  }
  assert.deepEqual(plainMessage('Epoch {epoch} of {epochs}').names, ['epoch', 'epochs']);
  assert.equal(plainMessage('Epoch {epoch} of {epochs}').format({ epoch: 3, epochs: 15 }), 'Epoch 3 of 15');
  assert.equal(plainMessage('').format({}), '');
});

test('t() gives what intl-messageformat gives for every English and French message, whichever path it takes', () => {
  for (const name of ['en', 'fr']) {
    useLanguage(name, name === 'en' ? {} : CATALOGS.fr);
    for (const [key, text] of Object.entries(CATALOGS[name])) {
      const values = Object.fromEntries(names(text).map((n) => [n, 2]));
      let expected;
      try { expected = new IntlMessageFormat(text, name).format(values); } catch { continue; }  // a message needing other values than numbers
      assert.deepEqual(t(key, values), expected, `${name} ${key}`);
    }
    // Rich text (an object for an argument) still comes back as intl-messageformat's parts.
    const key = Object.keys(CATALOGS[name]).find((k) => plainMessage(CATALOGS[name][k])?.names.length === 1);
    const arg = plainMessage(CATALOGS[name][key]).names[0];
    const node = { rich: true };
    assert.deepEqual(t(key, { [arg]: node }), new IntlMessageFormat(CATALOGS[name][key], name).format({ [arg]: node }), `${name} ${key} with an object`);
  }
  useLanguage('en', {});
});
