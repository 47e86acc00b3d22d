// Phones and narrow windows: every page of the registry at 320 px wide, without
// sideways scrolling (panels stack, charts scale, wide tables and maths scroll inside
// their own box), its main control still usable, and no number, heading or button
// broken inside a word.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';
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
    // A one-word cell, column heading or button ("0.068", "token", "Remove") on one line:
    // its text's boxes all share one top. (Row headings may hold a student's long token,
    // which may break.)
    const broken = await page.$$eval('td, thead th, button', (els) => els.filter((el) => {
      // A control's cell (the control is checked itself) or a formula's (KaTeX sets its
      // sub- and superscripts on lines of their own) is not a word.
      if (el.querySelector('button, input, select, textarea, .katex')) return false;
      const text = el.textContent.trim();
      // One word: no space, and no hyphen ("self-attention" may break after its hyphen).
      if (!text || /[\s\-\u2010]/.test(text) || el.getClientRects().length === 0) return false;
      const tops = new Set(), walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);  // the text's own boxes, not those of the elements around it
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
      }
      return tops.size > 1;
    }).map((el) => el.textContent.trim()));
    assert.deepEqual(broken, [], `${entry.file}: words broken across lines`);
    assert.deepEqual(problems.console, []);
    await close();
  });
}
