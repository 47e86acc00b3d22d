// The cost page's words for a noisy measurement (web/js/pages/cost/noise.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noisyFindings } from '../../web/js/pages/cost/noise.js';

const Ts = [64, 128, 256];
function results(times) {  // {'attention/1': [s at 64, 128, 256], ...}
  const m = new Map();
  for (const [series, seconds] of Object.entries(times)) seconds.forEach((s, i) => m.set(`${series}/${Ts[i]}`, { seconds: s }));
  return m;
}

test('a clean measurement has nothing to say', () => {
  const clean = results({ 'attention/1': [1, 3, 10], 'attention/2': [0.7, 1.8, 5.5], 'gru/1': [2, 4, 8], 'gru/2': [2.1, 4.1, 8.3] });
  assert.deepEqual(noisyFindings(clean, Ts, 2), []);
});

test('time that falls as T doubles is named, with its layer, threads and T', () => {
  const fall = results({ 'attention/1': [1, 3, 10], 'gru/1': [2, 1.5, 8] });
  assert.deepEqual(noisyFindings(fall, Ts, 1), ['At T = 128, the GRU (1 thread) took less time than at T = 64, with at least twice the work.']);
  // Within 10 %: timing jitter, not a finding.
  assert.deepEqual(noisyFindings(results({ 'gru/1': [2, 1.9, 8] }), Ts, 1), []);
});

test('a second thread that slows self-attention down is named; the GRU may gain nothing', () => {
  const slower = results({ 'attention/1': [1, 3, 10], 'attention/2': [0.7, 1.8, 10.9], 'gru/1': [2, 4, 8], 'gru/2': [2, 4, 8.8] });
  assert.deepEqual(noisyFindings(slower, Ts, 2), ['A second thread made self-attention slower at T = 256 (0.92×), where splitting its rows should make it faster.']);
  // Missing points (refused, or stopped) are skipped, not compared.
  const gap = new Map([['attention/1/64', { seconds: 1 }], ['attention/1/256', { seconds: 10 }]]);
  assert.deepEqual(noisyFindings(gap, Ts, 1), []);
});
