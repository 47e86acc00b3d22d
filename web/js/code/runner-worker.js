// The worker inside the code sandbox (code/sandbox.js): runs a student's JavaScript in
// QuickJS, a small JavaScript engine compiled to WebAssembly (npm quickjs-emscripten),
// with a memory limit and a time limit of its own. The student's code sees only the
// language and a console whose lines are collected (the first 50, shown on the page): no
// DOM, no network, no storage, no timers, no worker globals (QuickJS has none), and its heap is QuickJS's, capped at memoryBytes: an allocation past it
// is an "out of memory" error inside QuickJS, never the page's or the browser's memory.
// The time limit is checked by QuickJS's interrupt handler while the code runs (an
// endless loop ends with "interrupted"); the frame still stops this worker if it does
// not answer (sandbox.js). Bundled by tools/site/build.mjs into js/code-runner-inline.js.
//
// In:  {code, cases: [{function: 'softmax' | 'attention', args}], timeLimitMs, memoryBytes}
// Out: {type: 'case', index, output: {ok: true, value} | {ok: false, error}} per case,
//      {type: 'printed', lines} (what console.log and its kin printed), then
//      {type: 'done'} | {type: 'timeout'} | {type: 'memory', error} | {type: 'compile-error', error}
//      | {type: 'crashed', error}
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-singlefile-browser-release-sync';

const quickjs = newQuickJSWASMModuleFromVariant(variant);
const STACK_BYTES = 1 << 20;  // deep recursion ends with "stack overflow", not a crash

// Before the student's code, on its first line (so that line numbers stay the code's): a
// console that keeps the first 50 lines printed, each cut to 300 characters.
const PRELUDE = String.raw`globalThis.__lab_printed = []; globalThis.console = Object.freeze(Object.fromEntries(['log', 'info', 'warn', 'error', 'debug'].map((k) => [k, (...xs) => { if (__lab_printed.length < 50) __lab_printed.push(xs.map((x) => { try { return typeof x === 'string' ? x : JSON.stringify(x) ?? String(x); } catch (e) { return String(x); } }).join(' ').slice(0, 300)); }])));`;

// Runs inside QuickJS after the student's code: one case's function called on its
// inputs, the result checked to be an array (of arrays) of at most MAX_NUMBERS numbers
// and returned as JSON (the only thing that leaves QuickJS).
const HARNESS = String.raw`
;globalThis.__lab_functions = {
  softmax: typeof softmax === 'function' ? softmax : undefined,
  attention: typeof attention === 'function' ? attention : undefined,
};
globalThis.__lab_run = (name, argsJson, depth) => {
  const MAX_NUMBERS = 4096;
  const f = __lab_functions[name];
  if (typeof f !== 'function') throw new ReferenceError('no function ' + name + ' is defined');
  const numbers = (value, d) => {
    if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw new TypeError('returned ' + (value === null ? 'null' : typeof value) + ', not an array');
    if (value.length > MAX_NUMBERS) throw new RangeError('returned ' + value.length + ' values: far more than this case has');
    return Array.from(value, (x) => (d > 1 ? numbers(x, d - 1) : typeof x === 'number' && Number.isFinite(x) ? x : typeof x === 'number' ? String(x) : 'NaN'));
  };
  return JSON.stringify(numbers(f(...JSON.parse(argsJson)), depth));
};
`;

// "line 3" from a QuickJS stack ("    at softmax (code.js:3)"), when it names the code.
function where(stack) {
  const m = /code\.js:(\d+)/.exec(String(stack || ''));
  return m ? ` (line ${m[1]})` : '';
}

// An error QuickJS threw, as {kind, text}: kind 'timeout' (the interrupt handler ended
// it), 'memory' (past the memory limit) or 'error'.
function describe(ctx, handle) {
  let e;
  try { e = ctx.dump(handle); } catch (err) { e = { name: 'InternalError', message: 'out of memory' }; }
  handle.dispose();
  const name = e && typeof e === 'object' ? String(e.name || 'Error') : 'Error';
  const message = e && typeof e === 'object' ? String(e.message || '') : String(e);
  if (name === 'InternalError' && /interrupted/.test(message)) return { kind: 'timeout', text: '' };
  if (name === 'InternalError' && /out of memory/.test(message)) return { kind: 'memory', text: 'out of memory' };
  if (name === 'RangeError' && /stack overflow/i.test(message)) return { kind: 'error', text: `RangeError: stack overflow (recursion too deep)${where(e.stack)}` };
  return { kind: 'error', text: `${name}: ${message}`.slice(0, 300) + where(e && e.stack) };
}

// What the code printed, sent before the run's end (nothing when the context is unusable).
function printed(ctx) {
  try {
    const r = ctx.evalCode('JSON.stringify(globalThis.__lab_printed || [])', 'harness.js');
    if (r.error) { r.error.dispose(); return; }
    const lines = JSON.parse(ctx.getString(r.value));
    r.value.dispose();
    if (lines.length) postMessage({ type: 'printed', lines });
  } catch (err) { /* out of memory or interrupted: nothing to show */ }
}

// Numbers back from JSON: finite ones as they are, the rest ("NaN", "Infinity") as numbers.
const revive = (v) => (Array.isArray(v) ? v.map(revive) : typeof v === 'number' ? v : Number(v));

async function run({ code, cases, timeLimitMs, memoryBytes }) {
  const QuickJS = await quickjs;
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  const deadline = Date.now() + timeLimitMs;  // one budget for the whole run
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const ctx = runtime.newContext();
  try {
    const compiled = ctx.evalCode(`${PRELUDE}${code}\n${HARNESS}`, 'code.js');
    if (compiled.error) {
      const e = describe(ctx, compiled.error);
      return e.kind === 'error' ? { type: 'compile-error', error: e.text } : e.kind === 'timeout' ? { type: 'timeout' } : { type: 'memory', error: e.text };
    }
    compiled.value.dispose();
    for (let index = 0; index < cases.length; ++index) {
      const c = cases[index];
      const call = `__lab_run(${JSON.stringify(c.function)}, ${JSON.stringify(JSON.stringify(c.args))}, ${c.function === 'softmax' ? 1 : 2})`;
      const r = ctx.evalCode(call, 'harness.js');
      let output;
      if (r.error) {
        const e = describe(ctx, r.error);
        if (e.kind === 'timeout') return { type: 'timeout' };
        if (e.kind === 'memory') return { type: 'memory', error: e.text };
        output = { ok: false, error: e.text };
      } else {
        output = { ok: true, value: revive(JSON.parse(ctx.getString(r.value))) };
        r.value.dispose();
      }
      postMessage({ type: 'case', index, output });
    }
    return { type: 'done' };
  } finally {
    printed(ctx);
    ctx.dispose();
    runtime.dispose();
  }
}

onmessage = (e) => {
  run(e.data).then(postMessage, (err) => postMessage({ type: 'crashed', error: String(err && err.message ? err.message : err).slice(0, 200) }));
};
