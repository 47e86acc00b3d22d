// What a student sees, checked on every page of the registry at a laptop's size
// (1280 × 800) and a phone's (390 × 844), in the light theme and the dark one, the way
// a person would look at a screenshot:
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
//   - no number in e-notation, no identifier from the code ("attention_lab_mt") in what a
//     student reads; one colour per series across the page's charts;
//   - nothing cut by its box without a scroll cue, no number with its unit, date, id or
//     short formula split across lines (visual-checks-clip.mjs), no maths written as
//     code ("d_k", "W_q", "e^x") where the lesson typesets it (visual-checks-maths.mjs);
//   - no heading, table caption or figure caption over nothing (a section says what will
//     fill it or waits out of sight: visual-checks-sections.mjs);
//   - a widget's primary action and the picture it drives (the registry's firstScreen)
//     on the first screen: the action whole, at least half of the picture;
//   - all of it again after the widget's run (the registry's "run": a short one), the
//     run's summary (#run-summary) on screen where the run ended, the action and its
//     picture still in sight, and the chart that carries the page's point (the
//     registry's pointChart, else the firstScreen picture) at least half in view.
// Each failure names the page, the size, the theme and the element.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage, frames } from './support.mjs';
import { PAGES, pageReady, runLink, pageComputed, shortRun } from './pages.mjs';
import { looksRight, offFirstScreen, pointOutOfView } from './visual-checks.mjs';

const SIZES = [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }];
const THEMES = ['light', 'dark'];

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// The page's state looked at in each theme (the system's colour scheme, which the lab
// follows by default), ending in the light one.
async function inEachTheme(page, what) {
  // The pointer off the page: a glossary term's tip shown on hover (where the pressed
  // action left the pointer after the page scrolled) is not what the page shows.
  await page.mouse.move(0, 0);
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await frames(page);
    await looksRight(page, `${what}, ${theme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const entry of PAGES) {
  for (const size of SIZES) {
    test(`${entry.file} on a ${size.name} (${size.width} × ${size.height}), light and dark: formulas whole, nothing past the edge, no word split or covered, no empty section${entry.run ? ', before and after its run' : ''}`, async () => {
      const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(runLink(entry)),
        { contextOptions: { viewport: { width: size.width, height: size.height }, colorScheme: 'light' } });
      await pageReady(page, entry);
      // A page that computes as it opens (scaling, order, calculator): its answer drawn.
      await pageComputed(page);
      await inEachTheme(page, `${entry.file}, ${size.name}`);
      if (entry.firstScreen) {
        assert.deepEqual(await page.evaluate(offFirstScreen, entry.firstScreen), [], `${entry.file}, ${size.name}: not on the first screen (${size.height} px)`);
      }
      if (entry.run) {
        // The primary action pressed as a student would, from the first screen.
        await shortRun(page, entry);
        await frames(page);
        const summary = await page.evaluate(() => {
          const r = document.getElementById('run-summary').getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, height: r.height, vh: window.innerHeight };
        });
        assert.ok(summary.height > 0 && summary.top >= 0 && summary.bottom <= summary.vh, `${entry.file}, ${size.name}: the run's summary is not where the run ended (${Math.round(summary.top)} px)`);
        // The picture the run drove still in sight beside its summary (not pushed down by
        // what the run added above it), and the chart that carries the page's point.
        assert.deepEqual(await page.evaluate(offFirstScreen, entry.firstScreen), [], `${entry.file}, ${size.name}: not in sight after its run (${size.height} px)`);
        const point = entry.pointChart ?? entry.firstScreen[1];
        assert.deepEqual(await page.evaluate(pointOutOfView, point), [], `${entry.file}, ${size.name}: the chart that carries the page's point is out of view after the run`);
        await inEachTheme(page, `${entry.file}, ${size.name}, after its run`);
      }
      assert.deepEqual(problems.console, []);
      await close();
    });
  }
}
