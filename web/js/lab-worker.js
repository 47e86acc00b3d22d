// The one Web Worker that owns the lab's WebAssembly module. Pages never touch
// the module; they send messages through LabClient (lab-client.js).
//
// In:  {type, id, payload}
//        init    {}                       load the module; the reply is its build info
//        attend        {kind, T, d, dv, keys, values, query, temperature, additive?}
//        race-start    {T, epochs, lr, seed, batch, hidden, dmodel, pooling, positions}
//                      progress: one message per finished epoch; result at the end
//        race-stop     {}       stops the running race within one minibatch
//        race-example  {index}  a test sequence, its attention matrix, both predictions
//        heap          {}       bytes of the module's heap in use
//        warm-up       {batches} a little training, so the engine's hot code is optimized
//                                before the first race (wasm/race_api.cpp: lab_race_warm_up)
// Out: {type: 'result', id, payload} | {type: 'progress', id, payload}
//      | {type: 'error', id, payload: {message}}
//
// Which build: the threaded one (SIMD + pthreads) needs SharedArrayBuffer, which
// exists only when the page is cross-origin isolated (COOP/COEP headers);
// otherwise the single-thread SIMD build runs. The build reports itself
// (lab_build_info), so the page shows what really runs.
'use strict';

const SCORE_KINDS = { dot: 0, scaled_dot: 1, additive: 2 };

let lab = null;
let loading = null;
let buildInfo = null;

function loadModule() {
  // From disk (file://) the page starts this worker from a string with the
  // single-file module in front of it: createAttentionLab is already defined.
  const inline = typeof self.createAttentionLab === 'function';
  const threaded = !inline && self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
  const name = inline ? 'attention_lab_single' : threaded ? 'attention_lab_mt' : 'attention_lab_st';
  const options = { print: (text) => console.log(text), printErr: (text) => console.warn(text) };
  if (!inline) {
    const base = new URL('../wasm/', self.location.href).href;
    importScripts(base + name + '.js');
    options.locateFile = (file) => base + file;
    options.mainScriptUrlOrBlob = base + name + '.js';  // what the pthread workers import
  }
  return self.createAttentionLab(options).then((module) => {
    lab = module;
    const info = JSON.parse(module.UTF8ToString(module._lab_build_info()));
    buildInfo = Object.assign(info, { variant: name, crossOriginIsolated: self.crossOriginIsolated === true });
    return buildInfo;
  });
}

// Copies a typed array into a fresh heap block; the caller frees it.
function toHeap(values) {
  const ptr = lab._malloc(Math.max(1, values.length) * 8);
  lab.HEAPF64.set(values, ptr / 8);
  return ptr;
}

function fromHeap(ptr, n) {
  return new Float64Array(lab.HEAPF64.buffer, ptr, n).slice();
}

function attend(p) {
  const kind = SCORE_KINDS[p.kind];
  if (kind === undefined) throw new Error(`unknown score function "${p.kind}"`);
  const { T, d, dv } = p;
  const add = p.additive || { h: 0, Wq: [], Wk: [], w: [] };
  const blocks = [];
  const heap = (values) => { const ptr = toHeap(values); blocks.push(ptr); return ptr; };
  try {
    const keys = heap(p.keys), values = heap(p.values), query = heap(p.query);
    const Wq = heap(add.Wq), Wk = heap(add.Wk), w = heap(add.w);
    const scores = heap(new Float64Array(T)), weights = heap(new Float64Array(T));
    const context = heap(new Float64Array(dv));
    const rc = lab._lab_attend(kind, T, d, dv, keys, values, query, p.temperature,
                               add.h, Wq, Wk, w, scores, weights, context);
    if (rc !== 0) throw new Error(lab.UTF8ToString(lab._lab_last_error()));
    return { scores: fromHeap(scores, T), weights: fromHeap(weights, T), context: fromHeap(context, dv) };
  } finally {
    blocks.forEach((ptr) => lab._free(ptr));
  }
}

function refusal() {
  return new Error(lab.UTF8ToString(lab._lab_last_error()));
}

// Lets queued messages (a "stop") run between slices of work, without the 4 ms
// clamp that nested setTimeout calls get.
function yieldToEvents() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const MODEL_KEYS = ['gru', 'attention'];
const EPOCH_FIELDS = 7, POLL_MAX = 64;
let raceRunning = false;

async function raceStart(p, progress) {
  if (raceRunning) throw new Error('a race is already running: stop it first');
  const rc = lab._lab_race_start(p.T, p.epochs, p.lr, p.seed, p.batch, p.hidden, p.dmodel,
                                 p.pooling === 'mean' ? 1 : 0, p.positions === 'off' ? 0 : 1,
                                 buildInfo.threads ? 1 : 0);
  if (rc !== 0) throw refusal();
  raceRunning = true;
  const buf = lab._malloc(EPOCH_FIELDS * 8 * POLL_MAX);
  const poll = () => {
    let n;
    while ((n = lab._lab_race_poll(buf, POLL_MAX)) > 0) {
      const v = new Float64Array(lab.HEAPF64.buffer, buf, n * EPOCH_FIELDS).slice();
      for (let i = 0; i < n; ++i) {
        const e = v.subarray(i * EPOCH_FIELDS, (i + 1) * EPOCH_FIELDS);
        progress({ model: MODEL_KEYS[e[0]], epoch: e[1], train_acc: e[2], val_acc: e[3], loss: e[4], seconds: e[5], wall: e[6] });
      }
    }
  };
  try {
    if (buildInfo.threads) {
      // Both models train on their own threads; this thread only reports.
      while (!lab._lab_race_done()) { await sleep(20); poll(); }
    } else {
      // One thread: short slices of single minibatches, then let messages in.
      for (;;) {
        const t0 = performance.now();
        let done = 0;
        while (!done && performance.now() - t0 < 10) done = lab._lab_race_step(1);
        poll();
        if (done) break;
        await yieldToEvents();
      }
    }
    poll();
    const out = lab._malloc(15 * 8);
    if (lab._lab_race_finish(out) !== 0) { lab._free(out); throw refusal(); }
    const r = new Float64Array(lab.HEAPF64.buffer, out, 15).slice();
    lab._free(out);
    const model = (k) => ({
      test_acc: r[7 * k], confusion: [[r[7 * k + 1], r[7 * k + 2]], [r[7 * k + 3], r[7 * k + 4]]],
      seconds: r[7 * k + 5], epochs_done: r[7 * k + 6],
    });
    const n = lab._lab_race_test_count();
    const labels = lab._malloc(4 * n);
    lab._lab_race_test_labels(labels);
    const testLabels = Array.from(new Int32Array(lab.HEAP32.buffer, labels, n));
    lab._free(labels);
    const stopped = model(0).epochs_done < p.epochs || model(1).epochs_done < p.epochs;
    return { gru: model(0), attention: model(1), wall: r[14], threads: buildInfo.threads, stopped, test_labels: testLabels };
  } finally {
    lab._free(buf);
    raceRunning = false;
  }
}

function raceExample({ index }) {
  const T = lab._lab_race_seq_len();
  const tokens = lab._malloc(4 * T), A = lab._malloc(4 * T * T), info = lab._malloc(12);
  try {
    if (lab._lab_race_example(index, tokens, A, info) !== 0) throw refusal();
    const i = new Int32Array(lab.HEAP32.buffer, info, 3);
    return {
      index, T, label: i[0], pred_gru: i[1], pred_attention: i[2],
      tokens: new Int32Array(lab.HEAP32.buffer, tokens, T).slice(),
      A: new Float32Array(lab.HEAPF32.buffer, A, T * T).slice(),
    };
  } finally {
    [tokens, A, info].forEach((ptr) => lab._free(ptr));
  }
}

const handlers = {
  attend,
  'race-start': raceStart,
  'race-stop': () => { lab._lab_race_stop(); return {}; },
  'race-example': raceExample,
  heap: () => ({ wasmHeapUsed: lab._lab_heap_used(), wasmHeapSize: lab.HEAP8.length }),
  'warm-up': ({ batches }) => ({ seconds: lab._lab_race_warm_up(batches) }),
};

self.onmessage = async (event) => {
  const { type, id, payload } = event.data || {};
  try {
    if (type === 'init') {
      loading = loading || loadModule();
      self.postMessage({ type: 'result', id, payload: await loading });
      return;
    }
    if (!handlers[type]) throw new Error(`unknown request "${type}"`);
    if (!lab) await (loading = loading || loadModule());
    const progress = (p) => self.postMessage({ type: 'progress', id, payload: p });
    const result = await handlers[type](payload, progress);
    const transfer = Object.values(result).filter((v) => ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer).map((v) => v.buffer);
    self.postMessage({ type: 'result', id, payload: result }, transfer);
  } catch (err) {
    if (err instanceof WebAssembly.RuntimeError) console.error(err.stack);
    self.postMessage({ type: 'error', id, payload: { message: String(err && err.message || err) } });
  }
};
