// The colour themes: light, dark (the system's, or chosen in the header) and Windows high
// contrast (forced colours), on the main pages, the widgets after a short run. In each:
// axe-core (WCAG 2.1 A/AA) finds nothing, and every chart's text is measured against
// what is really behind it (a heatmap cell's fill, or the chart's ground): at least 4.5:1
// (3:1 for large text); every series' line or mark at least 3:1 against the ground.
// The header's choice is saved (a reload keeps it), "System" follows the system, and
// printing stays light.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { test, startLab, openPage, axe, frames } from './support.mjs';
import { PAGES, pageReady } from './pages.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

// The themes, each as the system's settings (emulated) and the header's choice.
const MODES = [
  { name: 'light', colorScheme: 'light', forcedColors: 'none', choice: 'system', dark: false },
  { name: 'dark, the system\'s', colorScheme: 'dark', forcedColors: 'none', choice: 'system', dark: true },
  { name: 'dark, chosen in the header', colorScheme: 'light', forcedColors: 'none', choice: 'dark', dark: true },
  { name: 'forced colours on light', colorScheme: 'light', forcedColors: 'active', choice: 'system' },
  { name: 'forced colours on dark', colorScheme: 'dark', forcedColors: 'active', choice: 'system' },
];

async function setMode(page, mode) {
  await page.emulateMedia({ colorScheme: mode.colorScheme, forcedColors: mode.forcedColors });
  await page.selectOption('#site-theme', mode.choice);
  await frames(page);
}

// Runs in the page: every measured pair as [what, contrast, least allowed].
function measureContrast() {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  const over = (top, under) => top.slice(0, 3).map((v, k) => v * top[3] + under[k] * (1 - top[3])).concat(1);
  // The colour painted behind an element: the first ground among it and its ancestors,
  // translucent ones laid over what is under them.
  const groundOf = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] === 1) break; }
    }
    let ground = [255, 255, 255, 1];
    for (const c of layers.reverse()) ground = over(c, ground);
    return ground;
  };
  const lum = ([r, g, b]) => [r, g, b].map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((s, c, k) => s + c * [0.2126, 0.7152, 0.0722][k], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden], details:not([open]) > :not(summary)');
  const large = (style) => parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
  const name = (el) => `${el.closest('[id]') ? `#${el.closest('[id]').id} ` : ''}${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${el.getAttribute('class').split(' ').join('.')}` : ''} "${(el.textContent || '').trim().slice(0, 20)}"`;
  const out = [];
  for (const svg of document.querySelectorAll('svg.plot')) {
    if (!shown(svg)) continue;
    const ground = groundOf(svg);
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || !shown(t)) continue;
      const style = getComputedStyle(t);
      out.push([`text ${name(t)}`, ratio(parse(style.fill), ground), large(style) ? 3 : 4.5]);
    }
    // A series: its line or mark, coloured by the theme (var(--series-*), set as a style);
    // a faint run behind its median and a range's pale band are context, not series.
    for (const el of svg.querySelectorAll('*')) {
      if (!shown(el) || el.closest('.faint, .band, defs, marker')) continue;
      const style = getComputedStyle(el);
      if (el.style.stroke && style.stroke !== 'none') out.push([`line ${name(el)}`, ratio(parse(style.stroke), ground), 3]);
      else if (el.style.fill && style.fill !== 'none' && !/url/.test(style.fill)) out.push([`mark ${name(el)}`, ratio(parse(style.fill), ground), 3]);
    }
  }
  // Canvas maps: the theme's colours they were drawn with (their ground checked on the
  // canvas itself: drawn again when the theme changed).
  for (const canvas of document.querySelectorAll('canvas.heatmap, figure.alignment canvas')) {
    if (!shown(canvas) || !canvas.width) continue;
    const style = getComputedStyle(canvas);
    const colour = (n) => { const probe = document.createElement('span'); probe.style.forcedColorAdjust = 'none'; probe.style.color = style.getPropertyValue(`--${n}`); canvas.parentElement.append(probe); const c = parse(getComputedStyle(probe).color); probe.remove(); return c; };
    const ground = colour('chart-bg');
    const [r, g, b] = canvas.getContext('2d').getImageData(1, 1, 1, 1).data;
    out.push([`#${canvas.id || canvas.parentElement.id} ground as drawn`, Math.abs(r - ground[0]) + Math.abs(g - ground[1]) + Math.abs(b - ground[2]) <= 3 ? Infinity : 0, 1]);
    for (const n of ['chart-text', 'chart-muted', 'chart-strong']) out.push([`#${canvas.id || canvas.parentElement.id} ${n}`, ratio(colour(n), ground), 4.5]);
  }
  // The code editor's text, each highlighted token and the line numbers, against the
  // editor's own ground (CodeMirror's light default once stayed light on the dark page).
  for (const el of document.querySelectorAll('.cm-editor .cm-line, .cm-editor .cm-line *, .cm-editor .cm-gutterElement')) {
    if (!shown(el) || ![...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim())) continue;
    const style = getComputedStyle(el);
    out.push([`code ${name(el)}`, ratio(parse(style.color), groundOf(el)), large(style) ? 3 : 4.5]);
  }
  // A heatmap table's cells: the number against the cell's own fill.
  for (const td of document.querySelectorAll('table.heat td')) {
    if (!shown(td)) continue;
    const style = getComputedStyle(td);
    out.push([`cell ${name(td)}`, ratio(parse(style.color), groundOf(td)), large(style) ? 3 : 4.5]);
  }
  // HTML text in and around a chart (captions, read-outs, tables under it).
  for (const box of document.querySelectorAll('figure, .heatmaps')) {
    for (const el of box.querySelectorAll('*')) {
      if (el.closest('svg, table.heat') || !shown(el) || ![...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim())) continue;
      const style = getComputedStyle(el);
      out.push([`label ${name(el)}`, ratio(parse(style.color), groundOf(el)), large(style) ? 3 : 4.5]);
    }
  }
  return out;
}

// Every page of the registry; those with a run, in the state a student sees after a short one.
const RUNS = {
  'attention-table': async (page) => page.waitForFunction(() => document.body.dataset.computed === document.body.dataset.requested),
  scaling: async (page) => page.waitForFunction(() => document.body.dataset.computed === document.body.dataset.requested),
  order: async (page) => page.waitForFunction(() => document.body.dataset.computed === document.body.dataset.requested),
  cost: async (page) => {
    await page.goto(lab.isolatedUrl('cost.html?d=32&from=16&to=256&seconds=0.05'));
    await pageReady(page, PAGES.find((p) => p.name === 'cost'));
    await page.click('#measure');
    await page.waitForFunction(() => document.body.dataset.cost === 'finished', null, { timeout: 60000 });
  },
  race: async (page) => {
    await page.goto(lab.isolatedUrl('race.html?T=8&epochs=2'));
    await pageReady(page, PAGES.find((p) => p.name === 'race'));
    await page.click('#start');
    await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
    await page.waitForFunction(() => document.getElementById('heatmap-step').dataset.weights);
    await page.hover('#step-tokens span[data-position="2"]');  // a position picked out in every view
  },
  translate: async (page) => {
    await page.goto(lab.isolatedUrl('translate.html?epochs=2&hidden=8&max_len=6'));
    await pageReady(page, PAGES.find((p) => p.name === 'translate'));
    await page.waitForFunction(() => !document.getElementById('start').disabled);
    await page.click('#start');
    await page.waitForFunction(() => document.body.dataset.translate === 'finished', null, { timeout: 60000 });
    await page.click('#tr-matrix-details summary');  // the alignment's weights as a heatmap table
    await page.fill('#tr-sentence', 'le chat noir');
    await page.click('#tr-translate');
    await page.waitForFunction(() => document.body.dataset.typedFrom === 'le chat noir');  // its own, not the waiting one
  },
  // The editor as it is once loaded (a plain text area until then): its ground follows the theme.
  code: async (page) => {
    const plain = await page.$('#code-editor textarea');  // not yet upgraded: reaching it asks for the editor
    if (plain) await plain.focus();
    await page.waitForSelector('.cm-editor .cm-line');
  },
  reading: async (page) => {
    await page.goto(lab.isolatedUrl('reading.html?T=8&epochs=2'));
    await pageReady(page, PAGES.find((p) => p.name === 'reading'));
    await page.waitForFunction(() => !document.getElementById('start').disabled);
    await page.click('#start');
    await page.waitForFunction(() => document.body.dataset.reading === 'trained', null, { timeout: 60000 });
    await page.click('#rd-mask-top');  // the row now beside the row as trained, a position masked
  },
};

const least = {};  // the lowest contrast measured in each theme, for the report
for (const entry of PAGES.filter((p) => p.kind !== 'launch')) {
  const run = RUNS[entry.name];
  test(`${entry.file}${run ? ' after a short run' : ''}: in light, dark and forced colours, axe-clean, chart text at least 4.5:1 and series at least 3:1`, async (t) => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(entry.file));
    await pageReady(page, entry);
    if (run) await run(page);
    for (const mode of MODES) {
      await setMode(page, mode);
      if (mode.dark !== undefined) {
        const paper = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        const dark = paper.match(/\d+/g).slice(0, 3).every((v) => Number(v) < 64);
        assert.equal(dark, mode.dark, `${mode.name}: the page's ground is ${paper}`);
        const editor = await page.evaluate(() => { const e = document.querySelector('.cm-editor'); return e && getComputedStyle(e).backgroundColor; });
        if (editor) assert.equal(editor.match(/\d+/g).slice(0, 3).every((v) => Number(v) < 64), mode.dark, `${mode.name}: the code editor's ground is ${editor}`);
      }
      const pairs = await page.evaluate(measureContrast);
      const failing = pairs.filter(([, r, min]) => !(r >= min)).map(([what, r, min]) => `${what}: ${r.toFixed(2)} < ${min}`);
      assert.deepEqual(failing, [], `${entry.file}, ${mode.name}`);
      for (const kind of ['text', 'series']) {
        const of = pairs.filter(([what, r]) => Number.isFinite(r) && (kind === 'series') === /^(line|mark) /.test(what));
        if (!of.length) continue;
        const [what, low] = of.reduce((a, b) => (b[1] < a[1] ? b : a));
        const key = `${mode.name}, ${kind}`;
        least[key] = Math.min(least[key] ?? Infinity, low);
        t.diagnostic(`${key}: ${of.length} measured, least ${low.toFixed(2)}:1 (${what})`);
      }
      if (mode.name !== 'light') assert.deepEqual(await axe(page), [], `${entry.file}, ${mode.name}`);  // light: a11y.test.mjs
    }
    if (entry.name === 'race') {
      // Printed from the dark theme: the page, its charts and its maps on white.
      await setMode(page, MODES[2]);
      await page.emulateMedia({ media: 'print' });
      await frames(page);
      const printed = await page.evaluate(() => ({
        paper: getComputedStyle(document.documentElement).backgroundColor,
        chart: getComputedStyle(document.getElementById('curves')).backgroundColor,
        map: Array.from(document.getElementById('heatmap-step').getContext('2d').getImageData(1, 1, 1, 1).data).slice(0, 3),
      }));
      assert.deepEqual(printed, { paper: 'rgb(255, 255, 255)', chart: 'rgb(255, 255, 255)', map: [255, 255, 255] });
      await page.emulateMedia({ media: 'screen' });
    }
    assert.deepEqual(problems.console, []);
    await close();
  });
}

test('the header\'s choice: Dark is kept over a reload and over the system\'s light; System follows the system', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('index.html'), { contextOptions: { colorScheme: 'light' } });
  await pageReady(page, PAGES.find((p) => p.name === 'index'));
  const state = () => page.evaluate(() => ({
    theme: document.documentElement.dataset.theme ?? null,
    select: document.getElementById('site-theme').value,
    paper: getComputedStyle(document.documentElement).backgroundColor,
  }));
  assert.deepEqual(await state(), { theme: 'light', select: 'system', paper: 'rgb(255, 255, 255)' });
  // Labelled, and reached and changed from the keyboard.
  assert.equal(await page.evaluate(() => document.getElementById('site-theme').labels[0].textContent), 'Theme');
  await page.focus('#site-theme');
  await page.selectOption('#site-theme', 'dark');
  assert.deepEqual(await state(), { theme: 'dark', select: 'dark', paper: 'rgb(18, 20, 23)' });
  await page.reload();
  await pageReady(page, PAGES.find((p) => p.name === 'index'));
  assert.deepEqual(await state(), { theme: 'dark', select: 'dark', paper: 'rgb(18, 20, 23)' });
  // Applied before the first paint: by a script that blocks parsing, ahead of the stylesheet.
  assert.deepEqual(await page.evaluate(() => {
    const head = [...document.head.children];
    const script = head.find((el) => el.matches('script[src$="theme.js"]'));
    return { blocking: !script.defer && !script.async, first: head.indexOf(script) < head.findIndex((el) => el.matches('link[rel=stylesheet]')) };
  }), { blocking: true, first: true });
  await page.selectOption('#site-theme', 'system');
  assert.deepEqual(await state(), { theme: 'light', select: 'system', paper: 'rgb(255, 255, 255)' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.deepEqual(await state(), { theme: 'dark', select: 'system', paper: 'rgb(18, 20, 23)' });
  await page.selectOption('#site-theme', 'light');
  assert.deepEqual(await state(), { theme: 'light', select: 'light', paper: 'rgb(255, 255, 255)' });
  await page.reload();
  assert.deepEqual(await state(), { theme: 'light', select: 'light', paper: 'rgb(255, 255, 255)' });
  assert.equal(await page.evaluate(() => localStorage.getItem('attention-lab:theme')), 'light');
  assert.deepEqual(problems.console, []);
  await close();
});

after(() => {
  // The lowest contrast met in each theme: text (charts', heatmap cells', labels') and series.
  for (const [key, r] of Object.entries(least)) process.stdout.write(`least contrast, ${key}: ${r.toFixed(2)}:1\n`);
});
