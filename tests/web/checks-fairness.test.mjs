// The quick checks give a test-wise student no cue: the right option is not the
// longest more often than chance would make it, not always at one letter, never an
// "all/none of the above"; the module's own checks keep the module's answer letters;
// every option has feedback naming what is wrong with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const checks = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks.filter((c) => c.kind === 'choice');
// What a student reads: the maths' delimiters and commands do not count.
const shown = (text) => text.replace(/\\[a-z]+/g, ' ').replace(/[$\\{}]/g, '').replace(/\s+/g, ' ').trim().length;

test('the right option is the longest in at most one check in four', () => {
  const longest = checks.filter((c) => {
    const right = shown(c.choices.find((ch) => ch.correct).text);
    return c.choices.every((ch) => ch.correct || shown(ch.text) < right);
  }).map((c) => c.id);
  assert.ok(longest.length <= Math.ceil(checks.length / 4), `the right option is the longest in ${longest.join(', ')}`);
});

test('no right option stands out by length: at most 1.2 times the longest wrong one', () => {
  for (const c of checks) {
    const right = shown(c.choices.find((ch) => ch.correct).text);
    const wrong = Math.max(...c.choices.filter((ch) => !ch.correct).map((ch) => shown(ch.text)));
    assert.ok(right <= 1.2 * wrong, `${c.id}: ${right} characters against at most ${wrong}`);
  }
});

test('the right answers are spread over the letters, and no option is "all/none of the above"', () => {
  const letters = checks.map((c) => c.choices.findIndex((ch) => ch.correct));
  const most = Math.max(...[0, 1, 2, 3].map((k) => letters.filter((l) => l === k).length));
  assert.ok(most <= Math.ceil(checks.length / 2), `one letter is right in ${most} of ${checks.length} checks`);
  for (const c of checks) for (const ch of c.choices) assert.doesNotMatch(ch.text, /\b(all|none|both) of the (above|others)\b/i, `${c.id}${ch.id}`);
});

test('the module\'s own checks keep the module\'s answer letters (Q1 B, Q2 B, Q4 C)', () => {
  const module = { q1: 'B', q2: 'B', q4: 'C' };  // the module's answer key
  for (const [id, letter] of Object.entries(module)) {
    const c = checks.find((x) => x.id === id);
    assert.equal(c.module, true, `${id} is the module's`);
    assert.equal(String.fromCharCode(65 + c.choices.findIndex((ch) => ch.correct)), letter, id);
  }
});

test('every option has feedback, and a wrong option\'s says more than "wrong"', () => {
  for (const c of checks) {
    for (const ch of c.choices) {
      assert.ok(ch.explanation.trim().length >= 60, `${c.id}${ch.id}: feedback too short to say what is wrong`);
    }
  }
});

test('each student sees the options in an order of their own, the same on every visit', async () => {
  const { choiceOrder } = await import('../../web/js/work/choice-order.js');
  assert.deepEqual(choiceOrder('', 'q1', 4), [0, 1, 2, 3]);  // no name: the answer key's order
  assert.deepEqual(choiceOrder('Ada Lovelace', 'q1', 4), choiceOrder('  ada  lovelace', 'q1', 4));
  // Forty students: each order a permutation; many different ones; the right option
  // (say index 1) lands in every position.
  const orders = Array.from({ length: 40 }, (_, i) => choiceOrder(`student ${i}`, 'q2', 4));
  for (const o of orders) assert.deepEqual([...o].sort(), [0, 1, 2, 3]);
  assert.ok(new Set(orders.map(String)).size >= 12);
  assert.deepEqual(new Set(orders.map((o) => o.indexOf(1))), new Set([0, 1, 2, 3]));
});
