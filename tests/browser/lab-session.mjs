// What the page tests share beyond support.mjs: one lab for a test file, a page opened
// in either build and waited on until it can be used, an exploration's latest answer
// drawn, and a training page's announced time held to the engine's.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, openPage } from './support.mjs';

// The test file's lab (startLab's browser, isolatedUrl, plainUrl, close): started before
// its first test and closed after its last. The object is filled in by then.
export function labForFile() {
  const lab = {};
  before(async () => { Object.assign(lab, await startLab()); });
  after(() => lab.close());
  return lab;
}

// Ready conditions, run in the page: a training page's Start enabled (its module loaded),
// an exploration's engine answering (its build named).
export const startEnabled = () => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled;
export const engineReady = () => document.body.dataset.ready === 'true' && Boolean(document.body.dataset.build);

// path opened in the threaded build (with plain, the single-thread one) and waited on
// until ready holds: openPage's { page, problems, close }.
export async function openReady(lab, path, { plain = false, ready = startEnabled } = {}) {
  const opened = await openPage(lab.browser, (plain ? lab.plainUrl : lab.isolatedUrl)(path));
  await opened.page.waitForFunction(ready, null, { timeout: 60000 });
  return opened;
}

// An exploration has drawn the answer to its latest settings: the answer computed is the
// one last asked for, and nothing is shown as stale.
export function settled(page) {
  return page.waitForFunction(() => document.body.dataset.stale === 'false'
    && document.body.dataset.computed === document.body.dataset.requested);
}

// After a training run: the time the page announced before Start (body's data-estimate)
// against the engine's own time for the run (data-wall), within 2×, or, for a run this
// short (mostly the fixed cost of starting threads and a busy machine's jitter), within
// half a second. Returns { estimate, engine } in seconds.
export async function assertEstimateHeld(page) {
  const { estimate, engine } = await page.evaluate(() => ({ estimate: Number(document.body.dataset.estimate), engine: Number(document.body.dataset.wall) }));
  assert.ok((estimate / engine <= 2 && engine / estimate <= 2) || Math.abs(engine - estimate) <= 0.5, `estimated ${estimate} s, took ${engine} s`);
  return { estimate, engine };
}
