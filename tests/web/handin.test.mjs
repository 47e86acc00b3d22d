// Hand-in files and the gradebook, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BEGIN, END, buildHandin, gradebook, meetsRace, parseHandin, scoreOf, toCsv } from '../../web/js/handin.js';
import { resolveAssignment } from '../../web/js/assignment.js';

const checks = [
  { id: 'q1', kind: 'choice', choices: [{ id: 'a', correct: false }, { id: 'b', correct: true }] },
  { id: 'q2', kind: 'choice', choices: [{ id: 'a', correct: true }, { id: 'b', correct: false }] },
  { id: 'q3', kind: 'short', rubric: ['x', 'y', 'z', 'w'] },
];
const assignment = { title: 'M52 lab', checks: ['q1', 'q2', 'q3'], race: { required: { T: 30, seed: 3151 } } };

function state(name, id, extra = {}) {
  return {
    version: 1, student: { name, id }, races: [],
    answers: {
      q1: { choice: 'b', checked: true, correct: true, attempts: 2 },
      q2: { choice: 'b', checked: true, correct: false, attempts: 1 },
      q3: { text: 'Every position reaches every other in one step.', revealed: true, rubric: [true, true, false, true] },
    },
    ...extra,
  };
}

test('score: right choices count 1, short answers their share of the rubric', () => {
  const s = scoreOf(state('A', '1'), checks, assignment.checks);
  assert.deepEqual(s.perCheck, { q1: 1, q2: 0, q3: 0.75 });
  assert.equal(s.points, 1.75);
  assert.equal(s.max, 3);
  // Choosing without checking earns nothing yet.
  assert.equal(scoreOf({ answers: { q1: { choice: 'b' } } }, checks, ['q1']).points, 0);
});

test('a hand-in reads as a summary and parses back to the same record', () => {
  const races = [{ at: '2026-11-30T10:00:00Z', settings: { T: 30, epochs: 35, seed: 3151 }, gru: 0.48, attention: 1, wall: 3, stopped: false }];
  const { text, filename, record } = buildHandin({ state: state('Ada Lovelace', 'S-12', { races }), checks, assignment, now: new Date('2026-11-30T12:00:00Z') });
  assert.equal(filename, 'attention-lab-S-12.txt');
  assert.match(text, /^The attention lab: homework hand-in\nStudent: Ada Lovelace \(ID S-12\)/);
  assert.match(text, /Score: 1.75 of 3/);
  assert.match(text, /Q1: answered B, correct, 2 attempt\(s\)/);
  assert.match(text, /Required race \(T=30 seed=3151\): done/);
  const parsed = parseHandin(text);
  assert.equal(parsed.ok, true);
  assert.deepEqual(parsed.record, JSON.parse(JSON.stringify(record)));
  assert.equal(parsed.record.raceRequirementMet, true);
});

test('bad files get a message each', () => {
  const good = buildHandin({ state: state('A', '1'), checks, assignment }).text;
  const cases = [
    ['hello, world', /not a hand-in/],
    [good.slice(0, good.length - 60), /truncated/],
    [good.replace('"format": "attention-lab-handin"', '"format": "other"'), /unknown format/],
    [good.replace('"version": 1', '"version": 2'), /newer version of the lab \(format 2\)/],
    [good.replace('"points": 1.75', '"points": 99'), /score is missing or impossible/],
    [`${BEGIN}\n{not json\n${END}`, /not valid JSON/],
  ];
  for (const [text, message] of cases) {
    const r = parseHandin(text);
    assert.equal(r.ok, false);
    assert.match(r.message, message);
  }
  assert.match(parseHandin('x', 50 * 1024 * 1024).message, /too large \(50.0 MB\)/);
});

test('gradebook keeps the later of two hand-ins by one student; CSV neutralises formulas', () => {
  const mk = (name, id, when) => parseHandin(buildHandin({ state: state(name, id), checks, assignment, now: new Date(when) }).text).record;
  const { rows, notes } = gradebook([mk('Bo', '7', '2026-11-01'), mk('=HYPERLINK("x")', '8', '2026-11-02'), mk('Bo', '7', '2026-11-03')]);
  assert.equal(rows.length, 2);
  assert.equal(rows.find((r) => r.student.id === '7').exportedAt, '2026-11-03T00:00:00.000Z');
  assert.match(notes[0], /Bo: two hand-ins; kept the one exported 2026-11-03/);
  const csv = toCsv(rows);
  const lines = csv.trim().split('\r\n');
  assert.equal(lines[0], '"name","student_id","score","max","q1","q2","q3","race_requirement_met","exported_at"');
  assert.ok(lines.some((l) => l.startsWith('"\'=HYPERLINK(""x"")","8","1.75","3","1","0","0.75","no"')));
});

test('race requirement and assignment links', () => {
  assert.equal(meetsRace([{ settings: { T: 30, seed: 3151 }, stopped: true }], { T: 30 }), false);
  assert.equal(meetsRace([{ settings: { T: 30, seed: 3151 }, stopped: false }], { T: 30 }), true);
  const spec = JSON.parse(readFileSync('content/widgets/race.json', 'utf8')).settings;
  const r = resolveAssignment(assignment, checks, '?checks=q1,q9,q1&require=T:10,colour:red', spec);
  assert.deepEqual(r.assignment.checks, ['q1']);
  assert.deepEqual(r.assignment.race.required, { T: 10 });
  assert.deepEqual(r.ignored, ['unknown check "q9"', 'race requirement colour (not a setting)']);
  // A requirement no race can meet is not assigned: the schema's ranges apply.
  const bad = resolveAssignment(assignment, checks, '?require=T:abc,epochs:0,seed:3151', spec);
  assert.deepEqual(bad.assignment.race.required, { seed: 3151 });
  assert.match(bad.ignored[0], /Sequence length T: "abc" is not a number; use a whole number from 2 to 100/);
  assert.match(bad.ignored[1], /Epochs: 0 is out of range/);
});
