// The lab in French beside English (tools/site/languages.mjs, web/js/ui/language.js,
// web/js/ui/i18n.js): every page in fr/ with <html lang="fr"> and French words from the
// catalogs and content/fr/; the switch keeps the page's settings and the choice; a first
// visit follows the browser's language; the engine runs from fr/ with the numbers it gives
// in English; a number typed "0,5" is read; a French hand-in grades in the English
// gradebook with the score of the same work done in English, and both in the French
// gradebook with the same points, in French words.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { test, startLab, openPage, DIST } from './support.mjs';
import { PAGES, pageReady, runLink, shortRun } from './pages.mjs';
import { genuineHandIn } from './genuine-hand-in.mjs';
import { englishLeft } from './english-left.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const catalogMissing = (page) => page.evaluate(() => /\u27e6[\w.]+\u27e7/.exec(document.body.innerText));

test('every page has its French twin: lang="fr", French words, no missing key, the switch to English', async () => {
  for (const entry of PAGES.filter((p) => p.kind !== 'launch')) {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(`fr/${entry.file}`));
    await pageReady(page, entry);
    const facts = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      skip: document.querySelector('.skip').textContent,
      current: document.querySelector('.language-choice [aria-current]').textContent,
      english: document.querySelector('.language-choice a[hreflang="en"]').getAttribute('href'),
      fallback: document.querySelector('main').getAttribute('lang'),
    }));
    assert.equal(facts.lang, 'fr', entry.file);
    assert.equal(facts.skip, 'Aller au contenu');
    assert.equal(facts.current, 'Français');
    assert.equal(facts.english, `../${entry.file}`);
    // Parts still in English say so, in French, and are marked lang="en" for screen readers.
    if (facts.fallback) {
      assert.equal(facts.fallback, 'en', entry.file);
      assert.match(await page.textContent('main > .fallback-note'), /pas encore rédigée en français/);
    }
    assert.equal(await catalogMissing(page), null, entry.file);
    assert.deepEqual(problems, { console: [], foreign: [] }, entry.file);
    await close();
  }
});

test('no English sentence is left on a French page, before or after its run (every word from a catalog or content/fr/)', async () => {
  const left = {};
  for (const entry of PAGES.filter((p) => p.kind !== 'launch')) {
    const { page, close } = await openPage(lab.browser, lab.isolatedUrl(`fr/${runLink(entry)}`));
    await pageReady(page, entry);
    const found = await englishLeft(page);
    if (entry.run) {
      await shortRun(page, entry);
      found.push(...(await englishLeft(page)).filter((x) => !found.includes(x)));
    }
    if (found.length) left[entry.file] = found;
    await close();
  }
  assert.deepEqual(left, {});
});

test('the scan sees an English sentence written without a catalog, and passes English marked as such', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('fr/index.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.deepEqual(await englishLeft(page), []);
  await page.evaluate(() => {
    document.querySelector('main').insertAdjacentHTML('beforeend', '<p lang="en">The curves appear here once a run starts.</p><p>Exemple : « the black cat »</p>');
  });
  assert.deepEqual(await englishLeft(page), []);
  await page.evaluate(() => { document.querySelector('main').insertAdjacentHTML('beforeend', '<p>Training race: no run saved yet.</p><svg><text>accuracy per epoch</text></svg>'); });
  assert.deepEqual(await englishLeft(page), ['Training race: no run saved yet.', 'accuracy per epoch']);
  await close();
});

test('every link and file a French page names exists in the built site (scripts, styles, engine, downloads, pages)', () => {
  const broken = [];
  for (const f of readdirSync(join(DIST, 'fr')).filter((n) => n.endsWith('.html'))) {
    const html = readFileSync(join(DIST, 'fr', f), 'utf8').replace(/<script type="application\/json"[\s\S]*?<\/script>/g, '');
    for (const [, url] of html.matchAll(/(?:href|src|data-src)="([^"#?]+)[^"]*"/g)) {
      if (/^(https?:|mailto:|data:|blob:|javascript:)/.test(url)) continue;
      const target = normalize(join(DIST, 'fr', dirname(f), url));
      if (!existsSync(target)) broken.push(`fr/${f}: ${url}`);
    }
  }
  assert.deepEqual(broken, []);
  // The question banks in French beside the English ones, the same checks in French words.
  const frChecks = JSON.parse(readFileSync('content/fr/quick-checks.json', 'utf8')).checks;
  const enChecks = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks;
  for (const bank of ['attention-lab-checks-moodle.xml', 'attention-lab-checks-gift.txt']) {
    const fr = readFileSync(join(DIST, 'downloads/fr', bank), 'utf8');
    for (const [k, c] of frChecks.entries()) {
      assert.ok(fr.includes(c.topic.replace(/&/g, '&amp;')) || fr.includes(c.topic), `${bank}: French topic of ${c.id}`);
    }
    assert.ok(frChecks.some((c, k) => c.topic !== enChecks[k].topic && c.prompt !== enChecks[k].prompt));
    assert.ok(fr.includes(frChecks[1].topic) && !fr.includes(enChecks[1].topic), `${bank}: in French`);
    assert.ok(!/Model answer|one point each/.test(fr), `${bank}: the bank's own words in French too`);
  }
});

test('the French lesson and checks are French throughout; the English pages stay English', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('fr/lesson.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.match(await page.textContent('h1'), /la leçon$/);
  assert.equal(await page.locator('section[lang="en"]').count(), 0, 'no section falls back to English');
  assert.match(await page.textContent('#glossary-title'), /^Glossaire$/);
  assert.match(await page.textContent('.quick-check .check-submit'), /^Vérifier ma réponse$/);
  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.textContent('h1'), 'Quick checks and hand-in');
  await close();
});

test('the switch carries the settings across and is remembered; a first visit follows the browser', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('fr/race.html?epochs=3#curves'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('.language-choice a[hreflang="en"]');
  await page.waitForURL(/\/race\.html\?epochs=3#curves$/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.inputValue('#set-epochs'), '3');
  await close();

  // A French browser's first visit goes to the French pages, and stays there from an English link.
  const fr = await openPage(lab.browser, lab.isolatedUrl('index.html'), { contextOptions: { locale: 'fr-FR' } });
  await fr.page.waitForURL(/\/fr\/index\.html$/);
  await fr.page.goto(lab.isolatedUrl('race.html?epochs=3'));
  await fr.page.waitForURL(/\/fr\/race\.html\?epochs=3$/);
  // Chosen English in the header: kept, even in a French browser.
  await fr.page.click('.language-choice a[hreflang="en"]');
  await fr.page.waitForURL(/\/race\.html\?epochs=3$/);
  await fr.page.goto(lab.isolatedUrl('lesson.html'));
  await fr.page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await fr.page.evaluate(() => [document.documentElement.lang, location.pathname].join(' ')), 'en /lesson.html');
  await fr.close();

  // An embedded page stays in the language its frame asked for.
  const embed = await openPage(lab.browser, lab.isolatedUrl('race.html?embed'), { contextOptions: { locale: 'fr-FR' } });
  await embed.page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await embed.page.evaluate(() => location.pathname), '/race.html');
  await embed.close();
});

test('the race and the translation run from the French pages, with the numbers of the English ones', async () => {
  for (const name of ['race', 'translate']) {
    const entry = PAGES.find((p) => p.name === name);
    const results = [];
    for (const dir of ['', 'fr/']) {
      const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(`${dir}${runLink(entry)}`));
      await pageReady(page, entry);
      await shortRun(page, entry);
      // What each run's tables hold as data (the words around them differ by language).
      results.push(await page.$$eval('#results tbody tr, #tr-buckets td[data-exact]', (els) => els.map((el) => JSON.stringify(el.dataset))));
      assert.deepEqual(problems, { console: [], foreign: [] });
      await close();
    }
    assert.ok(results[0].length > 0, `${name}: no results read`);
    assert.deepEqual(results[1], results[0], name);
  }
});

test('a number typed "0,5" in a French page is read as 0.5; the link keeps 0.5', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('fr/scaling.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.fill('#set-temperature', '0,5');
  await page.waitForFunction(() => /temperature=0\.5(&|$)/.test(location.search));
  assert.equal(await page.textContent('#set-temperature-error'), '');
  assert.equal(await page.getAttribute('#set-temperature', 'aria-invalid'), 'false');
  await page.fill('#set-temperature', '0.25');  // the neutral form, always
  await page.waitForFunction(() => /temperature=0\.25(&|$)/.test(location.search));
  await page.fill('#set-temperature', '0,5,2');
  await page.waitForFunction(() => document.getElementById('set-temperature-error').textContent !== '');
  assert.match(await page.textContent('#set-temperature-error'), /n’est pas un nombre/);
  await close();
});

test('a hand-in made in French grades in the English gradebook with the score of the same work in English', async () => {
  // The same work in both languages: the race at the module's settings, Q1 right, Q2 wrong.
  const answer = async (page) => {
    for (const [check, right] of [[1, true], [2, false]]) {
      const section = page.locator(`.quick-check[data-number="${check}"]`);
      const id = await section.getAttribute('data-check');
      const choice = await page.evaluate(([cid, want]) => JSON.parse(document.getElementById('lab-data').textContent).checks.find((c) => c.id === cid).choices.find((ch) => ch.correct === want).id, [id, right]);
      await section.locator(`input[value="${choice}"]`).check();
      await section.locator('.check-submit').click();
      await section.locator('.verdict:not(:empty)').waitFor();
    }
  };
  const english = await genuineHandIn(lab, { name: 'Ada English', id: 'EN-1', answer });
  const french = await genuineHandIn(lab, { name: 'Ada Français', id: 'FR-1', dir: 'fr/', answer });
  const dir = mkdtempSync(join(tmpdir(), 'languages-'));
  const files = [['en.txt', english], ['fr.txt', french]].map(([n, text]) => { writeFileSync(join(dir, n), text); return join(dir, n); });
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', files);
  await page.waitForFunction(() => document.body.dataset.verifying === 'false', null, { timeout: 120000 });
  const rows = await page.$$eval('#gradebook tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.cells[1].textContent,
    { score: tr.cells[2].textContent, perCheck: tr.cells[3].textContent, race: tr.cells[5].textContent, doubts: tr.cells[9].textContent }])));
  assert.ok(rows['FR-1'] && rows['EN-1'], JSON.stringify(rows));
  assert.deepEqual(rows['FR-1'], rows['EN-1']);
  assert.equal(rows['FR-1'].race, 'done (re-run: same numbers)');
  assert.deepEqual(problems.console, []);
  await close();

  // And back: the French gradebook grades both with the same points, in French words only.
  const fr = await openPage(lab.browser, lab.isolatedUrl('fr/instructor.html'));
  await fr.page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  assert.deepEqual(await englishLeft(fr.page), []);
  await fr.page.setInputFiles('#files', files);
  await fr.page.waitForFunction(() => document.body.dataset.verifying === 'false' && document.body.dataset.regrading === 'false', null, { timeout: 120000 });
  const frRows = await fr.page.$$eval('#gradebook tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.cells[1].textContent,
    { score: tr.cells[2].textContent, race: tr.cells[5].textContent, doubts: tr.cells[9].textContent }])));
  const points = (text) => text.match(/\d+(?:[.,]\d+)?/g).map((x) => x.replace(',', '.'));
  for (const id of ['EN-1', 'FR-1']) {
    assert.deepEqual(points(frRows[id].score), points(rows[id].score), id);
    assert.match(frRows[id].score, /^\S+ sur \S+$/, id);
    assert.equal(frRows[id].race, 'faite (relancée\u00a0: mêmes nombres)', id);
    assert.equal(frRows[id].doubts, 'aucun', id);
  }
  assert.deepEqual(await englishLeft(fr.page), []);
  assert.deepEqual(fr.problems.console, []);
  await fr.close();
});
