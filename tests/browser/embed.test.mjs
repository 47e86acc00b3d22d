// Embed mode (web/js/embed/): widget pages in the frames of the two demonstrations in
// docs/embed/ (built into embed/): a page standing in for an LMS's, and a reveal.js deck.
// The frame's height follows its content (after maths, charts and a run), arrow keys stay
// in a focused widget and Escape gives them back to the deck, a left slide pauses a run,
// and work saved in a frame is the lab's.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const frameOf = async (page, selector) => (await page.$(selector)).contentFrame();

// The frame's height on its page (laid out, before a deck scales its slide), and the
// height of what the widget page holds.
async function heights(page, selector) {
  const frame = await frameOf(page, selector);
  const outer = await page.$eval(selector, (f) => f.clientHeight);
  const inner = await frame.evaluate(() => document.body.getBoundingClientRect().height);
  return { outer, inner };
}
async function fits(page, selector) {
  const deadline = Date.now() + 15000;
  let h;
  do {
    h = await heights(page, selector);
    if (Math.abs(h.outer - h.inner) <= 4) return h;
    await page.waitForTimeout(100);
  } while (Date.now() < deadline);
  assert.fail(`${selector}: frame ${h.outer}px, content ${h.inner}px`);
}

test('in an LMS page, a widget shows alone and its frame takes its height, after a run too', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('embed/lms-page.html'));
  const table = await frameOf(page, '#lms-table');
  await table.waitForFunction(() => document.querySelectorAll('#result-rows tr').length === 5 && document.body.dataset.build);
  await table.evaluate(() => document.fonts.ready);
  // The widget alone: no navigation, no introduction, a way out to the whole lab.
  assert.equal(await table.isVisible('nav'), false);
  assert.equal(await table.isVisible('main > .lead'), false);
  assert.equal(await table.getAttribute('#open-in-lab', 'href'), lab.plainUrl('attention-table.html'));
  assert.equal(await table.getAttribute('#open-in-lab', 'target'), '_blank');
  const t = await fits(page, '#lms-table');
  assert.notEqual(Math.round(t.outer), 900, 'the frame was sized from its content, not left at its own height');

  const race = await frameOf(page, '#lms-race');
  await race.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  assert.equal(await race.isVisible('#url-notice'), false, '"embed" is not taken for a setting');
  const before = await fits(page, '#lms-race');
  // Saved work in the frame is the lab's: a prediction made here is there on the page itself.
  await race.click('#predict summary');
  await race.check('#predict-gru');
  await race.click('#start');
  await race.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  const afterRun = await fits(page, '#lms-race');
  assert.ok(afterRun.outer > before.outer + 50, `the results made the frame taller (${before.outer} -> ${afterRun.outer})`);
  assert.deepEqual(problems.console, []);
  assert.deepEqual(problems.foreign, []);

  const own = await page.context().newPage();
  await own.goto(lab.plainUrl('race.html'));
  await own.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await own.isChecked('#predict-gru'), true);
  await close();
});

test('in a reveal.js deck: height reported, arrow keys kept while focused, Escape gives them back, a left slide pauses', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('embed/deck.html#/1'));
  await page.waitForFunction(() => window.Reveal && Reveal.isReady());
  const table = await frameOf(page, '#slide-table iframe');
  await table.waitForFunction(() => document.querySelectorAll('#result-rows tr').length === 5 && document.body.dataset.build);
  await table.evaluate(() => document.fonts.ready);
  await fits(page, '#slide-table iframe');

  // Focused, the widget takes the arrow keys: the query moves, the slide stays.
  const query = await table.inputValue('#query');
  await table.focus('.query-handle');
  await page.keyboard.press('ArrowRight');
  await table.waitForFunction((q) => document.getElementById('query').value !== q, query);
  assert.equal(await page.evaluate(() => Reveal.getIndices().h), 1);
  // Escape: the deck has the keys again.
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement && document.activeElement.tagName !== 'IFRAME');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => Reveal.getIndices().h === 2);
  // The scaling page's charts drawn: its frame fits them too.
  const scaling = await frameOf(page, '#slide-scaling iframe');
  await scaling.waitForFunction(() => document.body.dataset.stale === 'false' && document.body.dataset.computed === document.body.dataset.requested);
  await fits(page, '#slide-scaling iframe');

  // The race, longer than the deck's, on its slide; leaving the slide pauses it.
  await page.evaluate(() => Reveal.slide(3));
  await page.$eval('#slide-race iframe', (f) => { f.src = '../race.html?embed&epochs=60'; });
  await page.waitForTimeout(200);
  const race = await frameOf(page, '#slide-race iframe');
  await race.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build === 'attention_lab_mt', null, { timeout: 30000 });
  await race.click('#start');
  await race.waitForFunction(() => document.querySelectorAll('#curve-table tbody tr').length >= 2, null, { timeout: 60000 });
  await page.evaluate(() => Reveal.slide(4));
  await race.waitForFunction(() => document.body.dataset.paused === 'true' && document.body.dataset.slide === 'hidden');
  await race.waitForTimeout(300);  // (a slice begun before the pause ends)
  const rows = await race.$$eval('#curve-table tbody tr', (r) => r.length);
  await race.waitForTimeout(1500);
  assert.equal(await race.$$eval('#curve-table tbody tr', (r) => r.length), rows, 'no epoch trained while the slide was away');
  assert.equal(await race.evaluate(() => document.body.dataset.race), 'running');
  await page.evaluate(() => Reveal.slide(3));
  await race.waitForFunction(() => document.body.dataset.paused === 'false');
  await race.waitForFunction((n) => document.querySelectorAll('#curve-table tbody tr').length > n, rows, { timeout: 30000 });
  await race.click('#stop');
  assert.deepEqual(problems.console, []);
  assert.deepEqual(problems.foreign, []);
  await close();
});

test('a widget page offers the snippet that embeds it, with its settings', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('race.html?T=12'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('#embed-this summary');
  const snippet = await page.inputValue('#embed-snippet');
  assert.match(snippet, new RegExp(`<iframe data-attention-lab src="${lab.plainUrl('race.html').replace(/[.?]/g, '\\$&')}\\?T=12&amp;embed"`));
  assert.match(snippet, new RegExp(`<script src="${lab.plainUrl('embed/attention-lab-embed.js').replace(/[.?]/g, '\\$&')}"></script>`));
  assert.match(snippet, /title="GRU versus self-attention: the training race"/);
  assert.deepEqual(problems.console, []);
  await close();

  // A page whose address does not follow its settings: the snippet has the settings as set.
  const tr = await openPage(lab.browser, lab.plainUrl('translate.html'));
  await tr.page.waitForFunction(() => document.body.dataset.ready === 'true');
  await tr.page.fill('#set-epochs', '7');
  await tr.page.waitForFunction(() => /epochs=7/.test(document.getElementById('share-link').href));
  await tr.page.click('#embed-this summary');
  assert.match(await tr.page.inputValue('#embed-snippet'), new RegExp(`src="${lab.plainUrl('translate.html').replace(/[.?]/g, '\\$&')}\\?epochs=7&amp;embed"`));
  assert.deepEqual(tr.problems.console, []);
  await tr.close();
});

// Messages nobody should act on: for iframe-resizer's parent side (sizes of the lab's frames
// named by id) and child side, malformed or from the wrong window, and objects whose string
// form throws (iframe-resizer turns every message into a string first).
const JUNK_FOR_PARENT = ['[iFrameSizer]garbage', '[iFrameSizer]',
  '[iFrameSizer]lms-table:10:10:message:{bad', '[iFrameSizer]lms-table:1:1:autoResize:{', '[iFrameSizer]lms-table:5:5:close',
  '[iFrameSizer]lms-table:abc:10:resize', '[iFrameSizer]lms-race:5:5:resize', '[iFrameSizer]lms-table:1:1:inPageLink:%E0%A4%A',
  '[iFrameResizerChild]Ready', { type: 'attention-lab:escape', toString: 1 }];
const JUNK_FOR_CHILD = ['[iFrameSizer]garbage', '[iFrameSizer]', '[iFrameSizer]message:{bad', '[iFrameSizer]pageInfo:{bad',
  '[iFrameSizer]moveToAnchor:%E0%A4%A', '[iFrameSizer]inPageLink:#x', '[iFrameSizer]x:8:true:false:32:true:true:8px:__proto__::0:0:false:child:scroll:false',
  { toString: 1 }, [{ valueOf: 1, toString: 1 }], null, 42];
// Well formed, and taken only from the frame it names.
const FORGED = ['[iFrameSizer]lms-table:5:5:resize', '[iFrameSizer]lms-table:5:5:init'];

test('messages: only the lab\'s own frames reach the resizer, well formed; junk from anywhere throws nowhere', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('embed/lms-page.html'));
  const table = await frameOf(page, '#lms-table');
  await table.waitForFunction(() => document.querySelectorAll('#result-rows tr').length === 5 && document.body.dataset.build);
  await table.evaluate(() => document.fonts.ready);
  const before = await fits(page, '#lms-table');
  // Each sender posts its junk, then a last word the page waits for: messages from one
  // sender arrive in order, so when it arrives the junk has been handled.
  await page.evaluate(() => {
    window.heard = new Set();
    window.addEventListener('message', (e) => { if (typeof e.data === 'string' && e.data.startsWith('done:')) window.heard.add(e.data); });
  });
  const post = (target, junk, done) => `for (const m of ${JSON.stringify(junk)}) ${target}.postMessage(m, '*'); ${target}.postMessage(${JSON.stringify(done)}, '*');`;
  // 1. The page's own window and a frame of its own that is not the lab's, to the page.
  await page.evaluate(post('window', [...JUNK_FOR_PARENT, ...FORGED], 'done:page'));
  await page.evaluate((code) => {
    const f = document.createElement('iframe');
    f.id = 'stranger';
    f.srcdoc = `<script>${code}<\/script>`;
    document.body.append(f);
  }, post('parent', [...JUNK_FOR_PARENT, ...FORGED], 'done:stranger'));
  // 2. The lab's frame itself, malformed or naming another frame.
  await table.evaluate(post('parent', JUNK_FOR_PARENT, 'done:table'));
  await page.waitForFunction(() => ['done:page', 'done:stranger', 'done:table'].every((d) => window.heard.has(d)));
  // 3. To the widget: from the page above (malformed) and from another frame (not its parent).
  await table.evaluate(() => {
    window.heard = new Set();
    window.addEventListener('message', (e) => { if (typeof e.data === 'string' && e.data.startsWith('done:')) window.heard.add(e.data); });
  });
  await page.evaluate(post('document.getElementById("lms-table").contentWindow', JUNK_FOR_CHILD, 'done:parent'));
  await page.$eval('#stranger', (f, code) => f.contentWindow.eval(code),
    post('parent.document.getElementById("lms-table").contentWindow', [...JUNK_FOR_CHILD, '[iFrameSizer]reset', '[iFrameSizer]x:0:false:false:0:true:true:0px:max::0:0:false:child:scroll:false'], 'done:stranger'));
  await table.waitForFunction(() => ['done:parent', 'done:stranger'].every((d) => window.heard.has(d)));

  assert.deepEqual(problems.console, [], 'no uncaught error, in the page or the widget');
  assert.equal(await page.locator('#lms-table').count(), 1, 'no message closed the frame');
  const after = await fits(page, '#lms-table');
  assert.ok(Math.abs(after.outer - before.outer) <= 4, `no forged size took (${before.outer} -> ${after.outer})`);
  // The widget still reports its own size: a taller table makes a taller frame.
  await table.evaluate(() => { document.querySelector('main').style.paddingBottom = '300px'; });
  await page.waitForFunction((h) => document.getElementById('lms-table').clientHeight > h + 250, before.outer);
  await fits(page, '#lms-table');
  // Escape from the lab's frame still hands the keys back; the same message from elsewhere does nothing.
  await page.$eval('#stranger', (f) => f.contentWindow.eval('parent.postMessage({ type: "attention-lab:escape" }, "*")'));
  await table.focus('.query-handle');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement && document.activeElement.tagName !== 'IFRAME');
  assert.deepEqual(problems.console, []);
  await close();
});

test('with ?embed every link leaves in a new tab: the page\'s, the glossary\'s added after load, and one added later still', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('code.html?embed'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.locator('a.term').first().waitFor({ state: 'attached' });
  const links = await page.$$eval('a[href]', (as) => as.filter((a) => !a.getAttribute('href').startsWith('#'))
    .map((a) => ({ href: a.getAttribute('href'), term: a.classList.contains('term'), target: a.target, rel: a.rel })));
  assert.ok(links.some((l) => l.term), 'the glossary linked a term');
  for (const l of links) {
    assert.equal(l.target, '_blank', `${l.href} opens in a new tab`);
    assert.match(l.rel, /\bnoopener\b/, `${l.href} has rel=noopener`);
  }
  // A glossary link followed: a new tab, the widget stays. (The terms embed mode shows
  // none of are in the introduction it hides: the link is followed as a script would.)
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.locator('a.term').first().evaluate((a) => a.click())]);
  await tab.waitForLoadState();
  assert.match(tab.url(), /lesson\.html#g-/);
  assert.match(page.url(), /code\.html\?embed$/);
  await tab.close();
  // A link added after load, and one clicked the moment it is added (before any observer ran).
  await page.evaluate(() => {
    const a = Object.assign(document.createElement('a'), { href: 'lesson.html', textContent: 'the lesson', id: 'late' });
    document.querySelector('main').append(a);
  });
  await page.waitForFunction(() => document.getElementById('late').target === '_blank' && document.getElementById('late').relList.contains('noopener'));
  const [tab2] = await Promise.all([page.context().waitForEvent('page'), page.evaluate(() => {
    const a = Object.assign(document.createElement('a'), { href: 'lesson.html#g-gru', textContent: 'at once' });
    document.querySelector('main').append(a);
    a.click();
  })]);
  await tab2.waitForLoadState();
  assert.match(tab2.url(), /lesson\.html#g-gru$/);
  assert.match(page.url(), /code\.html\?embed$/);
  assert.deepEqual(problems.console, []);
  await close();
});
