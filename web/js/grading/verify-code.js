// The code a hand-in holds, run again on the hand-in's own tests: drawn by the engine
// from the hand-in's student name and the run's variant (never from anything the file
// says about them), run in the same sandbox as the student's page (code/sandbox.js: the
// code cannot reach the instructor's page, storage or network, and an endless loop is
// stopped), each output compared with the engine's (code/compare.js). Each distinct
// (name, variant, code) is run once for the whole class.
//
//   const results = new Map();                  // codeKey -> result
//   const job = regradeCode(lab, sandbox, records, results, {onProgress, signal});
//   await job.done;               // signal aborted: what did not run yet is marked 'stopped'
// result: {status: 'ran', passed: [case ids], total, run: 'ran' | 'timeout' | 'memory' | 'compile-error' | 'crashed'}
//       | {status: 'refused', message} | {status: 'stopped'} (Stop pressed first; the next job runs it)
import { compareRun } from '../code/compare.js';
import { codeRun } from '../work/code-work.js';
import { normaliseStudent } from '../work/exercise-work.js';

export const codeKey = (record, run) => JSON.stringify([normaliseStudent(record.student.name), run.variant || 1, run.text]);

export function regradeCode(lab, sandbox, records, results, { onProgress = () => {}, signal = null } = {}) {
  const todo = new Map();
  for (const record of records) {
    const run = codeRun(record.answers);
    if (!run) continue;
    const key = codeKey(record, run);
    if ((!results.has(key) || results.get(key).status === 'stopped') && !todo.has(key)) todo.set(key, { student: record.student.name, variant: run.variant || 1, text: run.text });
  }
  const done = (async () => {
    let n = 0;
    for (const [key, t] of todo) {
      if (signal && signal.aborted) break;
      try {
        const { cases } = await lab.call('code_tests', { student: t.student, variant: t.variant });
        const run = await sandbox.run(t.text, cases);
        results.set(key, { status: 'ran', passed: compareRun(cases, run).passed, total: cases.length, run: run.status });
      } catch (err) {
        results.set(key, { status: 'refused', message: err.message });
      }
      onProgress({ done: ++n, total: todo.size });
    }
    for (const key of [...todo.keys()].slice(n)) results.set(key, { status: 'stopped' });
    return { done: n, total: todo.size, stopped: n < todo.size };
  })();
  return { total: todo.size, done };
}
