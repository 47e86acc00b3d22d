// Item analysis over a fabricated class of 50, every figure worked out by hand here:
// shares right at the first and last attempt, wrong options chosen, the discrimination
// index against Pearson's r done the long way, exercise mistakes most frequent first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { itemAnalysis, itemAnalysisCsv, pearson } from '../../web/js/grading/item-analysis.js';
import { gradebook } from '../../web/js/grading/gradebook.js';
import { exerciseKey } from '../../web/js/grading/verify-exercises.js';
import { answerId } from '../../web/js/work/exercise-work.js';
import { normalizeState } from '../../web/js/work/store.js';

const checks = [
  { id: 'q1', number: 1, kind: 'choice', topic: 'Softmax', choices: [{ id: 'a', correct: false }, { id: 'b', correct: true }, { id: 'c', correct: false }] },
  { id: 'q2', number: 2, kind: 'choice', topic: 'Cost', choices: [{ id: 'a', correct: true }, { id: 'b', correct: false }] },
  { id: 'q3', number: 3, kind: 'short', rubric: ['x'] },
];
const assignment = { title: 'M52 lab', checks: ['q1', 'q2', 'q3'], race: { required: {} } };
// The experiments' own options (content/widgets/NAME.json "predict"), and a race run of
// the settings the predictions below were locked for ("T = 30"), attention ahead.
const PREDICT = { race: ['attention', 'gru', 'same'], comments: ['none', 'few', 'many'], vision: ['transformer', 'bag', 'same'] };
const RACE = { at: '2026-11-30T10:00:00Z', settings: { T: 30 }, build: 'x', gru: 0.48, attention: 1, wall: 3, stopped: false };
const at = (m) => `2026-11-30T09:${String(m).padStart(2, '0')}:00Z`;
const attempts = (...choices) => ({ log: choices.map(([c, right], k) => [c, right, at(k)]), choice: choices.at(-1)[0], checked: true, correct: choices.at(-1)[1], attempts: choices.length });

// Student i of 50, by i % 10:
//   q1: 0, 1: a then b | 2: c | 3: not answered | 4..9: b at once
//   q2: right (a) when i < 25, else wrong (b); student 49 did not answer it
function student(i) {
  const answers = {};
  const r = i % 10;
  if (r <= 1) answers.q1 = attempts(['a', false], ['b', true]);
  else if (r === 2) answers.q1 = attempts(['c', false]);
  else if (r >= 4) answers.q1 = attempts(['b', true]);
  if (i < 49) answers.q2 = i < 25 ? attempts(['a', true]) : attempts(['b', false]);
  if (i < 10) answers[answerId('shapes', 'Z_shape')] = { text: '1 2', checked: true, correct: false, attempts: 1, student: `S${i}`, variant: 1, log: [['1 2', false, at(5)]] };
  return { version: 3, student: { name: `S${i}`, id: String(i), source: 'typed' }, exportedAt: '2026-11-30T12:00:00Z', assignment: { checks: assignment.checks, race: { required: {} } },
    answers: normalizeState({ answers }).state.answers, races: [], dropped: 0, claimed: { points: null, perCheck: {}, raceRequirementMet: false } };
}

test('a class of 50: shares at the first and last attempt, wrong options chosen, discrimination, mistakes', () => {
  const records = Array.from({ length: 50 }, (_, i) => student(i));
  // The engine's verdicts as the worker gives them: students 0..5 transposed Z, 6..9 no mistake named.
  const exerciseChecks = new Map(records.slice(0, 10).map((r, i) => [exerciseKey(r, { kind: 'shapes', part: 'Z_shape', answer: r.answers[answerId('shapes', 'Z_shape')] }),
    { status: 'graded', right: false, mistake: i < 6 ? 'transposed' : '' }]));
  const { rows } = gradebook(records, { checks, assignment, exerciseChecks, now: Date.parse('2026-12-01') });
  const a = itemAnalysis(rows, { checks, assignment, exerciseChecks });
  assert.equal(a.students, 50);
  assert.equal(a.checks.length, 2);  // the short answer is not a multiple-choice item
  const [q1, q2] = a.checks;
  // q1: 45 answered (5 did not: i % 10 == 3); first right 30 (i % 10 >= 4), last right 40.
  assert.equal(q1.answered, 45);
  assert.equal(q1.firstRight, 30 / 45);
  assert.equal(q1.lastRight, 40 / 45);
  // Options by their ids: each student saw them in an order of their own.
  assert.deepEqual(q1.wrong, [{ option: 'a', label: 'option a', students: 10 }, { option: 'c', label: 'option c', students: 5 }]);
  assert.equal(q1.label, 'Q1');
  // q2: 49 answered, 25 right at once and at last.
  assert.equal(q2.answered, 49);
  assert.equal(q2.firstRight, 25 / 49);
  assert.deepEqual(q2.wrong, [{ option: 'b', label: 'option b', students: 24 }]);
  // Discrimination of q1: r between its last-attempt 0/1 and the rest score (q2 here).
  const item = records.map((_, i) => ([0, 1].includes(i % 10) || i % 10 >= 4 ? 1 : 0));
  const rest = records.map((_, i) => (i < 25 ? 1 : 0));
  const n = 50, mi = item.reduce((s, x) => s + x) / n, mr = rest.reduce((s, x) => s + x) / n;
  const cov = item.reduce((s, x, i) => s + (x - mi) * (rest[i] - mr), 0);
  const r = cov / Math.sqrt(item.reduce((s, x) => s + (x - mi) ** 2, 0) * rest.reduce((s, y) => s + (y - mr) ** 2, 0));
  assert.ok(Math.abs(q1.discrimination - r) < 1e-12, `${q1.discrimination} vs ${r}`);
  assert.equal(pearson([1, 1, 0, 0], [2, 2, 0, 0]), 1);
  assert.equal(pearson([1, 0, 1, 0], [1, 1, 1, 1]), null);  // the rest does not vary
  // Exercises: 10 parts answered, none right; transposed 6, unnamed 4, most frequent first.
  assert.deepEqual(a.exercises, [{ kind: 'shapes', answered: 10, right: 0, share: 0, mistakes: [
    { key: 'transposed', words: 'transposed product or shape', count: 6 }, { key: '', words: 'wrong, no mistake named', count: 4 }] }]);
  const csv = itemAnalysisCsv(a).split('\r\n');
  assert.equal(csv[0], '"item","kind","answered","share_right_first","share_right_last","discrimination","wrong_choices_or_mistakes"');
  assert.equal(csv[1], `"Q1","check","45","0.667","0.889","${Math.round(r * 1000) / 1000}","option a: 10; option c: 5"`);
  assert.equal(csv[3], '"shapes","exercise","10","","0","","transposed product or shape: 6; wrong, no mistake named: 4"');
});

test('a superseded hand-in does not count twice; format 2 answers (no log) count by first and last', () => {
  const old = { ...student(4), exportedAt: '2026-11-29T12:00:00Z' };
  const format2 = student(5);
  format2.version = 2;
  format2.answers.q1 = { choice: 'b', checked: true, correct: true, attempts: 2, first: { choice: 'c', correct: false, at: at(0) } };
  const { rows } = gradebook([student(4), old, format2], { checks, assignment, now: Date.parse('2026-12-01') });
  const q1 = itemAnalysis(rows, { checks, assignment }).checks[0];
  assert.equal(q1.answered, 2);
  assert.equal(q1.firstRight, 0.5);
  assert.equal(q1.lastRight, 1);
  assert.deepEqual(q1.wrong.map((w) => w.students), [0, 1]);
});

test('predictions against results: per experiment, options predicted and given, predictions borne out; in the hand-in', async () => {
  const { buildHandin } = await import('../../web/js/work/handin.js');
  const pred = (choice, outcome, reflection = '') => ({ choice, text: 'a hunch', locked: true, run: 'T = 30', outcome, result: 'self-attention 100 %, GRU 48 %', reflection });
  const records = [
    ['attention', 'attention'], ['attention', 'attention'], ['gru', 'attention'], ['same', null],
  ].map(([c, o], i) => {
    const r = student(i);
    r.answers = normalizeState({ answers: { ...r.answers, 'predict-race': o ? pred(c, o) : { choice: c } } }).state.answers;
    r.races = [RACE];  // the run each prediction was locked for, in the hand-in
    return r;
  });
  const { rows } = gradebook(records, { checks, assignment, now: Date.parse('2026-12-01') });
  const [e] = itemAnalysis(rows, { checks, assignment, predict: PREDICT }).experiments;
  assert.deepEqual({ ...e, options: { ...e.options } }, { page: 'race', predicted: 4, compared: 3, matched: 2, unverifiable: 0, notAnOption: 0,
    options: { attention: { predicted: 2, results: 3 }, gru: { predicted: 1, results: 0 }, same: { predicted: 1, results: 0 } } });
  const state = normalizeState({ version: 3, student: { name: 'Ada' }, answers: { 'predict-race': pred('gru', 'attention', 'The GRU forgets.') } }).state;
  const text = buildHandin({ state, checks, assignment, now: new Date('2026-11-30T12:00:00Z') }).text;
  assert.match(text, /Predictions made before a run, and what the run gave:\n {2}race: predicted "gru" \("a hunch"\), locked for the run T = 30; the run gave "attention" \(self-attention 100 %, GRU 48 %\): not as predicted\n {4}reflection: "The GRU forgets\."/);
});

test('a result with no run behind it is "not verifiable", never borne out; "__proto__" and kin are not options', () => {
  const pred = (choice, outcome, run = 'T = 30') => ({ choice, text: 'why', locked: true, run, outcome, result: 'words' });
  const withAnswers = (i, answers, races = []) => {
    const r = student(i);
    r.answers = normalizeState({ answers: { ...r.answers, ...answers } }).state.answers;
    r.races = races;
    return r;
  };
  const records = [
    // The comments and image pages' runs are not in a hand-in: their results cannot be checked.
    withAnswers(0, { 'predict-comments': pred('many', 'many', 'bias 0.9'), 'predict-vision': pred('transformer', 'transformer', 'seed 1') }),
    // A race prediction whose run is missing, one whose run says otherwise, one whose run bears it out.
    withAnswers(1, { 'predict-race': pred('attention', 'attention') }),
    withAnswers(2, { 'predict-race': pred('gru', 'gru') }, [RACE]),
    withAnswers(3, { 'predict-race': pred('attention', 'attention') }, [RACE]),
    // Crafted predictions: names of Object.prototype's members.
    withAnswers(4, { 'predict-comments': pred('__proto__', '__proto__') }),
    withAnswers(5, { 'predict-comments': pred('constructor', 'constructor') }),
    withAnswers(6, { 'predict-vision': pred('hasOwnProperty', 'hasOwnProperty') }),
    withAnswers(7, { 'predict-race': pred('toString', null) }),
  ];
  const { rows } = gradebook(records, { checks, assignment, now: Date.parse('2026-12-01') });
  const a = itemAnalysis(rows, { checks, assignment, predict: PREDICT });
  const by = Object.fromEntries(a.experiments.map((e) => [e.page, { ...e, options: { ...e.options } }]));
  assert.deepEqual(by.comments, { page: 'comments', predicted: 3, compared: 0, matched: 0, unverifiable: 1, notAnOption: 2, options: { many: { predicted: 1, results: 0 } } });
  assert.deepEqual(by.vision, { page: 'vision', predicted: 2, compared: 0, matched: 0, unverifiable: 1, notAnOption: 1, options: { transformer: { predicted: 1, results: 0 } } });
  assert.deepEqual(by.race, { page: 'race', predicted: 4, compared: 1, matched: 1, unverifiable: 2, notAnOption: 1,
    options: { attention: { predicted: 2, results: 1 }, gru: { predicted: 1, results: 0 } } });
  // Nothing reached the prototype every object shares.
  assert.equal(({}).predicted, undefined);
  assert.equal(({}).results, undefined);
  assert.equal(Object.getPrototypeOf(a.experiments[0].options), null);
  // Without the pages' lists, the names are still counted as plain keys, never as the prototype.
  const loose = itemAnalysis(rows, { checks, assignment }).experiments.find((e) => e.page === 'comments');
  assert.deepEqual(Object.keys(loose.options).sort(), ['__proto__', 'constructor', 'many']);
  assert.equal(loose.options.__proto__.predicted, 1);
  assert.equal(({}).predicted, undefined);
  const csv = itemAnalysisCsv(a);
  assert.match(csv, /"comments","prediction","3","","","","many: predicted 1, run gave 0; not verifiable \(no run in the hand-in\): 1; not an option of this page: 2"/);
});
