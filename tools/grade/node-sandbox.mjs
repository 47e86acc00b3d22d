// The code sandbox for the Node grader: the pages' CodeSandbox (web/js/code/sandbox.js,
// its budgets, its cleaning of outputs, its messages) with the hidden frame replaced by a
// stand-in here that does what the frame's script does (keep a runner, give it each run,
// stop one that does not answer in time), the runner being a Node worker thread
// (runner-thread.mjs). The student's code still runs only inside QuickJS.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { CodeSandbox } from '../../web/js/code/sandbox.js';

const THREAD = new URL('./runner-thread.mjs', import.meta.url);

// CodeSandbox listens on `window` for the frame's messages.
if (typeof globalThis.window === 'undefined') globalThis.window = new EventTarget();

export class NodeSandbox extends CodeSandbox {
  // fixed: the code widget's fixed numbers (content/widgets/code.json), as the page's;
  // siteDir: the built site whose runner to use; file: the runner thread's script.
  constructor(fixed, siteDir, file = fileURLToPath(THREAD)) {
    super(fixed);
    this.siteDir = siteDir;
    this.file = file;
  }

  open() {
    let runner = null;
    const contentWindow = {};
    const reply = (data) => window.dispatchEvent(Object.assign(new Event('message'), { source: contentWindow, data }));
    contentWindow.postMessage = ({ id, code, cases, budget, memoryBytes, watchdogMs }) => {
      if (!runner) runner = new Worker(this.file, { workerData: { siteDir: this.siteDir } });
      const w = runner;
      w.removeAllListeners('message');
      w.removeAllListeners('error');
      const end = (m) => {
        clearTimeout(timer);
        if (m.type !== 'done' && m.type !== 'budget') { w.terminate(); if (runner === w) runner = null; }
        reply({ id, ...m });
      };
      const timer = setTimeout(() => end({ type: 'timeout' }), watchdogMs);
      w.on('message', (m) => (m.type === 'case' || m.type === 'printed' ? reply({ id, ...m }) : end(m)));
      w.on('error', (err) => end({ type: 'crashed', error: String(err && err.message ? err.message : 'the code stopped the runner').slice(0, 200) }));
      w.postMessage({ code, cases, budget, memoryBytes });
    };
    this.frame = { contentWindow, remove: () => { if (runner) runner.terminate(); runner = null; } };
    this.ready = Promise.resolve();
  }
}
