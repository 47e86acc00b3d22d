// The code sandbox's runner (web/js/code/runner-worker.js: QuickJS compiled to
// WebAssembly, bundled into the site's js/code-runner-inline.js) in a Node worker thread:
// the same runner, the same step counts, so a student's code passes the same tests here
// as in the gradebook page. The thread gets the worker globals the runner uses.
import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

globalThis.self = globalThis;
globalThis.onmessage = null;
globalThis.postMessage = (message) => parentPort.postMessage(message);
vm.runInThisContext(readFileSync(join(workerData.siteDir, 'js/code-runner-inline.js'), 'utf8'), { filename: 'code-runner-inline.js' });
self.CODE_RUNNER();
parentPort.on('message', (data) => globalThis.onmessage({ data }));
