// The gradebook's Stop while a class's exercises and code are graded again: Stop ends the
// job under way and the one not started, every part and run not graded yet says so in its
// row (no row is left "checking…"), earns nothing and is flagged; "Grade the rest" grades
// exactly those, and the class ends as if never stopped.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage } from './support.mjs';
import { writeCodeClass } from './code-class.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const STUDENTS = 40;
const rowsText = (page) => page.$$eval('#gradebook tbody tr', (trs) => trs.map((tr) => tr.textContent));

test('Stop leaves the rest "not graded again"; Grade the rest finishes the class', async () => {
  const files = writeCodeClass(mkdtempSync(join(tmpdir(), 'stop-')), STUDENTS);
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', files);
  await page.waitForFunction(() => document.body.dataset.regrading === 'true' && !document.getElementById('regrade-stop').disabled);
  await page.click('#regrade-stop');
  await page.waitForFunction(() => document.body.dataset.regrading === 'false');
  const status = await page.textContent('#regrade-status');
  assert.match(status, /^Stopped after \d+ of \d+: the rest are shown as not graded again until you grade them\.$/);
  assert.equal(await page.isDisabled('#regrade-stop'), true);
  assert.equal(await page.isVisible('#regrade-resume'), true);
  let rows = await rowsText(page);
  assert.equal(rows.length, STUDENTS);
  assert.ok(rows.every((t) => !/checking…|running…/.test(t)), 'no row waits for a job that was stopped');
  const stopped = rows.filter((t) => /not run again \(stopped\)|not graded again: stopped/.test(t));
  assert.ok(stopped.length > 0, 'Stop came before the last code run');
  assert.ok(stopped.every((t) => /not run again \(stopped\): it earns nothing until run|not graded again \(stopped\): they earn nothing until graded/.test(t)));

  await page.click('#regrade-resume');
  await page.waitForFunction(() => document.body.dataset.regrading === 'false' && document.getElementById('regrade-resume').hidden);
  assert.equal(await page.textContent('#regrade-status'), 'Every exercise answer and every student\'s code graded again.');
  rows = await rowsText(page);
  assert.ok(rows.every((t) => !/stopped/.test(t)), rows.find((t) => /stopped/.test(t)));
  assert.ok(rows.every((t) => /11 of 11 tests pass \(run again\)/.test(t)), rows[0]);
  assert.deepEqual(problems.console, []);
  await close();
});
