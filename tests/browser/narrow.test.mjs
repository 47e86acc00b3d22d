// Phones and narrow windows: every page of the registry at 320 px wide, without
// sideways scrolling (panels stack, charts scale, wide tables and maths scroll inside
// their own box), its main control still usable.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, openPage } from './support.mjs';
import { PAGES, pageReady } from './pages.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

for (const entry of PAGES) {
  test(`${entry.file} at 320 px: no sideways scrolling`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(entry.file), { contextOptions: { viewport: { width: 320, height: 640 } } });
    await pageReady(page, entry);
    if (entry.name === 'race') {
      await page.fill('#set-T', '8');
      await page.fill('#set-epochs', '1');
      await page.click('#start');
      await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
      await page.click('#step-table-details summary');
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `${entry.file} is ${width} px wide at a 320 px viewport`);
    assert.deepEqual(problems.console, []);
    await close();
  });
}
