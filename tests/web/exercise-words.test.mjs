// The exercises' kinds and parts in words (web/js/work/exercise-words.js) are the
// exercise's own: its titles in content/widgets/exercises.json and every part the engine
// has (src/exercises/exercise.cpp), none shown by its id.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { EXERCISE_TITLES, PART_WORDS, exercisePart, exerciseShortName, exerciseTitle, partWords } from '../../web/js/work/exercise-words.js';

const ROOT = new URL('../../', import.meta.url);
const spec = JSON.parse(readFileSync(new URL('content/widgets/exercises.json', ROOT), 'utf8'));
const kindSetting = spec.settings.find((s) => s.key === 'kind');
const source = readFileSync(new URL('src/exercises/exercise.cpp', ROOT), 'utf8');

test('the titles are the exercises page\'s own, for every kind it offers', () => {
  assert.deepEqual(Object.keys(EXERCISE_TITLES), kindSetting.choices);
  assert.deepEqual({ ...EXERCISE_TITLES }, kindSetting.choiceLabels);
});

test('every part the engine draws has words, and each kind has as many parts as the engine gives it', () => {
  const engineKeys = new Set([...source.matchAll(/\bpart\("([^"]+)"/g)].map((m) => m[1]));
  assert.ok(engineKeys.size >= 8, 'the engine\'s parts not found in exercise.cpp');
  const ours = new Set(Object.values(PART_WORDS).flatMap((p) => Object.keys(p)));
  assert.deepEqual([...ours].sort(), [...engineKeys].sort());
  for (const kind of kindSetting.choices) {
    assert.equal(Object.keys(PART_WORDS[kind]).length, spec.fixed[`parts.${kind}`], kind);
  }
});

test('no word shown is an id: no underscore, no kind id, each part told apart within its exercise', () => {
  for (const [kind, parts] of Object.entries(PART_WORDS)) {
    const words = Object.values(parts);
    assert.equal(new Set(words).size, words.length, kind);
    for (const w of words) {
      assert.doesNotMatch(w, /_/);
      assert.ok(!Object.keys(EXERCISE_TITLES).includes(w) && !Object.keys(parts).includes(w), `${kind}: "${w}" is an id`);
    }
  }
  assert.equal(partWords('shapes', 'qk_madds'), 'multiply-adds of Q Kᵀ');
  assert.equal(partWords('shapes', 'S_shape'), 'the shape of S');
  assert.equal(exercisePart('context', 'weights'), '1. Scores, weights and the context vector — the weights');
  assert.equal(exerciseShortName('self-row'), 'exercise 3');
  assert.equal(exerciseShortName('code'), 'code');
  assert.equal(exerciseTitle('cross-step'), '5. One cross-attention step of a decoder');
});

test('a kind or part from a file that the lab does not have is said to be unknown, not passed off as one', () => {
  assert.equal(exerciseTitle('__proto__'), 'an exercise this lab does not have ("__proto__")');
  assert.equal(partWords('context', 'toString'), 'a part this exercise does not have ("toString")');
  assert.equal(partWords('constructor', 'scores'), 'a part this exercise does not have ("scores")');
});
