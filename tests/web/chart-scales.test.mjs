// The charts' scales, without a browser: log-axis ticks that can be read whatever the
// range, and a legend's room growing with its longest label.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ticks } from '../../web/js/charts/xy-plot.js';
import { legendRoom } from '../../web/js/charts/svg.js';

test('a log axis over several decades ticks at the powers of its base', () => {
  assert.deepEqual(ticks(1e-5, 1e-1, true, 10), [1e-5, 1e-4, 1e-3, 1e-2, 1e-1]);
  assert.deepEqual(ticks(16, 1024, true, 2), [16, 32, 64, 128, 256, 512, 1024]);
});

test('a log axis shorter than three powers of ten ticks at 1, 2 and 5 of each', () => {
  // The cost explorer from T = 64 to 512: about 0.15 ms to 3 ms, one power of ten inside.
  assert.deepEqual(ticks(1.5e-4, 3e-3, true, 10), [2e-4, 5e-4, 1e-3, 2e-3]);
  assert.deepEqual(ticks(0.3, 0.9, true, 10), [0.5]);
});

test('a linear axis ticks at round steps', () => {
  assert.deepEqual(ticks(0.4, 1, false), [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
});

test("a legend's room fits its longest label, and never shrinks below the chart's least", () => {
  assert.equal(legendRoom(['GRU'], 42, 170), 170);
  const long = legendRoom(['additive attention, sentences'], 44, 150);
  assert.ok(long >= 44 + 29 * 6.1, `${long}`);  // measured: 6.1 units a character at most, on average
});
