// The cost explorer in headless Chromium: measured in the page, self-attention's
// time grows like T^2 and the GRU's like T (fitted slopes), each point timed on one
// thread and on two in the threaded build, Stop ends a run at once (mid-point too), a point too
// slow for the rate measured so far is refused before it runs, the single-thread
// build says why it cannot show the speed-up, bad settings, the keyboard.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage, mainThreadWork, legendsPastEdge } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

async function open(path, { plain = false } = {}) {
  const opened = await openPage(lab.browser, plain ? lab.plainUrl(path) : lab.isolatedUrl(path));
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await opened.page.waitForFunction(() => !document.getElementById('measure').disabled);
  return opened;
}

const seconds = (page) => page.$$eval('#cost-table tbody tr', (trs) => trs.map((tr) => ({
  T: Number(tr.dataset.T), cells: Array.from(tr.cells, (td) => td.dataset.seconds ? Number(td.dataset.seconds) : td.textContent) })));

test('measured: attention\'s slope is about 2, the GRU\'s about 1, on one thread and on two', async (t) => {
  const { page, problems, close } = await open('cost.html?d=16&from=64&to=4096&seconds=0.1');
  assert.equal(await page.evaluate(() => document.body.dataset.build), 'attention_lab_mt');
  assert.match(await page.textContent('#threads-note'), /timed on one thread and on two/);
  // Only the page's own work counts: not Playwright injecting its script on its first pointer action.
  await page.hover('#measure');
  await mainThreadWork(page);
  await page.click('#measure');
  await page.waitForFunction(() => document.activeElement.id === 'stop');  // focus follows the enabled control
  await page.waitForFunction(() => document.body.dataset.cost === 'finished', null, { timeout: 180000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'measure');
  const slopes = await page.evaluate(() => ({ attention: Number(document.body.dataset.slopeAttention), gru: Number(document.body.dataset.slopeGru) }));
  // The GRU's time per step grows once its stored states (T x B x H) leave the cache
  // (measured: 1024 -> 2048 costs 2.8x, not 2x), and this shared machine's speed drifts
  // between points: its fitted slope was 1.07 to 1.31 in repeated runs. What the claim
  // needs is T^2 against T: attention near 2, the GRU near 1, and clearly apart.
  t.diagnostic(`fitted slopes: attention ${slopes.attention}, GRU ${slopes.gru}`);
  assert.ok(slopes.attention >= 1.6 && slopes.attention <= 2.4, `attention slope ${slopes.attention}`);
  assert.ok(slopes.gru >= 0.7 && slopes.gru <= 1.5, `GRU slope ${slopes.gru}`);
  assert.ok(slopes.attention - slopes.gru >= 0.4, `slopes ${slopes.attention} and ${slopes.gru} too close`);
  const rows = await seconds(page);
  assert.deepEqual(rows.map((r) => r.T), [64, 128, 256, 512, 1024, 2048, 4096]);
  for (const r of rows) for (const c of r.cells.slice(1, 5)) assert.equal(typeof c, 'number', `T = ${r.T}: ${c}`);
  // The speed-up a second thread gives depends on a second core being free, so it is
  // reported (and measured by tests/bench/cost-page.bench.mjs), not asserted here.
  assert.match(await page.textContent('#speedup'), /self-attention \d\.\d+×, GRU \d\.\d+× \(T = 4096\)/);
  assert.match(await page.textContent('#cost-table tbody tr:last-child'), /64 MiB/);  // 4096^2 floats
  assert.match(await page.textContent('#cost-status'), /Measured 28 of 28 points/);
  assert.equal(await page.$$eval('#cost-chart .fit', (x) => x.length), 2);
  assert.deepEqual(await legendsPastEdge(page), []);
  // The time axis can be read: at least three ticks, in milliseconds.
  const yTicks = await page.$$eval('#cost-chart text.tick[text-anchor="end"]', (ts) => ts.map((t) => t.textContent));
  assert.ok(yTicks.length >= 3 && yTicks.every((t) => /^[\d.]+ ms$/.test(t)), `time ticks ${yTicks.join(', ')}`);
  assert.equal(await page.$$eval('svg [points*="NaN"], svg [x1*="NaN"], svg [cx*="NaN"]', (x) => x.length), 0);
  // The timing is the worker's; the page's thread ran no WebAssembly, and drew the
  // 7-row table and the chart once per point (measured: about 225 nodes a point; the
  // 50 ms goal is the benchmark's, tests/bench/cost-page.bench.mjs).
  const work = await mainThreadWork(page);
  t.diagnostic(`28 points: ${work.added} nodes added, longest task ${work.longest} ms`);
  assert.deepEqual(work.wasm, []);
  assert.ok(work.added <= 28 * 400, `${work.added} nodes added for 28 points`);
  assert.deepEqual(problems.console, []);
  assert.deepEqual(problems.foreign, []);
  await close();
});

test('Stop ends a run at once, in the middle of a point of several seconds', async () => {
  // One point: self-attention at T = 4,096 and d = 256, about 19 GFLOP a forward, timed
  // after a warm-up forward: many seconds on any machine. Stop does not wait for it.
  const { page, problems, close } = await open('cost.html?d=256&from=4096&to=4096&seconds=2');
  await page.click('#measure');
  await page.waitForFunction(() => /Point 1 of/.test(document.getElementById('cost-status').textContent));
  await page.waitForTimeout(300);
  await page.click('#stop');
  await page.waitForFunction(() => /^Stopped/.test(document.getElementById('cost-status').textContent), null, { timeout: 3000 });
  assert.match(await page.textContent('#cost-status'), /^Stopped after 0 of \d+ points/);
  assert.equal(await page.locator('#cost-table td[data-seconds]').count(), 0);
  assert.equal(await page.evaluate(() => document.body.dataset.cost), 'idle');
  // The engine, restarted, measures again.
  await page.fill('#set-d', '16');
  await page.fill('#set-from', '16');
  await page.fill('#set-to', '32');
  await page.click('#measure');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished' && /Measured/.test(document.getElementById('cost-status').textContent), null, { timeout: 60000 });
  assert.equal((await seconds(page)).length, 2);
  assert.equal(await page.textContent('#measure-error'), '');
  assert.deepEqual(problems.console, []);
  await close();
});

test('Stop ends a run between points, and the page measures again afterwards', async () => {
  const { page, close } = await open('cost.html?d=128&from=16&to=4096&seconds=0.3');
  await page.click('#measure');
  await page.waitForFunction(() => document.querySelectorAll('#cost-table td[data-seconds]').length >= 1);
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished', null, { timeout: 30000 });
  const status = await page.textContent('#cost-status');
  const [, done, total] = /Stopped after (\d+) of (\d+) points/.exec(status) || [];
  assert.ok(Number(done) < Number(total), status);
  assert.equal(await page.isDisabled('#measure'), false);
  await page.fill('#set-to', '32');
  await page.click('#measure');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished' && /Measured/.test(document.getElementById('cost-status').textContent));
  assert.equal((await seconds(page)).length, 2);
  await close();
});

test('a point too slow for the rate measured so far is refused before it runs, with the reason', async () => {
  // The page's limit lowered to a microsecond: after each layer's first point, every
  // estimate is over it.
  const context = await lab.browser.newContext({ serviceWorkers: 'block' });
  await context.route('**/cost.html*', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('"maxPointSeconds":4', '"maxPointSeconds":0.000001');
    await route.fulfill({ response, body });
  });
  const page = await context.newPage();
  await page.goto(lab.isolatedUrl('cost.html?d=16&from=16&to=64&seconds=0.02'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('measure').disabled);
  await page.click('#measure');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished');
  const rows = await seconds(page);
  assert.equal(typeof rows[0].cells[1], 'number');  // the first point of each kind runs
  assert.match(rows[1].cells[1], /not run: about .* s a forward at the .* GFLOP\/s measured so far \(limit 0\.000001 s\)/);
  assert.match(await page.textContent('#cost-status'), /not run \(see the table\)/);
  await context.close();
});

test('the single-thread build times one thread and says why it cannot show the speed-up', async () => {
  const { page, problems, close } = await open('cost.html?d=16&from=16&to=32&seconds=0.02', { plain: true });
  assert.equal(await page.evaluate(() => document.body.dataset.build), 'attention_lab_st');
  assert.match(await page.textContent('#threads-note'), /^Runs here in your browser, on one thread\. So this page times one thread only and cannot show what a second thread adds/);
  await page.click('#measure');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished');
  const rows = await seconds(page);
  assert.equal(rows[0].cells[2], 'one thread only');
  assert.equal(typeof rows[0].cells[1], 'number');
  assert.match(await page.textContent('#speedup'), /not measured: this build has one thread/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('bad settings are named next to their field and nothing starts', async () => {
  const { page, close } = await open('cost.html');
  const cases = [
    ['#set-d', '8', /Width d: 8 is out of range; use a whole number from 16 to 256/],
    ['#set-to', '8192', /Longest sequence T: 8192 is out of range/],
    ['#set-seconds', 'soon', /"soon" is not a number/],
  ];
  for (const [field, text, message] of cases) {
    await page.click('#defaults');
    await page.fill(field, text);
    assert.match(await page.textContent(`${field}-error`), message);
    await page.click('#measure');
    assert.match(await page.textContent('#measure-error'), /Fix the marked settings first/);
    assert.equal(await page.evaluate(() => document.body.dataset.cost), 'idle');
  }
  await page.click('#defaults');
  await page.fill('#set-from', '1024');
  await page.fill('#set-to', '512');
  assert.match(await page.textContent('#set-to-error'), /512 is shorter than the shortest, 1024/);
  await close();
  const bad = await open('cost.html?d=1000&colour=red');
  assert.match(await bad.page.textContent('#url-notice'), /Width d: 1000 is out of range.*colour \(not a setting\)/);
  await bad.close();
});

test('the keyboard alone: settings, Measure, Stop', async () => {
  const { page, close } = await open('cost.html?d=16&from=16&to=32&seconds=0.02');
  // From the top of the page, Tab reaches Measure before any setting (the run bar leads).
  const order = [];
  for (let i = 0; i < 60 && !order.includes('measure'); ++i) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => document.activeElement.id));
  }
  assert.ok(order.includes('measure'), order.join(' '));
  assert.ok(!order.some((id) => id.startsWith('set-')), order.join(' '));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'measure');
  await close();
});

test('a noisy measurement is said so in words, with a button that measures again', async () => {
  // A busy moment, made on purpose: the worker's reply for the GRU at T = 32 on one
  // thread reports a tenth of its time (as if the point before it had been slowed).
  const context = await lab.browser.newContext({ serviceWorkers: 'block' });
  await context.route('**/js/lab-worker.js', async (route) => {
    const response = await route.fetch();
    const busy = `const labPost = self.postMessage.bind(self);
self.postMessage = (m, t) => {
  const p = m && m.type === 'result' && m.payload;
  if (p && p.layer === 'gru' && p.T === 32 && p.threads === 1 && !self.labNoiseShown) { self.labNoiseShown = true; p.seconds /= 10; }
  labPost(m, t);
};
`;
    await route.fulfill({ response, body: busy + (await response.text()) });
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(String(err)));
  await page.goto(lab.isolatedUrl('cost.html?d=16&from=16&to=64&seconds=0.02'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('measure').disabled);
  await page.click('#measure');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished');
  assert.equal(await page.isVisible('#cost-noise'), true);
  assert.match(await page.textContent('#cost-noise-list'), /At T = 64, the GRU \(1 thread\) took less time than at T = 32|At T = 32, the GRU \(1 thread\) took less time than at T = 16/);
  // Measured again (the worker now honest): the note goes once the points are in line.
  await page.click('#measure-again');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished' && document.body.dataset.noisy !== undefined);
  const noisy = Number(await page.evaluate(() => document.body.dataset.noisy));
  assert.equal(await page.isVisible('#cost-noise'), noisy > 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the estimate stands beside Measure before it is pressed, follows the settings, and is within 2x of the real time', async () => {
  const { page, problems, close } = await open('cost.html?d=32&from=16&to=256&seconds=0.05');
  await page.waitForFunction(() => /^About \d+ s on this computer\.$/.test(document.getElementById('cost-estimate').textContent));
  // Beside the button, on the first screen, with nothing pressed yet.
  const [button, estimate] = await page.$$eval('#measure, #cost-estimate', (els) => els.map((e) => e.getBoundingClientRect().toJSON()));
  assert.ok(estimate.width > 0 && estimate.bottom <= 800 && Math.abs(estimate.top - button.top) < button.height, JSON.stringify({ button, estimate }));
  // A heavier run says so before it starts: ten times the measuring time per point.
  await page.fill('#set-seconds', '0.5');
  await page.waitForFunction(() => /^About (\d\d+ s|\d+ minutes) on this computer\.$/.test(document.getElementById('cost-estimate').textContent));
  await page.fill('#set-seconds', '0.05');
  await page.waitForFunction(() => /^About [1-5] s on this computer\.$/.test(document.getElementById('cost-estimate').textContent));
  await page.click('#measure');
  await page.waitForFunction(() => document.body.dataset.cost === 'finished', null, { timeout: 120000 });
  const [expected, wall] = await page.evaluate(() => [Number(document.body.dataset.estimateSeconds), Number(document.body.dataset.wallSeconds)]);
  assert.ok(expected > 0 && wall > 0, `${expected} / ${wall}`);
  assert.ok(expected / wall <= 2 && wall / expected <= 2, `estimate ${expected} s, real ${wall} s`);
  assert.deepEqual(problems.console, []);
  await close();
});
