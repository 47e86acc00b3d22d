// How fast `attention-lab grade` grades a class outside the browser, with 1 and 2 worker
// threads, against the gradebook page (threaded build, headless Chromium) as reference:
// 200 hand-ins, each with a race of its own seed at the module's settings (every race is
// run again: nothing is shared), five exercise parts and the code page's answer (graded
// again for the student's name). Prints hand-ins per second and the time 10,000 hand-ins
// would take on 64 cores (64 one-worker shards: shards share nothing, so the rate adds up).
//
//   node tests/bench/grader.bench.mjs       (tools/lab bench runs it)
import '../web/shared-limits.mjs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildHandin } from '../../web/js/work/handin.js';
import { normalizeState } from '../../web/js/work/store.js';
import { loadContent } from '../../tools/site/content.mjs';
import { CORRECT_CODE } from '../browser/code-class.mjs';
import { answerId } from '../../web/js/work/exercise-work.js';
import { openBuild, printTable, withLab } from './page-harness.mjs';

const STUDENTS = 200, PAGE_STUDENTS = 50;
const content = loadContent('content', 'web');
const settings = { ...Object.fromEntries(content.widgets.race.settings.map((s) => [s.key, s.default])), ...content.assignment.race.required };
const dir = mkdtempSync(join(tmpdir(), 'grader-bench-'));
const at = '2026-11-30T10:00:00.000Z';
const files = Array.from({ length: STUDENTS }, (_, i) => {
  const name = `Student ${i}`;
  const part = (text) => ({ text, checked: true, correct: false, attempts: 1, student: name, variant: 1, mistake: '', log: [[text, false, at]], updatedAt: at });
  const code = `// ${name}\n${CORRECT_CODE}`;
  const answers = {
    [answerId('context', 'scores')]: part('1 2 3'), [answerId('context', 'weights')]: part('0.2 0.3 0.5'),
    [answerId('shapes', 'S_shape')]: part('4 4'), [answerId('shapes', 'Z_shape')]: part('4 2'), [answerId('shapes', 'qk_madds')]: part('64'),
    code: { text: code, checked: true, correct: true, attempts: 1, student: name, variant: 1, passed: [], log: [[code.slice(0, 40), true, at]], updatedAt: at },
  };
  const races = [{ at, settings: { ...settings, seed: 1000 + i }, gru: 0.5, attention: 1, wall: 2, build: 'attention_lab_mt', stopped: false }];
  const { state } = normalizeState({ version: 3, student: { name, id: `S-${i}` }, answers, races });
  const { text } = buildHandin({ state, checks: content.checks, assignment: content.assignment, now: new Date('2026-11-30T12:00:00Z') });
  const path = join(dir, `s${String(i).padStart(3, '0')}.txt`);
  writeFileSync(path, text);
  return path;
});

const grade = (workers) => {
  const t0 = performance.now();
  execFileSync(process.execPath, [resolve('tools/package/cli.mjs'), 'grade', dir, '--site', resolve(process.env.LAB_DIST || 'dist'), '--workers', String(workers), '--out', join(dir, `grades-${workers}.csv`)]);
  return (performance.now() - t0) / 1000;
};
const one = grade(1), two = grade(2);
const same = readFileSync(join(dir, 'grades-1.csv'), 'utf8') === readFileSync(join(dir, 'grades-2.csv'), 'utf8');

const pageSeconds = await withLab(async (lab) => {
  const { page, close } = await openBuild(lab, 'isolated', 'instructor.html');
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  const t0 = Date.now();
  await page.setInputFiles('#files', files.slice(0, PAGE_STUDENTS));
  await page.waitForFunction(() => document.body.dataset.verifying === 'false' && document.body.dataset.regrading === 'false', null, { timeout: 3600000 });
  const s = (Date.now() - t0) / 1000;
  await close();
  return s;
});

const rate = (n, s) => n / s;
const pageRate = rate(PAGE_STUDENTS, pageSeconds);
printTable(['grader', 'hand-ins', 'wall', 'hand-ins per second', 'against the page'], [
  ['gradebook page, threaded build (reference)', PAGE_STUDENTS, `${pageSeconds.toFixed(1)} s`, pageRate.toFixed(3), '1.00×'],
  ['attention-lab grade, 1 worker', STUDENTS, `${one.toFixed(1)} s`, rate(STUDENTS, one).toFixed(3), `${(rate(STUDENTS, one) / pageRate).toFixed(2)}×`],
  ['attention-lab grade, 2 workers', STUDENTS, `${two.toFixed(1)} s`, rate(STUDENTS, two).toFixed(3), `${(rate(STUDENTS, two) / pageRate).toFixed(2)}×`],
], { leftColumns: 1 });
const hours = 10000 / (64 * rate(STUDENTS, one)) / 3600;
console.log(`\n2 workers against 1: ${(one / two).toFixed(2)}× (2 cores); the two CSVs ${same ? 'are identical' : 'DIFFER'}.`);
console.log(`10,000 hand-ins on 64 cores (64 shards of one worker, at this machine's rate per core): ${(hours * 60).toFixed(0)} minutes.`);
