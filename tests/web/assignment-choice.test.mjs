// An assignment that stays chosen: an instructor's link (checks= or require=) is saved
// with the student's work and holds on every page and visit until another assignment
// link is opened; "Start over" keeps it; the hand-in records it.
import './shared-limits.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chosenAssignment } from '../../web/js/grading/assignment.js';
import { buildHandin, parseHandin } from '../../web/js/work/handin.js';
import { emptyState, mergeStates, normalizeState, openStore } from '../../web/js/work/store.js';

const checks = ['q1', 'q2', 'q3', 'q4'].map((id) => ({ id, kind: 'choice', choices: [{ id: 'a', correct: true }] }));
const base = { title: 'M52 lab', checks: ['q1', 'q2', 'q3', 'q4'], race: { required: { T: 30 } } };
const raceSpec = [{ key: 'T', label: 'Sequence length T', kind: 'int', default: 30, min: 2, max: 100 },
  { key: 'seed', label: 'Seed', kind: 'int', default: 3151, min: 0, max: 4294967295 }];

// A store on a storage of our own, as two tabs of one browser would share it.
function memoryStorage() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k) };
}

test('a link chooses the assignment; pages without one keep it; another link replaces it', () => {
  const storage = memoryStorage();
  const store = openStore(storage, null);
  const none = chosenAssignment(store, base, checks, '', raceSpec);
  assert.deepEqual([none.assignment.checks, none.link], [base.checks, '']);
  const linked = chosenAssignment(store, base, checks, '?checks=q1,q2&require=T:40&other=1', raceSpec);
  assert.deepEqual(linked.assignment.checks, ['q1', 'q2']);
  assert.deepEqual(linked.assignment.race.required, { T: 40 });
  assert.equal(linked.fromLink, true);
  assert.match(linked.ignored.join(' '), /other/);
  // Another page, another visit (a new store on the same storage): still chosen.
  const later = chosenAssignment(openStore(storage, null), base, checks, '', raceSpec);
  assert.deepEqual([later.assignment.checks, later.assignment.race.required, later.fromLink], [['q1', 'q2'], { T: 40 }, false]);
  assert.equal(later.link, '?checks=q1,q2&require=T:40');
  // "Start over" erases answers, not the instructor's choice.
  const again = openStore(storage, null);
  again.reset();
  assert.deepEqual(chosenAssignment(openStore(storage, null), base, checks, '', raceSpec).assignment.checks, ['q1', 'q2']);
  // Another assignment link replaces it.
  chosenAssignment(openStore(storage, null), base, checks, '?checks=q4', raceSpec);
  assert.deepEqual(chosenAssignment(openStore(storage, null), base, checks, '', raceSpec).assignment.checks, ['q4']);
});

test('the newer choice wins when copies merge; damaged saved links are dropped; the hand-in records the link', () => {
  const a = { ...emptyState(), assignment: { search: '?checks=q1', at: '2026-11-30T10:00:00.000Z' } };
  const b = { ...emptyState(), assignment: { search: '?checks=q2', at: '2026-11-30T11:00:00.000Z' } };
  assert.equal(mergeStates(a, b).assignment.search, '?checks=q2');
  assert.equal(mergeStates(b, a).assignment.search, '?checks=q2');
  assert.deepEqual(normalizeState({ assignment: { search: 'javascript:alert(1)', at: 'x' } }).state.assignment, { search: '', at: '' });
  const store = openStore(memoryStorage(), null);
  const { assignment } = chosenAssignment(store, base, checks, '?checks=q2,q3', raceSpec);
  const { text } = buildHandin({ state: store.state, checks, assignment, now: new Date('2026-11-30T12:00:00Z') });
  assert.match(text, /^Assignment: M52 lab \(chosen by the link checks\.html\?checks=q2,q3\)$/m);
  const r = parseHandin(text).record;
  assert.deepEqual(r.assignment.checks, ['q2', 'q3']);
});
