// Runs a student's JavaScript where it can reach nothing and take no more than its share:
// a hidden <iframe sandbox="allow-scripts"> (an opaque origin: no cookies, no
// localStorage, no IndexedDB, no access to the page that made it) whose
// Content-Security-Policy allows no request at all (default-src 'none'), in it a Worker
// made from a data: URL, which inherits that policy, and in the worker QuickJS
// (code/runner-worker.js), a JavaScript engine compiled to WebAssembly, which runs the
// code with a memory limit (its own heap: past it the code gets "out of memory") and a
// time limit (an endless loop is interrupted), and which has no DOM, network, storage or
// timers to reach. (A data: URL rather than a blob: WebKit does not start a blob worker
// in a sandboxed frame of a cross-origin isolated page.) A worker that ends a run in any
// way but "done" is replaced; the frame stops a worker that does not answer, and the page
// removes the frame itself if the frame stops answering. Only numbers come back, and the
// page compares them with the engine's (code/compare.js): the sandbox grades nothing.
//
//   const box = new CodeSandbox({ timeLimitMs: 2000, memoryLimitMb: 32 });
//   const r = await box.run(code, cases);
//   r: {status: 'ran', outputs: [{ok: true, value} | {ok: false, error}], printed: [line], ...}
//    | {status: 'compile-error', error} | {status: 'timeout', outputs (the cases that
//      finished)} | {status: 'memory', error, outputs} | {status: 'crashed', error, outputs}
//   box.close();

// The runner's source: the text of the function js/code-runner-inline.js defines (made by
// tools/site/build.mjs; never called here), loaded by a script element, so that it loads
// from disk (file://) as well.
let runnerSource = null;
function loadRunner() {
  if (!runnerSource) {
    runnerSource = new Promise((resolve, reject) => {
      const source = () => `(${self.CODE_RUNNER.toString()})();`;
      if (typeof self.CODE_RUNNER === 'function') { resolve(source()); return; }
      const script = Object.assign(document.createElement('script'), { src: 'js/code-runner-inline.js' });
      script.onload = () => resolve(source());
      script.onerror = () => { runnerSource = null; reject(new Error('the file holding the code sandbox could not be loaded')); };
      document.head.append(script);
    });
  }
  return runnerSource;
}

// The frame: keeps a worker, gives it each run, passes what it says on; a worker that
// ended a run any other way, or did not answer within the time limit and a margin (QuickJS
// interrupts first), is stopped and the next run gets a new one.
const FRAME = `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval' data:; worker-src data:">
<script>
let url = null, worker = null;
onmessage = (e) => {
  if (e.source !== parent) return;
  if (e.data.type === 'runner') { url = 'data:text/javascript,' + encodeURIComponent(e.data.source); return; }
  const { id, code, cases, timeLimitMs, memoryBytes, marginMs } = e.data;
  const reply = (m) => parent.postMessage({ id, ...m }, '*');
  try { if (!worker) worker = new Worker(url); } catch (err) { reply({ type: 'crashed', error: String(err).slice(0, 200) }); return; }
  const w = worker;
  const end = (m) => {
    clearTimeout(timer);
    if (m.type !== 'done') { w.terminate(); if (worker === w) worker = null; }
    reply(m);
  };
  const timer = setTimeout(() => end({ type: 'timeout' }), timeLimitMs + marginMs);
  w.onmessage = (m) => (m.data.type === 'case' || m.data.type === 'printed' ? reply(m.data) : end(m.data));
  w.onerror = (m) => { m.preventDefault(); end({ type: 'crashed', error: String(m.message || 'the code stopped the worker').slice(0, 200) }); };
  w.postMessage({ code, cases, timeLimitMs, memoryBytes });
};
parent.postMessage({ type: 'ready' }, '*');
<\/script>`;

export class CodeSandbox {
  // marginMs: what a new worker may take to start QuickJS before the frame stops it;
  // graceMs: what the frame may take past that before the page removes it.
  constructor({ timeLimitMs = 2000, memoryLimitMb = 32, marginMs = 4000, graceMs = 3000 } = {}) {
    this.timeLimitMs = timeLimitMs;
    this.memoryBytes = memoryLimitMb * 1048576;
    this.marginMs = marginMs;
    this.graceMs = graceMs;
    this.nextId = 1;
    this.queue = Promise.resolve();
    this.frame = null;
  }

  // A fresh frame (the first run, or after one stopped answering).
  open() {
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('sandbox', 'allow-scripts');
    this.frame.setAttribute('title', 'Sandbox for your code (hidden)');
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
    })]).then(([source]) => frame.contentWindow.postMessage({ type: 'runner', source }, '*'));
    this.frame.srcdoc = FRAME;
    document.body.append(this.frame);
  }

  // One run at a time, in order.
  run(code, cases) {
    const next = this.queue.then(() => this.runNow(String(code), cases));
    this.queue = next.catch(() => {});
    return next;
  }

  async runNow(code, cases) {
    if (!this.frame) this.open();
    try {
      await this.ready;
    } catch (err) {
      this.close();
      return { status: 'crashed', error: err.message, outputs: cases.map(() => null), printed: [] };
    }
    const id = this.nextId++;
    const frame = this.frame;
    const outputs = new Array(cases.length).fill(null);
    const printed = [];
    // Only what the engine gave goes in: names, flags and numbers.
    const plain = cases.map((c) => ({ function: c.function, args: argsOf(c) }));
    return new Promise((resolve) => {
      const finish = (result) => {
        window.removeEventListener('message', onMessage);
        clearTimeout(watchdog);
        resolve({ ...result, outputs, printed });
      };
      const onMessage = (e) => {
        if (e.source !== frame.contentWindow || !e.data || e.data.id !== id) return;
        const m = e.data;
        if (m.type === 'case' && Number.isInteger(m.index) && m.index >= 0 && m.index < outputs.length) outputs[m.index] = cleanOutput(m.output);
        else if (m.type === 'printed' && Array.isArray(m.lines)) printed.push(...m.lines.slice(0, 50).map((x) => String(x).slice(0, 300)));
        else if (m.type === 'done') finish({ status: 'ran' });
        else if (m.type === 'timeout') finish({ status: 'timeout' });
        else if (m.type === 'compile-error') finish({ status: 'compile-error', error: String(m.error).slice(0, 400) });
        else if (m.type === 'memory') finish({ status: 'memory', error: String(m.error).slice(0, 400) });
        else if (m.type === 'crashed') finish({ status: 'crashed', error: String(m.error).slice(0, 400) });
      };
      // The frame itself stopped answering: it goes, the next run gets a new one.
      const watchdog = setTimeout(() => {
        frame.remove();
        if (this.frame === frame) this.frame = null;
        finish({ status: 'timeout' });
      }, this.timeLimitMs + this.marginMs + this.graceMs);
      window.addEventListener('message', onMessage);
      frame.contentWindow.postMessage({ id, code, cases: plain, timeLimitMs: this.timeLimitMs, memoryBytes: this.memoryBytes, marginMs: this.marginMs }, '*');
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

// What came back, as numbers only (whatever the frame sent).
function cleanOutput(o) {
  if (!o || typeof o !== 'object') return { ok: false, error: 'no result' };
  if (o.ok !== true) return { ok: false, error: String(o.error || 'failed').slice(0, 400) };
  const clean = (v, depth) => (Array.isArray(v) ? v.slice(0, 4096).map((x) => (depth > 1 ? clean(x, depth - 1) : typeof x === 'number' ? x : Number.NaN)) : []);
  return { ok: true, value: clean(o.value, Array.isArray(o.value) && Array.isArray(o.value[0]) ? 2 : 1) };
}
