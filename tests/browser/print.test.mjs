// Printing a run for a lab report: the race, translation and reading pages after a short
// run, in Chromium's print media and as its PDF. On paper: the settings as set, the
// curves, the results and the maps (a folded table of numbers printed open); no
// navigation and no button.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// What print media shows: ids of the shown elements among those asked for, and every
// button and the navigation hidden.
async function printed(page, ids) {
  await page.emulateMedia({ media: 'print' });
  return page.evaluate((wanted) => {
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    return {
      shown: wanted.filter((id) => shown(document.getElementById(id))),
      buttons: [...document.querySelectorAll('button')].filter(shown).map((b) => b.textContent),
      nav: shown(document.querySelector('header.site')),
    };
  }, ids);
}

for (const [path, start, done, ids] of [
  ['race.html?T=8&epochs=2&seed=3', '#start', () => document.body.dataset.race === 'finished', ['set-T', 'curves', 'results', 'heatmap-step']],
  ['translate.html?epochs=2&hidden=16', '#start', () => document.body.dataset.translate === 'finished', ['set-epochs', 'tr-curves', 'tr-map', 'tr-bottleneck']],
  ['reading.html?T=8&epochs=4&seed=5', '#start', () => document.body.dataset.reading === 'trained', ['set-T', 'rd-row-bars', 'rd-row']],
]) {
  test(`${path.split('?')[0]} printed after a run: settings, curves, results and maps; no navigation or button`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(path));
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled, null, { timeout: 60000 });
    await page.click(start);
    await page.waitForFunction(done, null, { timeout: 180000 });
    const p = await printed(page, ids);
    assert.deepEqual(p.shown, ids);
    assert.deepEqual(p.buttons, []);
    assert.equal(p.nav, false);
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.ok(pdf.length > 20000, `a PDF with the charts drawn (${pdf.length} bytes)`);
    assert.deepEqual(problems.console, []);
    await close();
  });
}
