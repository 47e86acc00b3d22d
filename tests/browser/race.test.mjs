// The training race page in headless Chromium: short races with and without
// cross-origin isolation, stop/start, bad settings, links, memory over many races.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test, answerInPage, startLab, openPage, mainThreadWork, legendsPastEdge, openMoreSettings } from './support.mjs';
import { checkStory, pagePercent, watchStory } from './story-probe.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const ENDED = ['finished', 'stopped', 'error'];

async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
}

async function runRace(page) {
  await page.click('#start');
  await page.waitForFunction((ended) => ended.includes(document.body.dataset.race), ENDED, { timeout: 120000 });
  assert.equal(await page.evaluate(() => document.body.dataset.race), 'finished', await page.textContent('#start-error'));
  await page.waitForFunction(() => document.getElementById('heatmap-step').dataset.weights);
  return readResults(page);
}

// The validation curves as the page streamed them, from the table of epochs (run in the
// page: {gru, attention: [accuracy of epoch 1, 2, …]}), and the module's story as the
// lab states it (web/js/ui/story.js): attention >= 0.98 while the GRU is <= 0.65.
const raceCurve = () => {
  const curve = { gru: [], attention: [] };
  document.querySelectorAll('#curve-table tbody tr').forEach((tr, i) => {
    const value = (c) => (tr.cells[c].dataset.value === undefined ? null : Number(tr.cells[c].dataset.value));
    curve.gru[i] = value(2);
    curve.attention[i] = value(4);
  });
  return curve;
};
const raceStory = (v) => v.attention >= 0.98 && v.gru <= 0.65;

async function readResults(page) {
  return page.evaluate(() => ({
    test: Array.from(document.querySelectorAll('#results tbody tr'), (tr) => [tr.dataset.model, Number(tr.dataset.testAcc)]),
    curves: Array.from(document.querySelectorAll('#curve-table tbody tr'), (tr) => Array.from(tr.cells, (c) => c.textContent)),
  }));
}

for (const mode of ['isolated', 'plain']) {
  test(`${mode}: a 3-epoch race runs to the end and fills every view`, async () => {
    const url = (mode === 'isolated' ? lab.isolatedUrl : lab.plainUrl)('race.html?epochs=3');
    const { page, problems, close } = await openPage(lab.browser, url);
    await ready(page);
    assert.equal(await page.evaluate(() => document.body.dataset.build), mode === 'isolated' ? 'attention_lab_mt' : 'attention_lab_st');
    // Before the run, the empty chart's axis already runs over the run's 3 epochs.
    assert.equal(await page.$$eval('#curves text.tick:not(.waiting)', (ts) => ts.filter((t) => t.getAttribute('text-anchor') === 'middle').map((t) => t.textContent).pop()), '3');
    await watchStory(page, raceCurve);
    const results = await runRace(page);
    // The story sentence, if these 3 epochs reach it, came with the epoch that did.
    await checkStory(page, raceCurve, raceStory);
    // The engine warmed up at load (race_warm_up: a little training of both models),
    // queued ahead of the race the click started.
    await page.waitForFunction(() => document.body.dataset.warmUpSeconds);
    assert.ok(Number(await page.evaluate(() => document.body.dataset.warmUpSeconds)) > 0);

    // One chart point per epoch per model and curve.
    const counts = await page.$$eval('#curves .series', (els) => Object.fromEntries(els.map((e) => [e.dataset.key, Number(e.dataset.count)])));
    assert.deepEqual(counts, { 'gru-train': 3, 'gru-val': 3, 'attention-train': 3, 'attention-val': 3 });
    assert.equal(await page.$$eval('#curves .chance-line', (els) => els.length), 1);
    assert.equal(results.curves.length, 3);

    // Results table and confusion matrices: 600 test sequences each.
    assert.deepEqual(results.test.map(([m]) => m), ['gru', 'attention']);
    for (const [, acc] of results.test) assert.ok(acc >= 0 && acc <= 1);
    for (const m of ['gru', 'attention']) {
      const cells = await page.$$eval(`#confusion-${m} td`, (tds) => tds.map((td) => Number(td.dataset.count)));
      assert.equal(cells.length, 4);
      assert.equal(cells.reduce((a, b) => a + b, 0), 600);
      const acc = results.test.find(([k]) => k === m)[1];
      assert.ok(Math.abs((cells[0] + cells[3]) / 600 - acc) < 1e-9, 'confusion diagonal matches accuracy');
    }

    // Heatmaps: a T x T grid whose rows sum to 1, for a positive and a negative example.
    for (const slot of ['positive', 'negative']) {
      const weights = JSON.parse(await page.getAttribute(`#heatmap-${slot}`, 'data-weights'));
      assert.equal(Number(await page.getAttribute(`#heatmap-${slot}`, 'data-t')), 30);
      assert.equal(weights.length, 30 * 30);
      const rows = new Array(30).fill(0);
      weights.forEach((a, k) => { rows[Math.floor(k / 30)] += a; });
      for (const r of rows) assert.ok(Math.abs(r - 1) < 1e-5, `row sums to ${r}`);
      assert.match(await page.textContent(`#caption-${slot}`), slot === 'positive' ? /positive \(first = last\)/ : /negative \(first ≠ last\)/);
    }
    // Three maps of three examples, each titled with its example's number; the columns'
    // title says where the tokens are drawn (under the positions' numbers).
    await page.waitForFunction(() => [...document.querySelectorAll('canvas.heatmap')].every((c) => c.dataset.index));
    const maps = await page.$$eval('canvas.heatmap', (cs) => cs.map((c) => ({
      index: c.dataset.index, weights: c.dataset.weights, labels: JSON.parse(c.dataset.columnLabels),
      title: document.getElementById(c.id.replace('heatmap-', 'title-')).textContent })));
    assert.equal(maps.length, 3);
    assert.equal(new Set(maps.map((m) => m.index)).size, 3, `the maps show examples ${maps.map((m) => m.index)}`);
    assert.equal(new Set(maps.map((m) => m.weights)).size, 3, 'two maps draw the same weights');
    for (const m of maps) {
      assert.match(m.title, new RegExp(`^Test example ${Number(m.index) + 1} \\(`));
      assert.ok(m.labels.tokenY > m.labels.numberY, 'tokens drawn under the numbers');
      assert.match(m.labels.title, /token under it/);
    }
    // Times on one clock: the race's total, and each model's last epoch within it, as
    // shown and as computed.
    const times = await page.evaluate(() => ({
      total: Number(/it took (\d+\.\d+)\s+s/.exec(document.getElementById('run-facts').textContent)[1]),
      wall: Number(document.body.dataset.wallSeconds),
      parts: Array.from(document.querySelectorAll('#results tbody tr'), (tr) => [Number(/^(\d+\.\d+)\s+s/.exec(tr.cells[2].textContent)[1]), Number(tr.cells[2].dataset.seconds)]),
      progress: ['gru', 'attention'].map((m) => Number(/at (\d+\.\d+)\s+s$/.exec(document.getElementById(`progress-${m}`).textContent)[1])),
    }));
    assert.equal(times.parts.length, 2);
    for (const [shown, exact] of times.parts) {
      assert.ok(shown <= times.total && exact <= times.wall && exact > 0, `a part of ${shown} s (${exact}) in a race of ${times.total} s (${times.wall})`);
    }
    for (const p of times.progress) assert.ok(p <= times.total, `progress at ${p} s after a race of ${times.total} s`);
    // Stepping through test examples.
    const before = await page.getAttribute('#heatmap-step', 'data-index');
    await page.click('#next-example');
    await page.waitForFunction((b) => document.getElementById('heatmap-step').dataset.index !== b, before);
    assert.equal(await page.getAttribute('#heatmap-step', 'data-index'), String(Number(before) + 1));
    // The heatmap's text alternative: its numbers in a table, T rows of T weights.
    await page.click('#step-table-details summary');
    // The table is drawn on the details' toggle event, which the browser queues.
    await page.waitForFunction(() => document.querySelectorAll('#step-table tbody tr').length > 0);
    // A page of rows at a time (about 600 numbers): 20 of the 30 rows, opened on the
    // row the classifier reads (the last, marked), then the first 10.
    const rowsOf = () => page.$$eval('#step-table tbody tr', (trs) => trs.map((tr) => Array.from(tr.cells, (c) => c.textContent)));
    const table = await rowsOf();
    assert.equal(table.length, 20);
    assert.equal(await page.textContent('#step-rows-status'), 'Rows 10 to 29 of 30.');
    assert.deepEqual(await page.$$eval('#step-table tr.read-row th', (ths) => ths.map((th) => th.textContent)), [`29 (${table[19][0].split(' ')[1].slice(1, -1)}) read out`]);
    assert.equal(await page.getAttribute('#heatmap-step', 'data-read-row'), '29');
    await page.click('#step-rows-prev');
    const rest = (await rowsOf()).filter((row) => !table.some((r) => r[0] === row[0]));
    assert.equal(table.length + rest.length, 30);
    assert.ok([...table, ...rest].every((row) => row.length === 31 && Math.abs(row.slice(1).reduce((s, x) => s + Number(x), 0) - 1) < 0.2));
    // One position, every view: pointing at a token picks out its column in the table and
    // its row and column on the map; the keyboard moves a cell cursor on the map.
    await page.hover('#step-tokens span[data-position="3"]');
    assert.equal(await page.getAttribute('#heatmap-step', 'data-position'), '3');
    assert.deepEqual(await page.$$eval('#step-tokens .linked', (els) => els.map((e) => e.dataset.position)), ['3']);
    const linkedCells = await page.$$eval('#step-table .linked', (els) => els.map((e) => e.dataset.position));
    assert.ok(linkedCells.length >= 20 && linkedCells.every((p) => p === '3'), linkedCells.join());
    await page.hover('#step-table tbody tr:first-child td:nth-child(6)');  // column 4
    assert.equal(await page.getAttribute('#heatmap-step', 'data-position'), '4');
    assert.deepEqual(await page.$$eval('#step-tokens .linked', (els) => els.map((e) => e.dataset.position)), ['4']);
    // The keyboard alone: the pointer out of the way (a scroll under a resting pointer
    // makes the browser send it "over" whatever is now beneath it).
    await page.mouse.move(0, 0);
    await page.focus('#heatmap-step');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#heatmap-step', 'data-position'), '1');
    assert.match(await page.textContent('#heatmap-step-readout'), /^Row 29 \(token \d+\) gives position 1 \(token \d+\) weight \d+(\.\d+)?(\s×\s10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?\.$/);
    assert.deepEqual(await page.$$eval('#step-tokens .linked', (els) => els.map((e) => e.dataset.position)), ['1']);
    await page.keyboard.press('Escape');
    assert.equal(await page.getAttribute('#heatmap-step', 'data-position'), '');
    assert.match(await page.textContent('#run-facts'), /Seed 3151/);
    assert.deepEqual(await legendsPastEdge(page), []);
    assert.deepEqual(problems.console, []);
    assert.deepEqual(problems.foreign, []);
    await close();
  });
}

test('the same settings give the same numbers with threads and without, and from a link or typed in', async () => {
  const query = 'race.html?T=12&epochs=2&seed=7&hidden=8';
  const a = await openPage(lab.browser, lab.isolatedUrl(query));
  await ready(a.page);
  const fromLinkThreaded = await runRace(a.page);
  await a.close();

  const b = await openPage(lab.browser, lab.plainUrl('race.html'));
  await ready(b.page);
  await b.page.fill('#set-T', '12');
  await b.page.fill('#set-epochs', '2');
  await b.page.fill('#set-seed', '7');
  await openMoreSettings(b.page);  // the GRU's width is one of the folded settings
  await b.page.fill('#set-hidden', '8');
  const typedSingle = await runRace(b.page);
  assert.deepEqual(typedSingle, fromLinkThreaded);
  // Typing updated the page's own link and address.
  assert.equal(new URL(b.page.url()).search, '?T=12&epochs=2&seed=7&hidden=8');
  assert.deepEqual(b.problems.console, []);
  await b.close();
});

test('stop mid-race, then start again', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?epochs=40'));
  await ready(page);
  await page.click('#start');
  await page.waitForFunction(() => document.querySelectorAll('#curve-table tbody tr').length >= 1);
  // Stop is a message to the worker, which the engine checks before every minibatch
  // (tests/unit/test_train_trainer.cpp measures that in epochs); here: the race ends
  // early, and what it reports is the models as they were when it stopped.
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.race === 'stopped');
  const done = await page.$$eval('#results tbody tr', (trs) => trs.map((tr) => Number(/\((\d+) epochs\)/.exec(tr.cells[2].textContent)[1])));
  const rows = await page.$$eval('#curve-table tbody tr', (r) => r.length);
  assert.equal(rows, Math.max(...done), 'the curves end where the results say the race stopped');
  for (const n of done) assert.ok(n < 40);
  assert.match(await page.textContent('#run-facts'), /Stopped early/);
  assert.ok((await page.$$eval('#curve-table tbody tr', (r) => r.length)) < 40);
  assert.equal(await page.isEnabled('#start'), true);
  assert.equal(await page.isEnabled('#stop'), false);

  await page.fill('#set-epochs', '2');
  const again = await runRace(page);
  assert.equal(again.curves.length, 2);
  assert.deepEqual(problems.console, []);
  await close();
});

test('bad settings show their message and do not start a race', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('race.html'));
  await ready(page);
  const cases = [
    ['T', '1', /Sequence length T: 1 is out of range; use a whole number from 2 to 100/],
    ['T', '100000', /out of range/],
    ['epochs', '0', /Epochs: 0 is out of range/],
    ['lr', '-1', /Learning rate: -1 is out of range; use a number from 0.000001 to 1/],
    ['lr', 'NaN', /not a number/],
    ['lr', '1e999', /too large/],
    ['batch', '5000', /Batch size: 5000 is out of range; use a whole number from 1 to 512/],
    ['seed', '3.5', /Seed: 3.5 is not a whole number/],
    ['seed', '', /Seed: empty/],
  ];
  await openMoreSettings(page);  // the learning rate and the batch size are folded away
  for (const [key, value, message] of cases) {
    await page.fill(`#set-${key}`, value);
    await page.click('#start');
    assert.match(await page.textContent(`#set-${key}-error`), message);
    assert.equal(await page.getAttribute(`#set-${key}`, 'aria-invalid'), 'true');
    assert.match(await page.textContent('#start-error'), /did not start/);
    assert.equal(await page.evaluate(() => document.body.dataset.race), undefined, `no race for ${key}=${value}`);
    await page.click('#defaults');
  }
  assert.deepEqual(problems.console, []);
  await close();
});

test('a bad link falls back to the defaults and says what it ignored', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('race.html?T=1&epochs=5&lr=abc&colour=red&seed=<b>x</b>'));
  await ready(page);
  const notice = await page.textContent('#url-notice');
  assert.match(notice, /Sequence length T: 1 is out of range/);
  assert.match(notice, /Learning rate: "abc" is not a number/);
  assert.match(notice, /colour \(not a setting\)/);
  assert.match(notice, /Seed: "<b>x<\/b>" is not a number/);
  assert.equal(await page.$$eval('#url-notice b', (els) => els.length), 0);
  assert.equal(await page.inputValue('#set-T'), '30');
  assert.equal(await page.inputValue('#set-epochs'), '5');
  assert.equal(await page.inputValue('#set-seed'), '3151');
  assert.deepEqual(problems.console, []);
  await close();
});

test('twenty races in a row do not grow memory', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?T=8&epochs=1&batch=256'));
  await ready(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    await page.waitForFunction(() => document.body.dataset.wasmHeapUsed);
    return {
      js: metrics.find((m) => m.name === 'JSHeapUsedSize').value,
      wasm: Number(await page.evaluate(() => document.body.dataset.wasmHeapUsed)),
    };
  };
  await runRace(page);
  await runRace(page);
  const first = await measure();
  for (let i = 0; i < 18; ++i) await runRace(page);
  const last = await measure();
  console.log(`memory after 2 races: ${JSON.stringify(first)}; after 20: ${JSON.stringify(last)}`);
  assert.ok(last.wasm <= first.wasm * 1.05 + 65536, `WASM heap grew from ${first.wasm} to ${last.wasm}`);
  assert.ok(last.js <= first.js * 1.5 + 2e6, `JS heap grew from ${first.js} to ${last.js}`);
  assert.deepEqual(problems.console, []);
  await close();
});

test("at the module's settings the page tells the module's story: attention >= 0.98, GRU <= 0.65", async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('race.html'));
  await ready(page);
  await watchStory(page, raceCurve);
  const { test: acc } = await runRace(page);
  const byModel = Object.fromEntries(acc);
  console.log(`module settings in the page: GRU ${byModel.gru}, attention ${byModel.attention}`);
  assert.ok(byModel.attention >= 0.98, `attention ${byModel.attention}`);
  assert.ok(byModel.gru <= 0.65, `GRU ${byModel.gru}`);
  // The story was told under the curves as the run showed it, with that epoch's numbers,
  // and stays after the run.
  const told = await checkStory(page, raceCurve, raceStory);
  assert.ok(told, 'the module\'s race tells its story on validation too');
  console.log(`the story at epoch ${told.epoch}: ${told.text}`);
  assert.equal(told.text, `After ${told.epoch} epochs, self-attention is at ${pagePercent(told.values.attention)} on the validation sequences, past the 98\u00a0% mark, while the GRU is still near chance (${pagePercent(told.values.gru)}).`);
  // A new run empties it until its own curves show the story.
  await page.fill('#set-epochs', '1');
  await watchStory(page, raceCurve);
  await runRace(page);
  assert.equal(await checkStory(page, raceCurve, raceStory), null);
  assert.deepEqual(problems.console, []);
  await close();
});

test('without positions self-attention cannot tell the first token from the others: no story is told', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?positions=off&epochs=4'));
  await ready(page);
  await watchStory(page, raceCurve);
  await runRace(page);
  assert.equal(await checkStory(page, raceCurve, raceStory), null);
  assert.equal(await page.isVisible('#story'), false);  // empty, out of sight
  assert.deepEqual(problems.console, []);
  await close();
});

test('a run the browser cannot store is not lost in silence: the page says so and offers the hand-in', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?T=8&epochs=1'));
  await ready(page);
  // Fill this origin's storage to the brim.
  await page.evaluate(() => {
    let n = 0;
    for (const size of [256 * 1024, 16 * 1024, 1024, 64, 1]) {
      const block = 'x'.repeat(size);
      try { for (;;) localStorage.setItem(`filler-${n++}`, block); } catch { /* full at this size: go smaller */ }
    }
  });
  await runRace(page);
  await page.waitForSelector('#save-notice:not([hidden])');
  assert.match(await page.textContent('#save-notice-text'), /refused to save your work.*Download your work now to keep this run/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-download')]);
  assert.match(readFileSync(await download.path(), 'utf8'), /Training race runs: 1\n {2}\S+: T=8 epochs=1 /);
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(problems.console, []);
  await close();
});

test('a worker that dies mid-race is reported in words and replaced: the next race runs without a reload', async () => {
  for (const mode of ['isolated', 'plain']) {
    const { page, close } = await openPage(lab.browser, (mode === 'isolated' ? lab.isolatedUrl : lab.plainUrl)('race.html?epochs=40'));
    await ready(page);
    await page.click('#start');
    await page.waitForFunction(() => document.querySelectorAll('#curve-table tbody tr').length >= 1);
    const worker = page.workers().find((w) => w.url().endsWith('/js/lab-worker.js'));
    await worker.evaluate(() => { setTimeout(() => { throw new Error('boom'); }, 0); });
    await page.waitForFunction(() => document.body.dataset.race === 'error');
    assert.match(await page.textContent('#start-error'), /The race did not run: The lab's engine stopped unexpectedly.*The lab's engine was restarted: try again/);
    assert.equal(await page.isEnabled('#start'), true);
    assert.equal(await page.evaluate(() => document.body.dataset.restarts), '1');
    await page.fill('#set-T', '8');
    await page.fill('#set-epochs', '2');
    const again = await runRace(page);
    assert.equal(again.curves.length, 2, mode);
    await close();
  }
});

test('the largest settings the form allows: refused in words where they do not fit, stoppable where they run', async () => {
  const largest = 'race.html?T=100&hidden=128&dmodel=128&batch=512&epochs=200';
  // The threaded build's heap is fixed: the race is refused before it starts, naming the settings.
  let { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(largest));
  await ready(page);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'error');
  assert.match(await page.textContent('#start-error'), /These settings need about \d+ MB of memory, more than the 216 MB this page's engine has: lower the batch size \(512\), T \(100\) or the GRU hidden size \(128\)/);
  assert.equal(await page.isEnabled('#start'), true);
  assert.deepEqual(problems.console, []);
  await close();
  // The single-thread build can grow its memory: the race runs (the student says yes to
  // its expected time), and Stop ends it.
  ({ page, problems, close } = await openPage(lab.browser, lab.plainUrl(largest)));
  await ready(page);
  await page.click('#start');
  await answerInPage(page, true);
  await page.waitForFunction(() => document.body.dataset.race === 'running');
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.race === 'stopped', null, { timeout: 60000 });
  assert.match(await page.textContent('#run-facts'), /Stopped early/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('a 100 x 100 weights table opens and steps a page of rows at a time', async (t) => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('race.html?T=100&epochs=1'));
  await ready(page);
  await runRace(page);
  await mainThreadWork(page);
  // The stepper starts on the first example neither map above it shows.
  const first = Number(await page.getAttribute('#heatmap-step', 'data-index'));
  await page.click('#step-table-details summary');
  await page.waitForFunction((i) => document.getElementById('step-table').dataset.complete === String(i), first);
  const opened = await mainThreadWork(page);
  await page.click('#next-example');
  await page.waitForFunction((i) => document.getElementById('step-table').dataset.complete === String(i + 1), first);
  const next = await mainThreadWork(page);
  // 6 rows at a time, every column; the next page of rows on request.
  assert.equal(await page.$$eval('#step-table tbody tr', (trs) => trs.length), 6);
  assert.equal(await page.$$eval('#step-table thead th', (ths) => ths.length), 101);
  await page.click('#step-rows-prev');
  assert.equal(await page.textContent('#step-rows-status'), 'Rows 88 to 93 of 100.');
  assert.equal(await page.$eval('#step-table tbody tr th', (th) => th.textContent.split(' ')[0]), '88');
  // Not 100 x 100 cells at once, whatever the machine's speed (its long tasks:
  // tests/bench/race-page.bench.mjs): each draw is a page of 6 rows, about 600 numbers
  // (measured: 2,740 nodes a draw with their text; the whole table would be ~45,000).
  const paged = await mainThreadWork(page);
  for (const [what, work] of [['opened', opened], ['next example', next], ['next rows', paged]]) {
    t.diagnostic(`${what}: ${work.added} nodes added, longest task ${work.longest} ms`);
    assert.deepEqual(work.wasm, []);
    assert.ok(work.added <= 4000, `${what}: ${work.added} nodes added`);
  }
  assert.deepEqual(problems.console, []);
  await close();
});

test('a long race is announced with its expected time and asked for; a short one just starts', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('race.html?T=100&hidden=128&dmodel=128&batch=1&epochs=200'));
  await ready(page);
  // Before Start is pressed, the estimate stands beside it, and follows the settings.
  await page.waitForFunction(() => /^About .+ (hours|minutes) on this computer\.$/.test(document.getElementById('race-estimate').textContent));
  await page.fill('#set-epochs', '1');
  await page.fill('#set-T', '8');
  await page.waitForFunction(() => /^About \d+ s on this computer\.$/.test(document.getElementById('race-estimate').textContent));
  await page.fill('#set-T', '100');
  await page.fill('#set-epochs', '200');
  await page.click('#start');
  const message = await answerInPage(page, false);
  await page.waitForFunction(() => document.body.dataset.race === 'declined');
  assert.match(message, /^This race will take about [\d.]+ (hours|minutes) on this computer\. Start it anyway\?/);
  assert.match(await page.textContent('#start-error'), /Not started: it would take about/);
  assert.equal(await page.isEnabled('#start'), true);
  await close();

  // The module's race with 10 epochs: no question, an estimate shown, and not far off.
  const short = await openPage(lab.browser, lab.isolatedUrl('race.html?epochs=10'));
  await ready(short.page);
  await runRace(short.page);
  assert.equal(await short.page.locator('.confirm').count(), 0);
  assert.match(await short.page.textContent('#race-estimate'), /^Expected to take about \d+ s on this computer\.$/);
  const [expected, wall] = await short.page.evaluate(() => [Number(document.body.dataset.estimateSeconds), Number(document.body.dataset.wallSeconds)]);
  // Within 2x of the real time (engine/race-estimate.js: measured 0.8-1.3x on 2 cores).
  assert.ok(expected > wall / 2 && expected < wall * 2, `expected ${expected} s, took ${wall} s`);
  assert.deepEqual(problems.console, []);
  assert.deepEqual(short.problems.console, []);
  await short.close();
});

test('a link with a thousand unknown parameters: a few named, the rest counted; T = 100, hidden 128, d_model 128, batch 64 refused in the threaded build', async () => {
  const junk = Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&');
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(`race.html?${junk}&T=100&hidden=128&dmodel=128&batch=64`));
  await ready(page);
  const notice = await page.textContent('#url-notice');
  assert.match(notice, /p0 \(not a setting\).*p4 \(not a setting\) and 995 more$/);
  assert.ok(notice.length < 400, `${notice.length} characters`);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'error');
  assert.match(await page.textContent('#start-error'), /These settings need about \d+ MB of memory, more than the 216 MB/);
  assert.deepEqual(problems.console, []);
  await close();
});
