// Reading attention with care, in headless Chromium, both builds: after a short race,
// masking the most attended position changes the classifying row; the adversarial row
// is far from the learned one (JSD) with the same class, its probability within the
// tolerance; the whole-set ablations and behavioural tests fill their tables; a
// 3-seed sweep gives the numbers of the same three races run one by one (on the race
// page); stop mid-sweep; bad input named next to its field.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, answerInPage, startLab, openPage, legendsPastEdge, openMoreSettings } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const SHORT = 'reading.html?T=8&epochs=4&seed=5&sweep=3';

async function open(path, plain = false) {
  const opened = await openPage(lab.browser, plain ? lab.plainUrl(path) : lab.isolatedUrl(path));
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 60000 });
  await openMoreSettings(opened.page);  // the sweep's and the search's settings
  return opened;
}

async function trained(page) {
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.reading === 'trained', null, { timeout: 120000 });
}

const row = (page) => page.$$eval('#rd-row tbody td[data-weight]', (tds) => tds.map((td) => Number(td.dataset.weight)));

// The test accuracies a race page shows for these settings.
async function raceAccuracies(seed, plain, query = 'T=8&epochs=4') {
  const { page, close } = await openPage(lab.browser, (plain ? lab.plainUrl : lab.isolatedUrl)(`race.html?${query}&seed=${seed}`));
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build, null, { timeout: 60000 });
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 120000 });
  const acc = await page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('#results tbody tr'), (tr) => [tr.dataset.model, tr.dataset.testAcc])));
  await close();
  return acc;
}

for (const plain of [false, true]) {
  test(`after a short race (${plain ? 'single-thread' : 'threaded'} build): masks, an adversarial row, ablations, behaviour, a 3-seed sweep`, async () => {
    const { page, problems, close } = await open(SHORT, plain);
    await trained(page);
    const before = await row(page);
    assert.equal(before.length, 8);
    assert.ok(Math.abs(before.reduce((a, b) => a + b, 0) - 1) < 1e-6);
    // Masking the most attended position: its weight goes to 0, the row changes.
    const top = before.indexOf(Math.max(...before));
    await page.click('#rd-mask-top');
    await page.waitForFunction((t) => Number(document.querySelectorAll('#rd-row tbody td[data-weight]')[t].dataset.weight) === 0, top);
    const after = await row(page);
    assert.notDeepEqual(after, before);
    assert.equal(await page.getAttribute(`#rd-tokens button:nth-child(${top + 1})`, 'aria-pressed'), 'true');
    // A masked token looks masked without colour: struck through, its bars hatched, and
    // the row drawn as bars, as trained beside now (its weight at 0).
    const looks = await page.$$eval('#rd-tokens button', (bs) => bs.map((b) => getComputedStyle(b).textDecorationLine + '|' + getComputedStyle(b).borderStyle));
    assert.match(looks[top], /line-through\|dashed/);
    assert.ok(looks.every((l, j) => j === top || !/line-through/.test(l)), looks.join(', '));
    assert.deepEqual(await page.$$eval('#rd-row-bars g.position.masked', (gs) => gs.map((g) => Number(g.dataset.position))), [top]);
    assert.equal(await page.locator('#rd-row-bars g.position.masked .mask-band').count(), 1);
    assert.equal(Number(await page.getAttribute(`#rd-row-bars g[data-position="${top}"] rect.bar[data-series="1"]`, 'data-value')), 0);
    assert.match(await page.getAttribute('#rd-row-bars', 'aria-label'), new RegExp(`Masked: position ${top + 1}\\.`));
    // Pointing at a token (or focusing it) picks out its position in the bars and the table.
    await page.hover('#rd-tokens button[data-position="2"]');
    assert.deepEqual(await page.$$eval('#rd-row-bars .linked, #rd-row .linked', (els) => els.map((e) => e.dataset.position)), ['2', '2']);
    await page.focus('#rd-tokens button[data-position="5"]');
    assert.deepEqual(await page.$$eval('#rd-tokens .linked, #rd-row-bars .linked', (els) => els.map((e) => e.dataset.position)), ['5', '5']);
    await page.hover('#rd-row-bars g[data-position="6"] rect.bar');
    assert.deepEqual(await page.$$eval('#rd-tokens .linked', (els) => els.map((e) => e.dataset.position)), ['6']);
    // A token pressed is masked too; unmask all gives the trained row back.
    await page.click('#rd-unmask');
    await page.waitForFunction(() => document.getElementById('rd-answer').textContent.includes('Nothing is changed yet'));
    assert.deepEqual(await row(page), before);
    // Swapping the first and last tokens: the row is that of the edited sequence.
    await page.fill('#rd-swap-a', '1');
    await page.fill('#rd-swap-b', '8');
    await page.click('#rd-swap');
    await page.waitForFunction(() => document.getElementById('rd-answer').textContent.includes('With the edited tokens'));
    // The swapped tokens are outlined (unless both ends hold the same symbol).
    const swapped = await page.$$eval('#rd-tokens button', (bs) => bs.map((b) => b.classList.contains('edited')));
    const tokens = await page.$$eval('#rd-tokens button', (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(swapped, tokens.map((t, j) => (j === 0 || j === 7) && tokens[0] !== tokens[7]));
    // The adversarial row: the same class, within the tolerance, and far from the learned one.
    await page.click('#rd-adv-run');
    await page.waitForFunction(() => document.body.dataset.jsd !== undefined);
    const adv = await page.evaluate(() => ({ ...document.body.dataset }));
    assert.equal(adv.advPred, adv.learnedPred);
    assert.ok(Math.abs(Number(adv.advProb) - Number(adv.learnedProb)) <= 0.05 + 1e-9);
    assert.ok(Number(adv.jsd) > 0.05, `JSD ${adv.jsd}`);
    assert.equal(await page.locator('#rd-adv tbody tr').count(), 8);
    // Drawn as bars, learned beside found: "a different map, the same answer" to the eye.
    assert.equal(await page.locator('#rd-adv-bars rect.bar').count(), 16);
    // The ablations and the behavioural tests.
    const ablate = await page.$$eval('#rd-ablate td[data-accuracy]', (tds) => tds.map((td) => Number(td.dataset.accuracy)));
    assert.equal(ablate.length, 4);
    assert.ok(ablate.every((x) => x >= 0 && x <= 1));
    const flips = await page.$$eval('#rd-beh td[data-test="counterfactual_flips"]', (tds) => tds.map((td) => Number(td.dataset.value)));
    assert.equal(flips.length, 2);
    // A sweep of three seeds: three dots a model, the numbers of the three races.
    await page.click('#rd-sweep-start');
    await page.waitForFunction(() => document.body.dataset.sweep === 'finished', null, { timeout: 180000 });
    // Three dots a model (and one more in the legend), no line between them.
    assert.equal(await page.locator('#rd-sweep-chart .series[data-key="gru"] circle').count(), 3 + 1);
    assert.equal(await page.locator('#rd-sweep-chart .series[data-key="attention"] rect:not(.band)').count(), 3 + 1);
    assert.equal(await page.locator('#rd-sweep-chart polyline').count(), 0);
    // Each model's median a line across, its range a band: every dot inside the band, the
    // median's line at the middle dot (three runs: the median is one of them).
    const summary = await page.$$eval('#rd-sweep-chart .series', (gs) => gs.map((g) => {
      const band = g.querySelector('.band'), level = g.querySelector('.level');
      const ys = Array.from(g.querySelectorAll('circle, rect:not(.band)'), (m) => (m.tagName === 'circle' ? Number(m.getAttribute('cy')) : Number(m.getAttribute('y')) + 3.5)).slice(0, 3);
      return { top: Number(band.getAttribute('y')), bottom: Number(band.getAttribute('y')) + Number(band.getAttribute('height')), level: Number(level.getAttribute('y1')), ys };
    }));
    assert.equal(summary.length, 2);
    for (const m of summary) {
      assert.ok(m.ys.every((y) => y >= m.top - 1e-6 && y <= m.bottom + 1e-6), JSON.stringify(m));
      assert.ok(m.ys.some((y) => Math.abs(y - m.level) < 1e-6), `the median line at a dot: ${JSON.stringify(m)}`);
    }
    // Every run's learning curve, faint (a line of epochs each), and each model's median, bold.
    assert.equal(await page.locator('#rd-sweep-curves .series.faint polyline').count(), 3 * 2);
    assert.equal(await page.locator('#rd-sweep-curves .series[data-key="gru-median"] circle').count(), 4 + 1);
    assert.match(await page.getAttribute('#rd-sweep-curves', 'aria-label'), /of 3 runs, each run a faint line and the median bold/);
    assert.deepEqual(await legendsPastEdge(page), []);
    assert.match(await page.textContent('#rd-sweep-estimate'), /^Expected to take about \d/);
    const swept = await page.$$eval('#rd-sweep td[data-seed]', (tds) => tds.map((td) => [td.dataset.seed, td.dataset.model, Number(td.dataset.value)]));
    await close();
    for (const seed of [5, 6, 7]) {
      const acc = await raceAccuracies(seed, plain);
      for (const [model, key] of [['gru', 'gru'], ['attention', 'attention']]) {
        const got = swept.find(([s, m]) => s === String(seed) && m === model)[2];
        assert.equal(got, Number(acc[key]), `seed ${seed}, ${model}`);
      }
    }
    assert.deepEqual(problems.console, []);
    assert.deepEqual(problems.foreign, []);
  });
}

for (const plain of [false, true]) test(`stop mid-sweep (${plain ? 'single-thread' : 'threaded'} build); bad input named next to its field, the last good view kept`, async () => {
  const { page, problems, close } = await open('reading.html?T=8&epochs=30&sweep=8', plain);
  await trained(page);
  await page.click('#rd-sweep-start');
  await page.waitForFunction(() => document.activeElement.id === 'rd-sweep-stop');
  await page.keyboard.press('Enter');  // Stop, from the keyboard
  await page.waitForFunction(() => document.body.dataset.sweep === 'stopped', null, { timeout: 60000 });
  assert.match(await page.textContent('#rd-sweep-progress'), /^Stopped: \d of 8 runs/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'rd-sweep-start');
  const kept = await row(page);
  await page.fill('#rd-index', '9999');
  assert.match(await page.textContent('#rd-index-error'), /Test example: 9999 is out of range; use a whole number from 1 to 600/);
  assert.deepEqual(await row(page), kept);
  await page.fill('#rd-swap-a', '0');
  await page.click('#rd-swap');
  assert.match(await page.textContent('#rd-edit-error'), /Positions are whole numbers from 1 to 8/);
  await page.fill('#set-tol', '0.9');
  assert.match(await page.textContent('#set-tol-error'), /out of range/);
  await page.click('#rd-adv-run');
  assert.match(await page.textContent('#rd-adv-result'), /Fix the marked tolerance first/);
  assert.deepEqual(problems.console, []);
  await close();
  const bad = await open('reading.html?sweep=500&tol=x');
  assert.match(await bad.page.textContent('#url-notice'), /ignored/);
  await bad.close();
});

test('a sweep too long for this computer is refused before it starts; a long one is asked for', async () => {
  const { page, problems, close } = await open('reading.html?T=8&epochs=4&sweep=3');
  // Before either button is pressed, each says how long it should take, and follows the settings.
  await page.waitForFunction(() => /^About \d+ s on this computer\.$/.test(document.getElementById('rd-estimate').textContent)
    && /^About \d+ s on this computer\.$/.test(document.getElementById('rd-sweep-estimate').textContent), null, { timeout: 60000 });
  await trained(page);
  // The largest sweep this page allows.
  await page.fill('#set-T', '100');
  await page.fill('#set-epochs', '200');
  await page.fill('#set-sweep', '50');
  await page.waitForFunction(() => /^About .+ (minutes|hours) on this computer\.$/.test(document.getElementById('rd-sweep-estimate').textContent));
  await page.click('#rd-sweep-start');
  await page.waitForFunction(() => document.body.dataset.sweep === 'refused');
  assert.match(await page.textContent('#rd-sweep-error'), /^Not started: it would take about .+ on this computer, over the limit of 10 minutes\. \(Fewer seeds/);
  assert.equal(await page.locator('#rd-sweep td[data-seed]').count(), 0);
  // Long but allowed: the page asks; declined, nothing runs.
  await page.fill('#set-T', '30');
  await page.fill('#set-epochs', '100');
  await page.fill('#set-sweep', '24');
  await page.click('#rd-sweep-start');
  const asked = await answerInPage(page, false);
  await page.waitForFunction(() => document.body.dataset.sweep === 'declined');
  assert.match(asked, /^This sweep will take about .+ on this computer\. Start it anyway\?/);
  assert.match(await page.textContent('#rd-sweep-error'), /^Not started: it would take about/);
  assert.equal(await page.isDisabled('#rd-sweep-start'), false);
  assert.deepEqual(problems.console, []);
  await close();
});

test("the quick check on reading attention cites the student's own ablation and adversarial row", async () => {
  // No results yet: the feedback says where to get them.
  const fresh = await openPage(lab.browser, lab.isolatedUrl('checks.html'));
  const q4 = '.quick-check[data-check="q4"]';
  await fresh.page.waitForSelector(`${q4} input[value="c"]`);
  await fresh.page.check(`${q4} input[value="c"]`);
  await fresh.page.click(`${q4} .check-submit`);
  await fresh.page.waitForSelector(`${q4} .own-result:not([hidden])`);
  assert.equal(await fresh.page.getAttribute(`${q4} .own-result`, 'data-has'), 'false');
  assert.equal(await fresh.page.getAttribute(`${q4} .own-result a`, 'href'), 'reading.html');
  await fresh.close();
  // After a race read on the reading page, the same tab's check quotes its numbers.
  const { page, problems, close } = await open('reading.html?T=8&epochs=4&seed=5');
  await trained(page);
  await page.click('#rd-adv-run');
  await page.waitForFunction(() => document.body.dataset.jsd !== undefined);
  const jsd = Number(await page.evaluate(() => document.body.dataset.jsd)).toFixed(3);
  const top = Number(await page.$eval('#rd-ablate tbody tr:nth-child(2) td', (td) => td.dataset.accuracy)).toFixed(3);
  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForSelector(`${q4} input[value="b"]`);
  await page.check(`${q4} input[value="b"]`);
  await page.click(`${q4} .check-submit`);
  await page.waitForSelector(`${q4} .own-result:not([hidden])`);
  const text = await page.textContent(`${q4} .own-result`);
  assert.match(text, new RegExp(`reading page, seed 5, T = 8\\), masking each test example's most attended position moved test accuracy from [0-9.]+ to ${top}`));
  assert.match(text, new RegExp(`an attention row ${jsd} bit \\(Jensen–Shannon\\) from the learned one that keeps the answer`));
  assert.deepEqual(problems.console, []);
  await close();
});

test('a sweep of another setting: positional embeddings on and off at one seed, each run the race of its settings', async () => {
  const { page, problems, close } = await open('reading.html?T=8&epochs=3&seed=5&vary=positions');
  await trained(page);
  await page.click('#rd-sweep-start');
  await page.waitForFunction(() => document.body.dataset.sweep === 'finished', null, { timeout: 180000 });
  assert.equal(await page.textContent('#rd-sweep-run-head'), 'Positional embeddings');
  const swept = await page.$$eval('#rd-sweep td[data-run]', (tds) => tds.map((td) => [td.dataset.run, td.dataset.model, Number(td.dataset.value)]));
  assert.deepEqual([...new Set(swept.map(([run]) => run))], ['on', 'off']);
  assert.equal(await page.locator('#rd-sweep-curves .series.faint polyline').count(), 2 * 2);
  assert.match(await page.textContent('#rd-sweep-chart'), /run \(Positional embeddings\)/);
  assert.deepEqual(problems.console, []);
  await close();
  const acc = await raceAccuracies(5, false, 'T=8&epochs=3&positions=off');
  for (const model of ['gru', 'attention']) assert.equal(swept.find(([r, m]) => r === 'off' && m === model)[2], Number(acc[model]), model);
});
