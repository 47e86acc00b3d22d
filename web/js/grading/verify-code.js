// The code a hand-in holds, run again on the hand-in's own hidden tests: drawn by the
// engine from the hand-in's student name and the run's variant (never from anything the
// file says about them), run in the same sandbox as the student's page (code/sandbox.js:
// the code cannot reach the instructor's page, storage or network, and an endless loop
// uses up its step budget), each output graded by the engine (code_grade), which compares
// it with the expected output it draws again itself. Only the hidden tests are run: they
// are the grade, and no table of the outputs the student's page showed answers them.
// Both runs a hand-in keeps (the last and the best, work/code-work.js) are run, each
// distinct (name, variant, code) once for the whole class, so that either rule of
// grading.codeRun is graded by a run made here.
//
//   const results = new Map();                  // codeKey -> result
//   const job = await regradeCode(lab, sandbox, records, results, {onProgress, signal});
//   await job.done;               // signal aborted: what did not run yet is marked 'stopped'
// result: {status: 'ran', passed: [case ids], total, run: 'ran' | 'budget' | 'memory' | 'stack'
//          | 'timeout' | 'compile-error' | 'crashed'}
//       | {status: 'refused', message} | {status: 'stopped'} (Stop pressed first; the next job runs it)
import { hiddenOutputs } from '../code/compare.js';
import { slicer } from './slices.js';
import { codeTexts } from '../work/code-work.js';
import { normaliseStudent } from '../work/exercise-work.js';
import { t } from '../ui/i18n.js';

export const codeKey = (record, run) => JSON.stringify([normaliseStudent(record.student.name), run.variant || 1, run.text, ...(record.build ? [record.build.engine] : [])]);

// A run's outcome in one word for the gradebook: the run's own status, else the first
// limit a case met (a case past its step budget, its memory, its stack).
function runWord(run) {
  if (run.status !== 'ran') return run.status;
  const hit = run.outputs.find((o) => o && !o.ok && o.why !== 'error');
  return hit ? hit.why : 'ran';
}

// The words the gradebook adds to "n of 11 tests pass (run again…)" for a result's run.
const NOTES = {
  budget: 'verify.codeBudget', timeout: 'verify.codeWatchdog', memory: 'verify.codeMemory',
  stack: 'verify.codeStack', 'compile-error': 'verify.codeCompile', crashed: 'verify.codeCrashed',
};
export const runNote = (word) => (Object.hasOwn(NOTES, word) ? t(NOTES[word]) : '');

// -> a promise of {total, done}: the runs are listed first, in slices (pause, see
// grading/slices.js).
export async function regradeCode(lab, sandbox, records, results, { onProgress = () => {}, signal = null, pause = slicer() } = {}) {
  const todo = new Map();
  for (const record of records) {
    await pause();
    const last = record.answers && record.answers.code;
    for (const text of codeTexts(record.answers)) {
      const key = codeKey(record, { variant: last.variant, text });
      if ((!results.has(key) || results.get(key).status === 'stopped') && !todo.has(key)) todo.set(key, { student: record.student.name, variant: last.variant || 1, text });
    }
  }
  const done = (async () => {
    let n = 0;
    for (const [key, item] of todo) {
      if (signal && signal.aborted) break;
      try {
        const { hidden } = await lab.call('code_tests', { student: item.student, variant: item.variant, run: 0 });
        const run = await sandbox.run(item.text, hidden.map((c) => ({ ...c, quiet: true })));
        const graded = await lab.call('code_grade', { student: item.student, variant: item.variant, outputs: hiddenOutputs(run) });
        results.set(key, { status: 'ran', passed: graded.passed, total: graded.total, run: runWord(run) });
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
