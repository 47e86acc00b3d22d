// The code page's comparison and grading without a browser: outputs against the
// engine's expected ones (shape first, then the first differing place), a run's verdicts
// when it timed out or did not compile, the code's weight in the score, and the
// gradebook counting the re-run rather than the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareOutput, compareRun } from '../../web/js/code/compare.js';
import { argsOf } from '../../web/js/code/sandbox.js';
import { grade } from '../../web/js/grading/grading.js';
import { gradebook } from '../../web/js/grading/gradebook.js';
import { codeKey } from '../../web/js/grading/verify-code.js';
import { buildHandin, parseHandin } from '../../web/js/work/handin.js';
import { normalizeState } from '../../web/js/work/store.js';

const given = (rows, cols, values) => ({ name: 'x', rows, cols, values });
const soft = { name: 'large logits', function: 'softmax', why: '', args: [given(1, 2, [1000, 1000])], causal: false, expected: given(1, 2, [0.5, 0.5]) };
const att = { name: 'a causal mask', function: 'attention', why: '', causal: true,
  args: [given(2, 1, [1, 2]), given(2, 1, [1, 1]), given(2, 2, [1, 2, 3, 4])], expected: given(2, 2, [1, 2, 2, 3]) };

test('outputs: within 1e-6, the shape first, the first differing place named', () => {
  assert.equal(compareOutput(soft, { ok: true, value: [0.5, 0.5 + 1e-9] }).pass, true);
  assert.deepEqual(compareOutput(soft, { ok: true, value: [NaN, NaN] }), { pass: false, message: 'First difference at weight 1: expected 0.5, got NaN.', place: { row: 0, col: 0 } });
  assert.equal(compareOutput(soft, { ok: true, value: [1] }).message, 'Expected 2 weights, got 1.');
  assert.equal(compareOutput(att, { ok: true, value: [[1, 2, 0]] }).message, 'Expected a 2 × 2 result (one row per query, one column per value number), got 1 × 3.');
  assert.deepEqual(compareOutput(att, { ok: true, value: [[1, 2], [2, 3.01]] }).place, { row: 1, col: 1 });
  assert.equal(compareOutput(att, { ok: false, error: 'TypeError: x is undefined (line 3)' }).message, 'It threw an error: TypeError: x is undefined (line 3)');
  // The inputs as the student's function gets them: rows, and a causal mask of booleans.
  assert.deepEqual(argsOf(att), [[[1], [2]], [[1], [1]], [[1, 2], [3, 4]], [[true, false], [true, true]]]);
  assert.deepEqual(argsOf(soft), [[1000, 1000]]);
});

test('a run that timed out, did not compile or crashed: every case says why', () => {
  const cases = [soft, att];
  const timeout = compareRun(cases, { status: 'timeout', outputs: [{ ok: true, value: [0.5, 0.5] }, null] });
  assert.deepEqual(timeout.passed, ['softmax: large logits']);
  assert.match(timeout.results[1].message, /^Stopped: the time limit passed/);
  assert.match(compareRun(cases, { status: 'compile-error', error: 'SyntaxError: Unexpected end of input', outputs: [null, null] }).results[0].message, /^The code does not compile: SyntaxError/);
  assert.match(compareRun(cases, { status: 'crashed', error: 'out of memory', outputs: [null, null] }).results[1].message, /^Stopped: out of memory/);
});

test('the code counts by the tests its last run passed, for the student\'s own tests; the gradebook by the re-run', () => {
  const assignment = { title: 'M52 lab', checks: [], race: { required: {} }, exercises: { variant: 1, weights: { code: 2 }, parts: { code: 4 } } };
  const run = { text: 'function softmax(r) { return r; }', checked: true, correct: false, attempts: 2, student: 'Ada Lovelace', variant: 1,
    passed: ['softmax: a', 'softmax: b', 'softmax: c'], log: [['function softmax(r) { return r; }', false, '2026-11-30T10:00:00Z']] };
  const state = normalizeState({ version: 2, student: { name: 'Ada Lovelace', id: '' }, answers: { code: run } }).state;
  assert.deepEqual(state.answers.code.passed, run.passed);  // kept by the store
  const g = grade(state.answers, [], assignment, { student: 'Ada Lovelace' });
  assert.equal(g.points, 1.5);  // 2 x 3/4
  assert.equal(grade(state.answers, [], assignment, { student: 'Grace Hopper' }).points, 0);
  const text = buildHandin({ state, checks: [], assignment, now: new Date('2026-11-30T12:00:00Z') }).text;
  assert.match(text, /Code \(code\.html\): the last run passed 3 of 4 tests, 2 run\(s\)/);
  const r = parseHandin(text).record;
  const pending = gradebook([r], { checks: [], assignment, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(pending.code, 'running…');
  assert.equal(pending.pending, true);
  const codeChecks = new Map([[codeKey(r, r.answers.code), { status: 'ran', passed: ['softmax: a'], total: 4, run: 'ran' }]]);
  const row = gradebook([r], { checks: [], assignment, codeChecks, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(row.code, '1 of 4 tests pass (run again)');
  assert.equal(row.points, 0.5);
  assert.ok(row.flags.includes('code: the file says 3 tests pass; run again on this name\'s tests, 1 pass'), row.flags.join(' | '));
});
