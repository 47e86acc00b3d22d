// One numbering: a check is named by its number (Q1, Q2, … in the order the lesson meets
// them), never by its id, wherever the lab names it; counts are of the assignment's checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignedChecks, assignedSentence, checkLabel, labelSpan } from '../../web/js/work/check-label.js';
import { normalizeState } from '../../web/js/work/store.js';
import { encodeSuspend } from '../../web/js/lms/suspend.js';
import { LabSession } from '../../web/js/lms/lms-session.js';
import { SCORM12 } from '../../web/js/lms/scorm-versions.js';
import { loadContent } from '../../tools/site/content.mjs';

const content = loadContent('content', 'web');

test('a check by its number; the build numbers them in the lesson\'s order', () => {
  assert.equal(checkLabel({ id: 'q1', number: 4 }), 'Q4');
  assert.equal(checkLabel({ id: 'q-old' }), 'Q-OLD');  // a check from before numbering
  assert.deepEqual(content.checks.map((c) => c.number), content.checks.map((_, k) => k + 1));
  assert.equal(labelSpan(['Q1', 'Q2', 'Q3', 'Q5', 'Q7', 'Q8']), 'Q1–Q3, Q5, Q7, Q8');
  // The assignment's checks, by number, whatever order the assignment lists them in.
  const checks = [{ id: 'b', number: 2 }, { id: 'a', number: 1 }, { id: 'c', number: 3 }];
  assert.deepEqual(assignedChecks(checks, { checks: ['c', 'a', 'zz'] }).map(checkLabel), ['Q1', 'Q3']);
  assert.equal(assignedSentence(checks, { checks: ['c', 'a', 'b'] }), '3 quick checks are assigned: Q1–Q3.');
  assert.equal(assignedSentence(checks, { checks: ['b'] }), '1 quick check is assigned: Q2.');
  assert.equal(assignedSentence(content.checks, content.assignment), `${content.assignment.checks.length} quick checks are assigned: Q1–Q${content.assignment.checks.length}.`);
});

test('the LMS\'s notice of a shortened written answer names the check by its number', () => {
  const short = content.checks.find((c) => c.kind === 'short');
  assert.notEqual(checkLabel(short), short.id.toUpperCase(), 'the id and the number differ');
  const { state } = normalizeState({ version: 2, student: { name: 'Ada', id: 'S-1' },
    answers: { [short.id]: { text: 'y'.repeat(9000), revealed: true, rubric: [true], updatedAt: '2026-11-30T09:00:00.000Z' } } });
  const saved = encodeSuspend(state);
  assert.deepEqual(saved.shortened, [short.id]);
  const values = new Map([['cmi.core.entry', 'resume'], ['cmi.suspend_data', saved.text]]);
  const api = { LMSInitialize: () => 'true', LMSFinish: () => 'true', LMSCommit: () => 'true', LMSGetLastError: () => '0', LMSGetErrorString: () => '',
    LMSGetValue: (k) => (values.has(k) ? values.get(k) : ''), LMSSetValue: (k, v) => { values.set(k, v); return 'true'; } };
  const s = new LabSession(api, { checks: content.checks, assignment: content.assignment }, { adapter: SCORM12 });
  s.start();
  assert.ok(s.notices.some((n) => n.includes(`written answer to ${checkLabel(short)} was shortened`)), s.notices.join(' | '));
});
