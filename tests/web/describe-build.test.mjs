// The status line: plain words for students, and a detail whose reason always matches
// the build that runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeBuild } from '../../web/js/engine/lab-client.js';

test('the status line says why this build runs', () => {
  const line = (threads, variant, crossOriginIsolated) => describeBuild({ threads, simd: true, variant, crossOriginIsolated }).detail;
  const plain = (threads, variant) => describeBuild({ threads, simd: true, variant, crossOriginIsolated: threads }).plain;
  assert.equal(plain(true, 'attention_lab_mt'), 'Runs here in your browser, on two threads.');
  assert.equal(plain(false, 'attention_lab_single'), 'Runs here in your browser, on one thread.');
  for (const p of [plain(true, 'attention_lab_mt'), plain(false, 'attention_lab_st')]) assert.doesNotMatch(p, /WebAssembly|SIMD|isolated|attention_lab/);
  assert.match(line(true, 'attention_lab_mt', true), /^Running the threaded WebAssembly build \(SIMD \+ threads\), SIMD on: this page is cross-origin isolated, so threads are available\.$/);
  assert.match(line(false, 'attention_lab_st', false), /single-thread WebAssembly build, SIMD on: this page is not cross-origin isolated/);
  assert.match(line(false, 'attention_lab_single', false), /single-thread .*opened from disk/);
  // Isolated, yet single-threaded (a browser without shared memory for WebAssembly): no contradiction.
  const isolatedSingle = line(false, 'attention_lab_st', true);
  assert.match(isolatedSingle, /single-thread WebAssembly build, SIMD on: this page is cross-origin isolated, but this browser does not give WebAssembly threads/);
  assert.doesNotMatch(isolatedSingle, /so threads are available/);
});
