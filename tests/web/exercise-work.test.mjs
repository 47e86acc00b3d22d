// Exercise answers in the saved work, the hand-in and the gradebook (pure functions,
// no engine: the engine's grades are given here as the worker would return them), and
// the answer parser the page and the gradebook share.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAnswer } from '../../web/js/settings/parse.js';
import { answerId, exerciseAnswers, exerciseProgress, normaliseStudent } from '../../web/js/work/exercise-work.js';
import { buildHandin, parseHandin } from '../../web/js/work/handin.js';
import { gradebook } from '../../web/js/grading/gradebook.js';
import { checkedExercises, exerciseKey, regradeExercises } from '../../web/js/grading/verify-exercises.js';
import { normalizeState } from '../../web/js/work/store.js';

const assignment = { title: 'M52 lab', checks: [], race: { required: {} } };
const part = (text, correct, extra = {}) => ({ text, checked: true, correct, attempts: 2, student: 'Ada Lovelace', variant: 1, mistake: '', updatedAt: '2026-11-30T10:00:00Z', ...extra });

test('answers: decimals, fractions, brackets, a Unicode minus; a decimal comma and a wrong count named', () => {
  assert.deepEqual(parseAnswer('[0.25, 3/4; \u22121e-1]', 3), { ok: true, values: [0.25, 0.75, -0.1] });
  assert.deepEqual(parseAnswer('(1 2)', 2), { ok: true, values: [1, 2] });
  assert.equal(parseAnswer('0,5', 1).message, 'Use a point for decimals (0.5, not 0,5): the comma separates numbers.');
  assert.equal(parseAnswer('1 2', 3).message, 'This part takes 3 numbers; you typed 2.');
  assert.match(parseAnswer('1/0', 1).message, /divides by zero/);
  assert.match(parseAnswer('1/2/3', 1).message, /is not a number/);
  assert.match(parseAnswer('', 2).message, /^Type 2 numbers/);
  assert.deepEqual(parseAnswer('1 2 3 4', null), { ok: true, values: [1, 2, 3, 4] });  // the engine counts
});

test('answer ids, the student as the seed sees it, progress per kind for one name and variant', () => {
  assert.equal(answerId('self-row', 'S_shape'), 'ex-self-row--S_shape');
  assert.equal(normaliseStudent('  Ada \t LOVELACE\n'), 'ada lovelace');
  const answers = normalizeState({ answers: {
    [answerId('self-row', 'q')]: part('1 2', true),
    [answerId('self-row', 'scores')]: part('1 2 3', false),
    [answerId('context', 'scores')]: part('1 2 3', true, { student: 'Grace Hopper' }),
    [answerId('shapes', 'S_shape')]: part('5 5', true, { variant: 2 }),
    q1: { choice: 'a', checked: true },
  } }).state.answers;
  assert.deepEqual(exerciseAnswers(answers).map((e) => `${e.kind}/${e.part}`), ['context/scores', 'self-row/q', 'self-row/scores', 'shapes/S_shape']);
  assert.deepEqual({ ...exerciseProgress(answers, 'ada lovelace', 1) }, { 'self-row': { answered: 2, right: 1 } });
  assert.equal(answers[answerId('self-row', 'q')].student, 'Ada Lovelace');  // kept by the store
});

test('the gradebook counts what the engine grades from the hand-in\'s name, not what the file says', async () => {
  const state = normalizeState({ version: 2, student: { name: 'Ada Lovelace', id: '' }, answers: {
    [answerId('context', 'scores')]: part('1 2 3', true),
    [answerId('context', 'weights')]: part('0.1 0.2 0.7', true),        // edited: the engine says not right
    [answerId('shapes', 'S_shape')]: part('7 7', true, { student: 'Grace Hopper' }),  // another student's numbers
  } }).state;
  const text = buildHandin({ state, checks: [], assignment, now: new Date('2026-11-30T12:00:00Z') }).text;
  assert.match(text, /Exercise parts: 3 of 3 right when checked/);
  assert.match(text, / {2}context, weights: "0\.1 0\.2 0\.7" right, 2 attempt\(s\) \(numbers of "Ada Lovelace", variant 1\)/);
  const r = parseHandin(text).record;
  assert.equal(checkedExercises([r]).length, 3);
  // Before grading: checking; the engine's verdicts as a fake worker gives them.
  assert.equal(gradebook([r], { checks: [], assignment, now: Date.parse('2026-12-01') }).rows[0].exercises, 'checking…');
  const verdicts = { scores: true, weights: false, S_shape: false };
  const calls = [];
  const lab = { call: async (fn, req) => { calls.push([fn, req]); return { right: verdicts[req.part], mistake: '', message: '' }; } };
  const results = new Map();
  const job = regradeExercises(lab, [r, r], results);
  assert.equal(job.total, 3);  // each distinct answer once, for the whole class
  await job.done;
  assert.ok(calls.every(([fn, req]) => fn === 'grade_exercise' && req.student === 'Ada Lovelace'));
  assert.deepEqual(calls.find(([, req]) => req.part === 'weights')[1].typed, [0.1, 0.2, 0.7]);
  const row = gradebook([r], { checks: [], assignment, exerciseChecks: results, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(row.exercises, '1 of 3 parts right');
  assert.equal(row.exercisesRight, 1);
  assert.ok(row.flags.includes('exercise context, weights: the file says right; graded again for this name, not right'), row.flags.join(' | '));
  assert.ok(row.flags.some((f) => /made for the numbers of another name \("Grace Hopper"\)/.test(f)), row.flags.join(' | '));
  assert.ok(results.has(exerciseKey(r, { kind: 'context', part: 'scores', answer: r.answers[answerId('context', 'scores')] })));
});
