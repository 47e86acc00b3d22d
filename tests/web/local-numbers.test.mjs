// Numbers typed in the page's language (web/js/settings/parse.js, settings-schema.js): a
// French field reads "0,5" and "1,0 ; 0,9", every field reads the neutral form, and what
// is kept is the number, so links and hand-ins are the same in every language. The
// messages come in the page's language (web/js/ui/i18n.js).
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { numberText, parseNumber, parseVector, parseTokenLines } from '../../web/js/settings/parse.js';
import { parseSetting, toQuery, fromQuery, rangeText } from '../../web/js/settings/settings-schema.js';
import { localDecimal, useLanguage, t } from '../../web/js/ui/i18n.js';
import { useSharedLimits } from '../../web/js/ui/shared-limits.js';

const fr = JSON.parse(readFileSync(new URL('../../web/js/messages/fr.json', import.meta.url), 'utf8'));
useSharedLimits({ quoteLength: 24, tokenBytes: 200 });
afterEach(() => useLanguage('en'));

const lr = { key: 'lr', label: 'Learning rate', kind: 'float', default: 0.003, min: 0.0001, max: 1 };

test('a French field reads a decimal comma and the neutral form alike', () => {
  assert.equal(numberText('0,5', { lang: 'fr' }), '0.5');
  assert.equal(numberText('0.5', { lang: 'fr' }), '0.5');
  assert.equal(numberText('\u22121,25e-3', { lang: 'fr' }), '-1.25e-3');
  assert.deepEqual(parseNumber('0,5', { lang: 'fr' }), { ok: true, value: 0.5 });
  assert.deepEqual(parseSetting(lr, '0,5', { lang: 'fr' }), { ok: true, value: 0.5 });
  assert.deepEqual(parseSetting(lr, '0.5', { lang: 'fr' }), { ok: true, value: 0.5 });
});

test('lists: in French the comma is decimal and ";" or spaces separate; "1.0, 0.9" reads the same everywhere', () => {
  assert.deepEqual(parseVector('1,0 ; 0,9', { lang: 'fr' }).values, [1, 0.9]);
  assert.deepEqual(parseVector('1,0 0,9', { lang: 'fr' }).values, [1, 0.9]);
  assert.deepEqual(parseVector('1.0, 0.9', { lang: 'fr' }).values, [1, 0.9]);
  assert.deepEqual(parseVector('1,0, 0,9', { lang: 'fr' }).values, [1, 0.9]);
  assert.deepEqual(parseVector('1.0, 0.9').values, [1, 0.9]);
  assert.deepEqual(parseVector('1,5').values, [1, 5], 'in English the comma separates');
  assert.deepEqual(parseTokenLines('chat : 1,0 ; 0,8', 12, { lang: 'fr' }).rows, [{ token: 'chat', text: '1, 0.8' }]);
});

test('without a language (links, the assignment, hand-ins) only the neutral form is a number', () => {
  assert.equal(numberText('0,5'), null);
  assert.equal(parseSetting(lr, '0,5').ok, false);
  assert.equal(fromQuery([lr], '?lr=0,5').settings.lr, 0.003, 'a link with a comma keeps the default');
  assert.equal(toQuery([lr], { lr: 0.5 }), '?lr=0.5', 'a link is written in the neutral form');
});

test('messages in the page\'s language, numbers in its form', () => {
  useLanguage('fr', fr);
  assert.equal(parseNumber('abc', { lang: 'fr' }).message, '"abc" n’est pas un nombre.');
  assert.equal(rangeText(lr), 'un nombre de 0,0001 à 1');
  // (French puts a no-break space before ":" and ";": \u00a0)
  assert.equal(parseSetting(lr, '2', { lang: 'fr' }).message, 'Learning rate\u00a0: 2 est hors de l’intervalle\u00a0; indiquez un nombre de 0,0001 à 1.');
  assert.equal(parseVector('', { lang: 'fr' }).message, 'Saisissez des nombres séparés par des points-virgules ou des espaces, par exemple 1,0\u00a0; 0,9.');
  assert.equal(t('parse.answerCount', { count: 2, typed: 1 }), 'Cette partie attend 2 nombres\u00a0; vous en avez saisi 1.');
  assert.equal(localDecimal('0.25 and 1.5e-3'), '0,25 and 1,5e-3');
  useLanguage('en');
  assert.equal(parseSetting(lr, '2').message, 'Learning rate: 2 is out of range; use a number from 0.0001 to 1.');
  assert.equal(t('parse.answerCount', { count: 1, typed: 3 }), 'This part takes 1 number; you typed 3.');
});

test('a key no catalog holds shows as itself, marked, never blank', () => {
  assert.equal(t('no.such.key'), '\u27e6no.such.key\u27e7');
});
