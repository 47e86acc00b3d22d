// The grader outside the browser (tools/grade/, `attention-lab grade`) against the
// gradebook page, on one class: a student's real work made in the pages (a race run on the
// race page, exported from the checks page), copies of it with their own race seeds and
// one with an edited accuracy, a class whose exercises and code are graded again, a class
// made for the item analysis and one made to test what the gradebook trusts. The page's
// CSV and item analysis, downloaded, equal the grader's byte for byte: with one worker,
// with two, and as three shards merged.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, startLab, openPage, DIST } from './support.mjs';
import { genuineHandIn } from './genuine-hand-in.mjs';
import { writeClass, writeHostileClass } from './fabricated-class.mjs';
import { writeCodeClass } from './code-class.mjs';

const dir = mkdtempSync(join(tmpdir(), 'grader-'));
const CLI = resolve('tools/package/cli.mjs');
let lab, paths;

before(async () => {
  lab = await startLab();
  const genuine = await genuineHandIn(lab, { query: '?T=12&epochs=4&seed=11' });
  const hand = join(dir, 'hand-ins');
  mkdirSync(hand);
  const file = (name, text) => { writeFileSync(join(hand, name), text); return join(hand, name); };
  paths = [file('a-real.txt', genuine),
    file('a-edited.txt', genuine.replaceAll('Real Runner', 'Edited Runner').replace('"id": "R-1"', '"id": "E-1"').replace(/"gru": ([\d.]+)/, '"gru": 0.99')),
    // Each with its own seed: a race of its own to run again (its claim then does not match).
    ...[21, 22, 23].map((seed) => file(`a-seed-${seed}.txt`, genuine.replaceAll('Real Runner', `Seed ${seed}`).replace('"id": "R-1"', `"id": "Z-${seed}"`).replace(/"seed": 11\b/g, `"seed": ${seed}`))),
    ...writeCodeClass(hand, 4), ...writeClass(hand, 12).paths, ...writeHostileClass(hand)].sort();
});
after(async () => { await lab.close(); rmSync(dir, { recursive: true, force: true }); });

const grade = (...args) => execFileSync(process.execPath, [CLI, 'grade', '--site', resolve(DIST), ...args], { cwd: dir, encoding: 'utf8' });

test('grade gives the gradebook page\'s CSV and item analysis, byte for byte, with 1 or 2 workers and as merged shards', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', paths);
  await page.waitForFunction(() => document.body.dataset.rows === '24' && document.body.dataset.verifying === 'false' && document.body.dataset.regrading === 'false', null, { timeout: 300000 });
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
  const pageCsv = readFileSync(await csvDownload.path(), 'utf8');
  const [itemsDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download-items')]);
  const pageItems = readFileSync(await itemsDownload.path(), 'utf8');
  assert.deepEqual(problems.console, []);
  await close();
  // The class exercises every part of the grading: re-runs matched and not, code and exercises graded.
  assert.match(pageCsv, /\n"Real Runner",.*,"kept",""\r\n/);  // its race re-run: the same numbers, no doubt
  assert.match(pageCsv, /re-run gives/);
  assert.match(pageCsv, /run again on this name's tests, 11 pass/);

  console.log(grade(...paths, '--out', 'one.csv', '--items', 'one-items.csv').trim());
  assert.equal(readFileSync(join(dir, 'one.csv'), 'utf8'), pageCsv);
  assert.equal(readFileSync(join(dir, 'one-items.csv'), 'utf8'), pageItems);
  grade(join(dir, 'hand-ins'), '--out', 'two.csv', '--workers', '2');  // a folder: its .txt files, sorted
  assert.equal(readFileSync(join(dir, 'two.csv'), 'utf8'), pageCsv);
  for (const i of [1, 2, 3]) grade(...paths, '--shard', `${i}/3`, '--out', `part-${i}.json`);
  grade('merge', 'part-3.json', 'part-1.json', 'part-2.json', ...paths, '--out', 'merged.csv');
  assert.equal(readFileSync(join(dir, 'merged.csv'), 'utf8'), pageCsv);
  // A shard missing, or given twice, is said.
  assert.throws(() => grade('merge', 'part-1.json', 'part-2.json', ...paths, '--out', 'bad.csv'), /shard 3\/3 missing/);
  assert.throws(() => grade('merge', 'part-1.json', 'part-1.json', 'part-3.json', ...paths, '--out', 'bad.csv'), /shard 1\/3 is given twice/);
});

test('a hand-in made with another build is graded by that build\'s site when it is at hand, else named', () => {
  // The other build's site: this one under another engine id (what the grader goes by).
  const old = join(dir, 'old-site');
  cpSync(resolve(DIST), old, { recursive: true });
  const page = join(old, 'instructor.html');
  const ours = /"build":\{"version":"[^"]*","engine":"([0-9a-f]{12})"\}/.exec(readFileSync(page, 'utf8'))[1];
  writeFileSync(page, readFileSync(page, 'utf8').replace(`"engine":"${ours}"`, '"engine":"aaaaaaaaaaaa"'));
  const hand = join(dir, 'old-hand-ins');
  mkdirSync(hand);
  for (const f of writeCodeClass(hand, 2)) {
    writeFileSync(f, readFileSync(f, 'utf8').replace(/\n "exportedAt": ("[^"]*"),\n/, '\n "exportedAt": $1,\n "build": {"version": "0.8.0", "engine": "aaaaaaaaaaaa"},\n'));
  }
  grade(hand, '--out', 'alone.csv');
  const alone = readFileSync(join(dir, 'alone.csv'), 'utf8');
  assert.equal((alone.match(new RegExp(`made with another build of the lab \\(version 0\\.8\\.0, engine aaaaaaaaaaaa\\); races were re-run with engine ${ours}`, 'g')) || []).length, 2);
  grade(hand, '--site', old, '--out', 'both.csv');
  const both = readFileSync(join(dir, 'both.csv'), 'utf8');
  assert.doesNotMatch(both, /another build/);
  assert.equal((both.match(/run again on this name's tests, 11 pass/g) || []).length, 2);
});
