// A student's exercise answers inside the saved work (work/store.js answers): one
// answer per part, under the id "ex-<kind>--<part>" (kinds and parts never hold "--"),
// with the typed text, whose numbers and which variant it answered, the verdict and the
// attempts. The exercises page writes them; the hand-in and the gradebook read them.
// Pure functions (no DOM).
export const PREFIX = 'ex-';

export const answerId = (kind, part) => `${PREFIX}${kind}--${part}`;

// Every exercise answer in answers: [{kind, part, answer}], in id order.
export function exerciseAnswers(answers) {
  const out = [];
  for (const id of Object.keys(answers).sort()) {
    const m = /^ex-(.+?)--(.+)$/.exec(id);
    if (m) out.push({ kind: m[1], part: m[2], answer: answers[id] });
  }
  return out;
}

// The student as the engine's seed sees them (src/exercises/exercise.cpp
// normalise_student): spaces trimmed and made single, ASCII letters lower-cased.
export function normaliseStudent(name) {
  return String(name).replace(/[ \t\n\v\f\r]+/g, ' ').replace(/^ | $/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase());
}

// The typed answer a part is graded by: the latest checked ('last'), or the first one
// ever checked ('first', the assignment's grading.exerciseAnswer). Hand-ins before the
// first attempt's text was kept have only its first 40 characters.
export function gradedText(answer, which = 'last') {
  // 'best': the first right answer for these numbers, kept whole (work/store.js recordAttempt).
  if (which === 'best') return answer.best && typeof answer.best.text === 'string' ? answer.best.text : answer.text || '';
  if (which !== 'first') return answer.text || '';
  const first = answer.first || {};
  return typeof first.text === 'string' ? first.text : typeof first.choice === 'string' ? first.choice : answer.text || '';
}

// Whether the graded answer was right when checked (the saved verdict).
export const gradedRight = (answer, which = 'last') => (which === 'first' ? Boolean(answer.first && answer.first.correct)
  : which === 'best' ? Boolean(answer.best && typeof answer.best.text === 'string') || answer.correct === true : answer.correct === true);

// Per kind: parts answered (checked) and parts right (by the graded answer: which), for the
// student and variant given (answers made for other numbers do not count).
export function exerciseProgress(answers, student, variant, which = 'last') {
  const who = normaliseStudent(student);
  const per = Object.create(null);
  for (const { kind, answer } of exerciseAnswers(answers)) {
    if (!answer.checked || normaliseStudent(answer.student || '') !== who || (answer.variant || 1) !== variant) continue;
    const p = per[kind] || (per[kind] = { answered: 0, right: 0 });
    ++p.answered;
    if (gradedRight(answer, which)) ++p.right;
  }
  return per;
}
