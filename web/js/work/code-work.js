// The code page's saved work inside the student's answers (work/store.js), and reading it
// back for the hand-in and the gradebook. Pure functions (no DOM).
//
//   answers["code-draft"]  {text}: the code as typed, saved on every pause
//   answers["code"]        the last run: {text: the code run, passed: ["softmax: large
//                          logits", ...], student, variant, checked, correct (every test
//                          passed), attempts, log}
export const CODE_ID = 'code';
export const DRAFT_ID = 'code-draft';

// The run a hand-in or saved work holds, or null.
export function codeRun(answers) {
  const a = answers && Object.prototype.hasOwnProperty.call(answers, CODE_ID) ? answers[CODE_ID] : null;
  return a && a.checked && typeof a.text === 'string' ? a : null;
}
