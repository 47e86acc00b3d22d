// The lab's engine worker (web/js/engine/lab-worker.js) in a Node worker thread, with the
// single-file WebAssembly module in front of it: the same text a page opened from disk
// starts as its worker (the site's js/lab-worker-inline.js), so the grader runs the
// site's own engine, bit for bit. The thread gets what a browser's worker has and the
// script uses: self, postMessage, onmessage.
import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

globalThis.self = globalThis;
self.location = { href: pathToFileURL(join(workerData.siteDir, 'js/lab-worker.js')).href, protocol: 'file:' };
self.crossOriginIsolated = false;
self.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
// js/lab-worker-inline.js sets self.LAB_WORKER_SOURCE: the module's text, then the worker's.
vm.runInThisContext(readFileSync(join(workerData.siteDir, 'js/lab-worker-inline.js'), 'utf8'), { filename: 'lab-worker-inline.js' });
vm.runInThisContext(self.LAB_WORKER_SOURCE, { filename: 'lab-worker.js' });
parentPort.on('message', (data) => self.onmessage({ data }));
