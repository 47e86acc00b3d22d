// The one Web Worker that owns the lab's WebAssembly module. Pages never touch the
// module; they send messages through LabClient (lab-client.js). The worker knows no
// widget: it passes requests to what the module's bindings (wasm/*_bind.cpp) declare.
//
// In:  {type, id, payload}
//   warm           (no id, no reply)         start loading the module now: a widget page's head
//                                            creates this worker before its own script has
//                                            arrived, so the engine downloads beside it (the
//                                            page's LabClient adopts the worker and sends init)
//   init           {schemas?}                load the module and hand it the site's widget schemas
//                                            ({NAME: content/widgets/NAME.json}: the engine then
//                                            applies the ranges the pages were built with; without
//                                            them, the ones compiled in); the reply is its build info
//   call           {fn, input}               lab[fn](input): a function a binding declares
//                                            (e.g. attend, race_warm_up); the reply is its record
//   session-start  {session, input}          a long job: new lab[session]() (one per kind, kept
//                                            for session-call), start(input, threads), then
//                                            driven to the end; one progress message per record
//                                            its poll() returns; the reply is finish()'s record
//   session-stop   {session}                 stop(): takes effect before the next minibatch
//   pause          {paused}                  long jobs wait until resumed (a hidden embed):
//                                            with threads, the session's pause(); without,
//                                            the worker calls no step() meanwhile
//   session-call   {session, fn, input}      a method of the last session of that kind
//                                            (e.g. RaceSession.example(index))
//   heap           {}                        bytes of the module's heap in use, and its size
// Out: {type: 'result', id, payload} | {type: 'progress', id, payload}
//      | {type: 'error', id, payload: {message}} | {type: 'stage', payload: {stage}} (loading)
// A record {ok: false, message} from the module is an error reply with that message.
//
// A session class has start(input, threads) -> {ok, message}, step(budgetMs) -> over?,
// poll() -> [record], stop(), finish() -> record (src/race/race_session.hpp is the
// first). With threads it trains on threads of its own and the worker polls; without,
// the worker calls step() in ~10 ms slices and lets messages (a "stop") in between.
//
// Which build: the threaded one (SIMD + pthreads) needs memory shared between
// workers, which a browser gives only to a cross-origin-isolated page (COOP/COEP
// headers), and only where it can (canShareMemory); otherwise the single-thread SIMD
// build runs. The build reports itself (build_info), so the page shows what really runs.
'use strict';

let lab = null;
let loading = null;
let buildInfo = null;
let aborted = null;  // why the module aborted; the page then starts a new worker

// A refusal the page must answer with a new worker (LabClient.restart).
class FatalError extends Error {}
function checkAlive() {
  if (aborted) throw new FatalError(/OOM|memory/i.test(aborted) ? 'The lab\'s engine ran out of memory' : `The lab's engine stopped (${aborted.slice(0, 80)})`);
}

// Threads need a WebAssembly memory shared between workers: one that can be created
// and posted to another worker. Asked of the browser itself, not of the global
// SharedArrayBuffer: WebKitGTK 2.50 creates shared memory for a cross-origin-isolated
// page but cannot post it ("The object can not be cloned"), so its threads cannot start.
function canShareMemory() {
  try {
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
    const channel = new MessageChannel();
    channel.port1.postMessage(memory);  // throws DataCloneError where it cannot be shared
    channel.port1.close();
    channel.port2.close();
    return true;
  } catch {
    return false;
  }
}

// How the load goes (stage: threads, compiling), told to the page without a request id: the
// load may have begun before the page asked (the 'warm' message), and a worker stuck
// creating its threads never reads the page's init, yet the page must hear that it got
// there (LabClient's watchdog replaces it).
function reportStage(p) {
  self.postMessage({ type: 'stage', payload: p });
}

function loadModule(progress = () => {}) {
  // From disk (file://) the page starts this worker from a string with the
  // single-file module in front of it: createAttentionLab is already defined.
  const inline = typeof self.createAttentionLab === 'function';
  const threaded = !inline && self.crossOriginIsolated === true && canShareMemory();
  const name = inline ? 'attention_lab_single' : threaded ? 'attention_lab_mt' : 'attention_lab_st';
  const options = {
    print: (text) => console.log(text), printErr: (text) => console.warn(text),
    // The engine aborted (out of memory, or a bug): nothing more can run in this module.
    onAbort: (what) => { aborted = String(what || 'aborted'); },
  };
  if (!inline) {
    const base = new URL('../wasm/', self.location.href).href;
    importScripts(base + name + '.js');
    options.locateFile = (file) => base + file;
    options.mainScriptUrlOrBlob = base + name + '.js';  // what the pthread workers import
  }
  // The threaded module creates its threads' workers before it returns: the page
  // replaces a worker that is stuck there (LabClient, THREADS_TIMEOUT_MS).
  if (threaded) progress({ stage: 'threads' });
  const starting = self.createAttentionLab(options);
  if (threaded) progress({ stage: 'compiling' });
  return starting.then((module) => {
    lab = module;
    buildInfo = Object.assign(lab.build_info(), { variant: name, crossOriginIsolated: self.crossOriginIsolated === true });
    return buildInfo;
  });
}

// Functions and classes the bindings declared (embind gives its functions an
// argCount and its classes' prototypes isAliasOf), not the runtime's own.
function bound(fn) {
  const f = typeof fn === 'string' && /^[A-Za-z]\w*$/.test(fn) ? lab[fn] : undefined;
  if (typeof f !== 'function' || typeof f.argCount !== 'number') throw new Error(`the module has no function "${fn}"`);
  return f;
}
function boundClass(name) {
  const C = typeof name === 'string' && /^[A-Z]\w*$/.test(name) ? lab[name] : undefined;
  if (typeof C !== 'function' || !C.prototype || typeof C.prototype.isAliasOf !== 'function') throw new Error(`the module has no session "${name}"`);
  return C;
}

// A module record as a reply: {ok: false, message} is a refusal in words.
function checked(record) {
  if (record && record.ok === false) throw new Error(record.message);
  return record !== null && typeof record === 'object' ? record : { value: record };
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

const SLICE_MS = 10;   // single-thread: work per slice before messages get their turn
const POLL_MS = 20;    // threaded: how often the worker collects finished records
const sessions = {};   // kind -> {object, running}
let paused = false;

async function sessionStart({ session, input }, progress) {
  const C = boundClass(session);
  const entry = sessions[session] || (sessions[session] = { object: new C(), running: false });
  if (entry.running) throw new Error('it is already running: stop it first');
  const s = entry.object;
  checked(s.start(input, buildInfo.threads));
  entry.running = true;
  entry.stopping = false;
  if (paused && buildInfo.threads) s.pause(true);
  const report = () => { for (const record of s.poll()) progress(record); };
  try {
    for (;;) {
      const over = s.step(SLICE_MS);
      report();
      if (over) break;
      await (buildInfo.threads ? sleep(POLL_MS) : yieldToEvents());
      while (paused && !buildInfo.threads && !entry.stopping) await sleep(POLL_MS);
      checkAlive();  // a training thread that aborted never finishes
    }
    report();
    return checked(s.finish());
  } finally {
    entry.running = false;
  }
}

function sessionOf(name) {
  const entry = sessions[name];
  if (!entry) throw new Error('nothing has been run yet');
  return entry.object;
}

const handlers = {
  call: ({ fn, input }) => checked(bound(fn)(input)),
  'session-start': sessionStart,
  'session-stop': ({ session }) => {
    if (sessions[session]) {
      sessions[session].stopping = true;
      sessions[session].object.stop();
    }
    return {};
  },
  pause: ({ paused: p }) => {
    paused = Boolean(p);
    for (const entry of Object.values(sessions)) if (entry.running && buildInfo.threads) entry.object.pause(paused);
    return {};
  },
  'session-call': ({ session, fn, input }) => {
    const s = sessionOf(session);
    if (typeof fn !== 'string' || !/^[a-z]\w*$/.test(fn) || typeof s[fn] !== 'function') throw new Error(`${session} has no method "${fn}"`);
    return checked(s[fn](input));
  },
  heap: () => ({ wasmHeapUsed: lab.heap_used(), wasmHeapSize: lab.HEAP8.length }),
};

// Typed arrays in a reply (at its top level or one level down) are moved, not copied.
function transferables(payload) {
  const out = [];
  const add = (v) => { if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && !out.includes(v.buffer)) out.push(v.buffer); };
  for (const v of Object.values(payload)) {
    add(v);
    if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) Object.values(v).forEach(add);
  }
  return out;
}

self.onmessage = async (event) => {
  const { type, id, payload } = event.data || {};
  try {
    if (type === 'warm') {  // the page's head started this worker (tools/site/layout.mjs): begin loading now
      try {
        loading = loading || loadModule(reportStage);
        loading.catch(() => {});  // a failed load is the init's to report
      } catch { /* the init tries again and says why */ }
      return;
    }
    if (type === 'init') {
      await (loading = loading || loadModule(reportStage));
      const { schemas } = payload || {};
      if (schemas && typeof schemas === 'object') lab.use_schemas(schemas);
      self.postMessage({ type: 'result', id, payload: buildInfo });
      return;
    }
    if (!Object.prototype.hasOwnProperty.call(handlers, type)) throw new Error(`unknown request "${type}"`);
    if (!lab) await (loading = loading || loadModule(reportStage));
    const progress = (p) => self.postMessage({ type: 'progress', id, payload: p });
    const result = await handlers[type](payload || {}, progress);
    self.postMessage({ type: 'result', id, payload: result }, transferables(result));
  } catch (err) {
    const fatal = err instanceof FatalError || err instanceof WebAssembly.RuntimeError || Boolean(aborted);
    const message = err instanceof WebAssembly.RuntimeError
      ? (/OOM|memory/i.test(String(aborted || err.message)) ? 'The lab\'s engine ran out of memory' : `The lab's engine stopped (${String(err.message).slice(0, 80)})`)
      : String(err && err.message || err);
    self.postMessage({ type: 'error', id, payload: { message, fatal } });
  }
};
