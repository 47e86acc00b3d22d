// How long the gradebook takes to re-verify a class: 100 hand-ins, each with the
// assignment's required race (the module's settings, seed 3151: one run serves them
// all) and one exploratory run of the student's own (T = 10, 10 epochs, seed 100 + i:
// one run each), read and re-run on the instructor page in headless Chromium, in the
// threaded build. Prints the wall time from choosing the files to the last comparison,
// and the time of one race at each setting for reference.
//
//   node tests/bench/verify-class.bench.mjs       (tools/lab bench runs it)
import '../web/shared-limits.mjs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHandin } from '../../web/js/work/handin.js';
import { normalizeState } from '../../web/js/work/store.js';
import { loadContent } from '../../tools/site/content.mjs';
import { openBuild, printTable, withLab } from './page-harness.mjs';

const STUDENTS = 100;
const content = loadContent('content', 'web');
const { wall, rows, status } = await withLab(async (lab) => {
  const { page, close } = await openBuild(lab, 'isolated', 'instructor.html');
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);

  const required = { ...Object.fromEntries(content.widgets.race.settings.map((s) => [s.key, s.default])), ...content.assignment.race.required };
  const dir = mkdtempSync(join(tmpdir(), 'class-'));
  const files = [];
  for (let i = 0; i < STUDENTS; ++i) {
    const races = [
      { at: '2026-11-30T10:00:00.000Z', settings: required, gru: 0.5, attention: 1, wall: 2, build: 'attention_lab_mt', stopped: false },
      { at: '2026-11-30T11:00:00.000Z', settings: { ...required, T: 10, epochs: 10, seed: 100 + i }, gru: 0.9, attention: 1, wall: 0.3, build: 'attention_lab_mt', stopped: false },
    ];
    const { state } = normalizeState({ version: 2, student: { name: `Student ${i}`, id: `S-${i}` }, answers: {}, races });
    const { text } = buildHandin({ state, checks: content.checks, assignment: content.assignment, now: new Date('2026-11-30T12:00:00Z') });
    files.push(join(dir, `s${i}.txt`));
    writeFileSync(files.at(-1), text);
  }
  const t0 = Date.now();
  await page.setInputFiles('#files', files);
  await page.waitForFunction(() => document.body.dataset.verifying === 'false' && document.body.dataset.verifySeconds, null, { timeout: 1800000 });
  const wall = (Date.now() - t0) / 1000;
  const rows = Number(await page.evaluate(() => document.body.dataset.rows));  // the gradebook shows 50 a page
  const status = await page.textContent('#verify-status');
  await close();
  return { wall, rows, status };
});
printTable(['hand-ins', 'distinct race settings re-run', 'wall (files chosen to last comparison)', 'per hand-in'],
  [[rows, /Re-ran (\d+)/.exec(status)[1], `${wall.toFixed(1)} s`, `${(wall / rows).toFixed(2)} s`]], { leftColumns: 0 });
