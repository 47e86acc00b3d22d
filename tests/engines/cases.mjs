// The engines test's cases, one per page of the registry (content/pages.json) that it
// opens: engines.test.mjs makes a test of each registry widget for each engine, and a
// widget with no case here fails by name. A case is
//
//   async (b, ctx) => { ... assert ... }
//     b:   the engine's driver (drivers.mjs): b.open(url) -> {waitFor, evaluate, close}
//     ctx: {engine, url(server, path), isolated, plain (the two servers),
//           chromium(name, read) -> what read(driver, server) gave in Chromium on the
//           isolated server (computed once, on first use: the numbers every engine must give)}
//
// Pages that are not widgets (the lesson, the quick checks and the gradebook) have cases
// too; the landing page and the SCORM launch page are opened by the browser tests only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DIST } from '../browser/support.mjs';

// The gradebook's maximum for the build's assignment: a point per multiple-choice check
// assigned, and the weights of the exercises.
const ASSIGNMENT = JSON.parse(readFileSync('content/assignment.json', 'utf8'));
const CHOICE = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks.filter((c) => c.kind === 'choice' && ASSIGNMENT.checks.includes(c.id));
const MAX_POINTS = CHOICE.length + Object.values(ASSIGNMENT.exercises.weights).reduce((a, b) => a + b, 0);
const RACE = 'race.html?T=8&epochs=2&seed=7';

// The registry widgets with no case: engines.test.mjs fails on each, by name.
export function missingCases(pages, cases) {
  return pages.filter((p) => p.kind === 'widget' && !Object.hasOwn(cases, p.name)).map((p) => p.name);
}

// Opens url in b, runs read on the page, closes it.
async function onPage(b, u, read) {
  const p = await b.open(u);
  try {
    return await read(p);
  } finally {
    await p.close();
  }
}

const settled = () => document.body.dataset.stale === 'false' && document.body.dataset.computed === document.body.dataset.requested;
const startable = () => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled;

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

// Each read(b, server) gives what a page computed in the worker: every engine must give
// Chromium's numbers exactly.
const READ = {
  scaling: (b, server) => onPage(b, server('scaling.html'), async (q) => {
    await q.waitFor(settled);
    return q.evaluate(() => Array.from(document.querySelectorAll('#sweep-table tbody tr'), (tr) => [tr.dataset.entropyUnscaled, tr.dataset.entropyScaled]));
  }),
  order: (b, server) => onPage(b, server('order.html'), async (q) => {
    await q.waitFor(settled);
    return q.evaluate(() => ({ same: document.body.dataset.same,
      z: [document.getElementById('z-first').dataset.z, document.getElementById('z-second').dataset.z] }));
  }),
  // A short translation run (both models trained in the worker): curves, the bottleneck
  // by length and the final alignment map.
  translate: (b, server) => onPage(b, server('translate.html?epochs=2&hidden=8&max_len=6'), async (q) => {
    await q.waitFor(startable);
    await q.evaluate(() => document.getElementById('start').click());
    await q.waitFor(() => document.body.dataset.translate === 'finished');
    return q.evaluate(() => ({
      curves: Array.from(document.querySelectorAll('#tr-curve-table td[data-exact]'), (td) => td.dataset.exact),
      buckets: Array.from(document.querySelectorAll('#tr-buckets td'), (td) => td.dataset.exact),
      map: document.getElementById('tr-map').dataset.weights,
    }));
  }),
  // Reading attention: a short race read with care (the adversarial row, the whole-set
  // ablations) and a 2-seed sweep.
  reading: (b, server) => onPage(b, server('reading.html?T=8&epochs=3&seed=5&sweep=2'), async (q) => {
    await q.waitFor(startable);
    await q.evaluate(() => document.getElementById('start').click());
    await q.waitFor(() => document.body.dataset.reading === 'trained');
    await q.evaluate(() => document.getElementById('rd-adv-run').click());
    await q.waitFor(() => document.body.dataset.jsd !== undefined);
    await q.evaluate(() => document.getElementById('rd-sweep-start').click());
    await q.waitFor(() => document.body.dataset.sweep === 'finished');
    return q.evaluate(() => ({
      adversary: [document.body.dataset.jsd, document.body.dataset.advPred, document.body.dataset.advProb],
      ablations: Array.from(document.querySelectorAll('#rd-ablate td[data-accuracy]'), (td) => td.dataset.accuracy),
      sweep: Array.from(document.querySelectorAll('#rd-sweep td[data-seed]'), (td) => td.dataset.value),
    }));
  }),
  // The comments page: a short training on the planted data, its audit by group, the
  // first comment's attention row and its counterfactual table.
  comments: (b, server) => onPage(b, server('comments.html?epochs=3'), async (q) => {
    await q.waitFor(startable);
    await q.evaluate(() => document.getElementById('start').click());
    await q.waitFor(() => document.body.dataset.comments === 'trained');
    return q.evaluate(() => ({
      audit: Array.from(document.querySelectorAll('#cm-audit td[data-fpr]'), (td) => td.dataset.fpr),
      row: Array.from(document.querySelectorAll('#cm-row-bars rect.bar'), (r) => r.dataset.value),
      swaps: Array.from(document.querySelectorAll('#cm-swap td[data-p1]'), (td) => td.dataset.p1),
    }));
  }),
  // The image page: a short training of both models, the per-epoch curves, the first test
  // image's attention over its patches and its shuffle's, and the shuffle count.
  vision: (b, server) => onPage(b, server('vision.html?epochs=3&images=1000'), async (q) => {
    await q.waitFor(startable);
    await q.evaluate(() => document.getElementById('start').click());
    await q.waitFor(() => document.body.dataset.vision === 'trained');
    return q.evaluate(() => ({
      curves: Array.from(document.querySelectorAll('#vi-curve-table td[data-value]'), (td) => td.dataset.value),
      map: document.getElementById('vi-map').dataset.weights,
      shuffled: document.getElementById('vi-shuffled-map').dataset.weights,
      p1: [document.body.dataset.p1, document.body.dataset.shuffledP1],
      count: Array.from(document.querySelectorAll('#vi-count td'), (td) => td.textContent),
    }));
  }),
  // The exercises page: the exercise drawn from a name (its seed and its givens, from the
  // worker) and the verdict on a wrong answer to its first part.
  exercises: (b, server) => onPage(b, server('exercises.html'), async (q) => {
    await q.waitFor(() => document.body.dataset.ready === 'true' && !document.getElementById('ex-student').disabled);
    await q.evaluate(() => {
      const name = document.getElementById('ex-student');
      name.value = 'Ada Lovelace';
      name.dispatchEvent(new Event('input'));
    });
    await q.waitFor(() => document.body.dataset.exercise === 'shown');
    await q.evaluate(() => {
      const input = document.querySelector('.exercise-part input');
      input.value = '1 2 3';
      input.dispatchEvent(new Event('input'));
      input.form.requestSubmit();
    });
    await q.waitFor(() => ['right', 'wrong', 'unreadable'].includes(document.querySelector('.exercise-part').dataset.verdict));
    return q.evaluate(() => ({
      seed: document.body.dataset.seed,
      givens: Array.from(document.querySelectorAll('#ex-givens [data-name]'), (g) => [g.dataset.name,
        ...Array.from(g.querySelectorAll('td'), (td) => td.textContent)]),
      parts: Array.from(document.querySelectorAll('.exercise-part'), (w) => w.dataset.part),
      verdict: document.querySelector('.exercise-part').dataset.verdict,
    }));
  }),
};

// The page's numbers in this engine, equal to Chromium's.
const same = (name, check = () => {}) => async (b, ctx) => {
  const got = await READ[name](b, (path) => ctx.url(ctx.isolated, path));
  assert.deepEqual(got, await ctx.chromium(name, READ[name]), `${ctx.engine}: the ${name} page`);
  check(got, ctx.engine);
};

export const CASES = {
  // Worked example 1's numbers, the build chosen by what the browser can do (and a reason
  // that matches it), and the same page opened from disk: single-threaded, same numbers.
  'attention-table': async (b, ctx) => {
    const EXPECTED = {
      firefox: /^Running the threaded WebAssembly build \(SIMD \+ threads\), SIMD on: this page is cross-origin isolated, so threads are available\.$/,
      webkit: /^Running the single-thread WebAssembly build, SIMD on: this page is cross-origin isolated, but this browser does not give WebAssembly threads the shared memory they need\.$/,
    };
    await onPage(b, ctx.url(ctx.isolated, 'attention-table.html'), async (p) => {
      await p.waitFor(() => document.querySelectorAll('#result-rows tr').length === 5);
      assert.deepEqual(await p.evaluate(() => Array.from(document.querySelectorAll('#result-rows tr:first-child td'), (td) => td.textContent)), ['1.73', '0.335']);
      assert.match(await p.evaluate(() => document.querySelector('#build-status details p').textContent), EXPECTED[ctx.engine]);
    });
    await onPage(b, `file://${resolve(DIST)}/attention-table.html`, async (p) => {
      await p.waitFor(() => document.querySelectorAll('#result-rows tr').length === 5);
      assert.equal(await p.evaluate(() => document.body.dataset.build), 'attention_lab_single');
    });
  },
  // The calculator's math lens.
  calculator: (b, ctx) => onPage(b, ctx.url(ctx.isolated, 'calculator.html'), async (p) => {
    await p.waitFor(() => document.body.dataset.stale === 'false');
    assert.deepEqual(await p.evaluate(() => Array.from(document.querySelectorAll('#calc-result-rows tr'), (tr) => tr.cells[2].textContent)), ['0.035', '0.259', '0.705']);
  }),
  scaling: same('scaling'),
  order: same('order', (got) => assert.equal(got.same, 'true')),
  // A short cost run: both builds' points (WebKit has the single-thread build only).
  cost: (b, ctx) => onPage(b, ctx.url(ctx.isolated, 'cost.html?d=16&from=16&to=32&seconds=0.02'), async (q) => {
    await q.waitFor(() => document.body.dataset.ready === 'true' && !document.getElementById('measure').disabled);
    await q.evaluate(() => document.getElementById('measure').click());
    await q.waitFor(() => document.body.dataset.cost === 'finished');
    const points = await q.evaluate(() => document.querySelectorAll('#cost-table td[data-seconds]').length);
    assert.equal(points, ctx.engine === 'firefox' ? 8 : 4, `${ctx.engine}: the cost explorer's points`);
  }),
  translate: same('translate', (got) => assert.equal(got.curves.length, 4)),
  // A short race, with and without cross-origin isolation: Chromium's numbers exactly.
  race: async (b, ctx) => {
    const reference = await ctx.chromium('race', (c, server) => onPage(c, server(RACE), raceNumbers));
    for (const server of [ctx.isolated, ctx.plain]) {
      const got = await onPage(b, ctx.url(server, RACE), raceNumbers);
      assert.equal(got.state, 'finished');
      assert.deepEqual({ ...got, build: undefined }, { ...reference, build: undefined }, `${ctx.engine} ${got.build}`);
    }
  },
  reading: same('reading', (got) => {
    assert.equal(got.sweep.length, 2 * 2);
    assert.equal(got.ablations.length, 4);
  }),
  comments: same('comments', (got) => {
    assert.equal(got.audit.length, 8);
    assert.equal(got.swaps.length, 8);
  }),
  vision: same('vision', (got) => {
    assert.equal(got.curves.length, 2 * 3);
    assert.equal(JSON.parse(got.map).length, 9);
  }),
  exercises: same('exercises', (got) => {
    assert.ok(got.givens.length > 0 && got.parts.length > 0, 'an exercise with givens and parts');
    assert.equal(got.verdict, 'wrong');
  }),
  // The code page: the starter code run in the sandbox (a sandboxed frame's worker).
  code: (b, ctx) => onPage(b, ctx.url(ctx.isolated, 'code.html'), async (p) => {
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
  }),
  // The lesson's maths.
  lesson: (b, ctx) => onPage(b, ctx.url(ctx.isolated, 'lesson.html'), async (p) => {
    await p.waitFor(() => document.body.dataset.ready === 'true');
    assert.ok(await p.evaluate(() => document.querySelectorAll('.katex').length) > 10);
  }),
  // A quick check, and the hand-in, as the download would hold it, read back by the gradebook.
  checks: async (b, ctx) => {
    const handin = await onPage(b, ctx.url(ctx.isolated, 'checks.html'), async (p) => {
      await p.waitFor(() => document.body.dataset.ready === 'true');
      const verdict = await p.evaluate(() => {
        document.getElementById('q1-b').click();
        document.querySelector('.quick-check[data-check="q1"] .check-submit').click();
        return document.querySelector('.quick-check[data-check="q1"] .verdict').textContent;
      });
      assert.match(verdict, /^Correct\./);
      return p.evaluate(() => new Promise((done) => {
        const name = document.getElementById('student-name');
        name.value = `Tester ${navigator.userAgent.length}`;
        name.dispatchEvent(new Event('input'));
        const make = URL.createObjectURL;
        URL.createObjectURL = (blob) => { blob.text().then(done); return make.call(URL, blob); };
        document.getElementById('export').click();
      }));
    });
    assert.match(handin, /^The attention lab: homework hand-in\nStudent: Tester/);
    await onPage(b, ctx.url(ctx.isolated, 'instructor.html'), async (p) => {
      await p.waitFor(() => document.body.dataset.ready === 'true');
      await p.evaluate((text) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], 'handin.txt', { type: 'text/plain' }));
        document.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, handin);
      await p.waitFor(() => document.body.dataset.rows === '1');
      // q1 right; the maximum is every choice check (1 each) and every weighed exercise.
      assert.match(await p.evaluate(() => document.querySelector('#gradebook tbody tr').cells[2].textContent), new RegExp(`^1 of ${MAX_POINTS}$`));
    });
  },
};
