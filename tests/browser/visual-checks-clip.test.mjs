// The clipping and splitting checks (visual-checks-clip.mjs) see the defects they were
// written for, put into a real page one at a time, and pass the lab's own pages: every
// page of the registry at a laptop's size (1280 × 800) and a phone's (390 × 844), before
// and after its run for a page with one. Also: an exercise's matrix has exactly its
// columns in its grid (its row numbers drawn outside), and the slide deck shows each
// widget whole (the frame as tall as the widget; a slide that must scroll says so).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage, frames } from './support.mjs';
import { PAGES, pageReady, runLink, pageComputed, shortRun } from './pages.mjs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clippedWithoutCue, splitTokens, spillsOutOfCells } from './visual-checks-clip.mjs';
import { writeClass, writeHostileClass } from './fabricated-class.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const SIZES = [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }];
const settle = frames;
const addToMain = (page, html) => page.evaluate((h) => document.querySelector('main').insertAdjacentHTML('afterbegin', h), html);

async function phonePage(path) {
  const opened = await openPage(lab.browser, lab.isolatedUrl(path), { contextOptions: { viewport: { width: 390, height: 844 } } });
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true');
  await opened.page.waitForFunction(() => !document.body.dataset.requested || document.body.dataset.computed === document.body.dataset.requested);
  await settle(opened.page);
  return opened;
}

test('content cut by its box is seen: hidden overflow, ellipsis, a scroller no key reaches, a frame with no cue', async () => {
  const { page, close } = await phonePage('order.html');
  // The order page's output tables are wider than a phone: they scroll in frames that say so.
  assert.deepEqual(await page.$$eval('.outputs .scroll-frame', (fs) => fs.map((f) => f.dataset.scroll)), ['right', 'right']);
  assert.deepEqual(await page.evaluate(clippedWithoutCue), []);
  const wide = '<div style="width: 400px; white-space: nowrap">query key value weight output</div>';
  await addToMain(page, `
    <div id="cut" style="overflow: hidden; width: 100px">${wide}</div>
    <p id="ellipsis" style="overflow: hidden; text-overflow: ellipsis; white-space: nowrap; width: 60px">a line longer than its box</p>
    <div id="bare" style="overflow-x: auto; width: 100px">${wide}</div>
    <div id="mute" tabindex="0" role="region" aria-label="Outputs" style="overflow-x: auto; width: 100px">${wide}</div>`);
  assert.deepEqual(await page.evaluate(clippedWithoutCue), [
    'div#cut: content 400 px wide in a 100 px box, cut off (overflow hidden)',
    'p#ellipsis: content 165 px wide in a 60 px box, cut off (overflow hidden, ellipsis)'.replace('165', String(await page.$eval('#ellipsis', (p) => p.scrollWidth))),
    'div#bare: content 400 px wide in a 100 px box, scrolls but is not a focusable, named region',
    'div#mute: content 400 px wide in a 100 px box, scrolls with no cue that it does',
  ]);
  // The same content in the lab's frame: focusable, named, its hidden side faded and said.
  await page.evaluate(() => { for (const id of ['cut', 'ellipsis', 'bare', 'mute']) document.getElementById(id).remove(); });
  await addToMain(page, `<div id="framed" class="scroll-frame" aria-label="Outputs">${wide}</div>`);
  await page.waitForFunction(() => document.getElementById('framed').dataset.scroll === 'right');
  assert.deepEqual(await page.evaluate(clippedWithoutCue), []);
  assert.equal(await page.getAttribute('#framed', 'tabindex'), '0');
  assert.equal(await page.getAttribute('#framed', 'role'), 'region');
  // Scrolled to its end, the frame says so (its cue now points back).
  await page.$eval('#framed', (f) => { f.scrollLeft = f.scrollWidth; });
  await page.waitForFunction(() => document.getElementById('framed').dataset.scroll === 'left');
  assert.deepEqual(await page.evaluate(clippedWithoutCue), []);
  // A frame whose cue is gone (no faded edge, no line) is reported: the page's own too.
  await page.addStyleTag({ content: '.scroll-frame[data-scroll] { -webkit-mask-image: none !important; mask-image: none !important; } .scroll-frame[data-scroll]::before { content: none !important; }' });
  const bare = await page.evaluate(clippedWithoutCue);
  assert.ok(bare.some((p) => /^div\.scroll-frame: content \d+ px wide in a \d+ px box, scrolls with no cue that it does$/.test(p)), bare.join('\n'));
  // And a page wider than the window.
  await addToMain(page, '<div style="width: 600px; height: 1px"></div>');
  assert.ok((await page.evaluate(clippedWithoutCue)).includes('page: content 600 px wide in a 390 px window'.replace('600', String(await page.evaluate(() => document.documentElement.scrollWidth)))));
  await close();
});

test('a number and its unit, a date, an id and a short formula split across lines are seen; kept whole they are not', async () => {
  const { page, close } = await phonePage('lesson.html');
  assert.deepEqual(await page.evaluate(splitTokens), []);
  // A column one letter wide: every space (and a date's hyphens) would end a line.
  const narrow = 'style="width: 1px; overflow-wrap: anywhere"';
  await addToMain(page, `<div id="split">
    <p id="unit" ${narrow}>accuracy 95 % at last</p>
    <p id="date" ${narrow}>handed in 2026-12-04 14:13</p>
    <td-like><p id="id" ${narrow}>student s12345</p></td-like>
    <p id="formula" ${narrow}>with H = 20 heads</p>
    <p id="marked" ${narrow}><span class="unbroken">T = 30, seed = 7</span></p></div>`);
  const found = await page.evaluate(splitTokens);
  for (const want of ['p#unit: "95 %"', 'p#date: "2026-12-04 14:13"', 'p#id: "s12345"', 'p#formula: "H = 20"']) {
    assert.ok(found.some((f) => f.startsWith(`${want} split across lines`)), `${want} not seen in:\n${found.join('\n')}`);
  }
  // Kept whole as the lab keeps them: no-break spaces (format.js, the lesson's build)
  // and span.unbroken (ui/unbroken.js) on one line, the rest of the text free to wrap
  // (a word is broken inside only where it cannot fit its box: overflow-wrap normal here).
  await page.evaluate(() => {
    document.getElementById('split').style.overflowWrap = 'normal';
    document.getElementById('split').innerHTML = `
      <p style="width: 1px">accuracy 95\u00a0% at last</p>
      <p style="width: 1px">handed in <span class="unbroken">2026-12-04 14:13</span></p>
      <p style="width: 1px">student s12345</p>
      <p style="width: 1px">with H\u00a0=\u00a020 heads</p>
      <p style="width: 1px"><span class="unbroken">T = 30</span>, <span class="unbroken">seed = 7</span></p>`;
  });
  assert.deepEqual(await page.evaluate(splitTokens), []);
  await close();
});

test('text drawn over the next column of a table is seen; wrapped in its cell it is not', async () => {
  const { page, close } = await phonePage('lesson.html');
  assert.deepEqual(await page.evaluate(spillsOutOfCells), []);
  // A fixed layout whose second column is narrower than a word that may not wrap.
  await addToMain(page, `<table id="spill" style="table-layout: fixed; width: 12rem"><colgroup><col style="width: 4rem"><col style="width: 4rem"><col></colgroup>
    <tbody><tr><td>a</td><td style="white-space: nowrap">2026-11-30&nbsp;12:00&nbsp;UTC</td><td>doubts</td></tr></tbody></table>`);
  const found = await page.evaluate(spillsOutOfCells);
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /^table#spill row 1, column 2: "2026-11-30 12:00 UTC" drawn \d+ px outside its cell$/);
  // The same text free to wrap stays inside (overflow-wrap breaks it where it must).
  await page.evaluate(() => { const td = document.querySelector('#spill td:nth-child(2)'); td.style.whiteSpace = 'normal'; td.style.overflowWrap = 'anywhere'; });
  assert.deepEqual(await page.evaluate(spillsOutOfCells), []);
  await close();
});

// The gradebook as an instructor sees it once a class is graded (the registry's visit of
// the instructor page has no class): every column's text in its own cell, a date with its
// time on one line, nothing cut without a cue, at both sizes.
test('instructor.html with a graded class: no text outside its cell, no token split, at 1280 and 390 px', async () => {
  // Six hand-ins and three with doubts (dates after the export, predictions with no run).
  const dir = mkdtempSync(join(tmpdir(), 'class-'));
  const paths = [...writeClass(dir, 6).paths, ...writeHostileClass(dir)];
  for (const size of SIZES) {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'), { contextOptions: { viewport: { width: size.width, height: size.height } } });
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
    await page.setInputFiles('#files', paths);
    await page.waitForFunction(() => document.body.dataset.rows === '9' && document.body.dataset.regrading === 'false', null, { timeout: 60000 });
    await settle(page);
    const at = `instructor.html, ${size.name}`;
    assert.deepEqual(await page.evaluate(spillsOutOfCells), [], `${at}: text outside its cell`);
    assert.deepEqual(await page.evaluate(splitTokens), [], `${at}: tokens split across lines`);
    assert.deepEqual(await page.evaluate(clippedWithoutCue), [], `${at}: clipped without a cue`);
    // The doubts, the column an instructor reads first, get room for a few words a line.
    const doubts = await page.$eval('#gradebook thead th:last-child', (th) => th.getBoundingClientRect().width / parseFloat(getComputedStyle(document.documentElement).fontSize));
    assert.ok(doubts >= 12, `${at}: the Doubts column is ${doubts.toFixed(1)} rem wide`);
    assert.deepEqual(problems.console, []);
    await close();
  }
});

// Every page as a student sees it, at both sizes, before and after its run.
for (const entry of PAGES) {
  test(`${entry.file}: nothing clipped without a cue, no token split, at 1280 and 390 px${entry.run ? ', before and after its run' : ''}`, async () => {
    for (const size of SIZES) {
      const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(runLink(entry)), { contextOptions: { viewport: { width: size.width, height: size.height } } });
      await pageReady(page, entry);
      await pageComputed(page);
      await settle(page);
      const at = `${entry.file}, ${size.name}`;
      assert.deepEqual(await page.evaluate(clippedWithoutCue), [], `${at}: clipped without a cue`);
      assert.deepEqual(await page.evaluate(splitTokens), [], `${at}: tokens split across lines`);
      assert.deepEqual(await page.evaluate(spillsOutOfCells), [], `${at}: text outside its cell`);
      if (entry.run) {
        await shortRun(page, entry);
        await settle(page);
        assert.deepEqual(await page.evaluate(clippedWithoutCue), [], `${at}, after its run: clipped without a cue`);
        assert.deepEqual(await page.evaluate(splitTokens), [], `${at}, after its run: tokens split across lines`);
        assert.deepEqual(await page.evaluate(spillsOutOfCells), [], `${at}, after its run: text outside its cell`);
      }
      assert.deepEqual(problems.console, []);
      await close();
    }
  });
}

test('an exercise\'s matrix has exactly its columns in its grid; its row numbers sit outside, drawn apart', async () => {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('exercises.html'), { contextOptions: { viewport: { width: 390, height: 844 } } });
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.fill('#ex-student', 'Ada Lovelace');
  let matrices = 0;
  for (const kind of ['context', 'scaled', 'self-row', 'shapes', 'cross-step']) {
    if (kind !== 'context') {
      const before = await page.$eval('#ex-givens', (g) => g.innerHTML);
      await page.selectOption('#set-kind', kind);
      await page.waitForFunction((b) => document.getElementById('ex-givens').innerHTML !== b, before);
    }
    await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
    await settle(page);
    const found = await page.$$eval('#ex-givens table.matrix', (tables) => tables.map((t) => {
      const [, rows, cols] = /\((\d+)\s*×\s*(\d+)\)/.exec(t.caption.textContent).map(Number);
      const body = [...t.tBodies[0].rows];
      const grid = body.map((tr) => tr.querySelectorAll('td').length);
      const heads = body.map((tr) => tr.querySelector('th[scope=row]'));
      const firstCell = body[0].querySelector('td').getBoundingClientRect();
      const th = heads[0].getBoundingClientRect();
      const hs = getComputedStyle(heads[0]), cs = getComputedStyle(body[0].querySelector('td'));
      return {
        caption: t.caption.textContent, rows, cols, bodyRows: body.length, grid,
        headsOutside: th.right <= firstCell.left + 0.5,
        headUnboxed: ['Top', 'Right', 'Bottom', 'Left'].every((s) => parseFloat(hs[`border${s}Width`]) === 0),
        headPlain: Number(hs.fontWeight) < 600,
        gridEdge: parseFloat(cs.borderLeftWidth) >= 2,
        headText: heads.map((h) => h.textContent),
      };
    }));
    for (const m of found) {
      matrices += 1;
      assert.equal(m.bodyRows, m.rows, `${m.caption}: rows`);
      assert.deepEqual(m.grid, Array(m.rows).fill(m.cols), `${m.caption}: the grid's columns`);
      assert.ok(m.headsOutside && m.headUnboxed && m.headPlain && m.gridEdge, `${m.caption}: row numbers not drawn apart from the grid ${JSON.stringify(m)}`);
      assert.deepEqual(m.headText, Array.from({ length: m.rows }, (_, i) => `row\u00a0${i + 1}`));
    }
  }
  assert.ok(matrices >= 2, `only ${matrices} matrices among the exercises`);
  await close();
});

test('the slide deck shows each widget whole at 1280 × 800: its frame as tall as the widget, the slide scrolling it with a cue', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('embed/deck.html#/1'), { contextOptions: { viewport: { width: 1280, height: 800 } } });
  await page.waitForFunction(() => window.Reveal && Reveal.isReady());
  for (const [index, id] of [[1, 'slide-table'], [2, 'slide-scaling'], [3, 'slide-race']]) {
    await page.evaluate((i) => Reveal.slide(i), index);
    const frame = await (await page.$(`#${id} iframe`)).contentFrame();
    await frame.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
    await frame.evaluate(() => document.fonts.ready);
    // The frame takes the widget's whole height (nothing of it cut inside the frame).
    await page.waitForFunction(async (sel) => {
      const f = document.querySelector(sel);
      const inner = f.contentDocument.body.getBoundingClientRect().height;
      return Math.abs(f.clientHeight - inner) <= 4;
    }, `#${id} iframe`, { timeout: 15000 });
    await settle(page);
    const view = await page.evaluate((sid) => {
      const slide = document.getElementById(sid);
      const scroller = slide.querySelector('.slide-scroll');
      const s = scroller.getBoundingClientRect(), f = slide.querySelector('iframe').getBoundingClientRect();
      const cue = slide.querySelector('.scroll-cue');
      return {
        scrolls: scroller.scrollHeight > scroller.clientHeight + 2, more: slide.hasAttribute('data-more'),
        cue: cue.checkVisibility(), cueInSlide: cue.getBoundingClientRect().bottom <= s.bottom + 1,
        fitsWide: f.left >= s.left - 1 && f.right <= s.right + 1, fitsTall: f.bottom <= s.bottom + 1,
      };
    }, id);
    assert.ok(view.fitsWide, `${id}: the widget is cut at the side`);
    if (view.scrolls) {
      assert.ok(view.more && view.cue && view.cueInSlide, `${id}: the slide scrolls but does not say so ${JSON.stringify(view)}`);
      // Scrolled to its end, the whole widget has been shown and the cue goes.
      await page.$eval(`#${id} .slide-scroll`, (s) => { s.scrollTop = s.scrollHeight; });
      await page.waitForFunction((sid) => !document.getElementById(sid).hasAttribute('data-more'), id);
      const end = await page.evaluate((sid) => {
        const slide = document.getElementById(sid);
        const s = slide.querySelector('.slide-scroll').getBoundingClientRect(), f = slide.querySelector('iframe').getBoundingClientRect();
        return { bottom: f.bottom <= s.bottom + 1, cue: slide.querySelector('.scroll-cue').checkVisibility() };
      }, id);
      assert.deepEqual(end, { bottom: true, cue: false }, `${id}: the foot of the widget not reached`);
    } else {
      assert.ok(view.fitsTall && !view.more && !view.cue, `${id}: ${JSON.stringify(view)}`);
    }
  }
  assert.deepEqual(problems.console, []);
  await close();
});
