// The glossary (content/glossary.json): an entry for each term in the lesson's last
// section, and on every page of the registry the first use of each term in the page's
// text a link to its entry, its definition shown on hover and on keyboard focus.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startLab, openPage } from './support.mjs';
import { PAGES, pageReady } from './pages.mjs';

const TERMS = JSON.parse(readFileSync('content/glossary.json', 'utf8')).terms;
// The list: each must have an entry.
const REQUIRED = ['gru', 'gate', 'teacher-forcing', 'alignment', 'aer', 'entropy', 'jsd', 'log-log', 'permutation', 'flop'];

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

test('the lesson\'s glossary has an entry for every term, reachable from its contents', async () => {
  assert.deepEqual(REQUIRED.filter((id) => !TERMS.some((t) => t.id === id)), []);
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('lesson.html'));
  await page.waitForFunction(() => document.body.dataset.glossary !== undefined);
  for (const t of TERMS) assert.equal(await page.locator(`#glossary dt#g-${t.id}`).count(), 1, t.id);
  assert.equal(await page.locator('.toc a[href="#glossary"]').count(), 1);
  assert.deepEqual(problems.console, []);
  await close();
});

for (const entry of PAGES.filter((p) => p.kind !== 'launch')) {
  test(`${entry.file}: each glossary term's first use links to its entry, its definition on hover and focus`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(entry.file));
    await pageReady(page, entry);
    await page.waitForFunction(() => document.body.dataset.glossary !== undefined);
    // Every term written in the page's prose (as the linker reads it), and where its
    // first use is: inside a link to its entry, or not.
    const uses = await page.evaluate((terms) => {
      const skip = 'a, button, label, code, pre, .katex, svg, select, option, textarea, script, style, h1, h2, h3, h4, summary, caption, th, legend, dt, .sr-only, [aria-live], [role="status"], #glossary, .term-tip';
      const out = {};
      const walk = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement;
        const link = el.closest('a.term');
        if (!link && el.closest(skip)) continue;
        for (const t of terms) {
          if (out[t.id]) continue;
          const re = new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${t.forms.map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}_])`, 'u');
          if (re.test(n.data)) out[t.id] = link ? link.getAttribute('href') : 'not linked';
        }
      }
      return out;
    }, TERMS);
    const expected = (id) => `${entry.file === 'lesson.html' ? '' : 'lesson.html'}#g-${id}`;
    for (const [id, href] of Object.entries(uses)) assert.equal(href, expected(id), `${entry.file}: "${id}" first used without its link`);
    // Hover and keyboard focus show the definition; it is the link's description.
    const first = page.locator('a.term:visible').first();  // not one in a closed disclosure
    if (await first.count()) {
      const tip = page.locator(`#${await first.getAttribute('aria-describedby')}`);
      assert.equal(await tip.isVisible(), false);
      await first.focus();
      assert.equal(await tip.isVisible(), true);
      const id = (await first.getAttribute('href')).split('#g-')[1];
      assert.equal(await tip.textContent(), TERMS.find((t) => t.id === id).definition);
      await page.evaluate(() => document.activeElement.blur());
      await first.hover();
      assert.equal(await tip.isVisible(), true);
    }
    assert.deepEqual(problems.console, []);
    await close();
  });
}
