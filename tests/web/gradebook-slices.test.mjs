// The instructor page grades a class in slices that give the page back (grading/slices.js):
// on a clock of our own, with pieces of known cost, no stretch of work between two yields
// is longer than the budget plus one piece, and grading 200 hand-ins a few at a time gives
// the same gradebook as grading them at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SLICE_MS, slicer } from '../../web/js/grading/slices.js';
import { gradebook } from '../../web/js/grading/gradebook.js';
import { STEP_ROWS, itemAnalysis, itemAnalysisSteps } from '../../web/js/grading/item-analysis.js';
import { parseHandins } from '../../web/js/work/handin.js';
import { loadContent } from '../../tools/site/content.mjs';
import { writeCodeClass } from '../browser/code-class.mjs';

test('work between two yields never outlasts the budget by more than one piece', async () => {
  for (const cost of [0.5, 3, 7, 20]) {
    let clock = 0, since = 0, longest = 0, yields = 0;
    const pause = slicer({ now: () => clock, yieldFn: async () => { longest = Math.max(longest, clock - since); since = clock; ++yields; } });
    for (let i = 0; i < 200; ++i) { await pause(); clock += cost; }
    longest = Math.max(longest, clock - since);
    assert.ok(longest <= SLICE_MS + cost, `pieces of ${cost} ms: ${longest} ms without a yield`);
    assert.ok(yields >= Math.floor((200 * cost) / (SLICE_MS + cost)), `pieces of ${cost} ms: only ${yields} yields`);
  }
});

test('200 hand-ins graded four at a time into the memo make the same gradebook as at once', () => {
  const content = loadContent('content', 'web');
  const records = writeCodeClass(mkdtempSync(join(tmpdir(), 'slices-')), 200).map((f) => parseHandins(readFileSync(f, 'utf8')).results[0].record);
  const by = { checks: content.checks, assignment: content.assignment, now: Date.parse('2026-12-01T00:00:00Z') };
  const whole = gradebook(records, by);
  const memo = new WeakMap();
  for (let i = 0; i < records.length; i += 4) gradebook(records.slice(i, i + 4), { ...by, memo });
  const sliced = gradebook(records, { ...by, memo });
  const strip = (b) => b.rows.map((r) => JSON.stringify([r.key, r.points, r.max, r.flags, r.status, r.exercises, r.code]));
  assert.deepEqual(strip(sliced), strip(whole));
  assert.equal(sliced.rows.length, 200);
  // The item analysis in steps: a pause every STEP_ROWS rows of each pass, the same result.
  const steps = itemAnalysisSteps(sliced.rows, by);
  let s = steps.next(), pauses = 0;
  while (!s.done) { ++pauses; s = steps.next(); }
  assert.ok(pauses >= Math.floor(200 / STEP_ROWS) * 2, `${pauses} pauses`);
  assert.deepEqual(JSON.stringify(s.value), JSON.stringify(itemAnalysis(sliced.rows, by)));
  assert.equal(s.value.students, 200);
});
