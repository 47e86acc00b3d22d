// Points from answers, by the build's own answer key (content/quick-checks.json) and
// the assignment's grading rules (content/assignment.json "grading"). One function
// for the checks page, the LMS report, the hand-in and the gradebook, which
// recomputes every hand-in's points with it instead of trusting the file.
//
//   grading: {selfAssessedCounts: false, choiceAnswer: 'last' | 'first', maxAttempts: 0 (no cap),
//             exerciseAnswer: 'best' | 'last' | 'first', codeRun: 'best' | 'last'}
//
// A choice check earns 1 when its graded answer was checked and right: the latest one
// ("last"), or the first one ever checked ("first"). A short answer is self-assessed
// (the student ticks the rubric points they covered): its share of the rubric is
// reported as selfAssessed, "to review", and counts toward the points only when the
// assignment says selfAssessedCounts. An exercise kind (exercises.html) the assignment
// weighs earns its weight shared out over its parts: the parts right for the student's
// own numbers (their name, the assignment's variant), by exerciseAnswer: "best" (the
// default) a part is right when any answer checked for these numbers was right, so that
// trying something after a right answer never lowers the grade; "last" by the latest
// answer checked; "first" by the first. "code" (code.html) likewise over its hidden tests,
// by codeRun: "best" (the default) the run that passed the most of them, "last" the
// latest run (work/code-work.js). The pages say which counts. Pure functions, no DOM.
import { codeRun } from './code-work.js';
import { exerciseProgress, normaliseStudent } from './exercise-work.js';
import { localDecimal, t } from '../ui/i18n.js';

export const DEFAULT_GRADING = { selfAssessedCounts: false, choiceAnswer: 'last', maxAttempts: 0, exerciseAnswer: 'best', codeRun: 'best' };

export function gradingOf(assignment) {
  const g = (assignment && assignment.grading) || {};
  return {
    selfAssessedCounts: g.selfAssessedCounts === true,
    choiceAnswer: g.choiceAnswer === 'first' ? 'first' : 'last',
    maxAttempts: Number.isInteger(g.maxAttempts) && g.maxAttempts > 0 ? g.maxAttempts : 0,
    exerciseAnswer: ['first', 'last'].includes(g.exerciseAnswer) ? g.exerciseAnswer : 'best',
    codeRun: g.codeRun === 'last' ? 'last' : 'best',
  };
}

// The exercises that count: the assignment's {variant, weights: {kind: weight}} with the
// part counts the build added (tools/site/content.mjs, from content/widgets/exercises.json),
// which answer of a part is graded (grading.exerciseAnswer) and which code run (grading.codeRun).
//   -> {variant, answer: 'best' | 'last' | 'first', code: 'best' | 'last', kinds: [{kind, weight, parts}],
//       countsText: what counts in words}, kinds of weight 0 left out
export function exerciseRulesOf(assignment) {
  const e = (assignment && assignment.exercises) || {};
  const weights = e.weights && typeof e.weights === 'object' ? e.weights : {};
  const parts = e.parts && typeof e.parts === 'object' ? e.parts : {};
  const kinds = Object.keys(weights)
    .filter((k) => Number.isFinite(weights[k]) && weights[k] > 0 && Number.isInteger(parts[k]) && parts[k] > 0)
    .map((kind) => ({ kind, weight: weights[kind], parts: parts[kind] }));
  const rules = gradingOf(assignment);
  return { variant: Number.isInteger(e.variant) ? e.variant : 1, answer: rules.exerciseAnswer, code: rules.codeRun, kinds, countsText: exerciseCountsText(rules.exerciseAnswer) };
}

// What counts of the exercises' answers, in one line for the exercises page.
export function exerciseCountsText(answer) {
  if (answer === 'first') return t('rules.exerciseFirst');
  if (answer === 'last') return t('rules.exerciseLast');
  return t('rules.exerciseBest');
}

const own = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);

// answers: {id: answer} (read with own-property lookups only); checks: the build's list.
// student: the name the exercises' numbers are drawn from; rightParts: {kind: parts right}
// when known otherwise (the gradebook's, graded again by the engine), else the saved verdicts.
// -> {points, max, perCheck: {id: 0..1}, selfAssessed: {id: 0..1}, answered: {id: bool},
//     exercises: {kind: {right, answered, parts, weight, credit}}, rules}
export function grade(answers, checks, assignment, { student = '', rightParts = null } = {}) {
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
  const ex = exerciseRulesOf(assignment);
  const progress = exerciseProgress(answers, student, ex.variant, ex.answer);
  // The code page's counted run (best or last) counts like an exercise whose parts are its hidden tests.
  const run = codeRun(answers, ex.code);
  if (run && normaliseStudent(run.student || '') === normaliseStudent(student) && (run.variant || 1) === ex.variant) {
    progress.code = { answered: Infinity, right: (run.passed || []).length };
  }
  const exercises = Object.create(null);
  for (const { kind, weight, parts } of ex.kinds) {
    const p = progress[kind] || { answered: 0, right: 0 };
    const right = Math.min(parts, rightParts ? rightParts[kind] || 0 : p.right);
    const credit = (weight * right) / parts;
    exercises[kind] = { right, answered: Math.min(parts, p.answered), parts, weight, credit: Math.round(credit * 100) / 100 };
    points += credit;
    max += weight;
  }
  return { points: Math.round(points * 100) / 100, max: Math.round(max * 100) / 100, perCheck, selfAssessed, answered, exercises, rules };
}

// The score in words, split by what earned it: "4.5 of 11: quick checks 2 of 6,
// exercises 2.5 of 5".
export function describeScore(g) {
  const ex = Object.values(g.exercises);
  if (!ex.length) return t('score.of', { points: localDecimal(String(g.points)), max: localDecimal(String(g.max)) });
  const sum = (xs, f) => Math.round(xs.reduce((s, x) => s + f(x), 0) * 100) / 100;
  const exPoints = sum(ex, (e) => e.credit), exMax = sum(ex, (e) => e.weight);
  const checkPoints = Math.round((g.points - exPoints) * 100) / 100, checkMax = Math.round((g.max - exMax) * 100) / 100;
  return t('score.split', { points: localDecimal(String(g.points)), max: localDecimal(String(g.max)), checkPoints: localDecimal(String(checkPoints)), checkMax: localDecimal(String(checkMax)), exPoints: localDecimal(String(exPoints)), exMax: localDecimal(String(exMax)) });
}

// Did a finished race use every required setting? races: normalised runs (store.js).
export function meetsRace(races, required) {
  const keys = Object.keys(required || {});
  if (keys.length === 0) return true;
  return races.some((r) => !r.stopped && keys.every((k) => own(r.settings, k) && String(r.settings[k]) === String(required[k])));
}

// "completed" only when every assigned check and every part of every assigned exercise is
// answered, and every required race ran to the end. student: the name the exercises'
// numbers are drawn from (an LMS's name for the student, else the one typed).
export function lessonStatus(state, checks, assignment, { student = state.student.name } = {}) {
  const g = grade(state.answers, checks, assignment, { student });
  const allAnswered = assignment.checks.every((id) => g.answered[id])
    && Object.values(g.exercises).every((e) => e.answered >= e.parts);
  const required = (assignment.race && assignment.race.required) || {};
  return allAnswered && meetsRace(state.races, required) ? 'completed' : 'incomplete';
}
