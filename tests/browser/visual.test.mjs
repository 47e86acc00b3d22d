// What a student sees, checked on every page of the registry at a laptop's size
// (1280 × 800) and a phone's (390 × 844), the way a person would look at a screenshot:
//   - every formula as KaTeX draws it: each of its SVG glyphs (the radical of √d_k, the
//     bars and arrows) has a size and none of the lab's own styling (background, border);
//   - nothing past the right edge of the window;
//   - no word or number split across lines in a table cell, heading, label, term or
//     button ("10/24", "tru/e", "44.7 /%");
//   - no text covered by another element: at the centre of each line of text, the
//     topmost element is the text's own (a label drawn over a curve, a legend under a
//     line, a caption under a sibling box all fail);
//   - chart text at least 9 CSS pixels high as shown (a chart shrunk to a phone fails),
//     and no two chart labels drawn over each other (an axis title across its ticks);
//   - no number between 0.001 and 10,000 in e-notation, no identifier from the code
//     ("attention_lab_mt") in what a student reads;
//   - a widget's primary action and the picture it drives (the registry's firstScreen)
//     on the first screen: the action whole, at least half of the picture;
//   - all of it again after the widget's run (the registry's "run": a short one), the
//     run's summary (#run-summary) on screen where the run ended, and the action and its
//     picture still in sight.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, openPage } from './support.mjs';
import { PAGES, pageReady } from './pages.mjs';
import { looksRight, offFirstScreen } from './visual-checks.mjs';

const SIZES = [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }];

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

for (const entry of PAGES) {
  for (const size of SIZES) {
    test(`${entry.file} on a ${size.name} (${size.width} × ${size.height}): formulas whole, nothing past the edge, no word split or covered${entry.run ? ', before and after its run' : ''}`, async () => {
      const link = entry.run ? `${entry.file}?${entry.run.query}` : entry.file;
      const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(link),
        { contextOptions: { viewport: { width: size.width, height: size.height } } });
      await pageReady(page, entry);
      // A page that computes as it opens (scaling, order, calculator): its answer drawn.
      await page.waitForFunction(() => !document.body.dataset.requested || document.body.dataset.computed === document.body.dataset.requested);
      await looksRight(page, `${entry.file}, ${size.name}`);
      if (entry.firstScreen) {
        assert.deepEqual(await page.evaluate(offFirstScreen, entry.firstScreen), [], `${entry.file}: not on the first screen (${size.height} px)`);
      }
      if (entry.run) {
        // The primary action pressed as a student would, from the first screen.
        await page.click(`#${entry.firstScreen[0]}`);
        const [state, value] = Object.entries(entry.run.until)[0];
        await page.waitForFunction(([k, v]) => document.body.dataset[k] === v, [state, value], { timeout: 120000 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const summary = await page.evaluate(() => {
          const r = document.getElementById('run-summary').getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, height: r.height, vh: window.innerHeight };
        });
        assert.ok(summary.height > 0 && summary.top >= 0 && summary.bottom <= summary.vh, `${entry.file}: the run's summary is not where the run ended (${Math.round(summary.top)} px)`);
        // The picture the run drove still in sight beside its summary (not pushed down by
        // what the run added above it).
        assert.deepEqual(await page.evaluate(offFirstScreen, entry.firstScreen), [], `${entry.file}: not in sight after its run (${size.height} px)`);
        await looksRight(page, `${entry.file}, ${size.name}, after its run`);
      }
      assert.deepEqual(problems.console, []);
      await close();
    });
  }
}
