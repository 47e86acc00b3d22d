// Exercise answers in the saved work, the hand-in and the gradebook (pure functions,
// no engine: the engine's grades are given here as the worker would return them), and
// the answer parser the page and the gradebook share.
import './shared-limits.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAnswer } from '../../web/js/settings/parse.js';
import { DRAFT_MAX, DRAFTS_KEY, TYPED_MAX, answerId, exerciseAnswers, exerciseProgress, gradedLang, lengthProblem, normaliseStudent, openDrafts } from '../../web/js/work/exercise-work.js';
import { buildHandin, parseHandin } from '../../web/js/work/handin.js';
import { gradebook, toCsv } from '../../web/js/grading/gradebook.js';
import { describeScore, grade, lessonStatus } from '../../web/js/work/grading-rules.js';
import { checkedExercises, exerciseKey, regradeExercises } from '../../web/js/grading/verify-exercises.js';
import { normalizeState, recordAttempt } from '../../web/js/work/store.js';

const assignment = { title: 'M52 lab', checks: [], race: { required: {} } };
const part = (text, correct, extra = {}) => ({ text, checked: true, correct, attempts: 2, student: 'Ada Lovelace', variant: 1, mistake: '', updatedAt: '2026-11-30T10:00:00Z', ...extra });

test('answers: decimals, fractions, brackets, a Unicode minus; a decimal comma and a wrong count named', () => {
  assert.deepEqual(parseAnswer('[0.25, 3/4; \u22121e-1]', 3), { ok: true, values: [0.25, 0.75, -0.1] });
  assert.deepEqual(parseAnswer('(1 2)', 2), { ok: true, values: [1, 2] });
  assert.equal(parseAnswer('0,5', 1).message, 'Use a point for decimals (0.5, not 0,5): the comma separates numbers.');
  // Decimal commas in a list: the hint, not "you typed 6" (read as points the count is right).
  assert.equal(parseAnswer('0,2; 0,3; 0,5', 3).message, 'Use a point for decimals (0.2, not 0,2): the comma separates numbers.');
  assert.equal(parseAnswer('0,5 0,25', 2).message, 'Use a point for decimals (0.5, not 0,5): the comma separates numbers.');
  assert.equal(parseAnswer('[\u22120,25; 0,75]', 2).message, 'Use a point for decimals (0.25, not 0,25): the comma separates numbers.');
  assert.equal(parseAnswer('0,5', 3).message, 'This part takes 3 numbers; you typed 2.');  // no count a comma explains
  assert.deepEqual(parseAnswer('1,2,3', 3), { ok: true, values: [1, 2, 3] });               // commas between numbers
  assert.equal(parseAnswer('1 2', 3).message, 'This part takes 3 numbers; you typed 2.');
  assert.match(parseAnswer('1/0', 1).message, /divides by zero/);
  assert.match(parseAnswer('1/2/3', 1).message, /is not a number/);
  assert.match(parseAnswer('', 2).message, /^Type 2 numbers/);
  assert.deepEqual(parseAnswer('1 2 3 4', null), { ok: true, values: [1, 2, 3, 4] });  // the engine counts
});

test('answers typed on a French page: the comma is decimal, ";" and spaces separate, the neutral form still reads', () => {
  const fr = { lang: 'fr' };
  assert.deepEqual(parseAnswer('0,5', 1, fr), { ok: true, values: [0.5] });
  assert.deepEqual(parseAnswer('[\u22120,25 ; 0,75]', 2, fr), { ok: true, values: [-0.25, 0.75] });
  assert.deepEqual(parseAnswer('0,2 0,3 0,5', 3, fr), { ok: true, values: [0.2, 0.3, 0.5] });
  assert.deepEqual(parseAnswer('0.25, 0.75', 2, fr), { ok: true, values: [0.25, 0.75] });  // the neutral form
  assert.deepEqual(parseAnswer('1/4 ; 3/4', 2, fr), { ok: true, values: [0.25, 0.75] });
  assert.equal(parseAnswer('0,5', 2, fr).message, 'This part takes 2 numbers; you typed 1.');  // no "use a point" in French
  // Kept with its language, read again the same way by whoever grades it (gradebook, LMS).
  const [a] = Object.values(normalizeState({ answers: { [answerId('context', 'weights')]: part('0,5', true, { lang: 'fr', first: { choice: '0,5', text: '0,5', lang: 'fr', correct: true, at: '2026-11-30T10:00:00Z' } }) } }).state.answers);
  assert.equal(gradedLang(a, 'last'), 'fr');
  assert.equal(gradedLang(a, 'first'), 'fr');
  assert.equal(gradedLang({ text: '0.5' }, 'last'), null);  // saved before the lab had languages: neutral
  assert.equal(normalizeState({ answers: { x: part('1', true, { lang: '<b>' }) } }).state.answers.x.lang, undefined);
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
  assert.match(text, / {2}1\. Scores, weights and the context vector — the weights: "0\.1 0\.2 0\.7" right, 2 attempt\(s\) \(numbers of "Ada Lovelace", variant 1\)/);
  const r = parseHandin(text).record;
  assert.equal(checkedExercises([r]).length, 3);
  // Before grading: checking; the engine's verdicts as a fake worker gives them.
  assert.equal(gradebook([r], { checks: [], assignment, now: Date.parse('2026-12-01') }).rows[0].exercises, 'checking…');
  const verdicts = { scores: true, weights: false, S_shape: false };
  const calls = [];
  const lab = { call: async (fn, req) => { calls.push([fn, req]); return { right: verdicts[req.part], mistake: '', message: '' }; } };
  const results = new Map();
  const job = await regradeExercises(lab, [r, r], results);
  assert.equal(job.total, 3);  // each distinct answer once, for the whole class
  await job.done;
  assert.ok(calls.every(([fn, req]) => fn === 'grade_exercise' && req.student === 'Ada Lovelace'));
  assert.deepEqual(calls.find(([, req]) => req.part === 'weights')[1].typed, [0.1, 0.2, 0.7]);
  const row = gradebook([r], { checks: [], assignment, exerciseChecks: results, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(row.exercises, '1 of 3 parts right');
  assert.equal(row.exercisesRight, 1);
  assert.ok(row.flags.includes('1. Scores, weights and the context vector — the weights: the file says right; graded again for this name, not right'), row.flags.join(' | '));
  assert.ok(row.flags.some((f) => /made for the numbers of another name \("Grace Hopper"\)/.test(f)), row.flags.join(' | '));
  assert.ok(results.has(exerciseKey(r, { kind: 'context', part: 'scores', answer: r.answers[answerId('context', 'scores')] })));
});

test('the assignment\'s weights: a kind earns its weight shared over its parts, for the student\'s own numbers and variant', async () => {
  const weighed = { ...assignment, checks: ['q1'], exercises: { variant: 2, weights: { context: 3, shapes: 1, scaled: 0 }, parts: { context: 3, shapes: 4, scaled: 3 } } };
  const checks = [{ id: 'q1', kind: 'choice', choices: [{ id: 'a', correct: true }] }];
  const answers = normalizeState({ answers: {
    q1: { choice: 'a', checked: true, correct: true, attempts: 1, log: [['a', true, '2026-11-30T09:00:00Z']] },
    [answerId('context', 'scores')]: part('1 2 3', true, { variant: 2 }),
    [answerId('context', 'weights')]: part('0.2 0.3 0.5', true, { variant: 2 }),
    [answerId('context', 'context')]: part('1 1', false, { variant: 2 }),
    [answerId('shapes', 'S_shape')]: part('5 5', true),                                  // variant 1: not the assigned one
    [answerId('scaled', 'scores')]: part('1 2 3', true, { variant: 2 }),                 // weight 0: practice
  } }).state.answers;
  const g = grade(answers, checks, weighed, { student: ' ada  lovelace' });
  // q1: 1 of 1; context: 3 x 2/3 = 2 of 3; shapes: 0 of 1; scaled not counted.
  assert.equal(g.points, 3);
  assert.equal(g.max, 5);
  assert.deepEqual({ ...g.exercises.context }, { right: 2, answered: 3, parts: 3, weight: 3, credit: 2 });
  assert.equal(g.exercises.scaled, undefined);
  assert.equal(describeScore(g), '3 of 5: quick checks 1 of 1, exercises 2 of 4');
  assert.equal(grade(answers, checks, weighed, { student: 'Grace Hopper' }).points, 1);  // another name's numbers earn nothing
  // Completed only when every part of every weighed kind is answered.
  const st = { answers, races: [], student: { name: 'Ada Lovelace' } };
  assert.equal(lessonStatus(st, checks, weighed), 'incomplete');
  const contextOnly = { ...weighed, exercises: { ...weighed.exercises, weights: { context: 3 } } };
  assert.equal(lessonStatus(st, checks, contextOnly), 'completed');
  // Inside an LMS the exercises are the LMS name's, whatever name was typed.
  const typedOther = { ...st, student: { name: 'Grace Hopper' } };
  assert.equal(lessonStatus(typedOther, checks, contextOnly), 'incomplete');
  assert.equal(lessonStatus(typedOther, checks, contextOnly, { student: 'Ada Lovelace' }), 'completed');

  // The gradebook: the engine's verdicts, not the file's, earn the weight.
  const state = normalizeState({ version: 2, student: { name: 'Ada Lovelace', id: '' }, answers }).state;
  const text = buildHandin({ state, checks, assignment: weighed, now: new Date('2026-11-30T12:00:00Z') }).text;
  assert.match(text, /Score: 3 of 5: quick checks 1 of 1, exercises 2 of 4 \(automatically graded\)/);
  const r = parseHandin(text).record;
  const pending = gradebook([r], { checks, assignment: weighed, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(pending.pending, true);
  assert.ok(!pending.flags.some((f) => /points/.test(f)), 'no score doubt while the exercises are being checked');
  assert.match(toCsv([pending], weighed), /"q1_self_assessed","exercise_context","exercise_shapes"[^\n]*\r\n"Ada Lovelace","","typed","1","5","1","","","",/);
  const lab = { call: async (fn, req) => ({ right: req.part === 'scores', mistake: '', message: '' }) };
  const results = new Map();
  await (await regradeExercises(lab, [r], results)).done;
  const row = gradebook([r], { checks, assignment: weighed, exerciseChecks: results, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(row.points, 2);  // q1 and context 1 of 3 parts: 3 x 1/3
  assert.equal(row.exerciseCredit.context.credit, 1);
  assert.ok(row.flags.includes('the file says 3 points; its answers give 2'), row.flags.join(' | '));
  assert.ok(row.flags.some((f) => /answers to variant 1; the assignment asks for variant 2/.test(f)), row.flags.join(' | '));
  assert.match(toCsv([row], weighed), /\r\n"Ada Lovelace","","typed","2","5","1","","1","0",/);
});

test('Stop: the parts not graded yet say so and earn nothing; the next job grades them', async () => {
  const state = normalizeState({ version: 2, student: { name: 'Ada Lovelace', id: '' }, answers: {
    [answerId('context', 'scores')]: part('1 2 3', true),
    [answerId('context', 'weights')]: part('0.2 0.3 0.5', true),
    [answerId('shapes', 'S_shape')]: part('4 4', true),
  } }).state;
  const r = parseHandin(buildHandin({ state, checks: [], assignment, now: new Date('2026-11-30T12:00:00Z') }).text).record;
  const stop = new AbortController();
  let calls = 0;
  const lab = { call: async () => { if (++calls === 1) stop.abort(); return { right: true, mistake: '' }; } };
  const results = new Map();
  const first = await (await regradeExercises(lab, [r], results, { signal: stop.signal })).done;
  assert.deepEqual(first, { done: 1, total: 3, stopped: true });
  const row = gradebook([r], { checks: [], assignment, exerciseChecks: results, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(row.pending, false);
  assert.equal(row.exercises, '1 of 3 parts right (2 not graded again: stopped)');
  assert.ok(row.flags.includes('2 exercise part(s) not graded again (stopped): they earn nothing until graded'), row.flags.join(' | '));
  const again = await regradeExercises(lab, [r], results);
  assert.equal(again.total, 2);  // only the stopped ones
  await again.done;
  assert.equal(gradebook([r], { checks: [], assignment, exerciseChecks: results, now: Date.parse('2026-12-01') }).rows[0].exercises, '3 of 3 parts right');
});

test('the gradebook\'s memo: rows made again only when their evidence changes, and the same as made whole', async () => {
  const mk = (name, id, text) => parseHandin(buildHandin({ state: normalizeState({ version: 2, student: { name, id }, answers: {
    [answerId('context', 'scores')]: { ...part(text, true), student: name },
  } }).state, checks: [], assignment, now: new Date('2026-11-30T12:00:00Z') }).text).record;
  const records = [mk('Ada Lovelace', '', '1 2 3'), mk('Grace Hopper', 'G1', '3 2 1'), mk('Ada Lovelace', '', '1 2 3')];
  const memo = new WeakMap(), results = new Map();
  const opts = () => ({ checks: [], assignment, exerciseChecks: results, now: Date.parse('2026-12-01') });
  const plain = (book) => book.rows.map(({ record, ...row }) => ({ ...row, file: record.student.name }));
  assert.deepEqual(plain(gradebook(records, { ...opts(), memo })), plain(gradebook(records, opts())));
  const before = memo.get(records[1]).row;
  const lab = { call: async (fn, req) => ({ right: req.student === 'Grace Hopper', mistake: '' }) };
  await (await regradeExercises(lab, records, results)).done;
  const book = gradebook(records, { ...opts(), memo });
  assert.notEqual(memo.get(records[1]).row, before);  // its part was graded: made again
  assert.deepEqual(plain(book), plain(gradebook(records, opts())));
  assert.deepEqual(book.rows.map((r) => [r.student.name, r.exercises, r.status]),
    [['Ada Lovelace', '0 of 1 part right', 'kept'], ['Ada Lovelace', '0 of 1 part right', 'superseded'], ['Grace Hopper', '1 of 1 part right', 'kept']]);
  const kept = memo.get(records[1]).row;
  gradebook(records, { ...opts(), memo });
  assert.equal(memo.get(records[1]).row, kept);  // nothing changed: not made again
  // The superseded flag is added per call, never piled up in the memo.
  assert.equal(gradebook(records, { ...opts(), memo }).rows[1].flags.filter((f) => /^superseded/.test(f)).length, 1);
});

test('exerciseAnswer "first": a part counts by its first answer, kept whole, and the gradebook grades that one', async () => {
  const first = { ...assignment, grading: { exerciseAnswer: 'first' }, exercises: { variant: 1, weights: { context: 2 }, parts: { context: 2 } } };
  const long = '0.2119415576 0.5761168848 0.2119415576 0.0000000001';  // longer than the 40 characters a log keeps
  const a = {};
  recordAttempt(a, long, false, '2026-11-30T10:00:00Z');
  a.first.text = long;
  recordAttempt(a, '0.2 0.6 0.2', true, '2026-11-30T10:01:00Z');
  Object.assign(a, { text: '0.2 0.6 0.2', student: 'Ada Lovelace', variant: 1, mistake: '' });
  const state = normalizeState({ version: 2, student: { name: 'Ada Lovelace', id: '' }, answers: {
    [answerId('context', 'weights')]: a,
    [answerId('context', 'scores')]: part('1 2 3', true, { attempts: 1, first: { choice: '1 2 3', text: '1 2 3', correct: true, at: '2026-11-30T10:00:00Z' } }),
  } }).state;
  assert.equal(state.answers[answerId('context', 'weights')].first.text, long);  // kept by the store
  assert.equal(grade(state.answers, [], first, { student: 'Ada Lovelace' }).points, 1);  // weights: wrong at first
  assert.equal(grade(state.answers, [], { ...first, grading: {} }, { student: 'Ada Lovelace' }).points, 2);
  const text = buildHandin({ state, checks: [], assignment: first, now: new Date('2026-11-30T12:00:00Z') }).text;
  assert.match(text, /Scores, weights and the context vector — the weights: "0\.2 0\.6 0\.2" right, 2 attempt\(s\); first answer "0\.2119415576 0\.5761168848 0\.2119415576 0\.0000000001" not right \(the one graded\)/);
  const r = parseHandin(text).record;
  const typed = [];
  const lab = { call: async (fn, req) => { typed.push(req.typed.join(' ')); return { right: req.typed.length === 3, mistake: '' }; } };
  const results = new Map();
  await (await regradeExercises(lab, [r], results, { answer: 'first' })).done;
  assert.equal(typed.length, 3);  // the latest and the first answer of "weights", "scores" once
  const row = gradebook([r], { checks: [], assignment: first, exerciseChecks: results, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(row.exercises, '1 of 2 parts right at the first answer');
  assert.equal(row.points, 1);
});

// A Storage as the browser's localStorage behaves (strings in, strings out), optionally full.
function memoryStorage({ full = false } = {}) {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => { if (full) throw new Error('QuotaExceededError'); m.set(k, String(v)); },
    removeItem: (k) => m.delete(k),
    raw: m,
  };
}

test('an answer over the limit is named with its length, never cut', () => {
  assert.equal(TYPED_MAX, 500);
  assert.equal(lengthProblem('0.2 0.3 0.5'), '');
  assert.equal(lengthProblem('x'.repeat(500)), '');
  assert.equal(lengthProblem('x'.repeat(10000)), 'This answer is 10000 characters; an answer is at most 500. Shorten it to check it.');
  assert.match(lengthProblem('😀'.repeat(501)), /^This answer is 501 characters/);  // characters, not UTF-16 units
  assert.equal(lengthProblem('😀'.repeat(300)), '');
});

test('drafts: kept whole per part, any name, newest wins across tabs; gone once checked or after "Start over"', () => {
  const storage = memoryStorage();
  const a = openDrafts(storage), b = openDrafts(storage);  // two tabs
  const id = answerId('scaled', 'weights'), other = answerId('context', 'scores');
  const long = `0.2 0.3 0.5${' '.repeat(9989)}`;
  assert.equal(a.get(id), null);
  assert.ok(a.put(id, long, '2026-12-01T10:00:00.000Z'));
  assert.ok(b.put(other, '1 2 3', '2026-12-01T10:01:00.000Z'));  // the other tab's write keeps this one's
  assert.deepEqual(b.get(id), { text: long, at: '2026-12-01T10:00:00.000Z' });
  assert.equal(a.get(other).text, '1 2 3');
  assert.equal(a.get(id, '2026-12-01T10:00:30.000Z'), null);  // made before a "Start over"
  assert.equal(a.get(other, '2026-12-01T10:00:30.000Z').text, '1 2 3');
  assert.ok(a.remove(id));
  assert.equal(b.get(id), null);
  assert.equal(b.get(other).text, '1 2 3');
  // Longer than DRAFT_MAX: not stored (the field keeps it); the earlier draft stays.
  assert.equal(a.put(other, 'x'.repeat(DRAFT_MAX + 1)), false);
  assert.equal(a.get(other).text, '1 2 3');
  // What is read is checked: damaged entries and other keys are left out, never thrown on.
  storage.setItem(DRAFTS_KEY, JSON.stringify({ [id]: { text: 5, at: 'x' }, q1: { text: 'a', at: '2026-12-01T10:00:00Z' }, [other]: { text: '4 5', at: '2026-12-01T10:00:00Z' } }));
  assert.equal(a.get(id), null);
  assert.equal(a.get('q1'), null);
  assert.equal(a.get(other).text, '4 5');
  storage.setItem(DRAFTS_KEY, '{broken');
  assert.equal(a.get(other), null);
  assert.ok(a.put(other, '6 7'));
  assert.equal(a.get(other).text, '6 7');
  // No storage, or a full one: nothing saved, nothing thrown.
  assert.equal(openDrafts(null).put(id, '1'), false);
  assert.equal(openDrafts(null).get(id), null);
  assert.equal(openDrafts(memoryStorage({ full: true })).put(id, '1'), false);
});
