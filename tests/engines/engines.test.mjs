// The lab in Firefox ESR and WebKitGTK (Safari's engine), beside Chromium: every
// widget page with the module's numbers, a short race in both builds, a short
// translation run and the reading page's readings and sweep, whose numbers must equal
// Chromium's bit for bit, the lesson's maths, a quick check, the hand-in export read
// back by the gradebook, and a page opened from disk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../tools/serve.mjs';
import { CHROMIUM, FLAGS, DIST } from '../browser/support.mjs';
import { available, launch } from './drivers.mjs';

const ENGINES = ['firefox', 'webkit'];
// The gradebook's maximum for the build's assignment: a point per multiple-choice check
// assigned, and the weights of the exercises.
const ASSIGNMENT = JSON.parse(readFileSync('content/assignment.json', 'utf8'));
const CHOICE = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks.filter((c) => c.kind === 'choice' && ASSIGNMENT.checks.includes(c.id));
const MAX_POINTS = CHOICE.length + Object.values(ASSIGNMENT.exercises.weights).reduce((a, b) => a + b, 0);
const RACE = 'race.html?T=8&epochs=2&seed=7';
let isolated, plain, reference;

const url = (server, path) => `http://127.0.0.1:${server.address().port}/${path}`;

// What a race shows: each model's test accuracy and the table of learning curves.
// (A first visit to a host without isolation headers reloads once its service worker can
// isolate it, web/js/offline/offline.js: <html data-offline> says when the page is settled.)
async function raceNumbers(p) {
  await p.waitFor(() => document.body.dataset.ready === 'true' && document.body.dataset.build && document.documentElement.dataset.offline);
  await p.evaluate(() => document.getElementById('start').click());
  await p.waitFor(() => ['finished', 'error'].includes(document.body.dataset.race));
  return p.evaluate(() => ({
    state: document.body.dataset.race,
    build: document.body.dataset.build,
    test: Array.from(document.querySelectorAll('#results tbody tr'), (tr) => [tr.dataset.model, tr.dataset.testAcc]),
    curves: Array.from(document.querySelectorAll('#curve-table tbody tr'), (tr) => Array.from(tr.cells, (c) => c.textContent)),
    confusion: Array.from(document.querySelectorAll('.confusion td'), (td) => td.dataset.count),
  }));
}

// What the explorations show: the scaling sweep and the order experiment's outputs
// (computed in the worker, so every engine must give Chromium's numbers).
async function exploreNumbers(p, server) {
  let q = await p.open(url(server, 'scaling.html'));
  await q.waitFor(() => document.body.dataset.stale === 'false' && document.body.dataset.computed === document.body.dataset.requested);
  const scaling = await q.evaluate(() => Array.from(document.querySelectorAll('#sweep-table tbody tr'), (tr) => [tr.dataset.entropyUnscaled, tr.dataset.entropyScaled]));
  await q.close();
  q = await p.open(url(server, 'order.html'));
  await q.waitFor(() => document.body.dataset.stale === 'false' && document.body.dataset.computed === document.body.dataset.requested);
  const order = await q.evaluate(() => ({ same: document.body.dataset.same,
    z: [document.getElementById('z-first').dataset.z, document.getElementById('z-second').dataset.z] }));
  await q.close();
  q = await p.open(url(server, 'cost.html?d=16&from=16&to=32&seconds=0.02'));
  await q.waitFor(() => document.body.dataset.ready === 'true' && !document.getElementById('measure').disabled);
  await q.evaluate(() => document.getElementById('measure').click());
  await q.waitFor(() => document.body.dataset.cost === 'finished');
  const cost = await q.evaluate(() => document.querySelectorAll('#cost-table td[data-seconds]').length);
  await q.close();
  // A short translation run (both models trained in the worker): curves, the bottleneck
  // by length and the final alignment map, Chromium's numbers exactly.
  q = await p.open(url(server, 'translate.html?epochs=2&hidden=8&max_len=6'));
  await q.waitFor(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled);
  await q.evaluate(() => document.getElementById('start').click());
  await q.waitFor(() => document.body.dataset.translate === 'finished');
  const translate = await q.evaluate(() => ({
    curves: Array.from(document.querySelectorAll('#tr-curve-table td[data-exact]'), (td) => td.dataset.exact),
    buckets: Array.from(document.querySelectorAll('#tr-buckets td'), (td) => td.dataset.exact),
    map: document.getElementById('tr-map').dataset.weights,
  }));
  await q.close();
  // Reading attention: a short race read with care (the adversarial row, the whole-set
  // ablations) and a 2-seed sweep, all in the worker: Chromium's numbers exactly.
  q = await p.open(url(server, 'reading.html?T=8&epochs=3&seed=5&sweep=2'));
  await q.waitFor(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled);
  await q.evaluate(() => document.getElementById('start').click());
  await q.waitFor(() => document.body.dataset.reading === 'trained');
  await q.evaluate(() => document.getElementById('rd-adv-run').click());
  await q.waitFor(() => document.body.dataset.jsd !== undefined);
  await q.evaluate(() => document.getElementById('rd-sweep-start').click());
  await q.waitFor(() => document.body.dataset.sweep === 'finished');
  const reading = await q.evaluate(() => ({
    adversary: [document.body.dataset.jsd, document.body.dataset.advPred, document.body.dataset.advProb],
    ablations: Array.from(document.querySelectorAll('#rd-ablate td[data-accuracy]'), (td) => td.dataset.accuracy),
    sweep: Array.from(document.querySelectorAll('#rd-sweep td[data-seed]'), (td) => td.dataset.value),
  }));
  await q.close();
  // The comments page: a short training on the planted data, its audit by group, the
  // first comment's attention row and its counterfactual table: Chromium's numbers exactly.
  q = await p.open(url(server, 'comments.html?epochs=3'));
  await q.waitFor(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled);
  await q.evaluate(() => document.getElementById('start').click());
  await q.waitFor(() => document.body.dataset.comments === 'trained');
  const comments = await q.evaluate(() => ({
    audit: Array.from(document.querySelectorAll('#cm-audit td[data-fpr]'), (td) => td.dataset.fpr),
    row: Array.from(document.querySelectorAll('#cm-row-bars rect.bar'), (r) => r.dataset.value),
    swaps: Array.from(document.querySelectorAll('#cm-swap td[data-p1]'), (td) => td.dataset.p1),
  }));
  await q.close();
  // The image page: a short training of both models, the per-epoch curves, the first test
  // image's attention over its patches and its shuffle's, and the shuffle count over the
  // test set: Chromium's numbers exactly.
  q = await p.open(url(server, 'vision.html?epochs=3&images=1000'));
  await q.waitFor(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled);
  await q.evaluate(() => document.getElementById('start').click());
  await q.waitFor(() => document.body.dataset.vision === 'trained');
  const vision = await q.evaluate(() => ({
    curves: Array.from(document.querySelectorAll('#vi-curve-table td[data-value]'), (td) => td.dataset.value),
    map: document.getElementById('vi-map').dataset.weights,
    shuffled: document.getElementById('vi-shuffled-map').dataset.weights,
    p1: [document.body.dataset.p1, document.body.dataset.shuffledP1],
    count: Array.from(document.querySelectorAll('#vi-count td'), (td) => td.textContent),
  }));
  await q.close();
  return { scaling, order, cost, translate, reading, comments, vision };
}
let explored;

before(async () => {
  isolated = await startServer({ root: DIST, port: 0, isolation: true });
  plain = await startServer({ root: DIST, port: 0, isolation: false });
  // Chromium's numbers, the reference every engine must reproduce.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const page = await browser.newPage();
  await page.goto(url(isolated, RACE));
  reference = await raceNumbers({
    waitFor: (fn) => page.waitForFunction(fn, null, { timeout: 120000 }),
    evaluate: (fn) => page.evaluate(fn),
  });
  explored = await exploreNumbers({
    open: async (u) => {
      const q = await browser.newPage();
      await q.goto(u);
      return { waitFor: (fn) => q.waitForFunction(fn, null, { timeout: 120000 }), evaluate: (fn) => q.evaluate(fn), close: () => q.close() };
    },
  }, isolated);
  await browser.close();
});
after(() => { isolated.close(); plain.close(); });

for (const engine of ENGINES) {
  test(`${engine}: every page works and the race gives Chromium's numbers`, async () => {
    // tools/lab setup installs Debian's firefox-esr, webkit2gtk-driver and xvfb: a missing one fails.
    assert.ok(available(engine), `${engine} is not installed (tools/lab setup installs it)`);
    await checkEngine(engine);
  });
}

async function checkEngine(engine) {
  {
    const b = await launch(engine);
    try {
      // Worked example 1's numbers.
      let p = await b.open(url(isolated, 'attention-table.html'));
      await p.waitFor(() => document.querySelectorAll('#result-rows tr').length === 5);
      assert.deepEqual(await p.evaluate(() => Array.from(document.querySelectorAll('#result-rows tr:first-child td'), (td) => td.textContent)), ['1.73', '0.335']);
      const status = await p.evaluate(() => document.querySelector('#build-status details p').textContent);
      // The build chosen by what the browser can do, and a reason that matches it.
      const EXPECTED = {
        firefox: /^Running the threaded WebAssembly build \(SIMD \+ threads\), SIMD on: this page is cross-origin isolated, so threads are available\.$/,
        webkit: /^Running the single-thread WebAssembly build, SIMD on: this page is cross-origin isolated, but this browser does not give WebAssembly threads the shared memory they need\.$/,
      };
      assert.match(status, EXPECTED[engine]);
      await p.close();

      // The calculator's math lens.
      p = await b.open(url(isolated, 'calculator.html'));
      await p.waitFor(() => document.body.dataset.stale === 'false');
      assert.deepEqual(await p.evaluate(() => Array.from(document.querySelectorAll('#calc-result-rows tr'), (tr) => tr.cells[2].textContent)), ['0.035', '0.259', '0.705']);
      await p.close();

      // The explorations: Chromium's numbers exactly; a short cost run (both builds' points).
      const ex = await exploreNumbers(b, isolated);
      assert.deepEqual(ex.scaling, explored.scaling, `${engine}: the scaling sweep`);
      assert.deepEqual(ex.order, explored.order, `${engine}: the order experiment`);
      assert.equal(ex.order.same, 'true');
      assert.equal(ex.cost, engine === 'firefox' ? 8 : 4, `${engine}: the cost explorer's points`);
      assert.deepEqual(ex.translate, explored.translate, `${engine}: the translation run`);
      assert.equal(ex.translate.curves.length, 4);
      assert.deepEqual(ex.reading, explored.reading, `${engine}: the reading page`);
      assert.equal(ex.reading.sweep.length, 2 * 2);
      assert.equal(ex.reading.ablations.length, 4);
      assert.deepEqual(ex.comments, explored.comments, `${engine}: the comments page`);
      assert.equal(ex.comments.audit.length, 8);
      assert.equal(ex.comments.swaps.length, 8);
      assert.deepEqual(ex.vision, explored.vision, `${engine}: the image page`);
      assert.equal(ex.vision.curves.length, 2 * 3);
      assert.equal(JSON.parse(ex.vision.map).length, 9);

      // A short race, with and without cross-origin isolation: Chromium's numbers exactly.
      for (const server of [isolated, plain]) {
        p = await b.open(url(server, RACE));
        const got = await raceNumbers(p);
        assert.equal(got.state, 'finished');
        assert.deepEqual({ ...got, build: undefined }, { ...reference, build: undefined }, `${engine} ${got.build}`);
        await p.close();
      }

      // The lesson's maths and a quick check.
      p = await b.open(url(isolated, 'lesson.html'));
      await p.waitFor(() => document.body.dataset.ready === 'true');
      assert.ok(await p.evaluate(() => document.querySelectorAll('.katex').length) > 10);
      await p.close();
      p = await b.open(url(isolated, 'checks.html'));
      await p.waitFor(() => document.body.dataset.ready === 'true');
      const verdict = await p.evaluate(() => {
        document.getElementById('q1-b').click();
        document.querySelector('.quick-check[data-check="q1"] .check-submit').click();
        return document.querySelector('.quick-check[data-check="q1"] .verdict').textContent;
      });
      assert.match(verdict, /^Correct\./);
      // The hand-in, as the download would hold it, read back by the gradebook.
      const handin = await p.evaluate(() => new Promise((done) => {
        const name = document.getElementById('student-name');
        name.value = `Tester ${navigator.userAgent.length}`;
        name.dispatchEvent(new Event('input'));
        const make = URL.createObjectURL;
        URL.createObjectURL = (blob) => { blob.text().then(done); return make.call(URL, blob); };
        document.getElementById('export').click();
      }));
      assert.match(handin, /^The attention lab: homework hand-in\nStudent: Tester/);
      await p.close();
      p = await b.open(url(isolated, 'instructor.html'));
      await p.waitFor(() => document.body.dataset.ready === 'true');
      await p.evaluate((text) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], 'handin.txt', { type: 'text/plain' }));
        document.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, handin);
      await p.waitFor(() => document.body.dataset.rows === '1');
      // q1 right; the maximum is every choice check (1 each) and every weighed exercise.
      assert.match(await p.evaluate(() => document.querySelector('#gradebook tbody tr').cells[2].textContent), new RegExp(`^1 of ${MAX_POINTS}$`));
      await p.close();

      // The code page: the starter code run in the sandbox (a sandboxed frame's worker).
      p = await b.open(url(isolated, 'code.html'));
      await p.waitFor(() => document.body.dataset.ready === 'true');
      await p.evaluate(() => {
        const name = document.getElementById('code-student');
        name.value = 'Ada Lovelace';
        name.dispatchEvent(new Event('input'));
      });
      await p.waitFor(() => !document.getElementById('run').disabled);
      await p.evaluate(() => document.getElementById('run').click());
      await p.waitFor(() => ['ran', 'budget', 'timeout', 'crashed', 'compile-error', 'error'].includes(document.body.dataset.code));
      assert.equal(await p.evaluate(() => document.body.dataset.code), 'ran');
      assert.match(await p.evaluate(() => document.getElementById('code-status').textContent), /^3 of 11 hidden tests pass; 3 of 11 shown tests pass\. The first shown test to fail, "softmax: large logits"/);
      await p.close();

      // Opened from disk: single-threaded, the same numbers.
      p = await b.open(`file://${resolve(DIST)}/attention-table.html`);
      await p.waitFor(() => document.querySelectorAll('#result-rows tr').length === 5);
      assert.equal(await p.evaluate(() => document.body.dataset.build), 'attention_lab_single');
      await p.close();
    } finally {
      await b.close();
    }
  }
}
