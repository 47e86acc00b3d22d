// The French pages as a student sees them, at a phone's and a laptop's size, before and
// after each page's run: French is about a fifth longer than English, so a label, an axis
// title or a waiting message that fits in English can be cut, split or drawn over another
// in French. The same checks as the English pages' (visual-checks.mjs looksRight), in the
// light theme (the layout does not depend on the theme; the English tests cover both).
import { test, before, after } from 'node:test';
import { startLab, openPage } from './support.mjs';
import { PAGES, pageComputed, pageReady, runLink, shortRun } from './pages.mjs';
import { looksRight } from './visual-checks.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

for (const [width, height] of [[390, 844], [1280, 800]]) {
  test(`every French page at ${width} × ${height}, before and after its run: nothing cut, split, covered or written for a developer`, async () => {
    for (const entry of PAGES.filter((p) => p.kind !== 'launch')) {
      const { page, close } = await openPage(lab.browser, lab.isolatedUrl(`fr/${runLink(entry)}`), { contextOptions: { viewport: { width, height } } });
      await pageReady(page, entry);
      await pageComputed(page);
      await looksRight(page, `fr/${entry.file} at ${width} px`);
      if (entry.run) {
        await shortRun(page, entry);
        await looksRight(page, `fr/${entry.file} at ${width} px after its run`);
      }
      await close();
    }
  });
}
