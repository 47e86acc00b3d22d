// A student's output against the engine's expected one for a shown case
// (src/exercises/code_tests.hpp): the shape first (rows and columns), then every number
// within 1e-6 + 1e-6 |expected| (the engine's kCodeAbsTol, kCodeRelTol); the first place
// they differ is named ("row 2, column 1: expected 0.25, got NaN"). Hidden cases are
// compared by the engine itself (code_grade), which never sends their expected outputs:
// hiddenOutputs() makes the sandbox's outputs into what it takes. Pure functions (no DOM).
import { formatPrecise } from '../ui/format.js';
import { localDecimal, pageLanguage, t } from '../ui/i18n.js';

export const ABS_TOL = 1e-6, REL_TOL = 1e-6;

// A given ({rows, cols, values}, row-major) as rows of numbers.
export const rowsOf = (g) => Array.from({ length: g.rows }, (_, i) => Array.from(g.values.slice(i * g.cols, (i + 1) * g.cols)));

const close = (got, want) => Number.isFinite(got) && Math.abs(got - want) <= ABS_TOL + REL_TOL * Math.abs(want);
const show = (x) => localDecimal(formatPrecise(x, 8));  // "1.2 × 10⁻⁷", never "1.2e-7" ("1,2 × 10⁻⁷" in French)

// c: a case; output: the sandbox's (code/sandbox.js) or null (not run).
// -> {pass, message, place: {row, col} | null}
export function compareOutput(c, output) {
  if (!output) return { pass: false, message: t('code.notRunStopped'), place: null };
  if (!output.ok) return { pass: false, message: failureWords(output), place: null };
  const want = rowsOf(c.expected);
  const rows = want.length, cols = want[0].length;
  const soft = c.function === 'softmax';
  if (output.shapeOnly || output.rows !== rows || output.cols !== cols) {
    if (soft) return { pass: false, message: t('code.expectedWeights', { cols: String(cols), got: output.rows === 1 && output.cols >= 0 ? String(output.cols) : shapeText(output) }), place: null };
    return { pass: false, message: t('code.expectedShape', { rows: String(rows), cols: String(cols), got: shapeText(output) }), place: null };
  }
  const got = soft ? [output.value] : output.value;
  for (let i = 0; i < rows; ++i) {
    for (let j = 0; j < cols; ++j) {
      if (!close(got[i][j], want[i][j])) {
        const values = { weight: String(j + 1), row: String(i + 1), col: String(j + 1), want: show(want[i][j]), got: show(got[i][j]) };
        return { pass: false, message: t(soft ? 'code.differenceWeight' : 'code.differenceCell', values), place: { row: i, col: j } };
      }
    }
  }
  return { pass: true, message: t('code.passes'), place: null };
}

// A case that gave no output, in words: an error it threw, or the limit that stopped it
// (the budget's words are the sandbox's: "Stopped after its budget of … steps: …").
// failureText and notRun are the words sent to the engine for a hidden case (code_grade
// keeps them as its verdict, and the gradebook grades the hand-in again): English, the
// same on every page; failureWords and notRunWords are the same in the page's language.
export const failureText = (o) => (o.why === 'budget' ? o.error : o.why === 'memory' || o.why === 'stack' ? `Stopped: ${o.error}.` : `It threw an error: ${o.error}`);
const failureWords = (o) => (o.why === 'budget' ? errorWords(o) : t(o.why === 'memory' || o.why === 'stack' ? 'code.stoppedBy' : 'code.threw', { error: errorWords(o) }));

// A failed output's `error` (English, the engine's) in the page's language, from the parts
// the sandbox sends beside it (code/sandbox.js cleanOutput). An error of JavaScript itself
// ("TypeError: …", QuickJS's) stays as QuickJS wrote it; an output without the parts, its error.
export function errorWords(o) {
  const atLine = (text) => (o.line ? t('code.atLine', { error: text, line: String(o.line) }) : text);
  if (o.why === 'budget' && Number.isFinite(o.steps)) {
    return t(o.runOut ? 'code.budgetRunStopped' : 'code.budgetTestStopped', { steps: o.steps.toLocaleString(pageLanguage()) });
  }
  if (o.why === 'memory') return t('code.outOfMemory');
  if (o.why === 'stack' && 'line' in o) return atLine(t('code.stackOverflow'));
  if (o.why === 'error' && (o.thrown !== undefined || o.message !== undefined)) {
    const said = o.thrown !== undefined ? t('code.threwValue', { value: o.thrown }) : atLine(o.message);
    return o.loading ? t('code.whileLoading', { error: said, function: o.loading }) : said;
  }
  return o.error;
}

const shapeText = (o) => (o.cols < 0 ? t('code.raggedRows', { rows: String(o.rows) }) : `${o.rows} × ${o.cols}`);
export const outputShapeText = shapeText;

// Why a case has no output, from the run's status, in the page's language.
function notRunWords(run) {
  if (run.status === 'compile-error') return t('code.doesNotCompile', { error: run.error });
  if (run.status === 'budget') return t('code.notRunBudget');
  if (run.status === 'timeout') return t('code.notRunTimeout');
  if (run.status === 'crashed') return t('code.notRunCrashed', { error: run.error });
  return t('code.notRunStopped');
}

// The same for the engine (a hidden case), in English.
function notRun(run) {
  if (run.status === 'compile-error') return `The code does not compile: ${run.error}`;
  if (run.status === 'budget') return 'Not run: the run\'s budget of steps was used up before this case.';
  if (run.status === 'timeout') return 'Not run: the sandbox stopped answering (the watchdog stopped it).';
  if (run.status === 'crashed') return `Not run: the sandbox stopped (${run.error}).`;
  return 'Not run: the code stopped before this case.';
}

// Every shown case's verdict for one run (code/sandbox.js's result). -> {passed: [case ids], results: [...]}
export function compareRun(cases, run) {
  const results = cases.map((c, k) => (run.outputs[k] ? compareOutput(c, run.outputs[k]) : { pass: false, message: notRunWords(run), place: null }));
  return { passed: cases.filter((_, k) => results[k].pass).map((c) => caseId(c)), results };
}

// The sandbox's outputs for the hidden cases as the engine's code_grade takes them:
// [{ok, error, rows, cols, values (row-major)}], a case not run an error in words.
export function hiddenOutputs(run) {
  return run.outputs.map((o) => {
    if (!o) return { ok: false, error: notRun(run), rows: 0, cols: 0, values: [] };
    if (!o.ok) return { ok: false, error: failureText(o), rows: 0, cols: 0, values: [] };
    if (o.shapeOnly) return { ok: true, error: '', rows: o.rows, cols: o.cols, values: [] };
    return { ok: true, error: '', rows: o.rows, cols: o.cols, values: o.rows === 1 && !Array.isArray(o.value[0]) ? o.value : o.value.flat() };
  });
}

// A case's name, unique in a set: "softmax: large logits".
export const caseId = (c) => `${c.function}: ${c.name}`;
