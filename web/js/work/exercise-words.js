// The exercises' kinds and parts as a student or an instructor reads them. The ids
// ("self-row", "qk_madds") stay the keys of saved work, hand-in data, CSV columns and
// engine calls; every page, the gradebook, the item analysis and the hand-in's text show
// these words instead. Pure (no DOM): the hand-in and the gradebook run under Node too.
//
//   exerciseTitle('self-row')                -> '3. One row of self-attention in matrix form'
//   partWords('shapes', 'qk_madds')          -> 'multiply-adds of Q Kᵀ'
//   exercisePart('context', 'weights')       -> '1. Scores, weights and the context vector — the weights'
//   exerciseShortName('context')             -> 'exercise 1'
//
// The titles are the exercises widget's own (content/widgets/exercises.json "choiceLabels")
// and the parts are the engine's labels (src/exercises/exercise.cpp) without the row a
// student's numbers pick: tests/web/exercise-words.test.mjs holds both to those sources.

export const EXERCISE_TITLES = Object.freeze({
  context: '1. Scores, weights and the context vector',
  scaled: '2. Scaled by \u221ad\u2096, with a temperature',
  'self-row': '3. One row of self-attention in matrix form',
  shapes: '4. Shapes and costs',
  'cross-step': '5. One cross-attention step of a decoder',
});

export const PART_WORDS = Object.freeze({
  context: { scores: 'the scores', weights: 'the weights', context: 'the context vector' },
  scaled: { scores: 'the scaled scores', weights: 'the weights', context: 'the context vector' },
  'self-row': { q: 'the query of the row', scores: 'the row of S', weights: 'the row of A', context: 'the output z of the row' },
  shapes: { S_shape: 'the shape of S', Z_shape: 'the shape of Z', qk_madds: 'multiply-adds of Q K\u1d40', av_madds: 'multiply-adds of A V' },
  'cross-step': { scores: 'the scores', weights: 'the weights', context: 'the context vector' },
});

const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

// A kind from a file may be one this lab does not have: named as such, quoted, never as
// if it were one of the five.
export function exerciseTitle(kind) {
  return has(EXERCISE_TITLES, kind) ? EXERCISE_TITLES[kind] : `an exercise this lab does not have ("${String(kind).slice(0, 40)}")`;
}

export function partWords(kind, part) {
  const parts = has(PART_WORDS, kind) ? PART_WORDS[kind] : null;
  return parts && has(parts, part) ? parts[part] : `a part this exercise does not have ("${String(part).slice(0, 40)}")`;
}

export const exercisePart = (kind, part) => `${exerciseTitle(kind)} — ${partWords(kind, part)}`;

// A kind in a few words, for a gradebook cell: its number ("exercise 1"), or "code" for
// the code page, whose weight the assignment lists beside the exercises'.
export function exerciseShortName(kind) {
  if (kind === 'code') return 'code';
  const m = has(EXERCISE_TITLES, kind) ? /^(\d+)\./.exec(EXERCISE_TITLES[kind]) : null;
  return m ? `exercise ${m[1]}` : exerciseTitle(kind);
}
