// What the benchmarks that time the lab's pages in headless Chromium share (every
// tests/bench/*.bench.mjs that opens a page): the lab served for the length of a run,
// a page opened in either build, a Start click timed to the page's answer with the
// page's own main-thread work counted from the click, the native build and the PyTorch
// twin beside the page, and the markdown tables and goals they print.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLab, openPage, mainThreadWork } from '../browser/support.mjs';

// The two builds, as the two servers of tests/browser/support.mjs serve them: 'isolated'
// (COOP/COEP, so the page loads the threaded build) and 'plain' (the single-thread build).
export const BUILDS = ['isolated', 'plain'];

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// A widget's settings at their defaults (content/widgets/NAME.json), by key.
export function widgetDefaults(name) {
  const widget = JSON.parse(readFileSync(`content/widgets/${name}.json`, 'utf8'));
  return Object.fromEntries(widget.settings.map((s) => [s.key, s.default]));
}

// Runs fn(lab) with the site served and Chromium started (startLab), and closes them
// whatever fn does. Returns what fn returns.
export async function withLab(fn) {
  const lab = await startLab();
  try {
    return await fn(lab);
  } finally {
    await lab.close();
  }
}

// path (e.g. 'race.html?seed=3') opened in one of BUILDS: openPage's { page, problems, close }.
export function openBuild(lab, build, path, options) {
  return openPage(lab.browser, (build === 'isolated' ? lab.isolatedUrl : lab.plainUrl)(path), options);
}

// Ready to run: the page wired up (body[data-ready]) and its Start button enabled.
export function startEnabled(page) {
  return page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.getElementById('start').disabled,
    null, { timeout: 120000 });
}

// Clicks Start and waits until done (a function run in the page) holds: the seconds from
// the click. Playwright injects its own script at its first pointer action (~15 ms of
// main-thread work): the hover does that first, and the page's main-thread work is
// counted from just before the click (mainThreadWork, tests/browser/support.mjs).
export async function timeStart(page, done, timeout) {
  await page.hover('#start');
  await mainThreadWork(page);
  const t0 = Date.now();
  await page.click('#start');
  await page.waitForFunction(done, null, { timeout });
  return (Date.now() - t0) / 1000;
}

// One timed run of path in one build: opened, ready(page) awaited (what it returns is
// kept), Start timed to done, read (a function run in the page) evaluated. Returns
// { build: the page's data-build, ...ready's, ...read's, seconds, longest: the longest
// main-thread task in ms since the click }. A console error fails the run.
export async function startRun(lab, build, path, { ready = startEnabled, done, timeout, read }) {
  const { page, problems, close } = await openBuild(lab, build, path);
  const before = await ready(page);
  const seconds = await timeStart(page, done, timeout);
  const r = await page.evaluate(read);
  const { longest } = await mainThreadWork(page);
  await close();
  if (problems.console.length) throw new Error(`console errors: ${problems.console.join('; ')}`);
  return { ...before, ...r, seconds, longest };
}

// run(build) for each of BUILDS, threaded first. With warmUp, a first run in each build
// is thrown away: it warms the browser's compiler up, as a student's second run would be.
export async function eachBuild(run, { warmUp = false } = {}) {
  const runs = [];
  for (const build of BUILDS) {
    if (warmUp) await run(build);
    runs.push(await run(build));
  }
  return runs;
}

// The native build's training, three times (args to build/native/tools/cli/alab, which
// prints "train_wall SECONDS"); the first run also writes the data the PyTorch twin
// trains on (dataFlag FILE). Returns { file, seconds: the median, out: the last output }.
export function nativeTraining(args, dataFlag, fileName) {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), fileName);
  const walls = [];
  let out = '';
  for (let i = 0; i < 3; ++i) {
    out = execFileSync('build/native/tools/cli/alab', [...args, ...(i === 0 ? [dataFlag, file] : [])], { encoding: 'utf8' });
    walls.push(Number(/train_wall ([\d.]+)/.exec(out)[1]));
  }
  return { file, seconds: median(walls), out };
}

// A PyTorch twin (tests/bench/*_torch.py, which prints "wall SECONDS") under Debian's
// Python. Returns { wall, out }.
export function torchTraining(script, args) {
  const out = execFileSync('/usr/bin/python3', [script, ...args], { encoding: 'utf8' });
  const wall = Number(/wall ([\d.]+)/.exec(out)[1]);
  process.stderr.write(`  PyTorch: ${wall.toFixed(2)} s\n`);
  return { wall, out };
}

// When the page told its story (the sentence under its curves, web/js/pages/story-line.js),
// read in the page as { storyMs: Number(document.body.dataset.storyMs), storyEpoch: … }:
// a table's cell, "epoch 8, 5.90 s" from the run's start, or "not told" (a run where the
// story never held).
export function storyText({ storyMs, storyEpoch }) {
  return Number.isFinite(storyMs) ? `epoch ${storyEpoch}, ${(storyMs / 1000).toFixed(2)} s` : 'not told';
}

// A markdown table: head (the column names), rows (their cells); the first leftColumns
// columns are left-aligned, the rest (numbers) right-aligned.
export function printTable(head, rows, { leftColumns = 1 } = {}) {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map((_, i) => (i < leftColumns ? '---' : '---:')).join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

// The goals, one a line: [what, whether it is met].
export function printGoals(goals) {
  console.log('');
  for (const [what, ok] of goals) console.log(`${ok ? 'met    ' : 'NOT met'}  ${what}`);
}
