// The one Web Worker that owns the lab's WebAssembly module. Pages never touch
// the module; they send messages through LabClient (lab-client.js).
//
// In:  {type, id, payload}
//        init    {}                       load the module; the reply is its build info
//        attend  {kind, T, d, dv, keys, values, query, temperature, additive?}
// Out: {type: 'result', id, payload} | {type: 'error', id, payload: {message}}
//
// Which build: the threaded one (SIMD + pthreads) needs SharedArrayBuffer, which
// exists only when the page is cross-origin isolated (COOP/COEP headers);
// otherwise the single-thread SIMD build runs. The build reports itself
// (lab_build_info), so the page shows what really runs.
'use strict';

const WASM_BASE = new URL('../wasm/', self.location.href).href;
const SCORE_KINDS = { dot: 0, scaled_dot: 1, additive: 2 };

let lab = null;
let loading = null;

function loadModule() {
  const threaded = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
  const name = threaded ? 'attention_lab_mt' : 'attention_lab_st';
  const script = WASM_BASE + name + '.js';
  importScripts(script);
  return self.createAttentionLab({
    locateFile: (file) => WASM_BASE + file,
    mainScriptUrlOrBlob: script,  // what the pthread workers import
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
  }).then((module) => {
    lab = module;
    const info = JSON.parse(module.UTF8ToString(module._lab_build_info()));
    return Object.assign(info, { variant: name, crossOriginIsolated: self.crossOriginIsolated === true });
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

const handlers = { attend };

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
    const result = handlers[type](payload);
    const transfer = Object.values(result).filter((v) => v && v.buffer instanceof ArrayBuffer).map((v) => v.buffer);
    self.postMessage({ type: 'result', id, payload: result }, transfer);
  } catch (err) {
    self.postMessage({ type: 'error', id, payload: { message: String(err && err.message || err) } });
  }
};
