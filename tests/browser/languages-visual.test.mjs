// The pages in other languages as a student sees them, at a phone's and a laptop's size,
// before and after each page's run: French is about a fifth longer than English, so a
// label, an axis title or a waiting message that fits in English can be cut, split or
// drawn over another in French. The same checks as the English pages' (visual-checks.mjs
// looksRight), in the light theme (the layout does not depend on the theme; the English
// tests cover both). Then the same in the pseudo-locale en-XA (tools/site/pseudo-locale.mjs:
// every text accented and 40 % longer, more than French or German needs), on a site built
// here from the kit with it, so that the next language finds room too. A sentence of
// English on a page in either (english-left.mjs) is text that no catalog or content file
// gave: in the pseudo-locale, every word they give is accented.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage } from './support.mjs';
import { PAGES, pageComputed, pageReady, runLink, shortRun } from './pages.mjs';
import { looksRight } from './visual-checks.mjs';
import { englishLeft } from './english-left.mjs';
import { siteFromKit } from '../../tools/site/site.mjs';
import { PSEUDO } from '../../tools/site/pseudo-locale.mjs';

const KIT = process.env.LAB_KIT || 'build/wasm/kit';
let lab, pseudoLab, pseudoDir;
before(async () => {
  lab = await startLab();
  pseudoDir = mkdtempSync(join(tmpdir(), 'attention-lab-pseudo-'));
  await siteFromKit({ out: pseudoDir, kitDir: KIT, contentDir: 'content', pseudo: true });
  pseudoLab = await startLab({ root: pseudoDir });
});
after(async () => {
  await lab.close();
  await pseudoLab.close();
  rmSync(pseudoDir, { recursive: true, force: true });
});

const LANGUAGES = [['fr', 'French', () => lab], [PSEUDO, 'pseudo-locale', () => pseudoLab]];
for (const [lang, name, server] of LANGUAGES) {
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    test(`every ${name} page at ${width} × ${height}, before and after its run: nothing cut, split, covered or written for a developer`, async () => {
      for (const entry of PAGES.filter((p) => p.kind !== 'launch')) {
        const { page, close } = await openPage(server().browser, server().isolatedUrl(`${lang}/${runLink(entry)}`), { contextOptions: { viewport: { width, height } } });
        await pageReady(page, entry);
        await pageComputed(page);
        await looksRight(page, `${lang}/${entry.file} at ${width} px`);
        assert.deepEqual(await englishLeft(page), [], `${lang}/${entry.file}: English no catalog gave`);
        if (entry.run) {
          await shortRun(page, entry);
          await page.mouse.move(0, 0);  // a glossary tip shown under the pointer that clicked Start is meant to cover
          await looksRight(page, `${lang}/${entry.file} at ${width} px after its run`);
          assert.deepEqual(await englishLeft(page), [], `${lang}/${entry.file} after its run: English no catalog gave`);
        }
        await close();
      }
    });
  }
}
