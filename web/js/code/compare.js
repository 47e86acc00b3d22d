// A student's output against the engine's expected one (src/exercises/code_tests.hpp):
// the shape first (rows and columns), then every number within 1e-6 + 1e-6 |expected|;
// the first place they differ is named ("row 2, column 1: expected 0.25, got NaN").
// Pure functions (no DOM): the code page and the gradebook share them.
export const ABS_TOL = 1e-6, REL_TOL = 1e-6;

// A given ({rows, cols, values}, row-major) as rows of numbers.
export const rowsOf = (g) => Array.from({ length: g.rows }, (_, i) => Array.from(g.values.slice(i * g.cols, (i + 1) * g.cols)));

const close = (got, want) => Number.isFinite(got) && Math.abs(got - want) <= ABS_TOL + REL_TOL * Math.abs(want);
const show = (x) => (Number.isNaN(x) ? 'NaN' : Number.isFinite(x) ? String(Number(x.toPrecision(8))) : x > 0 ? 'Infinity' : '-Infinity');

// c: a case; output: {ok, value} | {ok: false, error} | null (not run).
// -> {pass, message, place: {row, col} | null}
export function compareOutput(c, output) {
  if (!output) return { pass: false, message: 'Not run: the code stopped before this case.', place: null };
  if (!output.ok) return { pass: false, message: `It threw an error: ${output.error}`, place: null };
  const want = rowsOf(c.expected);
  const got = c.function === 'softmax' ? [output.value] : output.value;
  const cols = (r) => (Array.isArray(r) ? r.length : 0);
  if (c.function === 'softmax' && got[0].length !== want[0].length) {
    return { pass: false, message: `Expected ${want[0].length} weights, got ${got[0].length}.`, place: null };
  }
  if (got.length !== want.length || got.some((r) => cols(r) !== want[0].length)) {
    const shape = got.length && got.every((r) => cols(r) === cols(got[0])) ? `${got.length} × ${cols(got[0])}` : `${got.length} rows of different lengths`;
    return { pass: false, message: `Expected a ${want.length} × ${want[0].length} result (one row per query, one column per value number), got ${shape}.`, place: null };
  }
  for (let i = 0; i < want.length; ++i) {
    for (let j = 0; j < want[i].length; ++j) {
      if (!close(got[i][j], want[i][j])) {
        const where = c.function === 'softmax' ? `weight ${j + 1}` : `row ${i + 1}, column ${j + 1}`;
        return { pass: false, message: `First difference at ${where}: expected ${show(want[i][j])}, got ${show(got[i][j])}.`, place: { row: i, col: j } };
      }
    }
  }
  return { pass: true, message: 'Passes.', place: null };
}

// Every case's verdict for one run (code/sandbox.js's result). -> {passed: [case names], results: [...]}
export function compareRun(cases, run) {
  const results = cases.map((c, k) => {
    if (run.status === 'compile-error') return { pass: false, message: `The code does not compile: ${run.error}`, place: null };
    const r = compareOutput(c, run.outputs[k]);
    if (!run.outputs[k] && run.status === 'timeout') return { ...r, message: 'Stopped: the time limit passed before this case finished (an endless loop?).' };
    if (!run.outputs[k] && run.status === 'crashed') return { ...r, message: `Stopped: ${run.error}` };
    if (!run.outputs[k] && run.status === 'memory') return { ...r, message: 'Stopped: the code ran out of the memory a run may use before this case finished.' };
    return r;
  });
  return { passed: cases.filter((_, k) => results[k].pass).map((c) => caseId(c)), results };
}

// A case's name, unique in a set: "softmax: large logits".
export const caseId = (c) => `${c.function}: ${c.name}`;
