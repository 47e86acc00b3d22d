// Exercise answers a hand-in holds, graded again by the engine in the lab's worker. The
// numbers are drawn again from the hand-in's own student name (never from anything the
// file says about them), the kind and the variant, so an answer copied from another
// student, or a verdict edited in the file, does not survive. Each distinct answer is
// graded once for the whole class.
//
//   const results = new Map();                    // exerciseKey -> result, see gradebook()
//   const job = regradeExercises(lab, records, results, {onProgress});
//   job.stop();  await job.done;
// result: {status: 'graded', right, mistake} | {status: 'refused', message}
import { parseAnswer } from '../settings/parse.js';
import { exerciseAnswers, normaliseStudent } from '../work/exercise-work.js';

export function exerciseKey(record, { kind, part, answer }) {
  return JSON.stringify([normaliseStudent(record.student.name), kind, answer.variant || 1, part, answer.text || '']);
}

// Every checked exercise answer of the records: [{record, kind, part, answer}].
export function checkedExercises(records) {
  return records.flatMap((record) => exerciseAnswers(record.answers).filter((e) => e.answer.checked).map((e) => ({ record, ...e })));
}

export function regradeExercises(lab, records, results, { onProgress = () => {} } = {}) {
  let stopped = false;
  const todo = [];
  for (const e of checkedExercises(records)) {
    const key = exerciseKey(e.record, e);
    if (results.has(key) || todo.some((t) => t.key === key)) continue;
    const parsed = parseAnswer(e.answer.text || '', null);
    if (!parsed.ok) { results.set(key, { status: 'refused', message: parsed.message }); continue; }
    todo.push({ key, request: { student: e.record.student.name, kind: e.kind, variant: e.answer.variant || 1, part: e.part, typed: parsed.values } });
  }
  const done = (async () => {
    let n = 0;
    for (const t of todo) {
      if (stopped) break;
      try {
        const g = await lab.call('grade_exercise', t.request);
        results.set(t.key, { status: 'graded', right: g.right, mistake: g.mistake });
      } catch (err) {
        results.set(t.key, { status: 'refused', message: err.message });
      }
      if (++n % 20 === 0 || n === todo.length) onProgress({ done: n, total: todo.length });
    }
    return { done: n, total: todo.length, stopped };
  })();
  return { total: todo.length, done, stop() { stopped = true; } };
}
