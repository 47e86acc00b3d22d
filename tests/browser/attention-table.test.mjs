// The live attention table in headless Chromium, with and without cross-origin isolation.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, answerInPage, startLab, openPage, mainThreadWork, frames } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// The module's worked example 1, sorted by weight.
const MODULE_TABLE = [
  ['move', '1.73', '0.335'], ['animal', '1.72', '0.332'], ['not', '0.97', '0.157'],
  ['did', '0.48', '0.096'], ['the', '0.29', '0.079'],
];

async function readTable(page) {
  return page.$$eval('#result-rows tr', (rows) => rows.map((r) => Array.from(r.children, (c) => c.textContent)));
}

// Waits (on the page's own updates, no fixed sleeps) until the table's rows satisfy
// predicate, a self-contained function of the rows and arg (it runs in the page).
async function waitForTable(page, predicate = (rows) => rows.length > 0, arg = null) {
  await page.waitForFunction(([src, a]) => {
    const rows = Array.from(document.querySelectorAll('#result-rows tr'), (r) => Array.from(r.children, (c) => c.textContent));
    return (0, eval)(`(${src})`)(rows, a);
  }, [predicate.toString(), arg]);
  return readTable(page);
}

// Plot labels drawn on another mark than their own: ['"label" on what', ...]. Marks are
// the query's handle and dashed arrow, the context's square, and each key's arrow, a
// segment as thick as it is drawn; a label's box is its text's, 1 unit in from each side.
// Runs in the page.
function labelsOnMarks() {
  const svg = document.getElementById('geometry');
  const n = (el, a) => Number(el.getAttribute(a));
  const marks = [];
  for (const c of svg.querySelectorAll('circle.query-handle')) marks.push({ who: 'query', kind: 'box', b: [n(c, 'cx') - n(c, 'r'), n(c, 'cy') - n(c, 'r'), n(c, 'cx') + n(c, 'r'), n(c, 'cy') + n(c, 'r')] });
  for (const r of svg.querySelectorAll('rect.context-mark')) marks.push({ who: 'context', kind: 'box', b: [n(r, 'x'), n(r, 'y'), n(r, 'x') + n(r, 'width'), n(r, 'y') + n(r, 'height')] });
  for (const l of svg.querySelectorAll('line.key-arrow, line.query-arrow')) {
    marks.push({ who: l.classList.contains('query-arrow') ? 'query' : `key ${l.dataset.position}`, kind: 'seg', s: [n(l, 'x1'), n(l, 'y1'), n(l, 'x2'), n(l, 'y2')], w: n(l, 'stroke-width') });
  }
  const hitsSeg = ([x1, y1, x2, y2], [bx0, by0, bx1, by1]) => {
    // Liang–Barsky: does the segment pass through the box?
    let t0 = 0, t1 = 1; const dx = x2 - x1, dy = y2 - y1;
    for (const [p, q] of [[-dx, x1 - bx0], [dx, bx1 - x1], [-dy, y1 - by0], [dy, by1 - y1]]) {
      if (p === 0) { if (q < 0) return false; continue; }
      const r = q / p;
      if (p < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
    }
    return true;
  };
  const out = [];
  for (const t of svg.querySelectorAll('text.query-label, text.context-label, text.key-label')) {
    const bb = t.getBBox();
    const b = [bb.x + 1, bb.y + 1, bb.x + bb.width - 1, bb.y + bb.height - 1];
    const own = t.classList.contains('query-label') ? 'query' : t.classList.contains('context-label') ? 'context' : `key ${t.dataset.position}`;
    for (const m of marks) {
      if (m.who === own) continue;
      const hit = m.kind === 'box' ? b[0] < m.b[2] && m.b[0] < b[2] && b[1] < m.b[3] && m.b[1] < b[3]
        : hitsSeg(m.s, [b[0] - m.w / 2, b[1] - m.w / 2, b[2] + m.w / 2, b[3] + m.w / 2]);
      if (hit) out.push(`"${t.textContent}" on ${m.who === 'query' || m.who === 'context' ? m.who : `"${svg.querySelector(`text.key-label[data-position="${m.who.split(' ')[1]}"]`)?.textContent ?? m.who}"`}`);
    }
  }
  return out;
}

for (const mode of ['isolated', 'plain']) {
  test(`${mode}: the table shows the module's numbers and the right build`, async () => {
    const url = mode === 'isolated' ? lab.isolatedUrl('attention-table.html') : lab.plainUrl('attention-table.html');
    const { page, problems, close } = await openPage(lab.browser, url);
    const rows = await waitForTable(page);
    assert.deepEqual(rows, MODULE_TABLE);
    const sum = await page.$$eval('#result-rows tr', (trs) => trs.reduce((s, tr) => s + Number(tr.dataset.weight), 0));
    assert.ok(Math.abs(sum - 1) < 1e-12, `weights sum to ${sum}`);
    // The plot's labels (query, context, the five keys) do not overlap one another.
    const clashes = await page.$$eval('svg .query-label, svg .context-label, svg .key-label', (ts) => {
      const boxes = ts.map((t) => [t.textContent, t.getBBox()]);
      const out = [];
      for (let i = 0; i < boxes.length; ++i)
        for (let j = i + 1; j < boxes.length; ++j) {
          const [a, p] = boxes[i], [b, q] = boxes[j];
          if (p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height) out.push(`${a} / ${b}`);
        }
      return { n: boxes.length, out };
    });
    assert.equal(clashes.n, 7);
    assert.deepEqual(clashes.out, []);
    // Nor on another mark: no label box on the handle, the context's square, or another
    // arrow's shaft (the default picture once put "animal" on the context's square and
    // "context c" across the "move" arrow).
    assert.deepEqual(await page.evaluate(labelsOnMarks), []);

    await page.waitForFunction(() => document.body.dataset.build);
    const status = await page.textContent('#build-status');
    const isolated = await page.evaluate(() => self.crossOriginIsolated);
    if (mode === 'isolated') {
      assert.equal(isolated, true);
      assert.match(status, /threaded WebAssembly build \(SIMD \+ threads\), SIMD on/);
      assert.equal(await page.evaluate(() => document.body.dataset.build), 'attention_lab_mt');
    } else {
      assert.equal(isolated, false);
      assert.match(status, /single-thread WebAssembly build, SIMD on/);
      assert.equal(await page.evaluate(() => document.body.dataset.build), 'attention_lab_st');
    }
    assert.deepEqual(problems.console, []);
    assert.deepEqual(problems.foreign, []);
    await close();
  });
}

test('editing the query changes the weights; a bad value keeps the last good table', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('attention-table.html'));
  await waitForTable(page);

  // q = [-1, 2] favours "not" ([-0.2, 1.3]).
  await page.fill('#query', '-1, 2');
  let rows = await waitForTable(page, (r) => r[0][0] === 'not');
  assert.equal(rows[0][0], 'not');
  const good = rows;

  for (const bad of ['abc', '1, NaN', '1e400, 1', '1, 2, 3', '']) {
    await page.fill('#query', bad);
    await page.waitForFunction(() => document.getElementById('query-error').textContent.length > 0);
    const message = await page.textContent('#query-error');
    assert.ok(message.length > 5, `message for "${bad}"`);
    assert.equal(await page.getAttribute('#query', 'aria-invalid'), 'true');
    assert.equal(await page.isVisible('#stale'), true);
    assert.deepEqual(await readTable(page), good, `table kept for "${bad}"`);
  }
  assert.match(await (async () => { await page.fill('#query', '1, 2, 3'); return page.textContent('#query-error'); })(),
    /query has 3 numbers but the keys have 2/);

  // Fixing the field brings the live table back.
  await page.fill('#query', '1.0, 0.9');
  rows = await waitForTable(page, (r) => r[0][0] === 'move');
  assert.deepEqual(rows, MODULE_TABLE);
  assert.equal(await page.isVisible('#stale'), false);
  assert.deepEqual(problems.console, []);
  await close();
});

test('bad embeddings, huge values, no tokens and too many tokens get messages; nothing breaks', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('attention-table.html'));
  await waitForTable(page);
  const emb = '#token-rows tr:nth-child(2) td:nth-child(2) input';

  await page.fill(emb, '1.0, oops');
  await page.waitForFunction(() => document.getElementById('row-error-1').textContent.length > 0);
  assert.match(await page.textContent('#row-error-1'), /"oops" is not a number/);
  assert.deepEqual((await readTable(page))[0], MODULE_TABLE[0]);
  await page.fill(emb, '1.0, 0.8, 0.5');
  await page.waitForFunction(() => /3 numbers/.test(document.getElementById('row-error-1').textContent));

  // 1e30 is a finite double: the weights stay finite, no NaN reaches the screen.
  await page.fill(emb, '1e30, -1e30');
  const rows = await waitForTable(page, (r) => r[0][0] === 'animal');
  assert.equal(rows[0][2], '1');
  const text = await page.textContent('main');
  assert.ok(!/NaN|Infinity/.test(text), 'no NaN or Infinity on screen');

  // Scores that overflow double: the core refuses and says why; the last table stays.
  await page.fill('#query', '1e300, 1e300');
  await page.fill(emb, '1e300, 1');
  await page.waitForFunction(() => /overflowed/.test(document.getElementById('tokens-error').textContent));
  assert.equal((await readTable(page))[0][0], 'animal');
  await page.fill('#query', '1.0, 0.9');
  await page.fill(emb, '1.0, 0.8');
  await waitForTable(page, (r) => r[0][0] === 'move');

  // Removing every token: the last good table (one token, weight 1) stays.
  for (let i = 0; i < 4; ++i) await page.click('#token-rows tr:first-child button');
  await waitForTable(page, (r) => r.length === 1);
  await page.click('#token-rows tr:first-child button');
  await page.waitForFunction(() => /no tokens/.test(document.getElementById('tokens-error').textContent));
  assert.deepEqual(await readTable(page), [['move', '1.73', '1']]);
  await page.click('#reset');
  await waitForTable(page, (r) => r.length === 5);

  // 10,000 tokens pasted: refused next to the text box, the text stays, the table stays.
  await page.click('#bulk summary');
  const many = Array.from({ length: 10000 }, (_, i) => `t${i} ${i % 7}, 1`).join('\n');
  await page.$eval('#bulk-text', (el, text) => { el.value = text; }, many);  // as a paste would
  await page.click('#bulk-apply');
  assert.match(await page.textContent('#bulk-error'), /10000 tokens: the table takes at most 1000/);
  assert.equal((await page.inputValue('#bulk-text')).split('\n').length, 10000);
  assert.deepEqual(await readTable(page), MODULE_TABLE);

  // The worker still answers after all of that.
  await page.fill('#bulk-text', 'a 1 0\nb 0 1');
  await page.click('#bulk-apply');
  const two = await waitForTable(page, (r) => r.length === 2);
  assert.deepEqual(two.map((r) => r[0]), ['a', 'b']);
  assert.deepEqual(problems.console, []);
  await close();
});

test('token text is shown as text, never as HTML', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('attention-table.html'));
  await waitForTable(page);
  let alerted = false;
  page.on('dialog', async (d) => { alerted = true; await d.dismiss(); });
  const evil = '<img src=x onerror=alert(1)>';
  await page.fill('#token-rows tr:first-child td:first-child input', evil);
  await waitForTable(page, (r, text) => r.some((row) => row[0] === text), evil);
  assert.equal(await page.$$eval('#result-rows img, #geometry img, #weights img', (els) => els.length), 0);
  const labels = await page.$$eval('#geometry text', (els) => els.map((e) => e.textContent));
  assert.ok(labels.some((l) => l.includes(evil)));  // on the plot, cut to 24 characters, with the full name as its tooltip
  // Two frames after the last render: an injected element would have tried to load by now.
  await frames(page);
  assert.equal(alerted, false);
  assert.deepEqual(problems.console, []);
  await close();
});

test('dragging, clicking or arrow-keying the query recomputes; the score function can change', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('attention-table.html'));
  await waitForTable(page);
  const handle = await page.$('.query-handle');
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 200, box.y - 40, { steps: 5 });
  await page.mouse.up();
  const q = await page.inputValue('#query');
  assert.notEqual(q, '1, 0.9');
  const rows = await waitForTable(page, (r) => r[0][0] !== 'move');
  assert.equal(rows[0][0], 'not', `dragged to ${q}`);

  // The drag's one-click path (WCAG 2.5.7): a click on the plot sends the query there
  // (its upper-left quarter: a query up and to the left of the origin's side).
  await page.click('#reset');
  await waitForTable(page, (r) => r[0][0] === 'move');
  const plot = await (await page.$('#geometry')).boundingBox();
  await page.click('#geometry', { position: { x: plot.width * 0.2, y: plot.height * 0.2 } });
  await page.waitForFunction(() => document.getElementById('query').value !== '1, 0.9');
  const [cx, cy] = (await page.inputValue('#query')).split(',').map(Number);
  assert.ok(cx < 0.5 && cy > 0.5, `clicked to ${cx}, ${cy}`);
  await waitForTable(page, (r) => r[0][0] !== 'move');

  await page.click('#reset');
  await waitForTable(page, (r) => r[0][0] === 'move');
  await page.focus('.query-handle');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => document.getElementById('query').value === '1, 0.95');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('query-handle')), true);

  await page.selectOption('#score-kind', 'scaled_dot');
  await page.click('#reset');
  await page.selectOption('#score-kind', 'scaled_dot');
  const scaled = await waitForTable(page, (r) => r[0][1] === '1.223');
  assert.equal(scaled[0][1], '1.223');  // 1.73 / sqrt(2)
  await page.selectOption('#score-kind', 'additive');
  const additive = await waitForTable(page, (r) => r[0][1] !== '1.223');
  // With W_q = W_k = I and w = 1: s = tanh(q1 + k1) + tanh(q2 + k2); animal [1.0, 0.8] comes top.
  assert.deepEqual(additive[0].slice(0, 2), ['animal', String(Number((Math.tanh(2.0) + Math.tanh(1.7)).toFixed(3)))]);
  assert.deepEqual(problems.console, []);
  await close();
});

test('numbers too large for the plot, invisible and very long names, late answers, fast key presses', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('attention-table.html'));
  await waitForTable(page);
  // Keys near the limit of double: the table works, the plot says why it is not drawn.
  await page.fill('#token-rows tr:nth-child(1) td:nth-child(2) input', '1.7e308, -1.7e308');
  await page.waitForFunction(() => /cannot show numbers this large/.test(document.getElementById('geometry-note').textContent));
  assert.equal(await page.isHidden('#geometry'), true);
  assert.equal(await page.$$eval('#geometry [x="NaN"], #geometry [cx="NaN"], #geometry [x2="NaN"]', (els) => els.length), 0);
  await page.click('#reset');
  await waitForTable(page, (r) => r[0][0] === 'move');
  await page.waitForFunction(() => !document.getElementById('geometry').hidden);

  // A name of invisible characters only is not a name.
  await page.fill('#token-rows tr:nth-child(1) td:nth-child(1) input', '\u200B\u200D');
  await page.waitForFunction(() => /invisible characters only/.test(document.getElementById('row-error-0').textContent));
  // A 5,000-character name: the page stays as wide as the window.
  await page.fill('#token-rows tr:nth-child(1) td:nth-child(1) input', 'w'.repeat(5000));
  await waitForTable(page, (r) => r.some((row) => row[0].length === 5000));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1));

  // A good query whose answer arrives after the field already holds a bad one: the notice stays.
  await page.click('#reset');
  await waitForTable(page, (r) => r[0][0] === 'move');
  const seen = Number(await page.evaluate(() => document.body.dataset.replies));
  await page.evaluate(() => {
    const q = document.getElementById('query');
    q.value = '2, 2'; q.dispatchEvent(new Event('input'));
    q.value = '2, x'; q.dispatchEvent(new Event('input'));
  });
  await page.waitForFunction((n) => Number(document.body.dataset.replies) > n, seen);  // the good query's answer came
  assert.match(await page.textContent('#query-error'), /"x" is not a number/);
  assert.equal(await page.isVisible('#stale'), true);
  assert.equal(await page.inputValue('#query'), '2, x');

  // Shift+Arrow four times, faster than the worker answers: the query moves by all four.
  await page.click('#reset');
  await waitForTable(page, (r) => r[0][0] === 'move');
  await page.focus('.query-handle');
  for (let k = 0; k < 4; ++k) await page.keyboard.press('Shift+ArrowRight');
  await page.waitForFunction(() => document.getElementById('query').value === '2, 0.9');
  assert.deepEqual(problems.console, []);
  await close();
});

test('the rows and the text box are one state: names with spaces survive, nothing is reverted unasked', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('attention-table.html'));
  await waitForTable(page);
  await page.click('#bulk summary');
  // An edit in the rows shows in the text box at once.
  await page.fill('#token-rows tr:nth-child(1) td:nth-child(1) input', 'New York');
  assert.match(await page.inputValue('#bulk-text'), /^New York: 0.2, 0.1\n/);
  // Applying the text changes nothing that was typed in the rows, and keeps the spaced name.
  await page.click('#bulk-apply');
  await waitForTable(page, (r) => r.some((row) => row[0] === 'New York'));
  assert.equal(await page.inputValue('#token-rows tr:nth-child(1) td:nth-child(1) input'), 'New York');
  // Text typed in the box, then the rows edited: applying asks first; "no" keeps the rows.
  await page.fill('#bulk-text', 'a: 1, 0\nb: 0, 1');
  await page.fill('#token-rows tr:nth-child(2) td:nth-child(1) input', 'lion');
  assert.match(await page.textContent('#bulk-error'), /The rows were edited after you changed this text/);
  await page.click('#bulk-apply');
  assert.match(await answerInPage(page, false), /^The rows were edited/);
  assert.equal(await page.inputValue('#token-rows tr:nth-child(2) td:nth-child(1) input'), 'lion');
  assert.equal(await page.$$eval('#token-rows tr', (trs) => trs.length), 5);
  assert.deepEqual(problems.console, []);
  await close();
});

test('one token picked out everywhere: its row, its arrow and label on the plot, its bar, its line of the table', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('attention-table.html'));
  await waitForTable(page);
  const linked = () => page.$$eval('.linked', (els) => els.map((e) => `${e.closest('[id]').id}:${e.dataset.position}`));
  // "animal", the second token: from the sorted table (its second line).
  await page.hover('#result-rows tr[data-position="1"]');
  assert.deepEqual((await linked()).sort(), ['geometry:1', 'geometry:1', 'result-rows:1', 'token-rows:1', 'weights:1']);
  // From its bar, and from the keyboard in its row of the editor.
  await page.hover('#weights g[data-position="3"] rect');
  assert.deepEqual((await linked()).filter((l) => l.startsWith('token-rows')), ['token-rows:3']);
  await page.mouse.move(0, 0);
  await page.focus('#token-rows tr[data-position="0"] input');
  assert.deepEqual((await linked()).filter((l) => l.startsWith('result-rows') || l.startsWith('weights')).sort(), ['result-rows:0', 'weights:0']);
  // Edited and recomputed: the token stays picked out in the redrawn views.
  await page.keyboard.type('x');
  await waitForTable(page, (rows) => rows.some((r) => r[0] === 'thex'));
  assert.ok((await linked()).includes('weights:0'));
  assert.deepEqual(problems.console, []);
  await close();
});

test('a 1,000-token paste: 50 rows to edit, the rest in the text box, its problems named there', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('attention-table.html'));
  await waitForTable(page);
  await page.click('#bulk summary');
  const lines = Array.from({ length: 1000 }, (_, i) => `t${i + 1} ${(i % 7) / 7}, ${(i % 5) / 5}`);
  await page.$eval('#bulk-text', (el, text) => { el.value = text; el.dispatchEvent(new Event('input')); }, lines.join('\n'));
  await mainThreadWork(page);
  await page.click('#bulk-apply');
  await waitForTable(page, (r) => r.length === 101 && /900 more tokens/.test(r[100][0]));
  // Built, counted not timed: 50 editor rows and 100 result rows, one path of 1,000 bars.
  const work = await mainThreadWork(page);
  assert.ok(work.added < 2500, `${work.added} elements added`);
  assert.equal(await page.locator('#token-rows input').count(), 100);
  assert.match(await page.textContent('#token-rows tr:last-child'), /The other 950 tokens are in the text box below/);
  assert.equal(await page.locator('#weights .weight-bars').count(), 1);
  // Token 523, beyond the rows, with a number too many: named beside the tokens, the table kept.
  lines[522] = 't523 1, 2, 3';
  await page.$eval('#bulk-text', (el, text) => { el.value = text; el.dispatchEvent(new Event('input')); }, lines.join('\n'));
  await page.click('#bulk-apply');
  await page.waitForFunction(() => /Token 523/.test(document.getElementById('tokens-error').textContent));
  assert.match(await page.textContent('#tokens-error'), /^Token 523, "t523": This embedding has 3 numbers; the first token's has 2\. Edit it in the text box below\.$/);
  assert.equal(await page.locator('#result-rows tr').count(), 101);
  assert.deepEqual(problems.console, []);
  await close();
});
