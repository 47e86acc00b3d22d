// A quick check's one name, the same on every page, in the hand-in, the gradebook, the
// LMS and the question banks: "Q" and its number (content/quick-checks.json "number",
// the order the lesson meets the checks; tools/site/content.mjs and lesson.mjs check
// both). The id ("q1") is the check's fixed key in saved work, hand-ins and assignment
// links, and is never shown as its number. Pure (no DOM): the build uses it too.
//
//   checkLabel({id: 'q1', number: 4})                 -> 'Q4'
//   assignedChecks(checks, {checks: ['q1', 'q2']})    -> those checks, by number
//   labelSpan(['Q1', 'Q2', 'Q3', 'Q5'])              -> 'Q1–Q3, Q5'
//   assignedSentence(checks, assignment)              -> '7 quick checks are assigned: Q1–Q7.'
import { t } from '../ui/i18n.js';

export function checkLabel(check) {
  if (check && Number.isInteger(check.number) && check.number > 0) return `Q${check.number}`;
  return String((check && check.id) || '?').toUpperCase();  // a check from before numbering
}

// The checks an assignment counts, in number order; an id the build does not know is left out.
export function assignedChecks(checks, assignment) {
  const ids = new Set((assignment && assignment.checks) || []);
  return checks.filter((c) => ids.has(c.id)).sort((a, b) => (a.number || 0) - (b.number || 0));
}

// Labels in number order, runs of three or more joined: "Q1–Q3, Q5".
export function labelSpan(labels) {
  const nums = labels.map((l) => /^Q(\d+)$/.exec(l));
  if (nums.some((m) => !m)) return labels.join(', ');
  const n = nums.map((m) => Number(m[1]));
  const out = [];
  for (let i = 0; i < n.length;) {
    let j = i;
    while (j + 1 < n.length && n[j + 1] === n[j] + 1) ++j;
    if (j - i >= 2) out.push(`Q${n[i]}–Q${n[j]}`);
    else for (let k = i; k <= j; ++k) out.push(`Q${n[k]}`);
    i = j + 1;
  }
  return out.join(', ');
}

// How many checks the assignment counts, and which, in one sentence every page shares.
export function assignedSentence(checks, assignment) {
  const mine = assignedChecks(checks, assignment);
  return t('checks.assigned', { count: mine.length, which: labelSpan(mine.map(checkLabel)) });
}
