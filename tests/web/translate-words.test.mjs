// The toy French's elided words, split when typed and joined when shown
// (web/js/pages/translate/words.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { showSentence, typedWords } from '../../web/js/pages/translate/words.js';

test('an elided word is its own word, joined to the next when shown', () => {
  assert.equal(showSentence(["l'", 'oiseau', 'ne', 'voit', 'pas', 'la', 'souris']), "l'oiseau ne voit pas la souris");
  assert.equal(showSentence(['le', 'chat', "n'", 'aime', 'pas', "l'", 'oiseau']), "le chat n'aime pas l'oiseau");
  assert.equal(showSentence(['je', 'suis', 'étudiant']), 'je suis étudiant');
});

test('a typed sentence: elided words split off, either apostrophe, any case and spacing', () => {
  assert.deepEqual(typedWords("L’oiseau  n'aime pas\tla pomme"), ["l'", 'oiseau', "n'", 'aime', 'pas', 'la', 'pomme']);
  assert.deepEqual(typedWords("l' oiseau"), ["l'", 'oiseau']);
  assert.deepEqual(typedWords("aujourd'hui"), ["aujourd'", 'hui']);  // unknown words stay words; the engine names them
  assert.deepEqual(typedWords("'"), ["'"]);
  assert.deepEqual(typedWords('  '), []);
  // What showSentence writes, typed back, gives the same words.
  const words = ['le', 'chat', "n'", 'aime', 'pas', "l'", 'oiseau'];
  assert.deepEqual(typedWords(showSentence(words)), words);
});
