// Saved work: corrupt data is set aside and reported, full or disabled storage is reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_KEY, openStore } from '../../web/js/store.js';

function memoryStorage(initial = {}, { quota = Infinity } = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => {
      if (v.length > quota) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      data.set(k, String(v));
    },
    removeItem: (k) => data.delete(k),
  };
}

test('answers round-trip through storage', () => {
  const s = memoryStorage();
  const a = openStore(s);
  a.state.answers.q1 = { choice: 'b' };
  assert.equal(a.save(), true);
  assert.deepEqual(openStore(s).state.answers, { q1: { choice: 'b' } });
});

test('corrupt saved data is set aside and reported, not dropped', () => {
  for (const bad of ['{"version":1,"answers":', '{"version":1,"answers":[1],"student":{},"races":[]}', '"hello"']) {
    const s = memoryStorage({ [STORE_KEY]: bad });
    const store = openStore(s);
    assert.match(store.problem, /could not be read/);
    const aside = [...s.data.keys()].find((k) => k.startsWith(`${STORE_KEY}:unreadable:`));
    assert.equal(s.data.get(aside), bad);
    assert.equal(s.getItem(STORE_KEY), null);
    assert.deepEqual(store.state.answers, {});
  }
});

test('disabled or full storage is reported and work goes on in memory', () => {
  const off = openStore(null);
  assert.match(off.problem, /not letting the lab save/);
  off.state.answers.q1 = { choice: 'a' };
  assert.equal(off.save(), false);
  const full = openStore(memoryStorage({}, { quota: 10 }));
  let told = null;
  full.onProblem = (p) => { told = p; };
  full.state.answers.q1 = { choice: 'a' };
  assert.equal(full.save(), false);
  assert.match(told, /refused to save/);
});
