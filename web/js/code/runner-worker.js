// The worker inside the code sandbox (code/sandbox.js): runs a student's JavaScript in
// QuickJS, a small JavaScript engine compiled to WebAssembly (npm quickjs-emscripten).
// The student's code sees only the language and a console whose lines are collected:
// no DOM, no network, no storage, no timers, no worker globals (QuickJS has none).
// Bundled by tools/site/build.mjs into js/code-runner-inline.js.
//
// Each test case runs in a runtime and context of its own, the code evaluated again in
// each: whatever one case changes (Math.exp patched, a global set) is gone for the next.
// Limits, the same on every machine:
//   memory  each runtime's heap is capped at memoryBytes: past it the case gets "out of
//           memory" inside QuickJS, never the page's or the browser's memory;
//   steps   QuickJS counts its steps (calls and loop turns) and calls an interrupt
//           handler every 10,000 of them (JS_INTERRUPT_COUNTER_INIT), counted from the
//           start of each fresh context: the count of those calls is the same for the same
//           code in the same QuickJS build, whatever the machine's speed or load. A case may use
//           budget.perTest checks, the run budget.perRun in all; past either it stops
//           ("interrupted"). The frame keeps a generous wall-clock watchdog only for a
//           worker that hangs (sandbox.js);
//   stack   QuickJS's own limit (STACK_BYTES) is set below what the browser's stack can
//           take, so deep recursion and deeply nested brackets end with QuickJS's "stack
//           overflow"; should the browser's stack still run out first (the WebAssembly call
//           throws), that QuickJS instance is dropped unused (freeing it would trip over
//           the half-made objects: "Assertion failed: list_empty(&rt->gc_obj_list)") and
//           the next case gets a new one. Either way the case says "stack overflow" and the
//           cases before it keep their results.
// Only numbers of the expected shape leave QuickJS: an output of another shape is
// reported by its shape alone (an output of 1,200 × 1,000 numbers never reaches the page).
//
// In:  {code, cases: [{function: 'softmax' | 'attention', args, shape: [rows, cols], quiet}],
//       budget: {perTest, perRun} (interrupt checks), memoryBytes}
// Out: {type: 'case', index, used, output} per case, output one of
//        {ok: true, rows, cols, value}        the numbers (softmax: a row; attention: rows)
//        {ok: true, rows, cols, shapeOnly}   another shape than asked (cols -1: ragged)
//        {ok: false, error, why, runOut}     why: 'error' | 'budget' (runOut: the run's, not
//                                            the case's) | 'memory' | 'stack'
//      {type: 'printed', lines} (console output of the cases not quiet, the code's top
//      level once), then {type: 'done', used} | {type: 'budget', used} (the run's budget
//      ran out: the cases after it did not run) | {type: 'compile-error', error}
//      | {type: 'crashed', error}
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-singlefile-browser-release-sync';

let quickjs = newQuickJSWASMModuleFromVariant(variant);
// QuickJS's stack limit: about 150 nested calls of a small function (ample for attention);
// at 64 KB, 1,000 nested brackets already ran the browser's own stack out first (V8).
const STACK_BYTES = 32 * 1024;
const PRINTED_MAX = 50, LINE_MAX = 300;

// Before the student's code, on its first line (so that line numbers stay the code's):
// a console that keeps lines (each cut to LINE_MAX) and prints any value, even one whose
// toString throws; and the harness's own copies of the built-ins it uses, taken before
// the student's code can change them.
const PRELUDE = String.raw`(() => { const lines = [], str = JSON.stringify, S = String, tag = Object.prototype.toString, isArr = Array.isArray, isView = ArrayBuffer.isView, fin = Number.isFinite, parse = JSON.parse, def = Object.defineProperty, freeze = Object.freeze; const show = (x) => { try { if (typeof x === 'string') return x; const j = str(x); if (j !== undefined) return j; } catch (e) {} try { return S(x); } catch (e) {} try { return tag.call(x); } catch (e) {} return '(a value that cannot be printed)'; }; const log = (...xs) => { if (lines.length < ${PRINTED_MAX}) { let t = ''; for (let i = 0; i < xs.length; ++i) t += (i ? ' ' : '') + show(xs[i]); lines.push(t.slice(0, ${LINE_MAX})); } }; def(globalThis, 'console', { value: freeze({ log, info: log, warn: log, error: log, debug: log }), writable: true, configurable: true }); const shape = (v) => { if (!isArr(v) && !isView(v)) return null; return v.length; }; const num = (x) => (typeof x === 'number' ? (fin(x) ? x : S(x)) : 'NaN'); def(globalThis, '__lab_lines', { value: () => str(lines) }); def(globalThis, '__lab_run', { value: (f, name, argsJson, rows, cols) => { if (typeof f !== 'function') throw new ReferenceError('no function ' + name + ' is defined'); const v = f(...parse(argsJson)); const what = v === null ? 'null' : typeof v; if (name === 'softmax') { const n = shape(v); if (n === null) throw new TypeError('returned ' + what + ', not an array'); if (n !== cols) return str({ rows: 1, cols: n, shapeOnly: true }); const out = []; for (let j = 0; j < n; ++j) out.push(num(v[j])); return str({ rows: 1, cols: n, value: out }); } const r = shape(v); if (r === null) throw new TypeError('returned ' + what + ', not an array of rows'); let c = null; for (let i = 0; i < r; ++i) { const n = shape(v[i]); if (n === null || (c !== null && n !== c)) { c = -1; break; } c = n; } if (c === null) c = 0; if (r !== rows || c !== cols) return str({ rows: r, cols: c, shapeOnly: true }); const out = []; for (let i = 0; i < r; ++i) { const row = []; for (let j = 0; j < c; ++j) row.push(num(v[i][j])); out.push(row); } return str({ rows: r, cols: c, value: out }); } }); })();`;

// After the student's code: their two functions, as the code defined them.
const HARNESS = String.raw`
;globalThis.__lab_functions = [typeof softmax === 'function' ? softmax : undefined, typeof attention === 'function' ? attention : undefined];`;

// The line of the code a QuickJS stack names ("    at softmax (code.js:3)" -> 3), or null.
function lineOf(stack) {
  const m = /code\.js:(\d+)/.exec(String(stack || ''));
  return m ? Number(m[1]) : null;
}
const where = (line) => (line ? ` (line ${line})` : '');

// A value QuickJS threw, in words: {why: 'budget' | 'memory' | 'stack' | 'error', text},
// text in English (the engine's, see failure()), and its parts for the page's words
// (code/compare.js errorWords): message (an Error's own "TypeError: …", QuickJS's words),
// thrown (a thrown value that is not an Error, as it is: "threw null"), line (the code's).
// Out of memory has no text here: sandbox.js words it.
function describe(ctx, handle) {
  let e, dumped = true;
  try { e = ctx.dump(handle); } catch { dumped = false; }
  handle.dispose();
  if (!dumped) return { why: 'memory', text: '' };
  const isError = e !== null && typeof e === 'object' && typeof e.name === 'string' && 'message' in e;
  if (!isError) {
    let shown;
    try { shown = e === undefined ? 'undefined' : typeof e === 'string' ? JSON.stringify(e) : JSON.stringify(e) ?? String(e); } catch { shown = 'a value'; }
    const thrown = String(shown).slice(0, 200);
    return { why: 'error', text: `threw ${thrown} (not an Error)`, thrown, line: null };
  }
  const name = e.name, message = String(e.message || '');
  if (name === 'InternalError' && /interrupted/.test(message)) return { why: 'budget', text: '' };
  if (name === 'InternalError' && /out of memory/.test(message)) return { why: 'memory', text: '' };
  if (/stack overflow/i.test(message)) {
    const line = lineOf(e.stack);
    return { why: 'stack', text: `stack overflow (recursion or nesting too deep)${where(line)}`, line };
  }
  // The harness's own complaints (no such function, not an array) are about no line of the code.
  const harness = /^(no function \w+ is defined|returned \w+, not an array)/.test(message);
  const said = `${name}: ${message}`.slice(0, 300), line = harness ? null : lineOf(e.stack);
  return { why: 'error', text: said + where(line), message: said, line };
}

// The browser's own stack ran out inside QuickJS (the call threw instead of returning).
const nativeOverflow = (err) => err instanceof RangeError || /too much recursion|call stack|stack size/i.test(String(err && err.message));

// Numbers back from JSON: finite ones as they are, the rest ("NaN", "Infinity") as numbers.
const revive = (v) => (Array.isArray(v) ? v.map(revive) : typeof v === 'number' ? v : Number(v));

// One case in a fresh runtime: the code evaluated, then the function called.
// -> {output, used, lines, topLines} ; output.why 'budget' with runOut when the run's budget ended it.
async function runCase(code, c, budget, memoryBytes, runUsed) {
  const QuickJS = await quickjs;
  const runtime = QuickJS.newRuntime();
  let used = 0, runOut = false;
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setInterruptHandler(() => {
    used += 1;
    if (runUsed + used > budget.perRun) runOut = true;
    return used > budget.perTest || runOut;
  });
  const ctx = runtime.newContext();
  let broken = false;
  const result = { used: 0, lines: [], topLines: 0, output: null };
  try {
    const loaded = ctx.evalCode(`${PRELUDE}${code}\n${HARNESS}`, 'code.js');
    if (loaded.error) {
      result.output = { ok: false, ...failure(describe(ctx, loaded.error), runOut, true, c) };
    } else {
      loaded.value.dispose();
      result.topLines = lines(ctx).length;
      const index = c.function === 'softmax' ? 0 : 1;
      const call = `__lab_run(__lab_functions[${index}], ${JSON.stringify(c.function)}, ${JSON.stringify(JSON.stringify(c.args))}, ${c.shape[0]}, ${c.shape[1]})`;
      const r = ctx.evalCode(call, 'harness.js');
      if (r.error) {
        result.output = { ok: false, ...failure(describe(ctx, r.error), runOut, false, c) };
      } else {
        const o = JSON.parse(ctx.getString(r.value));
        r.value.dispose();
        result.output = o.shapeOnly ? { ok: true, rows: o.rows, cols: o.cols, shapeOnly: true } : { ok: true, rows: o.rows, cols: o.cols, value: revive(o.value) };
      }
    }
    result.lines = lines(ctx);
  } catch (err) {
    if (!nativeOverflow(err)) throw err;
    // The browser's stack ran out inside QuickJS: this instance cannot be freed or reused.
    broken = true;
    quickjs = newQuickJSWASMModuleFromVariant(variant);
    result.output = { ok: false, why: 'stack', error: 'stack overflow (recursion or nesting too deep)', line: null };
  } finally {
    if (!broken) {
      ctx.dispose();
      runtime.dispose();
    }
  }
  result.used = used;
  result.runOut = runOut;
  return result;
}

// A failure as the page gets it (sandbox.js words the budget's, which it knows in steps):
// error in English, the words the engine keeps for a hidden test (code/compare.js
// hiddenOutputs), and the parts the page says them with in its own language.
function failure(d, runOut, loading, c) {
  if (d.why === 'budget') return { why: 'budget', runOut, error: '' };
  const whileLoading = loading && d.why === 'error';
  const parts = { line: d.line ?? null, ...(d.message !== undefined ? { message: d.message } : {}), ...(d.thrown !== undefined ? { thrown: d.thrown } : {}), ...(whileLoading ? { loading: c.function } : {}) };
  return { why: d.why, error: whileLoading ? `${d.text} (while the code was loaded, before ${c.function} was called)` : d.text, ...parts };
}

// What the code printed so far in this context (nothing when the context is unusable).
function lines(ctx) {
  try {
    const r = ctx.evalCode('__lab_lines()', 'harness.js');
    if (r.error) { r.error.dispose(); return []; }
    const out = JSON.parse(ctx.getString(r.value));
    r.value.dispose();
    return Array.isArray(out) ? out : [];
  } catch { return []; }
}

// Syntax first, without running anything: a SyntaxError is "does not compile".
async function syntaxError(code) {
  const QuickJS = await quickjs;
  const runtime = QuickJS.newRuntime();
  runtime.setMaxStackSize(STACK_BYTES);
  const ctx = runtime.newContext();
  let broken = false, error = null;
  try {
    const r = ctx.evalCode(`${PRELUDE}${code}\n${HARNESS}`, 'code.js', { compileOnly: true });
    if (r.error) {
      const d = describe(ctx, r.error);
      error = d.why === 'stack' ? `stack overflow: brackets nested too deep to read${d.text.replace(/^stack overflow \([^)]*\)/, '')}` : d.text;
    } else r.value.dispose();
  } catch (err) {
    if (!nativeOverflow(err)) throw err;
    broken = true;
    quickjs = newQuickJSWASMModuleFromVariant(variant);
    error = 'stack overflow: brackets nested too deep to read';
  } finally {
    if (!broken) { ctx.dispose(); runtime.dispose(); }
  }
  return error;
}

async function run({ code, cases, budget, memoryBytes }) {
  const bad = await syntaxError(code);
  if (bad) return { type: 'compile-error', error: bad };
  let used = 0;
  const printed = [];
  let topShown = false;
  for (let index = 0; index < cases.length; ++index) {
    const c = cases[index];
    const r = await runCase(code, c, budget, memoryBytes, used);
    used += r.used;
    postMessage({ type: 'case', index, used: r.used, output: r.output });
    if (!c.quiet && printed.length < PRINTED_MAX) {
      // The code's top level prints the same in every context: once.
      printed.push(...r.lines.slice(topShown ? r.topLines : 0));
      topShown = true;
    }
    if (r.runOut) {
      if (printed.length) postMessage({ type: 'printed', lines: printed.slice(0, PRINTED_MAX) });
      return { type: 'budget', used };
    }
  }
  if (printed.length) postMessage({ type: 'printed', lines: printed.slice(0, PRINTED_MAX) });
  return { type: 'done', used };
}

onmessage = (e) => {
  run(e.data).then(postMessage, (err) => postMessage({ type: 'crashed', error: String(err && err.message ? err.message : err).slice(0, 200) }));
};
