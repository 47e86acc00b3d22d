// Hand-in files and the gradebook, without a browser: scores recomputed from the
// evidence, crafted files kept off the screen and out of the CSV, no student dropped.
import './shared-limits.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BEGIN, END, VERSION, buildHandin, parseHandin, parseHandins, plausibleDate } from '../../web/js/work/handin.js';
import { EXPORT_GRACE_MS, capFlags, gradebook, raceKey, toCsv } from '../../web/js/grading/gradebook.js';
import { choiceOrder } from '../../web/js/work/choice-order.js';
import { grade, lessonStatus, meetsRace } from '../../web/js/work/grading-rules.js';
import { resolveAssignment } from '../../web/js/grading/assignment.js';
import { normalizeState } from '../../web/js/work/store.js';

// Numbered as a lesson that meets q2 first would number them: a check is shown by its
// number (Q1 is q2), never by its id.
const checks = [
  { id: 'q1', number: 2, kind: 'choice', choices: [{ id: 'a', correct: false }, { id: 'b', correct: true }, { id: 'c', correct: false }] },
  { id: 'q2', number: 1, kind: 'choice', choices: [{ id: 'a', correct: true }, { id: 'b', correct: false }, { id: 'c', correct: false }] },
  { id: 'q3', number: 3, kind: 'short', rubric: ['x', 'y', 'z', 'w'] },
];
const assignment = { title: 'M52 lab', checks: ['q1', 'q2', 'q3'], race: { required: { T: 30, seed: 3151 } } };
const NOW = Date.parse('2026-12-01T00:00:00Z');
const RUN = { at: '2026-11-30T10:00:00.000Z', settings: { T: 30, epochs: 35, seed: 3151 }, gru: 0.48, attention: 1, wall: 3, build: 'attention_lab_mt', stopped: false };

function state(name, id, extra = {}) {
  return normalizeState({
    version: 2, student: { name, id }, races: [],
    answers: {
      q1: { choice: 'b', shown: 'C', checked: true, correct: true, attempts: 2, first: { choice: 'a', correct: false, at: '2026-11-30T09:00:00Z' },
        log: [['a', false, '2026-11-30T09:00:00Z'], ['b', true, '2026-11-30T09:05:00Z']] },
      q2: { choice: 'b', checked: true, correct: false, attempts: 1, log: [['b', false, '2026-11-30T09:10:00Z']] },
      q3: { text: 'Every position reaches every other in one step.', revealed: true, rubric: [true, true, false, true] },
    },
    ...extra,
  }).state;
}
const handin = (s, when = '2026-11-30T12:00:00Z', a = assignment, lms = null) => buildHandin({ state: s, checks, assignment: a, lms, now: new Date(when) }).text;
const read = (text) => { const r = parseHandin(text); assert.equal(r.ok, true, r.message); return r.record; };
// A re-run that reproduces RUN exactly.
const rerun = (run, gru = run.gru, attention = run.attention) => new Map([[raceKey(run), { status: 'verified', gru, attention, matches: (x) => x.gru === gru && x.attention === attention }]]);
const book = (records, raceChecks = new Map(), a = assignment) => gradebook(records, { checks, assignment: a, raceChecks, now: NOW });

test('grading: choices by the answer key, the short answer self-assessed and apart unless counted', () => {
  const g = grade(state('A', '1').answers, checks, assignment);
  assert.deepEqual({ ...g.perCheck }, { q1: 1, q2: 0 });
  assert.deepEqual({ ...g.selfAssessed }, { q3: 0.75 });
  assert.equal(g.points, 1);
  assert.equal(g.max, 2);
  const counted = grade(state('A', '1').answers, checks, { ...assignment, grading: { selfAssessedCounts: true } });
  assert.equal(counted.points, 1.75);
  assert.equal(counted.max, 3);
  const first = grade(state('A', '1').answers, checks, { ...assignment, grading: { choiceAnswer: 'first' } });
  assert.equal(first.perCheck.q1, 0);  // the first answer checked was wrong
  // A "correct" flag in the answer is not the key: choosing a wrong answer and claiming it right earns nothing.
  assert.equal(grade({ q2: { choice: 'b', checked: true, correct: true } }, checks, assignment).points, 0);
  assert.equal(grade({ q1: { choice: 'b' } }, checks, assignment).points, 0);  // chosen, never checked
});

test('lesson status: completed only with every check answered and the required race run to the end', () => {
  const s = state('A', '1');
  assert.equal(lessonStatus(s, checks, assignment), 'incomplete');
  assert.equal(lessonStatus({ ...s, races: [{ ...RUN, stopped: true }] }, checks, assignment), 'incomplete');
  assert.equal(lessonStatus({ ...s, races: [RUN] }, checks, assignment), 'completed');
  assert.equal(meetsRace([{ settings: { T: 30, seed: 3151 }, stopped: false }], { T: 30 }), true);
});

test('a hand-in reads as a summary and parses back to its evidence', () => {
  const text = handin(state('Ada Lovelace', 'S-12', { races: [RUN] }));
  assert.match(text, /^The attention lab: homework hand-in\nStudent: Ada Lovelace \(ID S-12\)/);
  assert.match(text, /Score: 1 of 2 \(automatically graded\)/);
  // By number, in number order; the option by its id and the letter the student saw
  // (saved when chosen, else the one their name's order gives it).
  assert.match(text, /\nQ1: answered option "b" \(shown to the student as ([A-C])\), not correct, 1 attempt\(s\)\nQ2: answered option "b" \(shown to the student as C\), correct, 2 attempt\(s\)\nQ3: "/);
  const seen = /Q1: answered option "b" \(shown to the student as ([A-C])\)/.exec(text)[1];
  assert.equal(seen, String.fromCharCode(65 + choiceOrder('Ada Lovelace', 'q2', 3).indexOf(1)));
  assert.match(text, /self-assessed, to review: 3 of 4 points covered/);
  assert.match(text, /Required race \(T=30 seed=3151\): done/);
  const r = read(text);
  assert.equal(r.student.name, 'Ada Lovelace');
  assert.equal(r.races.length, 1);
  assert.equal(r.claimed.points, 1);
  const { rows } = book([r], rerun(RUN));
  assert.equal(rows[0].race, 'done (re-run: same numbers)');
  assert.deepEqual(rows[0].flags, []);
  // From an LMS the name and ID are the LMS's, and the file says so.
  const lms = read(handin(state('typed', 'x'), undefined, assignment, { name: 'Lovelace, Ada', id: 'L-1' }));
  assert.deepEqual({ ...lms.student }, { name: 'Lovelace, Ada', id: 'L-1', source: 'lms' });
  // Parsed into objects without a prototype.
  for (const o of [lms, lms.student, lms.assignment, lms.assignment.race, lms.claimed, lms.answers]) assert.equal(Object.getPrototypeOf(o), null);
});

test('attempt logs: a consistent one raises nothing; a missing, reordered or edited one is named; format 2 files have none', () => {
  const r = read(handin(state('Ada', 'S-1')));
  assert.deepEqual(book([r]).rows[0].flags.filter((f) => /attempt/.test(f)), []);
  const doubts = (answers, version = 3) => book([{ ...r, version, answers: normalizeState({ answers }).state.answers }]).rows[0].flags.filter((f) => /attempt/.test(f));
  const q1 = r.answers.q1;
  assert.deepEqual(doubts({ q1: { ...q1, log: [] } }), ['Q2: checked, but no attempt is logged']);
  assert.deepEqual(doubts({ q1: { ...q1, log: [...q1.log].reverse() } }), ['Q2: attempts logged out of time order', 'Q2: the last attempt logged is not the answer the file keeps']);
  assert.deepEqual(doubts({ q1: { ...q1, attempts: 1 } }), ['Q2: 2 attempts logged, the file counts 1']);
  assert.deepEqual(doubts({ q1: { ...q1, choice: 'a' } }), ['Q2: the last attempt logged is not the answer the file keeps']);
  assert.deepEqual(doubts({ q1: { ...q1, log: [] } }, 2), []);  // a format 2 hand-in: no logs to read
});

test('bad files get a message each', () => {
  const good = handin(state('A', '1'));
  const cases = [
    ['hello, world', /not a hand-in/],
    [good.slice(0, good.length - 60), /truncated/],
    [good.replace('"format": "attention-lab-handin"', '"format": "other"'), /unknown format/],
    [good.replace(`"version": ${VERSION}`, `"version": ${VERSION + 1}`), new RegExp(`newer version of the lab \\(format ${VERSION + 1}\\)`)],
    [good.replace('"name": "A"', `"name": "${'n'.repeat(201)}"`), /name \(at most 200 characters\)/],
    [`${BEGIN}\n{not json\n${END}`, /not valid JSON/],
    [`${BEGIN}\n${'['.repeat(10000)}${']'.repeat(10000)}\n${END}`, /unknown format|not valid JSON/],
  ];
  for (const [text, message] of cases) {
    const r = parseHandin(text);
    assert.equal(r.ok, false);
    assert.match(r.message, message);
  }
  assert.match(parseHandin('x', 50 * 1024 * 1024).message, /too large \(50.0 MB\)/);
});

test('edited scores, credits and race claims are flagged; the evidence decides', () => {
  const good = handin(state('Cy', '3'));
  const edited = read(good.replace('"points": 1,', '"points": 4,').replace('"q2": 0', '"q2": 1').replace('"raceRequirementMet": false', '"raceRequirementMet": true'));
  const { rows } = book([edited]);
  assert.equal(rows[0].points, 1);
  assert.ok(rows[0].flags.some((f) => /the file says 4 points; its answers give 1/.test(f)), rows[0].flags.join('|'));
  assert.ok(rows[0].flags.some((f) => /Q1: the file says 1, its answer gives 0/.test(f)));
  assert.ok(rows[0].flags.some((f) => /the file says the required race was run; no run in it reproduces/.test(f)));
  assert.equal(rows[0].race, 'not done');
  // A race whose accuracy was edited: the re-run gives other numbers.
  const fake = read(handin(state('Di', '4', { races: [{ ...RUN, attention: 1, gru: 0.99 }] })));
  const out = book([fake], rerun(RUN, 0.48, 1)).rows[0];
  assert.equal(out.race, 'not verified');
  assert.ok(out.flags.some((f) => /the file says GRU 0.99, attention 1; re-run gives 0.48, 1/.test(f)));
  assert.equal(book([fake]).rows[0].race, 'checking…');
});

test('dates: a future or non-date export is flagged and never beats a genuine later one', () => {
  assert.equal(plausibleDate('2026-11-30T12:00:00Z', NOW).ok, true);
  assert.equal(plausibleDate('3026-01-01T00:00:00Z', NOW).why, 'in the future');
  assert.equal(plausibleDate('yesterday', NOW).why, 'not a date');
  const genuine = read(handin(state('Ed', '5'), '2026-11-30T12:00:00Z'));
  const future = read(handin(state('Ed', '5'), '2026-11-01T12:00:00Z').replaceAll('2026-11-01T12:00:00.000Z', '2099-01-01T00:00:00.000Z'));
  const { rows } = book([future, genuine]);
  const kept = rows.find((r) => r.status === 'kept');
  assert.equal(kept.exportedAt, '2026-11-30T12:00:00.000Z');
  const superseded = rows.find((r) => r.status === 'superseded');
  assert.ok(superseded.flags.some((f) => /is in the future/.test(f)));
  assert.equal(rows.length, 2);  // shown, not dropped
});

test('crafted ids and values never reach the screen or the CSV', () => {
  const crafted = read(handin(state('Fay', '6'))
    .replace('"checks": [\n   "q1"', '"checks": [\n   "constructor",\n   "__proto__",\n   "q1"')
    .replace('"answers": {', '"answers": {\n  "__proto__": {"choice": "b", "checked": true},\n  "toString": {"choice": {"x": 1}, "text": {"y": 2}},'));
  const { rows } = book([crafted, read(handin(state('Gus', '7')))]);
  const csv = toCsv(rows, assignment, checks);
  for (const bad of ['function', '[object Object]', 'native code']) assert.ok(!csv.includes(bad), bad);
  assert.ok(rows[0].flags.some((f) => /checks this lab does not have \(constructor/.test(f)), rows[0].flags.join('|'));
  assert.equal(csv.trim().split('\r\n')[0], '"name","student_id","id_from","score","max","Q1","Q2","Q3","Q1_self_assessed","Q2_self_assessed","Q3_self_assessed","required_race","exercise_parts_right","code_tests_passed","exported_at","status","flags"');
  assert.match(csv.trim().split('\r\n').find((l) => l.startsWith('"Gus"')), /^"Gus","7","typed","1","2","0","1",""/);  // Q1 (q2) wrong, Q2 (q1) right
  // Spreadsheet formulas are neutralised.
  const formula = read(handin(state('=HYPERLINK("x")', '8')));
  assert.ok(toCsv(book([formula]).rows, assignment).includes('"\'=HYPERLINK(""x"")"'));
});

test('no student dropped: empty keys, a name equal to an ID, two hand-ins in one file, an encoding problem', () => {
  const anon1 = read(handin(state('', ''), '2026-11-30T10:00:00Z'));
  const anon2 = read(handin(state('', ''), '2026-11-30T11:00:00Z'));
  const named7 = read(handin(state('7', ''), '2026-11-30T10:00:00Z'));
  const id7 = read(handin(state('Hal', '7'), '2026-11-30T10:00:00Z'));
  const { rows } = book([anon1, anon2, named7, id7]);
  assert.equal(rows.filter((r) => r.status === 'kept').length, 4);
  assert.ok(rows.filter((r) => !r.student.name && !r.student.id).every((r) => r.flags.includes('no name and no ID in the file')));
  // The same name with and without an ID: both kept, side by side, named as possible duplicates.
  const { rows: dup, notes } = book([read(handin(state('Ivy', ''))), read(handin(state('Ivy', 'I-9')))]);
  assert.equal(dup.filter((r) => r.status === 'kept').length, 2);
  assert.ok(dup.every((r) => r.flags.some((f) => /possible duplicate/.test(f))));
  assert.match(notes.join(' '), /"Ivy": 2 hand-ins/);
  // Two hand-ins pasted into one file: both read.
  const both = parseHandins(`${handin(state('Jo', '10'))}\n${handin(state('Kim', '11'))}`);
  assert.deepEqual(both.results.map((r) => r.record.student.name), ['Jo', 'Kim']);
  assert.match(both.notes.join(' '), /2 hand-ins in this one file/);
  // A Latin-1 re-save: the file is read, and the problem named.
  const mangled = parseHandins(handin(state('Zo\uFFFD', '12')));
  assert.equal(mangled.results[0].ok, true);
  assert.match(mangled.notes[0], /could not be read \(was the file re-saved in another encoding\?\)/);
});

test('assignment links: checks counted once, requirements no race can meet not assigned', () => {
  const spec = JSON.parse(readFileSync('content/widgets/race.json', 'utf8')).settings;
  const r = resolveAssignment(assignment, checks, '?checks=q1,q9,q1,q1&require=T:10,colour:red', spec);
  assert.deepEqual(r.assignment.checks, ['q1']);
  assert.deepEqual(r.assignment.race.required, { T: 10 });
  assert.deepEqual(r.ignored, ['unknown check "q9"', 'check q1 listed more than once', 'race requirement colour (not a setting)']);
  const bad = resolveAssignment(assignment, checks, '?require=T:abc,epochs:0,seed:3151', spec);
  assert.deepEqual(bad.assignment.race.required, { seed: 3151 });
  assert.match(bad.ignored[0], /Sequence length T: "abc" is not a number; use a whole number from 2 to 100/);
  assert.match(bad.ignored[1], /Epochs: 0 is out of range/);
});

test('assignment links are read as the widget pages read theirs: repeats, unknown names, typos', () => {
  const spec = JSON.parse(readFileSync('content/widgets/race.json', 'utf8')).settings;
  // A parameter given twice keeps both values, as the comma form does; the unknown one is named.
  const twice = resolveAssignment(assignment, checks, '?checks=q1&checks=zz9&checks=q2', spec);
  assert.deepEqual(twice.assignment.checks, ['q1', 'q2']);
  assert.deepEqual(twice.ignored, ['unknown check "zz9"']);
  // A misspelt parameter is named, not silently dropped (everything stays assigned).
  const typo = resolveAssignment(assignment, checks, '?checkz=q1', spec);
  assert.deepEqual(typo.assignment.checks, assignment.checks);
  assert.match(typo.ignored[0], /^checkz \(not a parameter of this page: checks, require\)$/);
  // A malformed require= keeps the assignment's own requirement, and says so.
  for (const search of ['?require=T', '?require=T:abc', '?require=colour:red']) {
    const bad = resolveAssignment(assignment, checks, search, spec);
    assert.deepEqual(bad.assignment.race.required, assignment.race.required, search);
    assert.match(bad.ignored.at(-1), /so the assignment's own stays/);
  }
  // Emoji and 10,000 characters are quoted short and whole.
  const long = resolveAssignment(assignment, checks, `?checks=${encodeURIComponent('😀'.repeat(30))}&${'x'.repeat(10000)}=1`, spec);
  assert.ok(long.ignored.every((m) => m.length < 120 && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(m)), long.ignored.join(' | '));
});

test('dates after the export are named; accuracies outside 0 to 1 are dropped; doubts are capped', () => {
  // An attempt log dated 2099 in a file exported in 2026: the work cannot postdate its file.
  const good = handin(state('Lu', '13', { races: [RUN] }));
  const late = read(good.replaceAll('"2026-11-30T09:05:00Z"', '"2099-01-01T00:00:00Z"'));
  const flags = book([late]).rows[0].flags.filter((f) => /after the export/.test(f));
  assert.deepEqual(flags, ['Q2: dated 2099-01-01 00:00 UTC, after the export (2026-11-30 12:00 UTC)']);
  // Within a minute of the export (a clock read twice) is not a doubt; a race dated later is.
  const soon = new Date(Date.parse('2026-11-30T12:00:00Z') + EXPORT_GRACE_MS / 2).toISOString();
  assert.deepEqual(book([read(good.replaceAll('"2026-11-30T09:05:00Z"', `"${soon}"`))]).rows[0].flags.filter((f) => /after the export/.test(f)), []);
  const raceLate = read(good.replace('"at": "2026-11-30T10:00:00.000Z"', '"at": "2030-01-01T00:00:00.000Z"'));
  assert.ok(book([raceLate]).rows[0].flags.includes('race at 2030-01-01 00:00 UTC: dated after the export (2026-11-30 12:00 UTC)'));
  // The genuine file raises none.
  assert.deepEqual(book([read(good)], rerun(RUN)).rows[0].flags, []);
  // An accuracy of 7 or -1 is no accuracy: the run is left out, and counted as damaged.
  const odd = read(good.replace('"attention": 1,', '"attention": 7,'));
  assert.equal(odd.races.length, 0);
  assert.equal(odd.dropped, 1);
  // Many or long doubts: each cut, the list capped, the rest counted.
  const capped = capFlags([...Array.from({ length: 40 }, (_, i) => `doubt ${i}`), 'x'.repeat(5000)]);
  assert.equal(capped.length, 25);
  assert.equal(capped.at(-1), '… and 17 more doubts');
  assert.ok(capFlags(['y'.repeat(5000)])[0].length <= 300);
});

test('a hand-in carries the build that made it; another build\'s is named, a malformed one ignored', () => {
  const s = state('Ann Build', 'B-1');
  const made = (build) => buildHandin({ state: s, checks, assignment, now: new Date('2026-11-30T12:00:00Z'), build }).text;
  const ours = { version: '0.9.0', engine: '0123456789ab' };
  const flagsOf = (text) => gradebook([read(text)], { checks, assignment, now: NOW, build: ours }).rows[0].flags.filter((f) => /another build/.test(f));
  assert.deepEqual({ ...read(made(ours)).build }, ours);
  assert.deepEqual(flagsOf(made(ours)), []);
  assert.deepEqual(flagsOf(made({ version: '0.8.0', engine: 'fedcba987654' })),
    ['made with another build of the lab (version 0.8.0, engine fedcba987654); races were re-run with engine 0123456789ab and may differ without any editing']);
  // No build (an older hand-in) or one not in the lab's form: nothing claimed, nothing said.
  assert.equal(read(made(null)).build, null);
  assert.equal(read(made(ours).replace('"engine": "0123456789ab"', '"engine": "<b>x</b>"')).build, null);
  assert.deepEqual(flagsOf(made(null)), []);
});
