// The page side of the lab's worker (lab-worker.js, which documents the messages):
// one worker per page, requests as promises that reject with Error(message) on refusal.
//
//   const lab = new LabClient();
//   const info = await lab.ready;                         // build info: {threads, simd, variant, ...}
//   const r = await lab.call('attend', {...});            // a function a binding declares
//   const out = await lab.runSession('RaceSession', input, (record) => ...);  // a long job, progress per record
//   lab.stopSession('RaceSession');
//   lab.pause(true);                                       // long jobs wait (a hidden embed), numbers unchanged
//   const b = await lab.sessionCall('RaceSession', 'examples', { indices: [7, 8] });
//   await lab.idle();                                      // no long job running
//   lab.onRestart = (why) => ...;                          // the worker died and a new one took over
//   lab.cancelAll();                                       // Stop, now: a call in the middle of its work too
//
// A worker that dies (an uncaught error, the engine aborting) rejects every request
// in flight with a message in words and is replaced by a fresh one, so the page
// keeps working without a reload; a refusal that says the engine is broken
// ({fatal: true}) does the same. So does a worker whose module has not started after
// START_TIMEOUT_MS: `ready` resolves when a worker has started, whichever try that was.
// Firefox with a worker debugger attached (DevTools, or WebDriver BiDi as in the
// tests) sometimes never returns from a `new Worker()` called in a worker, which the
// threaded module does for its threads: our worker then hangs for good. It says when it
// starts and ends creating them; one that has not ended within THREADS_TIMEOUT_MS is
// replaced at once, and requests sent meanwhile (which it never saw) go to the new one.
import { labData } from '../ui/lab-data.js';
import { siteUrl } from '../ui/site-root.js';
import { t } from '../ui/i18n.js';
import { engineWords } from '../ui/engine-words.js';

// A refusal from the engine (its English words, src/) as an Error in the page's language
// (ui/engine-words.js); err.lang says which, err.english keeps the engine's own words.
function engineError(message) {
  const w = engineWords(message);
  return Object.assign(new Error(w.text), { lang: w.lang, english: String(message) });
}

const START_TIMEOUT_MS = 30000;
const START_TRIES = 3;
const THREADS_TIMEOUT_MS = 5000;
const THREADS_TRIES = 5;

export class LabClient {
  // makeWorker and schemas: for a host other than a page (the Node grader,
  // tools/grade/node-engine.mjs), a worker-like object and the settings schemas to apply.
  constructor(workerUrl = siteUrl('js/lab-worker.js'), { makeWorker = null, schemas = undefined } = {}) {
    this.workerUrl = workerUrl;
    this.makeWorker = makeWorker;
    this.schemas = schemas;
    this.nextId = 1;
    this.pending = new Map();
    this.onRestart = null;
    this.tries = 0;
    this.threadTries = 0;
    this.ready = new Promise((resolve, reject) => { this.started = { resolve, reject }; });
    this.start();
  }

  start() {
    const early = this.makeWorker ? null : adoptEarlyWorker(this.workerUrl);
    this.worker = (early ? Promise.resolve(early.worker) : this.makeWorker ? Promise.resolve(this.makeWorker()) : location.protocol === 'file:' ? inlineWorker() : Promise.resolve(new Worker(this.workerUrl)))
      .then((worker) => {
        this.listen(worker);
        if (early) for (const data of early.messages) worker.onmessage({ data });  // what it said before this page listened
        return worker;
      });
    const generation = this.worker;
    const timer = setTimeout(() => {
      if (this.worker !== generation) return;
      if (++this.tries >= START_TRIES) this.started.reject(new Error(t('engine.notStartedTries', { tries: String(START_TRIES) })));
      else this.restart(t('engine.notStartedWithin', { seconds: String(START_TIMEOUT_MS / 1000) }));
    }, START_TIMEOUT_MS);
    let threads = null;
    this.onStage = ({ stage }) => {
      clearTimeout(threads);
      if (stage !== 'threads') return;
      threads = setTimeout(() => {
        if (this.worker !== generation) return;
        clearTimeout(timer);
        if (++this.threadTries >= THREADS_TRIES) this.started.reject(new Error(t('engine.threadsNotStarted', { tries: String(THREADS_TRIES) })));
        else this.replaceStuck();
      }, THREADS_TIMEOUT_MS);
    };
    this.request('init', { schemas: this.schemas !== undefined ? this.schemas : siteSchemas() }).then((info) => { clearTimeout(timer); clearTimeout(threads); this.started.resolve(info); },
      (err) => { clearTimeout(timer); clearTimeout(threads); if (this.worker === generation) this.started.reject(err); });
    if (this.paused) this.request('pause', { paused: true }).catch(() => {});
  }

  // A worker stuck before its module ran: a new one, which gets the requests in flight.
  replaceStuck() {
    const waiting = [...this.pending].filter(([, entry]) => entry.message.type !== 'init');
    this.pending.clear();
    this.worker.then((w) => w.terminate(), () => {});
    this.start();
    for (const [id, entry] of waiting) {
      if (entry.moved) { entry.reject(new Error(t('engine.restartedTryAgain'))); continue; }
      this.pending.set(id, entry);
      this.worker.then((w) => w.postMessage(entry.message), entry.reject);
    }
  }

  // Everything in flight fails with `why` (the worker's English, or the page's words); a
  // new worker (and module) takes over.
  restart(why) {
    const error = new Error(t('engine.restarted', { why: engineWords(why).text, memory: /memory/.test(why) ? 'yes' : 'no' }));
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
    this.worker.then((w) => w.terminate(), () => {});
    this.start();
    if (this.onRestart) this.onRestart(error.message);
  }

  // Stop pressed during a call that cannot be interrupted (one timed point of the cost
  // page can take seconds): everything in flight rejects at once with an error marked
  // `stopped`, and a new worker takes over. Nothing is lost that a page keeps: the
  // engine's state lives only for the length of a call or a session.
  cancelAll() {
    const error = Object.assign(new Error('stopped'), { stopped: true });
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
    this.worker.then((w) => w.terminate(), () => {});
    this.start();
  }

  listen(worker) {
    worker.onmessage = (event) => {
      const { type, id, payload } = event.data;
      if (type === 'stage') { if (this.onStage) this.onStage(payload); return; }
      const entry = this.pending.get(id);
      if (!entry) return;
      if (type === 'progress') { if (entry.onProgress) entry.onProgress(payload); return; }
      this.pending.delete(id);
      if (type === 'error' && payload.fatal) this.restart(payload.message);
      if (type === 'error') entry.reject(engineError(payload.message));
      else entry.resolve(payload);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const detail = typeof event.message === 'string' && event.message && !/\[object /.test(event.message) ? event.message : '';
      this.restart(t('engine.stoppedUnexpectedly', { hasDetail: detail ? 'yes' : 'no', detail }));
    };
  }

  call(fn, input) { return this.request('call', { fn, input }); }

  runSession(session, input, onProgress) { return this.request('session-start', { session, input }, { onProgress }); }

  stopSession(session) { return this.request('session-stop', { session }); }

  // Long jobs wait between slices of minibatches while paused (a page hidden, its slide
  // left); the state is kept, so a worker that replaces this one is told too.
  pause(paused) {
    if (Boolean(paused) === Boolean(this.paused)) return;
    this.paused = Boolean(paused);
    document.body.dataset.paused = String(this.paused);
    this.request('pause', { paused: this.paused }).catch(() => {});
  }

  sessionCall(session, fn, input) { return this.request('session-call', { session, fn, input }); }

  // Resolves once no long job (session) is running: a computer's speed is timed with
  // nothing else competing for its cores (engine/race-estimate.js).
  async idle() {
    const busy = () => [...this.pending.values()].some((entry) => entry.message.type === 'session-start');
    while (busy()) await new Promise((resolve) => setTimeout(resolve, 250));
  }

  request(type, payload, { transfer = [], onProgress = null } = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, message: { type, id, payload }, moved: transfer.length > 0 });
      this.worker.then((w) => w.postMessage({ type, id, payload }, transfer), (err) => {
        this.pending.delete(id);
        reject(err);
      });
    });
  }
}

// The widget schemas the page was built with (content/widgets/*.json, in #lab-data),
// for the engine to apply the same ranges, and the shared limits (content/shared.json)
// as the schema "shared"; none on a page built without content.
function siteSchemas() {
  try {
    const { widgets, shared } = labData();
    return shared ? { ...widgets, shared: { fixed: shared.fixed } } : widgets;
  } catch { return undefined; }
}

// Pages opened from disk may not start a worker from a file, so the build ships
// the worker (with the single-file module) as a string in js/lab-worker-inline.js,
// which a classic script may load; the worker then starts from a blob.
// The worker a widget page's head started (tools/site/layout.mjs, earlyWorkerScript), so
// the engine's download did not wait for this script, with the messages it sent before
// this page listened: taken once, by the first client that asks for the same file, unless
// it failed to start (then a new one, as a restart makes).
function adoptEarlyWorker(url) {
  const early = typeof window !== 'undefined' ? window.labEarlyWorker : null;
  if (!early || !early.worker) return null;
  let same = false;
  try { same = new URL(url, location.href).href === new URL(early.url, location.href).href; } catch { same = false; }
  if (!same) return null;
  window.labEarlyWorker = null;
  if (early.failed) { early.worker.terminate(); return null; }
  return early;
}

function inlineWorker() {
  return new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement('script'), { src: siteUrl('js/lab-worker-inline.js') });
    script.onload = () => {
      const url = URL.createObjectURL(new Blob([self.LAB_WORKER_SOURCE], { type: 'text/javascript' }));
      resolve(new Worker(url));
    };
    script.onerror = () => reject(new Error(t('engine.fileNotLoaded')));
    document.head.append(script);
  });
}

// The status bar, from what the module says about itself: plain words for a student
// (plain), and the technical account behind a disclosure (detail), whose reason always
// matches the build that runs.
export function describeBuild(info) {
  const plain = t(info.threads ? 'build.twoThreads' : 'build.oneThread');
  return { plain, detail: buildDetail(info) };
}

function buildDetail(info) {
  const build = t(info.threads ? 'build.threaded' : 'build.single');
  const simd = t(info.simd ? 'build.simdOn' : 'build.simdOff');
  let why;
  if (info.threads) why = t('build.whyIsolated');
  else if (info.variant === 'attention_lab_single') why = t('build.whyDisk');
  else if (info.crossOriginIsolated) why = t('build.whyNoShared');
  else why = t('build.whyNotIsolated');
  return t('build.detail', { build, simd, why });
}
