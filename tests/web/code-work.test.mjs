// The code page's comparison and grading without a browser: shown outputs against the
// engine's expected ones (shape first, then the first differing place), a run's verdicts
// when it used up its budget or did not compile, the sandbox's outputs as the engine's
// code_grade takes them, what counts (the best run or the last), the code's weight in the
// score, the hand-in's lines, and the gradebook counting the re-run of the counted run
// rather than the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareOutput, compareRun, hiddenOutputs } from '../../web/js/code/compare.js';
import { argsOf, shapeOf, utf8InSlices } from '../../web/js/code/sandbox.js';
import { grade, gradingOf } from '../../web/js/work/grading-rules.js';
import { gradebook } from '../../web/js/grading/gradebook.js';
import { codeKey, runNote } from '../../web/js/grading/verify-code.js';
import { buildHandin, parseHandin } from '../../web/js/work/handin.js';
import { normalizeState, recordAttempt } from '../../web/js/work/store.js';
import { codeRun, codeTexts, countedText, saveCodeRun, savedDraft } from '../../web/js/work/code-work.js';

const given = (rows, cols, values) => ({ name: 'x', rows, cols, values });
const soft = { name: 'large logits', function: 'softmax', why: '', args: [given(1, 2, [1000, 1000])], causal: false, expected: given(1, 2, [0.5, 0.5]) };
const att = { name: 'a causal mask', function: 'attention', why: '', causal: true,
  args: [given(2, 1, [1, 2]), given(2, 1, [1, 1]), given(2, 2, [1, 2, 3, 4])], expected: given(2, 2, [1, 2, 2, 3]) };
const out = (value) => (Array.isArray(value[0]) ? { ok: true, rows: value.length, cols: value[0].length, value } : { ok: true, rows: 1, cols: value.length, value });

test('outputs: within 1e-6, the shape first, the first differing place named', () => {
  assert.equal(compareOutput(soft, out([0.5, 0.5 + 1e-9])).pass, true);
  assert.deepEqual(compareOutput(soft, out([NaN, NaN])), { pass: false, message: 'First difference at weight 1: expected 0.5, got NaN.', place: { row: 0, col: 0 } });
  assert.equal(compareOutput(soft, out([1])).message, 'Expected 2 weights, got 1.');
  // An output of another shape arrives as its shape alone (the sandbox sends no numbers).
  assert.equal(compareOutput(soft, { ok: true, rows: 1, cols: 1000000, shapeOnly: true }).message, 'Expected 2 weights, got 1000000.');
  assert.equal(compareOutput(att, out([[1, 2, 0]])).message, 'Expected a 2 × 2 result (one row per query, one column per value number), got 1 × 3.');
  assert.equal(compareOutput(att, { ok: true, rows: 1200, cols: 1000, shapeOnly: true }).message, 'Expected a 2 × 2 result (one row per query, one column per value number), got 1200 × 1000.');
  assert.equal(compareOutput(att, { ok: true, rows: 3, cols: -1, shapeOnly: true }).message, 'Expected a 2 × 2 result (one row per query, one column per value number), got 3 rows of different lengths.');
  assert.deepEqual(compareOutput(att, out([[1, 2], [2, 3.01]])).place, { row: 1, col: 1 });
  assert.equal(compareOutput(att, { ok: false, why: 'error', error: 'TypeError: x is undefined (line 3)' }).message, 'It threw an error: TypeError: x is undefined (line 3)');
  assert.equal(compareOutput(att, { ok: false, why: 'stack', error: 'stack overflow (recursion or nesting too deep) (line 1)' }).message, 'Stopped: stack overflow (recursion or nesting too deep) (line 1).');
  // The inputs as the student's function gets them: rows, and a causal mask of booleans;
  // and the shape each output must have.
  assert.deepEqual(argsOf(att), [[[1], [2]], [[1], [1]], [[1, 2], [3, 4]], [[true, false], [true, true]]]);
  assert.deepEqual(argsOf(soft), [[1000, 1000]]);
  assert.deepEqual(shapeOf(att), [2, 2]);
  assert.deepEqual(shapeOf(soft), [1, 2]);
});

test('a run that used up its budget, did not compile or crashed: every case says why; hidden outputs for the engine', () => {
  const cases = [soft, att];
  const budget = compareRun(cases, { status: 'budget', outputs: [out([0.5, 0.5]), null] });
  assert.deepEqual(budget.passed, ['softmax: large logits']);
  assert.match(budget.results[1].message, /^Not run: the run's budget of steps was used up/);
  assert.match(compareRun(cases, { status: 'compile-error', error: 'SyntaxError: Unexpected end of input', outputs: [null, null] }).results[0].message, /^The code does not compile: SyntaxError/);
  assert.match(compareRun(cases, { status: 'crashed', error: 'gone', outputs: [null, null] }).results[1].message, /^Not run: the sandbox stopped \(gone\)/);
  // What code_grade takes: flat row-major numbers, shapes alone, errors in words.
  assert.deepEqual(hiddenOutputs({ status: 'budget', outputs: [out([0.5, 0.5]), out([[1, 2], [3, 4]]), { ok: true, rows: 9, cols: 9, shapeOnly: true },
    { ok: false, why: 'budget', error: 'Stopped after its budget of 3,000,000 steps: an endless loop?' }, null] }), [
    { ok: true, error: '', rows: 1, cols: 2, values: [0.5, 0.5] },
    { ok: true, error: '', rows: 2, cols: 2, values: [1, 2, 3, 4] },
    { ok: true, error: '', rows: 9, cols: 9, values: [] },
    { ok: false, error: 'Stopped after its budget of 3,000,000 steps: an endless loop?', rows: 0, cols: 0, values: [] },
    { ok: false, error: 'Not run: the run\'s budget of steps was used up before this case.', rows: 0, cols: 0, values: [] },
  ]);
  assert.equal(runNote('budget'), ', stopped at its step budget');
  assert.equal(runNote('ran'), '');
});

// Three runs as the page saves them: 11 of 11, then a naive experiment at 8 of 11, then 9.
function threeRuns() {
  const ids = (n) => Array.from({ length: n }, (_, i) => `test ${i}`);
  const a = {};
  const runs = [['good code', 11, 101], ['naive code', 8, 102], ['fixed again', 9, 103]];
  runs.forEach(([text, n, run], k) => {
    const at = `2026-11-30T10:0${k}:00.000Z`;
    recordAttempt(a, text, n === 11, at);
    saveCodeRun(a, { text, passed: ids(n), run, at, student: 'Ada Lovelace', variant: 1 });
  });
  return a;
}

test('what counts: the best run (default) or the last; both kept, and through the store', () => {
  assert.equal(gradingOf({}).codeRun, 'best');
  assert.equal(gradingOf({}).exerciseAnswer, 'best');
  assert.equal(gradingOf({ grading: { codeRun: 'last', exerciseAnswer: 'first' } }).codeRun, 'last');
  assert.equal(gradingOf({ grading: { codeRun: 'nonsense' } }).codeRun, 'best');
  const { state } = normalizeState({ version: 2, student: { name: 'Ada Lovelace', id: '' }, answers: { code: threeRuns() } });
  const a = state.answers.code;
  assert.equal(a.best.attempt, 1);
  assert.equal(a.best.run, '101');
  assert.equal(a.best.text, 'good code');
  assert.equal(a.best.passed.length, 11);
  const best = codeRun(state.answers), last = codeRun(state.answers, 'last');
  assert.deepEqual([best.text, best.passed.length, best.attempt, best.counted, best.correct], ['good code', 11, 1, 'best', true]);
  assert.deepEqual([last.text, last.passed.length, last.attempt, last.counted, last.correct], ['fixed again', 9, 3, 'last', false]);
  assert.deepEqual(codeTexts(state.answers), ['fixed again', 'good code']);
  assert.equal(countedText(state.answers, 'best', 11).text, 'Your best run counts: 11 of 11 hidden tests (run 1).');
  assert.equal(countedText(state.answers, 'last', 11).text, 'Your last run counts: 9 of 11 hidden tests (run 3).');
  // A later run as good as the best does not replace it (the first of equals counts).
  const b = threeRuns();
  recordAttempt(b, 'also good', true, '2026-11-30T11:00:00.000Z');
  saveCodeRun(b, { text: 'also good', passed: b.best.passed, run: 104, at: '2026-11-30T11:00:00.000Z', student: 'Ada Lovelace', variant: 1 });
  assert.equal(b.best.text, 'good code');
  // The draft whole: past the old 20,000-character cut, through the store.
  const long = 'x'.repeat(30000);
  assert.equal(savedDraft(normalizeState({ version: 2, answers: { 'code-draft': { draft: long } } }).state.answers), long);
  assert.equal(savedDraft(normalizeState({ version: 2, answers: { 'code-draft': { text: 'old save' } } }).state.answers), 'old save');
});

test('the code counts by its counted run\'s hidden tests, for the student\'s own tests; the gradebook by the re-run of that run', () => {
  const assignment = { title: 'M52 lab', checks: [], race: { required: {} }, exercises: { variant: 1, weights: { code: 2 }, parts: { code: 11 } } };
  const last = { ...assignment, grading: { codeRun: 'last' } };
  const state = normalizeState({ version: 2, student: { name: 'Ada Lovelace', id: '' }, answers: { code: threeRuns() } }).state;
  assert.equal(grade(state.answers, [], assignment, { student: 'Ada Lovelace' }).points, 2);  // 2 x 11/11: the naive run lowered nothing
  assert.equal(grade(state.answers, [], last, { student: 'Ada Lovelace' }).points, 1.64);     // 2 x 9/11
  assert.equal(grade(state.answers, [], assignment, { student: 'Grace Hopper' }).points, 0);
  const text = buildHandin({ state, checks: [], assignment, now: new Date('2026-11-30T12:00:00Z') }).text;
  assert.match(text, /Code \(code\.html\): the best run counts: run 1 passed 11 of 11 hidden tests; the last run \(run 3 of 3\) passed 9 \(tests of "Ada Lovelace", variant 1; the gradebook runs it again\)/);
  const r = parseHandin(text).record;
  assert.equal(r.answers.code.best.text, 'good code');  // both runs travel in the hand-in
  assert.equal(r.answers.code.text, 'fixed again');
  const pending = gradebook([r], { checks: [], assignment, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(pending.code, 'running…');
  assert.equal(pending.pending, true);
  const ids = (n) => Array.from({ length: n }, (_, i) => `test ${i}`);
  const codeChecks = new Map([
    [codeKey(r, { variant: 1, text: 'good code' }), { status: 'ran', passed: ids(5), total: 11, run: 'budget' }],
    [codeKey(r, { variant: 1, text: 'fixed again' }), { status: 'ran', passed: ids(9), total: 11, run: 'ran' }],
  ]);
  const row = gradebook([r], { checks: [], assignment, codeChecks, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(row.code, '5 of 11 tests pass (run again, stopped at its step budget)');
  assert.equal(row.points, 0.91);
  assert.ok(row.flags.includes('code: the file says 11 tests pass; run again on this name\'s tests, 5 pass'), row.flags.join(' | '));
  const lastRow = gradebook([r], { checks: [], assignment: last, codeChecks, now: Date.parse('2026-12-01') }).rows[0];
  assert.equal(lastRow.code, '9 of 11 tests pass (run again)');
  assert.equal(lastRow.points, 1.64);
  assert.deepEqual(lastRow.flags.filter((f) => f.startsWith('code')), []);
});

test('exerciseAnswer "best" (the default): a part right once for these numbers stays right; its right answer is the one graded again', async () => {
  const { answerId, gradedText, gradedRight } = await import('../../web/js/work/exercise-work.js');
  const { exerciseKey } = await import('../../web/js/grading/verify-exercises.js');
  const assignment = { title: 'M52 lab', checks: [], race: { required: {} }, exercises: { variant: 1, weights: { context: 2 }, parts: { context: 2 } } };
  const a = {};
  recordAttempt(a, '0.2 0.3 0.5', true, '2026-11-30T10:00:00.000Z');
  recordAttempt(a, '1 1 1', false, '2026-11-30T10:01:00.000Z');
  Object.assign(a, { text: '1 1 1', student: 'Ada Lovelace', variant: 1 });
  const answers = normalizeState({ version: 2, answers: { [answerId('context', 'weights')]: a } }).state.answers;
  const saved = answers[answerId('context', 'weights')];
  assert.equal(gradedText(saved, 'best'), '0.2 0.3 0.5');
  assert.equal(gradedRight(saved, 'best'), true);
  assert.equal(gradedRight(saved, 'last'), false);
  assert.equal(grade(answers, [], assignment, { student: 'Ada Lovelace' }).points, 1);
  assert.equal(grade(answers, [], { ...assignment, grading: { exerciseAnswer: 'last' } }, { student: 'Ada Lovelace' }).points, 0);
  const record = { student: { name: 'Ada Lovelace' } };
  assert.equal(exerciseKey(record, { kind: 'context', part: 'weights', answer: saved }, gradedText(saved, 'best')), JSON.stringify(['ada lovelace', 'context', 1, 'weights', '0.2 0.3 0.5']));
});

test('an LMS\'s suspend data keeps the code runs (best and last, their hidden tests), the draft and the best exercise answer', async () => {
  const { encodeSuspend, decodeSuspend } = await import('../../web/js/lms/suspend.js');
  const { answerId } = await import('../../web/js/work/exercise-work.js');
  const part = {};
  recordAttempt(part, '0.2 0.3 0.5', true, '2026-11-30T10:00:00.000Z');
  recordAttempt(part, '1 1 1', false, '2026-11-30T10:01:00.000Z');
  Object.assign(part, { text: '1 1 1', student: 'Ada Lovelace', variant: 1 });
  const answers = { code: threeRuns(), 'code-draft': { draft: 'function softmax(row) { /* not run yet */ }', updatedAt: '2026-11-30T10:05:00.000Z' }, [answerId('context', 'weights')]: part };
  const { state } = normalizeState({ version: 2, student: { name: 'Ada Lovelace', id: '' }, answers });
  const assignment = { title: 'M52 lab', checks: [], race: { required: {} }, exercises: { variant: 1, weights: { code: 2, context: 2 }, parts: { code: 11, context: 2 } } };
  const before = grade(state.answers, [], assignment, { student: 'Ada Lovelace' }).points;
  for (const max of [4096, 64000]) {
    const { text, shortened } = encodeSuspend(state, max);
    assert.ok(text.length > 0 && text.length <= max);
    assert.deepEqual(shortened, []);
    const back = decodeSuspend(text);
    assert.equal(back.ok, true);
    assert.equal(grade(back.state.answers, [], assignment, { student: 'Ada Lovelace' }).points, before);  // 2 (best run) + 1 (a part once right)
    assert.equal(codeRun(back.state.answers).text, 'good code');
    assert.equal(codeRun(back.state.answers, 'last').passed.length, 9);
    assert.equal(back.state.answers.code.run, '103');
    assert.equal(savedDraft(back.state.answers), 'function softmax(row) { /* not run yet */ }');
  }
  assert.equal(before, 3);
});

// The sandbox's 0.9 MB source is encoded in slices (a long task otherwise): the bytes are
// those of one encoding, a surrogate pair on a slice's edge included.
test('the runner source encoded in slices is the same UTF-8 as in one go', async () => {
  const pair = '\u{1F600}';
  for (const text of ['', 'a', 'x'.repeat(65535) + pair + 'é'.repeat(70000) + pair, 'y'.repeat(65536 * 2 + 3)]) {
    assert.deepEqual(await utf8InSlices(text), new TextEncoder().encode(text));
  }
});
