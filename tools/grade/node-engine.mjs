// The lab's engine for a program in Node (the grader): a LabClient (web/js/engine/
// lab-client.js, the pages' own) whose worker is a Node worker thread running the site's
// engine (engine-thread.mjs). Requests, replies and refusals are the pages' messages.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { LabClient } from '../../web/js/engine/lab-client.js';

const THREAD = new URL('./engine-thread.mjs', import.meta.url);

// A worker thread dressed as a browser's Worker: onmessage gets {data}, onerror an event
// with a message and preventDefault.
class ThreadWorker {
  constructor(file, workerData) {
    this.thread = new Worker(file, { workerData });
    this.thread.on('message', (data) => this.onmessage && this.onmessage({ data }));
    this.thread.on('error', (err) => this.onerror && this.onerror({ message: String(err && err.message), preventDefault() {} }));
  }

  postMessage(message, transfer) { this.thread.postMessage(message, transfer); }

  terminate() { this.thread.terminate(); }
}

// siteDir: a built site (its js/lab-worker-inline.js); schemas: the widgets' settings
// schemas of the site's pages (what a page's LabClient sends at start).
// `file` is the engine thread's script: the bundled grader passes its own copy.
export function nodeLab(siteDir, schemas, file = fileURLToPath(THREAD)) {
  return new LabClient('', { makeWorker: () => new ThreadWorker(file, { siteDir }), schemas });
}
