// Runs a student's JavaScript where it can reach nothing and take no more than its share:
// a hidden <iframe sandbox="allow-scripts"> (an opaque origin: no cookies, no
// localStorage, no IndexedDB, no access to the page that made it) whose
// Content-Security-Policy allows no request at all (default-src 'none'), in it a Worker
// made from a data: URL, which inherits that policy, and in the worker QuickJS
// (code/runner-worker.js), a JavaScript engine compiled to WebAssembly, which runs each
// test case in a fresh context of its own with a memory limit (its own heap) and a
// budget of steps (QuickJS's own count, the same on every machine: see the worker), and
// which has no DOM, network, storage or timers to reach. (A data: URL rather than a blob:
// WebKit does not start a blob worker in a sandboxed frame of a cross-origin isolated
// page.) A worker that ends a run in any way but "done" or "budget" is replaced; the
// frame stops a worker that does not answer within a generous wall-clock watchdog (a
// last resort: the step budget ends every loop long before), and the page removes the
// frame itself if the frame stops answering. Only numbers of the shape each case asks
// for come back (an output of another shape comes back as its shape), and the page or
// the engine compares them (code/compare.js, the engine's code_grade): the sandbox
// grades nothing.
//
//   const box = new CodeSandbox(widget.fixed);   // {stepsPerTest, stepsPerRun, memoryLimitMb, watchdogMs}
//   await box.load();                          // optional: the runner fetched (the first time) and ready
//   const r = await box.run(code, cases);       // cases: the engine's (shown or hidden; quiet: no printing)
//   r: {status: 'ran' | 'budget' | 'compile-error' | 'crashed' | 'timeout', error,
//       outputs: [{ok: true, rows, cols, value} | {ok: true, rows, cols, shapeOnly: true}
//                 | {ok: false, error, why: 'error' | 'budget' | 'memory' | 'stack'} | null (not run)],
//       used: [steps per case], usedSteps, budget: {perTest, perRun} (steps), printed: [line]}
//   box.close();

import { siteUrl } from '../ui/site-root.js';
import { t } from '../ui/i18n.js';

// QuickJS calls its interrupt handler once every STEPS_PER_CHECK steps (calls and loop
// turns; JS_INTERRUPT_COUNTER_INIT in its source): budgets in steps are counted in checks.
export const STEPS_PER_CHECK = 10000;

// The runner's source: the text of the function js/code-runner-inline.js defines (made by
// tools/site/build.mjs; never called here), loaded by a script element, so that it loads
// from disk (file://) as well. Kept as UTF-8 bytes, made once: each frame gets a copy
// moved to it (a transfer), not the 0.9 MB string cloned on this page's thread (which made
// the sandbox's start a long task: 79 ms on a CPU slowed twice over). Encoding 0.9 MB at
// once is a long task too (40-140 ms on that CPU), so it is encoded in slices that yield.
let runnerSource = null;
function loadRunner() {
  if (!runnerSource) {
    runnerSource = new Promise((resolve, reject) => {
      const source = () => utf8InSlices(`(${self.CODE_RUNNER.toString()})();`).then(resolve, reject);
      if (typeof self.CODE_RUNNER === 'function') { source(); return; }
      const script = Object.assign(document.createElement('script'), { src: siteUrl('js/code-runner-inline.js') });
      script.onload = source;
      script.onerror = () => { runnerSource = null; reject(new Error(t('code.sandboxNotLoaded'))); };
      document.head.append(script);
    });
  }
  return runnerSource;
}

// A string's UTF-8 bytes, SLICE characters per task (a few milliseconds each). A slice
// never ends between the two halves of a surrogate pair, which encode together.
const SLICE = 1 << 16;
export async function utf8InSlices(text) {
  const out = new Uint8Array(text.length * 3);  // UTF-8 takes at most 3 bytes per UTF-16 unit
  const encoder = new TextEncoder();
  let written = 0;
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + SLICE);
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end -= 1;
    written += encoder.encodeInto(text.slice(at, end), out.subarray(written)).written;
    at = end;
    if (at < text.length) await new Promise((resolve) => setTimeout(resolve));
  }
  return out.slice(0, written);
}

// The frame: keeps a worker, gives it each run, passes what it says on; a worker that
// ended a run any other way, or did not answer within the watchdog's time (the step
// budget ends a run long before, even on a slow machine), is stopped and the next run
// gets a new one.
const FRAME = `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval' data:; worker-src data:">
<script>
let url = null, worker = null;
onmessage = (e) => {
  if (e.source !== parent) return;
  if (e.data.type === 'runner') { url = 'data:text/javascript,' + encodeURIComponent(new TextDecoder().decode(e.data.source)); return; }
  const { id, code, cases, budget, memoryBytes, watchdogMs } = e.data;
  const reply = (m) => parent.postMessage({ id, ...m }, '*');
  try { if (!worker) worker = new Worker(url); } catch (err) { reply({ type: 'crashed', error: String(err).slice(0, 200) }); return; }
  const w = worker;
  const end = (m) => {
    clearTimeout(timer);
    if (m.type !== 'done' && m.type !== 'budget') { w.terminate(); if (worker === w) worker = null; }
    reply(m);
  };
  const timer = setTimeout(() => end({ type: 'timeout' }), watchdogMs);
  w.onmessage = (m) => (m.data.type === 'case' || m.data.type === 'printed' ? reply(m.data) : end(m.data));
  w.onerror = (m) => { m.preventDefault(); end({ type: 'crashed', error: String(m.message || 'the code stopped the worker').slice(0, 200) }); };
  w.postMessage({ code, cases, budget, memoryBytes });
};
parent.postMessage({ type: 'ready' }, '*');
<\/script>`;

export class CodeSandbox {
  // stepsPerTest, stepsPerRun: the step budgets (content/widgets/code.json); watchdogMs:
  // the wall-clock last resort for a worker that hangs; graceMs: what the frame may take
  // past that before the page removes it.
  constructor({ stepsPerTest = 3e6, stepsPerRun = 2e7, memoryLimitMb = 32, watchdogMs = 60000, graceMs = 3000 } = {}) {
    this.budget = { perTest: Math.max(1, Math.round(stepsPerTest / STEPS_PER_CHECK)), perRun: Math.max(1, Math.round(stepsPerRun / STEPS_PER_CHECK)) };
    this.memoryBytes = memoryLimitMb * 1048576;
    this.watchdogMs = watchdogMs;
    this.graceMs = graceMs;
    this.nextId = 1;
    this.queue = Promise.resolve();
    this.frame = null;
  }

  // A fresh frame (the first run, or after one stopped answering).
  open() {
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('sandbox', 'allow-scripts');
    this.frame.setAttribute('title', t('code.sandboxTitle'));
    this.frame.setAttribute('aria-hidden', 'true');
    this.frame.tabIndex = -1;
    this.frame.hidden = true;
    const frame = this.frame;
    this.ready = Promise.all([loadRunner(), new Promise((resolve) => {
      const onReady = (e) => {
        if (e.source === frame.contentWindow && e.data && e.data.type === 'ready') {
          window.removeEventListener('message', onReady);
          resolve();
        }
      };
      window.addEventListener('message', onReady);
    })]).then(([bytes]) => {
      const source = bytes.slice();
      frame.contentWindow.postMessage({ type: 'runner', source }, '*', [source.buffer]);
    });
    this.frame.srcdoc = FRAME;
    document.body.append(this.frame);
  }

  // The runner ready in a frame: its file fetched the first time (0.9 MB, so the page asks
  // for it only when code is first run, and may say it is loading), then handed over. A
  // failure closes the frame, so that the next call tries again.
  load() {
    if (!this.frame) this.open();
    const frame = this.frame;
    return this.ready.catch((err) => {
      if (this.frame === frame) this.close();
      throw err;
    });
  }

  // One run at a time, in order.
  run(code, cases) {
    const next = this.queue.then(() => this.runNow(String(code), cases));
    this.queue = next.catch(() => {});
    return next;
  }

  async runNow(code, cases) {
    const budget = { perTest: this.budget.perTest * STEPS_PER_CHECK, perRun: this.budget.perRun * STEPS_PER_CHECK };
    const outputs = new Array(cases.length).fill(null), used = new Array(cases.length).fill(0);
    const printed = [];
    if (!this.frame) this.open();
    try {
      await this.ready;
    } catch (err) {
      this.close();
      return { status: 'crashed', error: err.message, outputs, used, usedSteps: 0, budget, printed };
    }
    const id = this.nextId++;
    const frame = this.frame;
    // Only what the engine gave goes in: names, flags, numbers and the shape asked for.
    const plain = cases.map((c) => ({ function: c.function, args: argsOf(c), shape: shapeOf(c), quiet: c.quiet === true }));
    return new Promise((resolve) => {
      const finish = (result) => {
        window.removeEventListener('message', onMessage);
        clearTimeout(watchdog);
        const usedSteps = used.reduce((a, b) => a + b, 0);
        resolve({ ...result, outputs, used, usedSteps, budget, printed });
      };
      const onMessage = (e) => {
        if (e.source !== frame.contentWindow || !e.data || e.data.id !== id) return;
        const m = e.data;
        if (m.type === 'case' && Number.isInteger(m.index) && m.index >= 0 && m.index < outputs.length) {
          outputs[m.index] = cleanOutput(m.output, plain[m.index].shape, budget);
          used[m.index] = Number.isInteger(m.used) && m.used >= 0 ? Math.min(m.used, this.budget.perRun + 1) * STEPS_PER_CHECK : 0;
        } else if (m.type === 'printed' && Array.isArray(m.lines)) printed.push(...m.lines.slice(0, 50).map((x) => String(x).slice(0, 300)));
        else if (m.type === 'done') finish({ status: 'ran' });
        else if (m.type === 'budget') finish({ status: 'budget' });
        else if (m.type === 'timeout') finish({ status: 'timeout' });
        else if (m.type === 'compile-error') finish({ status: 'compile-error', error: String(m.error).slice(0, 400) });
        else if (m.type === 'crashed') finish({ status: 'crashed', error: String(m.error).slice(0, 400) });
      };
      // The frame itself stopped answering: it goes, the next run gets a new one.
      const watchdog = setTimeout(() => {
        frame.remove();
        if (this.frame === frame) this.frame = null;
        finish({ status: 'timeout' });
      }, this.watchdogMs + this.graceMs);
      window.addEventListener('message', onMessage);
      frame.contentWindow.postMessage({ id, code, cases: plain, budget: this.budget, memoryBytes: this.memoryBytes, watchdogMs: this.watchdogMs }, '*');
    });
  }

  close() {
    if (this.frame) this.frame.remove();
    this.frame = null;
  }
}

// A case's inputs as the student's functions take them: softmax(row) with row an array;
// attention(Q, K, V, mask) with matrices as arrays of rows and mask null or booleans.
export function argsOf(c) {
  const rows = (g) => Array.from({ length: g.rows }, (_, i) => Array.from(g.values.slice(i * g.cols, (i + 1) * g.cols)));
  if (c.function === 'softmax') return [Array.from(c.args[0].values)];
  const [Q, K, V] = c.args.map(rows);
  const mask = c.causal ? Q.map((_, i) => K.map((__, j) => j <= i)) : null;
  return [Q, K, V, mask];
}

// The shape a case's output must have: softmax [1, n]; attention [T_q, d_v].
export function shapeOf(c) {
  return c.function === 'softmax' ? [1, c.args[0].values.length] : [c.args[0].rows, c.args[2].cols];
}

const steps = (n) => n.toLocaleString('en');

// What came back, whatever the frame sent: numbers of the shape asked for only, a shape
// alone, or an error: in English words (the budget's in steps), which the engine keeps for
// a hidden test, and the parts the page words it with in its language (code/compare.js
// errorWords): steps, runOut; the runner's message, thrown, line, loading.
function cleanOutput(o, [rows, cols], budget) {
  if (!o || typeof o !== 'object') return { ok: false, why: 'error', error: 'no result' };
  if (o.ok !== true) {
    const why = ['budget', 'memory', 'stack'].includes(o.why) ? o.why : 'error';
    const runOut = o.runOut === true;
    const error = why === 'budget'
      ? (runOut ? `Stopped: the run's budget of ${steps(budget.perRun)} steps was used up` : `Stopped after its budget of ${steps(budget.perTest)} steps: an endless loop?`)
      : why === 'memory' ? 'out of memory: the code used more memory than a test may' : String(o.error || 'failed').slice(0, 400);
    if (why === 'budget') return { ok: false, why, error, runOut, steps: runOut ? budget.perRun : budget.perTest };
    if (why === 'memory') return { ok: false, why, error };
    const parts = {
      line: Number.isInteger(o.line) && o.line > 0 ? o.line : null,
      ...(typeof o.message === 'string' ? { message: o.message.slice(0, 400) } : {}),
      ...(typeof o.thrown === 'string' ? { thrown: o.thrown.slice(0, 200) } : {}),
      ...(typeof o.loading === 'string' && /^\w+$/.test(o.loading) ? { loading: o.loading } : {}),
    };
    return { ok: false, why, error, ...parts };
  }
  const int = (x) => (Number.isInteger(x) && x >= -1 && x <= 1e9 ? x : 0);
  if (o.shapeOnly === true || !Array.isArray(o.value)) return { ok: true, rows: int(o.rows), cols: int(o.cols), shapeOnly: true };
  const num = (x) => (typeof x === 'number' ? x : Number.NaN);
  if (rows === 1 && o.value.length === cols && o.value.every((x) => !Array.isArray(x)) && cols <= 4096) {
    return { ok: true, rows: 1, cols, value: o.value.map(num) };
  }
  if (o.value.length === rows && rows * cols <= 4096 && o.value.every((r) => Array.isArray(r) && r.length === cols)) {
    return { ok: true, rows, cols, value: o.value.map((r) => r.map(num)) };
  }
  return { ok: true, rows: int(o.rows), cols: int(o.cols), shapeOnly: true };
}
