// The positions-off puzzle's worked answer (content/lesson/07-positions-and-order.md)
// quotes the best accuracy an order-blind model can reach by counting the last
// symbol; computed here from the race's task (T tokens over V symbols, half of the
// sequences with last = first: src/race/task.hpp), so a changed default or a slip in
// the prose fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const race = JSON.parse(readFileSync('content/widgets/race.json', 'utf8'));
const setting = (key) => race.settings.find((s) => s.key === key).default;

function binomial(n, p) {
  const out = [];
  let c = 1;
  for (let k = 0; k <= n; ++k) {
    out.push(c * p ** k * (1 - p) ** (n - k));
    c = (c * (n - k)) / (k + 1);
  }
  return out;
}

// Count c of the last symbol: 1 + Bin(T - 2, 1/V) when first != last, 2 + Bin when equal.
function countingAccuracy(T, V) {
  const b = binomial(T - 2, 1 / V), at = (k) => (k >= 0 && k < b.length ? b[k] : 0);
  let acc = 0, threshold = null;
  for (let c = 0; c <= T; ++c) {
    acc += 0.5 * Math.max(at(c - 2), at(c - 1));
    if (threshold === null && at(c - 2) > at(c - 1)) threshold = c;
  }
  return { acc, threshold };
}

test('the worked answer quotes the counting model\'s best accuracy and its threshold at the race\'s defaults', () => {
  const T = setting('T'), V = race.fixed.vocab ?? 8;
  const { acc, threshold } = countingAccuracy(T, V);
  const lesson = readFileSync('content/lesson/07-positions-and-order.md', 'utf8');
  assert.match(lesson, new RegExp(`With \\$T = ${T}\\$ tokens over ${V} symbols`));
  assert.match(lesson, new RegExp(`\\*\\*${acc.toFixed(3)}\\*\\*`), `the lesson should quote ${acc.toFixed(3)}`);
  assert.match(lesson, new RegExp(`A count of ${threshold} or more`));
  assert.match(lesson, new RegExp(`Binomial\\}\\(${T - 2}, 1/${V}\\)`));
});
