// The exercises' kinds and parts as a student or an instructor reads them. The ids
// ("self-row", "qk_madds") stay the keys of saved work, hand-in data, CSV columns and
// engine calls; every page, the gradebook, the item analysis and the hand-in's text show
// these words instead. No DOM of its own (a page's #lab-data is read when there is one):
// the hand-in and the gradebook run under Node too.
//
//   exerciseTitle('self-row')                -> '3. One row of self-attention in matrix form'
//   partWords('shapes', 'qk_madds')          -> 'multiply-adds of Q Kᵀ'
//   exercisePart('context', 'weights')       -> '1. Scores, weights and the context vector — the weights'
//   exerciseShortName('context')             -> 'exercise 1'
//
// The titles are the exercises widget's own (content/widgets/exercises.json "choiceLabels")
// and the parts are the engine's labels (src/exercises/exercise.cpp) without the row a
// student's numbers pick: tests/web/exercise-words.test.mjs holds both to those sources.
// Shown in the page's language: a page's titles are its own widget's (content/LANG/widgets/
// exercises.json laid over, in its #lab-data), the parts' words come from the catalogs;
// the English constants below are what Node (the grader, the tests) shows.
import { labData } from '../ui/lab-data.js';
import { t } from '../ui/i18n.js';
import english from '../messages/en.json' with { type: 'json' };

export const EXERCISE_TITLES = Object.freeze({
  context: '1. Scores, weights and the context vector',
  scaled: '2. Scaled by \u221ad\u2096, with a temperature',
  'self-row': '3. One row of self-attention in matrix form',
  shapes: '4. Shapes and costs',
  'cross-step': '5. One cross-attention step of a decoder',
});

// Each part's catalog key (its words in every language); PART_WORDS, their English.
const PART_KEYS = {
  context: { scores: 'handin.partScores', weights: 'handin.partWeights', context: 'handin.partContext' },
  scaled: { scores: 'handin.partScaledScores', weights: 'handin.partWeights', context: 'handin.partContext' },
  'self-row': { q: 'handin.partRowQuery', scores: 'handin.partRowOfS', weights: 'handin.partRowOfA', context: 'handin.partRowOutput' },
  shapes: { S_shape: 'handin.partShapeS', Z_shape: 'handin.partShapeZ', qk_madds: 'handin.partMaddsQK', av_madds: 'handin.partMaddsAV' },
  'cross-step': { scores: 'handin.partScores', weights: 'handin.partWeights', context: 'handin.partContext' },
};
export const PART_WORDS = Object.freeze(Object.fromEntries(Object.entries(PART_KEYS)
  .map(([kind, parts]) => [kind, Object.fromEntries(Object.entries(parts).map(([part, key]) => [part, english[key]]))])));

const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

// The titles the page's exercises widget shows (in the page's language), else English's.
let ownTitles = null;
function titles() {
  if (!ownTitles) {
    const data = typeof document !== 'undefined' && document.getElementById('lab-data') ? labData() : null;
    const widget = data && data.widgets && data.widgets.exercises;
    const kind = widget && (widget.settings || []).find((s) => s.key === 'kind');
    ownTitles = { ...EXERCISE_TITLES, ...((kind && kind.choiceLabels) || {}) };
  }
  return ownTitles;
}

// A kind from a file may be one this lab does not have: named as such, quoted, never as
// if it were one of the five.
export function exerciseTitle(kind) {
  return has(EXERCISE_TITLES, kind) ? titles()[kind] : t('handin.unknownExercise', { kind: String(kind).slice(0, 40) });
}

export function partWords(kind, part) {
  const parts = has(PART_KEYS, kind) ? PART_KEYS[kind] : null;
  return parts && has(parts, part) ? t(parts[part]) : t('handin.unknownPart', { part: String(part).slice(0, 40) });
}

export const exercisePart = (kind, part) => t('handin.exercisePart', { title: exerciseTitle(kind), part: partWords(kind, part) });

// A kind in a few words, for a gradebook cell: its number ("exercise 1"), or "code" for
// the code page, whose weight the assignment lists beside the exercises'.
export function exerciseShortName(kind) {
  if (kind === 'code') return t('handin.codeShort');
  const m = has(EXERCISE_TITLES, kind) ? /^(\d+)\./.exec(EXERCISE_TITLES[kind]) : null;
  return m ? t('handin.exerciseShort', { n: m[1] }) : exerciseTitle(kind);
}
