// How long the gradebook takes to grade a class's exercises and code again: 200 hand-ins,
// each with five exercise parts (graded again by the engine for the student's name) and
// a run of the code page (run again in the sandbox on that name's eleven tests; each
// student's code differs by a comment, so none is shared), read on the instructor page in
// headless Chromium. Prints the wall time from choosing the files to the last grade, the
// longest main-thread task meanwhile, and the reference: one student's code run on the
// code page in the same sandbox, and the ratio of the class's time to 200 such runs.
//
//   node tests/bench/regrade-class.bench.mjs       (tools/lab bench runs it)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mainThreadWork, openPage, startLab } from '../browser/support.mjs';
import { buildHandin } from '../../web/js/work/handin.js';
import { answerId } from '../../web/js/work/exercise-work.js';
import { normalizeState } from '../../web/js/work/store.js';
import { loadContent } from '../../tools/site/content.mjs';

const STUDENTS = 200;
const CODE = `function softmax(row) {
  const m = Math.max(...row);
  const e = row.map((s) => Math.exp(s - m));
  const t = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / t);
}
function attention(Q, K, V, mask) {
  const d = Q[0].length;
  return Q.map((q, i) => {
    const keys = K.map((_, j) => j).filter((j) => !mask || mask[i][j]);
    const w = softmax(keys.map((j) => q.reduce((s, x, k) => s + x * K[j][k], 0) / Math.sqrt(d)));
    return V[0].map((_, c) => keys.reduce((s, j, n) => s + w[n] * V[j][c], 0));
  });
}`;
const content = loadContent('content', 'web');
const at = '2026-11-30T10:00:00.000Z';
const part = (text, name) => ({ text, checked: true, correct: false, attempts: 1, student: name, variant: 1, mistake: '', log: [[text, false, at]], updatedAt: at });

const dir = mkdtempSync(join(tmpdir(), 'regrade-'));
const files = [];
for (let i = 0; i < STUDENTS; ++i) {
  const name = `Student ${i}`, code = `// ${name}\n${CODE}`;
  const answers = {
    [answerId('context', 'scores')]: part('1 2 3', name), [answerId('context', 'weights')]: part('0.2 0.3 0.5', name),
    [answerId('shapes', 'S_shape')]: part('4 4', name), [answerId('shapes', 'Z_shape')]: part('4 2', name),
    [answerId('shapes', 'qk_madds')]: part('64', name),
    code: { text: code, checked: true, correct: true, attempts: 1, student: name, variant: 1, passed: [], log: [[code.slice(0, 40), true, at]], updatedAt: at },
  };
  const { state } = normalizeState({ version: 3, student: { name, id: `S-${i}` }, answers, races: [] });
  const { text } = buildHandin({ state, checks: content.checks, assignment: content.assignment, now: new Date('2026-11-30T12:00:00Z') });
  files.push(join(dir, `s${i}.txt`));
  writeFileSync(files.at(-1), text);
}

const lab = await startLab();
// The reference: one student's code on the code page, in the same sandbox.
const ref = await openPage(lab.browser, lab.isolatedUrl('code.html'));
await ref.page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
await ref.page.fill('#code-student', 'Student 0');
await ref.page.waitForFunction(() => !document.getElementById('run').disabled);
await ref.page.click('.cm-content');
await ref.page.keyboard.press('Control+A');
await ref.page.keyboard.insertText(CODE);
let single = Infinity;
for (let k = 0; k < 5; ++k) {
  await ref.page.evaluate(() => { delete document.body.dataset.code; });
  const t = Date.now();
  await ref.page.click('#run');
  await ref.page.waitForFunction(() => document.body.dataset.code === 'ran');
  single = Math.min(single, (Date.now() - t) / 1000);
}
await ref.close();

const { page, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
await mainThreadWork(page);
const t0 = Date.now();
await page.setInputFiles('#files', files);
await page.waitForFunction((n) => document.body.dataset.rows === String(n) && document.body.dataset.regrading === 'false', STUDENTS, { timeout: 1800000 });
const wall = (Date.now() - t0) / 1000;
const work = await mainThreadWork(page);
const status = await page.textContent('#regrade-status');
await close();
await lab.close();
console.log(status);
console.log('| hand-ins | exercise parts and code runs graded again | wall (files chosen to last grade) | longest main-thread task | one code run on the code page (reference) | class / (200 × reference) |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
console.log(`| ${STUDENTS} | ${STUDENTS * 5} parts, ${STUDENTS} runs | ${wall.toFixed(1)} s | ${Math.round(work.longest)} ms | ${(single * 1000).toFixed(0)} ms | ${(wall / (STUDENTS * single)).toFixed(2)} |`);
