// The status line's reason always matches the build that runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeBuild } from '../../web/js/engine/lab-client.js';

test('the status line says why this build runs', () => {
  const line = (threads, variant, crossOriginIsolated) => describeBuild({ threads, simd: true, variant, crossOriginIsolated });
  assert.match(line(true, 'attention_lab_mt', true), /^Running the threaded WebAssembly build \(SIMD \+ threads\), SIMD on: this page is cross-origin isolated, so threads are available\.$/);
  assert.match(line(false, 'attention_lab_st', false), /single-thread WebAssembly build, SIMD on: this page is not cross-origin isolated/);
  assert.match(line(false, 'attention_lab_single', false), /single-thread .*opened from disk/);
  // Isolated, yet single-threaded (a browser without shared memory for WebAssembly): no contradiction.
  const isolatedSingle = line(false, 'attention_lab_st', true);
  assert.match(isolatedSingle, /single-thread WebAssembly build, SIMD on: this page is cross-origin isolated, but this browser does not give WebAssembly threads/);
  assert.doesNotMatch(isolatedSingle, /so threads are available/);
});
