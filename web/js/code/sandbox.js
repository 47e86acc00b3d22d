// Runs a student's JavaScript where it can reach nothing: a hidden <iframe sandbox=
// "allow-scripts"> (an opaque origin: no cookies, no localStorage, no IndexedDB, no
// access to the page that made it) whose Content-Security-Policy allows no request at all
// (default-src 'none'), and inside it a Worker made from a data: URL, which inherits that
// policy, with the network and storage globals removed before the code runs. (A data:
// URL rather than a blob: WebKit does not start a blob worker in a sandboxed frame of a
// cross-origin isolated page; all three engines start this one and block its requests,
// dynamic import() included, which no global can take away.) The frame
// stops the worker when the time limit passes (an endless loop), and the page removes
// the frame itself if the frame stops answering. Only numbers come back, and the page
// compares them with the engine's (code/compare.js): the sandbox grades nothing.
//
//   const box = new CodeSandbox({ timeLimitMs: 2000 });
//   const r = await box.run(code, cases);
//   r: {status: 'ran', outputs: [{ok: true, value} | {ok: false, error}], ...}
//    | {status: 'compile-error', error} | {status: 'timeout', outputs (the cases that
//      finished)} | {status: 'crashed', error, outputs}
//   box.close();

// The worker: the student's code is compiled by new Function (inside the sandbox only),
// then each case's function is called on a fresh copy of its inputs. A value is sent
// back as plain numbers, at most MAX_NUMBERS of them.
const WORKER = String.raw`
'use strict';
const MAX_NUMBERS = 4096;
// Nothing to reach the network, storage or more threads with (the CSP blocks them too).
// Taken off the worker's scope and every prototype it inherits from, so that
// Object.getPrototypeOf(self).fetch finds nothing either.
for (let o = self; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
  for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'indexedDB', 'caches',
    'Worker', 'SharedWorker', 'BroadcastChannel', 'WebTransport', 'RTCPeerConnection', 'navigator', 'location']) {
    if (o === self || Object.prototype.hasOwnProperty.call(o, name)) {
      try { Object.defineProperty(o, name, { value: undefined, writable: false, configurable: false }); } catch (e) { /* not on this engine */ }
    }
  }
}
const post = postMessage.bind(self);
// Where an error happened in the student's code: "line 3" from the stack of a function
// made by new Function (its two header lines taken off), when the engine says.
function where(err) {
  const m = /<anonymous>:(\d+):(\d+)/.exec(String(err && err.stack));
  return m && Number(m[1]) > 2 ? ' (line ' + (Number(m[1]) - 2) + ')' : '';
}
const describe = (err) => (err && err.name ? err.name + ': ' + err.message : String(err)).slice(0, 300) + where(err);
function numbers(value, depth) {
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw new TypeError('returned ' + (value === null ? 'null' : typeof value) + ', not an array');
  if (value.length > MAX_NUMBERS) throw new RangeError('returned ' + value.length + ' values: far more than this case has');
  return Array.from(value, (x) => (depth > 1 ? numbers(x, depth - 1) : typeof x === 'number' ? x : Number.NaN));
}
onmessage = (e) => {
  const { code, cases } = e.data;
  let fns;
  try {
    fns = new Function(code + '\n;return { softmax: typeof softmax === "function" ? softmax : undefined, attention: typeof attention === "function" ? attention : undefined };')();
  } catch (err) {
    post({ type: 'compile-error', error: describe(err) });
    return;
  }
  cases.forEach((c, index) => {
    const f = fns[c.function];
    let out;
    try {
      if (typeof f !== 'function') throw new ReferenceError('no function ' + c.function + ' is defined');
      const copy = JSON.parse(JSON.stringify(c.args));
      out = { ok: true, value: numbers(f(...copy), c.function === 'softmax' ? 1 : 2) };
    } catch (err) {
      out = { ok: false, error: describe(err) };
    }
    post({ type: 'case', index, output: out });
  });
  post({ type: 'done' });
};
`;

// The frame: makes a worker per run, stops it at the time limit, passes numbers on.
const FRAME = `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' data:; worker-src data:">
<script>
const url = 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(WORKER)});
onmessage = (e) => {
  if (e.source !== parent) return;
  const { id, code, cases, timeLimitMs } = e.data;
  const reply = (m) => parent.postMessage({ id, ...m }, '*');
  let worker;
  try { worker = new Worker(url); } catch (err) { reply({ type: 'crashed', error: String(err).slice(0, 200) }); return; }
  const end = (m) => { clearTimeout(timer); worker.terminate(); reply(m); };
  const timer = setTimeout(() => end({ type: 'timeout' }), timeLimitMs);
  worker.onmessage = (m) => (m.data.type === 'case' ? reply(m.data) : end(m.data));
  worker.onerror = (m) => { m.preventDefault(); end({ type: 'crashed', error: String(m.message || 'the code stopped the worker').slice(0, 200) }); };
  worker.postMessage({ code, cases });
};
parent.postMessage({ type: 'ready' }, '*');
<\/script>`;

export class CodeSandbox {
  constructor({ timeLimitMs = 2000, graceMs = 3000 } = {}) {
    this.timeLimitMs = timeLimitMs;
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
    this.ready = new Promise((resolve) => {
      const onReady = (e) => {
        if (e.source === this.frame.contentWindow && e.data && e.data.type === 'ready') {
          window.removeEventListener('message', onReady);
          resolve();
        }
      };
      window.addEventListener('message', onReady);
    });
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
    await this.ready;
    const id = this.nextId++;
    const frame = this.frame;
    const outputs = new Array(cases.length).fill(null);
    // Only what the engine gave goes in: names, flags and numbers.
    const plain = cases.map((c) => ({ function: c.function, args: argsOf(c) }));
    return new Promise((resolve) => {
      const finish = (result) => {
        window.removeEventListener('message', onMessage);
        clearTimeout(watchdog);
        resolve({ ...result, outputs });
      };
      const onMessage = (e) => {
        if (e.source !== frame.contentWindow || !e.data || e.data.id !== id) return;
        const m = e.data;
        if (m.type === 'case' && Number.isInteger(m.index) && m.index >= 0 && m.index < outputs.length) outputs[m.index] = cleanOutput(m.output);
        else if (m.type === 'done') finish({ status: 'ran' });
        else if (m.type === 'timeout') finish({ status: 'timeout' });
        else if (m.type === 'compile-error') finish({ status: 'compile-error', error: String(m.error).slice(0, 400) });
        else if (m.type === 'crashed') finish({ status: 'crashed', error: String(m.error).slice(0, 400) });
      };
      // The frame itself stopped answering: it goes, the next run gets a new one.
      const watchdog = setTimeout(() => {
        frame.remove();
        if (this.frame === frame) this.frame = null;
        finish({ status: 'timeout' });
      }, this.timeLimitMs + this.graceMs);
      window.addEventListener('message', onMessage);
      frame.contentWindow.postMessage({ id, code, cases: plain, timeLimitMs: this.timeLimitMs }, '*');
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
