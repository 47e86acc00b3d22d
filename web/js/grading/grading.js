// Points from answers, by the build's own answer key (content/quick-checks.json) and
// the assignment's grading rules (content/assignment.json "grading"). One function
// for the checks page, the LMS report, the hand-in and the gradebook, which
// recomputes every hand-in's points with it instead of trusting the file.
//
//   grading: {selfAssessedCounts: false, choiceAnswer: 'last' | 'first', maxAttempts: 0 (no cap)}
//
// A choice check earns 1 when its graded answer was checked and right: the latest one
// ("last"), or the first one ever checked ("first"). A short answer is self-assessed
// (the student ticks the rubric points they covered): its share of the rubric is
// reported as selfAssessed, "to review", and counts toward the points only when the
// assignment says selfAssessedCounts. Pure functions, no DOM.
export const DEFAULT_GRADING = { selfAssessedCounts: false, choiceAnswer: 'last', maxAttempts: 0 };

export function gradingOf(assignment) {
  const g = (assignment && assignment.grading) || {};
  return {
    selfAssessedCounts: g.selfAssessedCounts === true,
    choiceAnswer: g.choiceAnswer === 'first' ? 'first' : 'last',
    maxAttempts: Number.isInteger(g.maxAttempts) && g.maxAttempts > 0 ? g.maxAttempts : 0,
  };
}

const own = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);

// answers: {id: answer} (read with own-property lookups only); checks: the build's list.
// -> {points, max, perCheck: {id: 0..1}, selfAssessed: {id: 0..1}, answered: {id: bool}}
export function grade(answers, checks, assignment) {
  const rules = gradingOf(assignment);
  const key = new Map(checks.map((c) => [c.id, c]));
  const perCheck = Object.create(null), selfAssessed = Object.create(null), answered = Object.create(null);
  let points = 0, max = 0;
  for (const id of assignment.checks) {
    const c = key.get(id);
    if (!c) continue;
    const a = own(answers, id) ? answers[id] : null;
    if (c.kind === 'choice') {
      // By the key, never by a "correct" flag in the answer (a hand-in may have edited it).
      const right = (choice) => c.choices.some((ch) => ch.id === choice && ch.correct === true);
      const graded = rules.choiceAnswer === 'first' ? a && a.first && a.first.choice : a && a.checked === true && a.choice;
      const credit = graded && right(graded) ? 1 : 0;
      perCheck[id] = credit;
      answered[id] = Boolean(a && (a.checked === true || a.first));
      points += credit;
      max += 1;
    } else {
      const ticks = a && a.revealed === true && Array.isArray(a.rubric) ? a.rubric.filter((x) => x === true).length : 0;
      const share = Math.min(1, ticks / Math.max(1, c.rubric.length));
      selfAssessed[id] = Math.round(share * 100) / 100;
      answered[id] = Boolean(a && a.revealed === true);
      if (rules.selfAssessedCounts) {
        perCheck[id] = selfAssessed[id];
        points += share;
        max += 1;
      }
    }
  }
  return { points: Math.round(points * 100) / 100, max, perCheck, selfAssessed, answered, rules };
}

// Did a finished race use every required setting? races: normalised runs (store.js).
export function meetsRace(races, required) {
  const keys = Object.keys(required || {});
  if (keys.length === 0) return true;
  return races.some((r) => !r.stopped && keys.every((k) => own(r.settings, k) && String(r.settings[k]) === String(required[k])));
}

// "completed" only when every assigned check is answered and every required race ran to the end.
export function lessonStatus(state, checks, assignment) {
  const g = grade(state.answers, checks, assignment);
  const allAnswered = assignment.checks.every((id) => g.answered[id]);
  const required = (assignment.race && assignment.race.required) || {};
  return allAnswered && meetsRace(state.races, required) ? 'completed' : 'incomplete';
}
