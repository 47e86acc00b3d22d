// How long the gradebook takes to grade a class's exercises and code again: 200 hand-ins,
// each with five exercise parts (graded again by the engine for the student's name) and
// a run of the code page (run again in the sandbox on that name's eleven tests; each
// student's code differs by a comment, so none is shared), read on the instructor page in
// headless Chromium. Prints the wall time from choosing the files to the last grade, the
// longest main-thread task meanwhile, and the reference: one student's code run on the
// code page in the same sandbox, and the ratio of the class's time to 200 such runs.
//
//   node tests/bench/regrade-class.bench.mjs       (tools/lab bench runs it)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mainThreadWork } from '../browser/support.mjs';
import { CORRECT_CODE as CODE, PARTS_PER_STUDENT, writeCodeClass } from '../browser/code-class.mjs';
import { openBuild, printTable, withLab } from './page-harness.mjs';

const STUDENTS = 200;
const files = writeCodeClass(mkdtempSync(join(tmpdir(), 'regrade-')), STUDENTS);

const { single, wall, own, delivery, status } = await withLab(async (lab) => {
  // The reference: one student's code on the code page, in the same sandbox.
  const ref = await openBuild(lab, 'isolated', 'code.html');
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

  const { page, close } = await openBuild(lab, 'isolated', 'instructor.html');
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await mainThreadWork(page);
  // The task in which the browser hands the page the 200 chosen files (Chromium builds the
  // FileList; the page's own handler takes under 2 ms of it, traced) is the browser's, not
  // the page's: told apart by the time of the change event, and printed on its own.
  await page.evaluate(() => document.getElementById('files').addEventListener('change', () => { window.filesChosenAt = performance.now(); }, { capture: true }));
  const t0 = Date.now();
  await page.setInputFiles('#files', files);
  await page.waitForFunction((n) => document.body.dataset.rows === String(n) && document.body.dataset.regrading === 'false', STUDENTS, { timeout: 1800000 });
  const wall = (Date.now() - t0) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 500));  // long tasks are reported a little late
  const tasks = await page.evaluate(() => window.__mainThread.longTasks.filter(([start]) => start >= window.__mainThread.since));
  const chosenAt = await page.evaluate(() => window.filesChosenAt);
  const delivery = tasks.filter(([start, d]) => start <= chosenAt && chosenAt <= start + d);
  const own = Math.max(0, ...tasks.filter((t) => !delivery.includes(t)).map(([, d]) => d));
  const status = await page.textContent('#regrade-status');
  await close();
  return { single, wall, own, delivery, status };
});
console.log(status);
printTable(['hand-ins', 'exercise parts and code runs graded again', 'wall (files chosen to last grade)', 'longest main-thread task of the page',
  'the browser handing over the files', 'one code run on the code page (reference)', 'class / (200 × reference)'],
  [[STUDENTS, `${STUDENTS * PARTS_PER_STUDENT} parts, ${STUDENTS} runs`, `${wall.toFixed(1)} s`, `${Math.round(own)} ms`,
    delivery.length ? `${Math.round(delivery[0][1])} ms` : 'under 50 ms', `${(single * 1000).toFixed(0)} ms`, (wall / (STUDENTS * single)).toFixed(2)]],
  { leftColumns: 0 });
