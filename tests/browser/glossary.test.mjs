// The glossary (content/glossary.json): an entry for each term in the lesson's last
// section, and on every page of the registry the first use of each term in the page's
// text a link to its entry, its definition shown on hover and on keyboard focus. A form
// counts as written or with a capital first letter ("Teacher forcing", "Epoch"), never in
// one of its term's "except" phrases; and every term is linked on some page that uses it.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test, startLab, openPage } from './support.mjs';
import { PAGES, pageReady } from './pages.mjs';

const TERMS = JSON.parse(readFileSync('content/glossary.json', 'utf8')).terms;
// The list: each must have an entry.
const REQUIRED = ['gru', 'gate', 'teacher-forcing', 'alignment', 'aer', 'entropy', 'jsd', 'log-log', 'permutation', 'flop',
  // and the course's vocabulary that the pages use (the comments page's terms among them)
  'embedding', 'epoch', 'adam', 'cross-entropy', 'big-o', 'logit', 'false-positive-rate', 'counterfactual', 'bag-of-words', 'shortcut', 'subgroup',
  'class-token'];
// A form as the text may write it: as in the glossary, or with a capital first letter.
const variants = (f) => [...new Set([f, f.charAt(0).toUpperCase() + f.slice(1)])];
const FORMS = TERMS.map((t) => ({ id: t.id, forms: t.forms.flatMap(variants), except: (t.except || []).flatMap(variants) }));
// Where each term was linked: page -> the ids its first uses link.
const linkedOn = new Map();

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
    const uses = await page.evaluate((texts) => {
      const skip = 'a, button, label, code, pre, .katex, svg, select, option, textarea, script, style, h1, h2, h3, h4, summary, caption, th, legend, dt, .sr-only, [aria-live], [role="status"], .notice, .error, #glossary, .term-tip';
      // Every form and "except" phrase, longest first, matched whole (a space as any white
      // space): a shorter form inside a longer one ("embeddings" in "positional
      // embeddings") is the longer one's. A setting's name in a link or a "name = value"
      // listing ("seed = 3151", "require=T:30,seed:7") is not a use.
      const idOf = new Map(texts);
      const re = new RegExp(`(?<![\\p{L}\\p{N}_?&=/:,.-])(?:${[...idOf.keys()].sort((x, y) => y.length - x.length).map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}_]|\\s*=|:\\S)`, 'gu');
      const out = {};
      const walk = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement;
        const link = el.closest('a.term');
        if (!link && el.closest(skip)) continue;
        for (const m of n.data.matchAll(re)) {
          const id = idOf.get(m[0].replace(/\s+/g, ' '));
          if (id && !out[id]) out[id] = link ? link.getAttribute('href') : 'not linked';
        }
      }
      return out;
    }, FORMS.flatMap((t) => [...t.forms.map((f) => [f, t.id]), ...t.except.map((e) => [e, null])]));
    const expected = (id) => `${entry.file === 'lesson.html' ? '' : 'lesson.html'}#g-${id}`;
    for (const [id, href] of Object.entries(uses)) assert.equal(href, expected(id), `${entry.file}: "${id}" first used without its link`);
    linkedOn.set(entry.file, await page.evaluate(() => document.body.dataset.glossary.split(' ').filter(Boolean)));
    // Hover and keyboard focus show the definition; it is the link's description.
    const first = page.locator('a.term:visible').first();  // not one in a closed disclosure
    if (await first.count()) {
      const tip = page.locator(`#${await first.getAttribute('aria-describedby')}`);
      assert.equal(await tip.isVisible(), false);
      await first.focus();
      assert.equal(await tip.isVisible(), true);
      // Escape dismisses it where it is (WCAG 1.4.13), and it shows again on the next focus.
      await page.keyboard.press('Escape');
      assert.equal(await tip.isVisible(), false, 'Escape dismisses the definition');
      await page.evaluate(() => document.activeElement.blur());
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

test('every term is linked on at least one page that uses it', () => {
  assert.equal(linkedOn.size, PAGES.filter((p) => p.kind !== 'launch').length, 'every page was checked');
  const somewhere = new Set([...linkedOn.values()].flat());
  assert.deepEqual(TERMS.map((t) => t.id).filter((id) => !somewhere.has(id)), []);
  // The comments page links its own vocabulary where its text first uses it.
  for (const id of ['shortcut', 'false-positive-rate', 'counterfactual', 'subgroup', 'epoch']) {
    assert.ok(linkedOn.get('comments.html').includes(id), `comments.html: "${id}"`);
  }
});
