// Saved work: several tabs merge instead of overwriting, damaged data is set aside
// (or left alone when it cannot be), odd values are read defensively, full or
// disabled storage is reported; the LMS's suspend_data copy fits and round-trips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_KEY, emptyState, mergeStates, normalizeState, openStore } from '../../web/js/work/store.js';
import { SUSPEND_MAX, decodeSuspend, encodeSuspend } from '../../web/js/lms/suspend.js';
import { buildHandin } from '../../web/js/work/handin.js';

function memoryStorage(initial = {}, { quota = Infinity, readsThrow = false } = {}) {
  const data = new Map(Object.entries(initial));
  const used = () => [...data.values()].reduce((n, v) => n + v.length, 0);
  return {
    data,
    getItem: (k) => { if (readsThrow) throw new Error('SecurityError'); return data.has(k) ? data.get(k) : null; },
    setItem: (k, v) => {
      if (used() - (data.get(k) || '').length + String(v).length > quota) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      data.set(k, String(v));
    },
    removeItem: (k) => data.delete(k),
  };
}
const RUN = (at, seed = 3151) => ({ at, settings: { T: 30, epochs: 35, seed }, gru: 0.5, attention: 1, wall: 2, build: 'attention_lab_st', stopped: false });

test('answers round-trip through storage, with their times', () => {
  const s = memoryStorage();
  const a = openStore(s);
  a.answer('q1').choice = 'b';
  a.touchAnswer('q1');
  assert.equal(a.save(), true);
  const back = openStore(s).state.answers.q1;
  assert.equal(back.choice, 'b');
  assert.ok(Date.parse(back.updatedAt) > 0);
});

test('two tabs: each saves its own work and neither erases the other', () => {
  const s = memoryStorage();
  const lesson = openStore(s), checks = openStore(s), race = openStore(s);
  lesson.answer('q2').choice = 'a'; lesson.touchAnswer('q2'); lesson.save();
  checks.answer('q1').choice = 'c'; checks.touchAnswer('q1'); checks.save();  // its in-memory copy had no q2
  race.addRace(RUN('2026-11-30T10:00:00.000Z'));
  const after = openStore(s).state;
  assert.equal(after.answers.q1.choice, 'c');
  assert.equal(after.answers.q2.choice, 'a');
  assert.equal(after.races.length, 1);
  // The newer of two edits of one answer wins, whichever tab saves last.
  const older = openStore(s);
  lesson.answer('q1').choice = 'd'; lesson.touchAnswer('q1'); lesson.save();
  older.answer('q1').choice = 'e'; older.answer('q1').updatedAt = '2026-01-01T00:00:00.000Z'; older.save();
  assert.equal(openStore(s).state.answers.q1.choice, 'd');
  // "Start over" in one tab erases in every tab, and a stale tab does not bring it back.
  checks.reset();
  race.save();
  assert.deepEqual(Object.keys(openStore(s).state.answers), []);
  assert.equal(openStore(s).state.races.length, 0);
});

test('another tab\'s save arrives through the storage event and is merged', () => {
  const s = memoryStorage();
  const listeners = [];
  const win = { addEventListener: (type, f) => { if (type === 'storage') listeners.push(f); } };
  const here = openStore(s, win), there = openStore(s);
  let changed = 0;
  here.onChange = () => { ++changed; };
  there.answer('q4').choice = 'b'; there.touchAnswer('q4'); there.save();
  listeners.forEach((f) => f({ key: STORE_KEY, newValue: s.getItem(STORE_KEY) }));
  assert.equal(here.state.answers.q4.choice, 'b');
  assert.equal(changed, 1);
});

test('corrupt saved data is set aside and reported, or left alone when it cannot be', () => {
  for (const bad of ['{"version":1,"answers":', '{"version":1,"answers":[1],"student":{},"races":[]}', '"hello"', '{"version":9}']) {
    const s = memoryStorage({ [STORE_KEY]: bad });
    const store = openStore(s);
    assert.match(store.problem, /could not be read/);
    const aside = [...s.data.keys()].find((k) => k.startsWith(`${STORE_KEY}:unreadable:`));
    assert.equal(s.data.get(aside), bad);
    assert.equal(s.getItem(STORE_KEY), null);
  }
  // No room for the copy: the damaged data stays where it is and nothing writes over it.
  const bad = '{"version":1,"answers":';
  const full = memoryStorage({ [STORE_KEY]: bad }, { quota: bad.length + 5 });
  const store = openStore(full);
  assert.match(store.problem, /no room to set them aside, so they are left untouched/);
  store.answer('q1').choice = 'a';
  assert.equal(store.save(), false);
  assert.equal(full.getItem(STORE_KEY), bad);
});

test('values of unexpected types are read defensively, and export still works', () => {
  const odd = JSON.stringify({
    version: 2,
    answers: { q1: { choice: 7, checked: 'yes', attempts: -1, text: { a: 1 } }, q2: null, __proto__x: {} },
    student: { name: 12, id: null },
    races: [{ at: '2026-11-30T10:00:00Z', settings: null, gru: 0.5, attention: 1 }, RUN('2026-11-30T11:00:00.000Z'), 'x'],
  });
  const store = openStore(memoryStorage({ [STORE_KEY]: odd }));
  assert.match(store.problem, /damaged and could not be used/);
  assert.equal(store.state.student.name, '');
  assert.equal(store.state.races.length, 1);
  assert.equal(store.state.answers.q1.choice, undefined);
  const checks = [{ id: 'q1', kind: 'choice', choices: [{ id: 'a', correct: true }] }];
  const { text } = buildHandin({ state: store.state, checks, assignment: { title: 't', checks: ['q1'] } });
  assert.match(text, /Q1: not answered, not checked/);
  // Storage whose reads throw: the page still opens, working in memory.
  const locked = openStore(memoryStorage({}, { readsThrow: true }));
  assert.match(locked.problem, /would not let the lab read/);
  assert.equal(locked.save(), false);
});

test('disabled or full storage is reported and work goes on in memory', () => {
  const off = openStore(null);
  assert.match(off.problem, /not letting the lab save/);
  off.answer('q1').choice = 'a';
  assert.equal(off.save(), false);
  const full = openStore(memoryStorage({}, { quota: 10 }));
  let told = null;
  full.onProblem = (p) => { told = p; };
  assert.equal(full.addRace(RUN('2026-11-30T10:00:00.000Z')), false);
  assert.match(told, /refused to save your work/);
  assert.equal(full.state.races.length, 1);  // kept in memory, for the download
});

test('suspend_data: within 4,096 characters, versioned, what does not fit summarised', () => {
  const { state } = normalizeState({
    version: 2, student: { name: 'Ada', id: 'S-1', updatedAt: '2026-11-30T09:00:00.000Z' },
    answers: {
      q1: { choice: 'b', checked: true, correct: true, attempts: 2, updatedAt: '2026-11-30T09:00:00.000Z', first: { choice: 'a', correct: false, at: '2026-11-30T08:00:00.000Z' } },
      q3: { text: 'x'.repeat(500), revealed: true, rubric: [true, false, true], updatedAt: '2026-11-30T09:00:00.000Z' },
      'ex-self-row--weights': { text: '0.2 0.3 0.5', checked: true, correct: false, attempts: 4, student: 'Ada', variant: 2,
        mistake: 'wrong_axis', at: '2026-11-30T09:30:00.000Z', updatedAt: '2026-11-30T09:30:00.000Z', first: { choice: '1 1 1', correct: false, at: '2026-11-30T09:10:00.000Z' },
        log: ['1 1 1', '0 0 1', '0.5 0.5 0', '0.2 0.3 0.5'].map((t, i) => [t, false, `2026-11-30T09:${10 + 5 * i}:00.000Z`]) },
    },
    races: Array.from({ length: 20 }, (_, i) => RUN(`2026-11-30T10:${String(i).padStart(2, '0')}:00.000Z`, i)),
  });
  const s = encodeSuspend(state);
  // An exercise part keeps whose numbers it answered, the variant and the mistake named.
  const ex = decodeSuspend(s.text).state.answers['ex-self-row--weights'];
  assert.deepEqual([ex.student, ex.variant, ex.mistake, ex.text, ex.attempts], ['Ada', 2, 'wrong_axis', '0.2 0.3 0.5', 4]);
  assert.deepEqual(ex.log, state.answers['ex-self-row--weights'].log.slice(-3));  // the newest attempts
  assert.ok(s.text.length <= SUSPEND_MAX);
  const d = decodeSuspend(s.text);
  assert.equal(d.ok, true);
  assert.deepEqual(d.state.answers.q1, state.answers.q1);
  assert.equal(d.state.answers.q3.text, state.answers.q3.text);
  assert.deepEqual(d.state.student, state.student);
  assert.equal(d.state.races.length + s.omittedRaces, 20);
  assert.deepEqual(d.state.races.at(-1), state.races.at(-1));  // the newest runs are kept
  // A very long written answer is shortened, and the copy says so.
  const long = { ...state, answers: { ...state.answers, q3: { ...state.answers.q3, text: 'y'.repeat(9000) } } };
  const l = encodeSuspend(long);
  assert.ok(l.text.length <= SUSPEND_MAX);
  assert.deepEqual(l.shortened, ['q3']);
  assert.deepEqual(decodeSuspend(l.text).shortened, ['q3']);
  // Merged as the page merges the LMS's copy: this browser's full text wins over the shortened one.
  assert.equal(mergeStates(decodeSuspend(l.text).state, long).answers.q3.text, long.answers.q3.text);
  for (const [text, reason] of [['', 'empty'], ['{"v":', 'damaged'], ['[1]', 'damaged'], ['{"v":2}', 'newer']]) {
    assert.equal(decodeSuspend(text).reason, reason, text);
  }
});

test('activities done: kept from the first time, merged across tabs, erased by start over, carried by suspend_data', () => {
  const a = emptyState(), b = emptyState();
  a.done.race = '2026-01-02T10:00:00.000Z';
  b.done.race = '2026-01-01T10:00:00.000Z';
  b.done.lesson = '2026-01-03T10:00:00.000Z';
  const merged = mergeStates(a, b);
  assert.deepEqual({ ...merged.done }, { race: '2026-01-01T10:00:00.000Z', lesson: '2026-01-03T10:00:00.000Z' });
  // Only page names and times survive reading; a reset erases what came before it.
  const { state } = normalizeState({ done: { race: 'not a time', '<img>': '2026-01-01T00:00:00Z', cost: '2026-01-05T00:00:00.000Z' } });
  assert.deepEqual({ ...state.done }, { cost: '2026-01-05T00:00:00.000Z' });
  assert.deepEqual({ ...mergeStates(merged, { ...emptyState(), resetAt: '2026-01-02T12:00:00.000Z' }).done }, { lesson: '2026-01-03T10:00:00.000Z' });
  const back = decodeSuspend(encodeSuspend(merged).text);
  assert.deepEqual({ ...back.state.done }, { ...merged.done });
});
