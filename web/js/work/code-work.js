// The code page's saved work inside the student's answers (work/store.js), and reading it
// back for the score, the hand-in and the gradebook. Pure functions (no DOM).
//
//   answers["code-draft"]  {draft}: the code as typed, whole (up to the store's DRAFT_MAX),
//                          saved on every change and when the page is left (older saves:
//                          {text}, cut to 20,000 characters)
//   answers["code"]        the last run: {text: the code run, passed: ["softmax: large
//                          logits", ...] (the hidden tests it passed), run: the run number
//                          its shown tests were drawn from (decimal), student, variant,
//                          checked, correct (every hidden test passed), attempts, log,
//                          best: the run that passed the most hidden tests (the first of
//                          equals): {text, passed, run, attempt (its number: 1 for the
//                          first run), at, correct (every hidden test passed)}}
// What counts (content/assignment.json grading.codeRun): "best" the best run, "last" the
// latest one. Both travel in the hand-in; the gradebook runs the counted one again.
import { engineWords } from '../ui/engine-words.js';
import { t } from '../ui/i18n.js';

const own = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);

export const CODE_ID = 'code';
export const DRAFT_ID = 'code-draft';

// The draft saved, or null: the whole draft, else an older save's text.
export function savedDraft(answers) {
  const d = own(answers, DRAFT_ID) ? answers[DRAFT_ID] : null;
  return d && typeof d.draft === 'string' ? d.draft : d && typeof d.text === 'string' ? d.text : null;
}


const validBest = (b) => b !== null && typeof b === 'object' && typeof b.text === 'string' && Array.isArray(b.passed);

// The last run a hand-in or saved work holds, or null.
export function lastCodeRun(answers) {
  const a = own(answers, CODE_ID) ? answers[CODE_ID] : null;
  return a && a.checked && typeof a.text === 'string' ? a : null;
}

// The run that counts: the best (which 'best', the default) or the last ('last'), as
// {text, passed, run, attempt, at, student, variant, attempts, counted: 'best' | 'last'}, or null.
// The best is the saved best when it passed more hidden tests than the last run.
export function codeRun(answers, which = 'best') {
  const last = lastCodeRun(answers);
  if (!last) return null;
  const lastView = { ...last, passed: last.passed || [], attempt: last.attempts || 1, counted: 'last' };
  if (which !== 'last' && validBest(last.best) && last.best.passed.length > lastView.passed.length) {
    const b = last.best;
    return { ...lastView, text: b.text, passed: b.passed, run: b.run || '', attempt: Number.isInteger(b.attempt) ? b.attempt : 1, at: b.at || last.at, correct: b.correct === true, counted: 'best' };
  }
  return lastView;
}

// Every distinct code text a hand-in holds runs of (the last run's, the best's): the
// gradebook runs each again, so that either rule can be graded.
export function codeTexts(answers) {
  const last = lastCodeRun(answers);
  if (!last) return [];
  return [...new Set([last.text, ...(validBest(last.best) ? [last.best.text] : [])])];
}

// A run just made, saved: a the saved answer (emptied by the caller when it was for
// another name or variant), passed the hidden tests it passed, run the run number.
// Keeps the best run beside it. recordAttempt (work/store.js) is called by the caller first.
export function saveCodeRun(a, { text, passed, run, at, student, variant }) {
  Object.assign(a, { text, passed, run: String(run), student, variant });
  if (!validBest(a.best) || passed.length > a.best.passed.length) {
    a.best = { text, passed: [...passed], run: String(run), attempt: a.attempts || 1, at, correct: a.correct === true };
  }
  return a;
}

// What counts, in words, for the page and the hand-in:
// -> {counted, last, total, text}, text e.g. "Your best run counts: 11 of 11 hidden tests (run 3)."
export function countedText(answers, which, total) {
  const counted = codeRun(answers, which), last = codeRun(answers, 'last');
  if (!counted) return null;
  const n = counted.passed.length;
  const text = t(which === 'last' ? 'code.countsLast' : 'code.countsBest', { n: String(n), total: String(total), run: String(counted.attempt) });
  return { counted, last, total, text };
}

// The hand-in's lines about the code: what counts, and both runs (total: the number of
// hidden tests, or anything else when the assignment does not say: "all the" hidden tests).
export function codeLines(answers, which, total) {
  const c = countedText(answers, which, total);
  if (!c) return [];
  const { counted, last } = c;
  const lines = [t('code.handinRuns', {
    counted: which === 'last' ? 'last' : 'best', run: String(counted.attempt), passed: String(counted.passed.length), total: String(total), all: Number.isFinite(total) ? 'no' : 'yes',
    lastRun: String(last.attempt), attempts: String(last.attempts || 1), lastPassed: String(last.passed.length), student: last.student || '', variant: String(last.variant || 1),
  })];
  for (const name of counted.passed) lines.push(`  ${t('code.handinPasses', { name: engineWords(name).text })}`);  // the engine's test names, in the page's words
  return lines;
}
