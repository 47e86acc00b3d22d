// Exercise answers a hand-in holds, graded again by the engine in the lab's worker. The
// numbers are drawn again from the hand-in's own student name (never from anything the
// file says about them), the kind and the variant, so an answer copied from another
// student, or a verdict edited in the file, does not survive. Each distinct answer is
// graded once for the whole class. answer: which answer the assignment grades
// (grading.exerciseAnswer); the latest is always graded too (the item analysis reads its
// mistakes), the first only when the assignment grades it.
//
//   const results = new Map();                    // exerciseKey -> result, see gradebook()
//   const stop = new AbortController();
//   const job = await regradeExercises(lab, records, results, {onProgress, signal: stop.signal});
//   stop.abort();  await job.done;     // what was not graded yet is marked 'stopped'
// result: {status: 'graded', right, mistake} | {status: 'refused', message}
//       | {status: 'stopped'} (Stop pressed before it was graded; the next job grades it)
import { parseAnswer } from '../settings/parse.js';
import { slicer } from './slices.js';
import { exerciseAnswers, gradedLang, gradedText, normaliseStudent } from '../work/exercise-work.js';

// text: the answer graded (work/exercise-work.js gradedText), the latest by default.
export function exerciseKey(record, { kind, part, answer }, text = answer.text || '') {
  const key = [normaliseStudent(record.student.name), kind, answer.variant || 1, part, text];
  // The numbers are drawn by an engine: a hand-in that names its build is graded by that build's.
  return JSON.stringify(record.build ? [...key, record.build.engine] : key);
}

// Every checked exercise answer of the records: [{record, kind, part, answer}].
export function checkedExercises(records) {
  return records.flatMap((record) => exerciseAnswers(record.answers).filter((e) => e.answer.checked).map((e) => ({ record, ...e })));
}

// -> a promise of {total, done}: the answers are listed first, in slices (pause, see
// grading/slices.js: a class's thousand answers listed at once were a long task).
export async function regradeExercises(lab, records, results, { answer = 'last', onProgress = () => {}, signal = null, pause = slicer() } = {}) {
  const todo = [], queued = new Set();
  for (const record of records) {
    await pause();
    for (const e of checkedExercises([record])) for (const which of new Set(['last', answer])) {
      const text = gradedText(e.answer, which), lang = gradedLang(e.answer, which);
      const key = exerciseKey(e.record, e, text);
      if ((results.has(key) && results.get(key).status !== 'stopped') || queued.has(key)) continue;
      queued.add(key);
      todo.push({ key, text, lang, request: { student: e.record.student.name, kind: e.kind, variant: e.answer.variant || 1, part: e.part } });
    }
  }
  // Each answer read as it is graded (a class's answers read at once made a long task).
  const done = (async () => {
    let n = 0;
    for (const t of todo) {
      if (signal && signal.aborted) break;
      try {
        const parsed = parseAnswer(t.text, null, { lang: t.lang });  // read as it was typed ("0,5" in French)
        if (!parsed.ok) results.set(t.key, { status: 'refused', message: parsed.message });
        else {
          const g = await lab.call('grade_exercise', { ...t.request, typed: parsed.values });
          results.set(t.key, { status: 'graded', right: g.right, mistake: g.mistake });
        }
      } catch (err) {
        results.set(t.key, { status: 'refused', message: err.message });
      }
      if (++n % 20 === 0 || n === todo.length) onProgress({ done: n, total: todo.length });
    }
    for (const t of todo.slice(n)) results.set(t.key, { status: 'stopped' });
    return { done: n, total: todo.length, stopped: n < todo.length };
  })();
  return { total: todo.length, done };
}
