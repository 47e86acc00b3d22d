// A course of one's own with Node alone (issue 44): the npm tarball, installed where the
// PATH holds only `node` and HOME is new (no emcc, cmake, g++, no shell tools), makes a
// course (init), takes an instructor's edits (a quick check added and assigned, the race's
// sequence length lowered to 60), builds it in seconds, and serves it with --watch: the
// page shows the new check, the page and the engine refuse the old limit, a save rebuilds,
// and a broken file names file:line:column while the last good site stays served.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, launchChromium } from './support.mjs';
import { npmCli, pack } from '../../tools/package/pack.mjs';
import { writeCodeClass } from './code-class.mjs';

const KIT = resolve(process.env.LAB_KIT || 'build/wasm/kit');
let dir, env, bin, browser, serve, base;
const output = { text: '' };

// Runs the package's command as an instructor would, with nothing but node on the PATH.
const lab = (...args) => execFileSync(bin, args, { cwd: dir, env, encoding: 'utf8' });

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'course-package-'));
  const tgz = await pack({ kitDir: KIT, out: join(dir, 'package') });
  mkdirSync(join(dir, 'node-only'));
  symlinkSync(process.execPath, join(dir, 'node-only/node'));
  env = { HOME: join(dir, 'home'), PATH: join(dir, 'node-only'), npm_config_cache: join(dir, 'home/.npm') };
  mkdirSync(env.HOME);
  mkdirSync(join(dir, 'tools'));
  execFileSync(process.execPath, [npmCli(), 'install', '--offline', '--no-audit', '--no-fund', '--prefix', join(dir, 'tools'), tgz], { cwd: dir, env, stdio: 'pipe' });
  bin = join(dir, 'tools/node_modules/.bin/attention-lab');
  browser = await launchChromium();
});

after(async () => {
  if (serve) serve.kill();
  if (browser) await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

function editJson(file, edit) {
  const path = join(dir, 'my-course/content', file);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  edit(data);
  writeFileSync(path, JSON.stringify(data, null, 2));
}

async function waitFor(pattern, from) {
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    if (pattern.test(output.text.slice(from))) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`no ${pattern} in the command's output:\n${output.text}`);
}

test('init, edit, build with Node alone: the build is timed and the site has the edits', () => {
  assert.match(lab('--version'), /^\d+\.\d+\.\d+\n$/);
  assert.match(lab('init', 'my-course'), /A new course in .*my-course/);
  for (const f of ['README.md', '.gitignore', 'package.json', '.github/workflows/pages.yml', '.vscode/settings.json', 'content/course.json']) {
    assert.ok(readFileSync(join(dir, 'my-course', f), 'utf8').length > 0, f);
  }
  assert.throws(() => lab('init', 'my-course'), /exists and is not empty/);
  editJson('quick-checks.json', (q) => q.checks.push({
    id: 'q9', kind: 'choice', topic: 'Our own question', prompt: 'A check this course added: does softmax keep the order of the scores?',
    choices: [{ id: 'a', text: 'Yes', correct: true, explanation: 'It is monotone.' }, { id: 'b', text: 'No', correct: false, explanation: 'It keeps it.' }],
  }));
  editJson('assignment.json', (a) => a.checks.push('q9'));
  editJson('widgets/race.json', (w) => { w.settings.find((s) => s.key === 'T').max = 60; });
  const built = lab('build', 'my-course');
  const seconds = Number(/ in (\d+\.\d) s\n$/.exec(built)[1]);
  console.log(`# attention-lab build of a course: ${seconds} s (goal: under 10 s on 2 cores)`);
  assert.match(readFileSync(join(dir, 'my-course/site/checks.html'), 'utf8'), /A check this course added/);
});

test('the package grades hand-ins with the course site\'s own engine and sandbox', () => {
  mkdirSync(join(dir, 'hand-ins'));
  writeCodeClass(join(dir, 'hand-ins'), 2);
  assert.match(lab('grade', 'hand-ins', '--site', 'my-course/site', '--out', 'grades.csv', '--workers', '2'), /gradebook: grades\.csv \(2 rows from 2 files/);
  const csv = readFileSync(join(dir, 'grades.csv'), 'utf8');
  assert.equal((csv.match(/run again on this name's tests, 11 pass/g) || []).length, 2);
});

test('serve --watch: the check appears, the old limit is refused by the page and the engine, a save rebuilds', async () => {
  serve = spawn(bin, ['serve', 'my-course', '--watch', '--port', '0'], { cwd: dir, env });
  serve.stdout.on('data', (d) => { output.text += d; });
  serve.stderr.on('data', (d) => { output.text += d; });
  await waitFor(/watching /, 0);
  base = /http:\/\/127\.0\.0\.1:\d+\//.exec(output.text)[0];
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  await page.goto(`${base}checks.html`);
  await page.waitForSelector('[data-check="q9"]');
  assert.match(await page.textContent('#checks-assigned'), /^8 quick checks are assigned: Q1–Q7, Q9\./);

  await page.goto(`${base}race.html?T=80`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.match(await page.textContent('#url-notice'), /Sequence length T: 80 is out of range; use a whole number from 2 to 60\./);
  // The engine itself, asked directly with the page's settings, refuses it too.
  const refusal = await page.evaluate(() => new Promise((done) => {
    const worker = new Worker('js/lab-worker.js');
    const schemas = JSON.parse(document.getElementById('lab-data').textContent).widgets;
    worker.onmessage = (e) => {
      if (e.data.type === 'progress' || e.data.type === 'stage') return;
      if (e.data.id === 1) { worker.postMessage({ type: 'session-start', id: 2, payload: { session: 'RaceSession', input: { settings: { T: 80, epochs: 1 } } } }); return; }
      done(e.data.type === 'error' ? e.data.payload.message : 'ran');
      worker.terminate();
    };
    worker.postMessage({ type: 'init', id: 1, payload: { schemas } });
  }));
  assert.match(refusal, /Sequence length T: 80 is out of range; use a whole number from 2 to 60\./);

  // A save rebuilds: the check's new wording is served.
  let from = output.text.length;
  editJson('quick-checks.json', (q) => { q.checks.at(-1).prompt = 'Reworded after a save: does softmax keep the order?'; });
  await waitFor(/site: .* in \d+\.\d s/, from);
  await page.goto(`${base}checks.html`);
  assert.match(await page.textContent('[data-check="q9"]'), /Reworded after a save/);

  // A broken file names its place; the last good site is still served.
  from = output.text.length;
  const race = join(dir, 'my-course/content/widgets/race.json');
  writeFileSync(race, readFileSync(race, 'utf8').replace('"max": 60', '"max": 60,,'));
  await waitFor(/content error: /, from);
  assert.match(output.text.slice(from), /content error: content\/widgets\/race\.json:\d+:\d+: not valid JSON/);
  await page.goto(`${base}checks.html`);
  assert.match(await page.textContent('[data-check="q9"]'), /Reworded after a save/);
  assert.deepEqual(errors, []);
});
