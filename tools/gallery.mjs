// The README's picture gallery, made from the real build: every page of the registry
// at a laptop's size (1280 × 800) and a phone's (390 × 844), the first screen as a
// student sees it, and for a widget with a run (race, translation, cost, reading) its
// first screen again once a run at the page's defaults has finished (a widget with a
// "run" in the registry: its primary action pressed, until its state says it ended),
// on both sizes.
//
//   node tools/gallery.mjs            (tools/lab gallery: builds first)
//
// Writes docs/gallery/NAME-SIZE[-after].jpg and docs/gallery/README.md (the table the
// README links to). Served with cross-origin isolation, so the threaded build runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRegistry } from './site/registry.mjs';
import { openPage, startLab } from '../tests/browser/support.mjs';

const OUT = 'docs/gallery';
const SIZES = [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }];

async function ready(page, entry) {
  if (entry.script) await page.waitForFunction(() => document.body.dataset.ready === 'true');
  if (entry.widget) await page.waitForFunction(() => document.body.dataset.build);
  await page.waitForFunction(() => !document.body.dataset.requested || document.body.dataset.computed === document.body.dataset.requested);
}

const lab = await startLab();
mkdirSync(OUT, { recursive: true });
const rows = [];
try {
  for (const entry of loadRegistry('content', 'web').filter((p) => p.kind !== 'launch')) {
    const shots = [];
    for (const size of SIZES) {
      const { page, close } = await openPage(lab.browser, lab.isolatedUrl(entry.file),
        { contextOptions: { viewport: { width: size.width, height: size.height } } });
      await ready(page, entry);
      const shoot = async (suffix) => {
        const file = `${entry.name}-${size.name}${suffix}.jpg`;
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(OUT, file), type: 'jpeg', quality: 70 });
        shots.push(file);
        console.log(`gallery: ${file}`);
      };
      await shoot('');
      if (entry.run) {
        await page.click(`#${entry.firstScreen[0]}`);
        // A long run is asked for in the page (web/js/ui/confirm.js): yes.
        const asked = page.locator('.confirm .confirm-yes');
        if (await asked.isVisible().catch(() => false)) await asked.click();
        const [state, value] = Object.entries(entry.run.until)[0];
        await page.waitForFunction(([k, v]) => document.body.dataset[k] === v, [state, value], { timeout: 600000 });
        await shoot('-after');
      }
      await close();
    }
    rows.push(`| ${entry.title || entry.nav || entry.name} | ${shots.map((f) => `![${f}](${f})`).join(' ')} |`);
  }
} finally {
  await lab.close();
}
writeFileSync(join(OUT, 'README.md'), `# The lab, as it looks

Made by \`node tools/gallery.mjs\` from the real build: each page's first screen at 1280 × 800
and at 390 × 844, and where a page runs something, once more after a run at its defaults.

| page | screens |
| --- | --- |
${rows.join('\n')}
`);
