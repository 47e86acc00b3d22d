// The gradebook re-runs the races hand-ins claim: a genuine run reproduces exactly,
// an edited one is flagged; re-running can be stopped; a crafted file spoils nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLab, openPage } from './support.mjs';

let lab, genuine;
before(async () => {
  lab = await startLab();
  // A student's real work: the required race (the module's settings) run on the race page, then exported.
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('race.html'));
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 120000 });
  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.fill('#student-name', 'Real Runner');
  await page.fill('#student-id', 'R-1');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  genuine = readFileSync(await download.path(), 'utf8');
  await close();
});
after(async () => { await lab.close(); });

const dir = mkdtempSync(join(tmpdir(), 'gradebook-'));
const file = (name, text) => { writeFileSync(join(dir, name), text); return join(dir, name); };

async function rows(page) {
  return page.$$eval('#gradebook tbody tr', (trs) => trs.map((tr) => ({
    name: tr.cells[0].textContent, race: tr.cells[5].textContent, exercises: tr.cells[6].textContent, doubts: tr.cells[9].textContent, status: tr.dataset.status,
  })));
}

test('a genuine race reproduces exactly; an edited accuracy is flagged by the re-run', async () => {
  const attention = /"attention": ([\d.]+)/.exec(genuine)[1];
  const edited = genuine.replaceAll('Real Runner', 'Edited Runner').replace('"id": "R-1"', '"id": "E-1"')
    .replace(/"gru": ([\d.]+)/, '"gru": 0.99');
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', [file('real.txt', genuine), file('edited.txt', edited)]);
  await page.waitForFunction(() => document.body.dataset.verifying === 'false', null, { timeout: 120000 });
  const [edit, real] = await rows(page);
  assert.equal(real.name, 'Real Runner');
  assert.equal(real.race, 'done (re-run: same numbers)');
  assert.equal(real.doubts, 'none');
  assert.equal(edit.race, 'not verified');
  assert.match(edit.doubts, new RegExp(`the file says GRU 0.99, attention ${attention}; re-run gives 0\\.\\d+, ${attention}`));
  assert.match(await page.textContent('#verify-status'), /Re-ran 1 race setting\(s\)/);  // one run for both
  assert.ok(Number(await page.evaluate(() => document.body.dataset.verifySeconds)) > 0);
  assert.deepEqual(problems.console, []);
  await close();
});

test('re-running stops when asked; a crafted file does not spoil the next one', async () => {
  // One hand-in claiming three races of other seeds: three runs to make.
  const record = JSON.parse(genuine.slice(genuine.indexOf('{', genuine.indexOf('-----BEGIN')), genuine.lastIndexOf('}') + 1));
  record.races = [3, 4, 5].map((seed) => ({ ...record.races[0], at: `2026-11-30T10:0${seed}:00.000Z`, settings: { ...record.races[0].settings, seed } }));
  const many = genuine.replace(/-----BEGIN ATTENTION LAB DATA-----[\s\S]*-----END ATTENTION LAB DATA-----/,
    `-----BEGIN ATTENTION LAB DATA-----\n${JSON.stringify(record)}\n-----END ATTENTION LAB DATA-----`);
  const deep = `-----BEGIN ATTENTION LAB DATA-----\n${'{"a":'.repeat(10000)}1${'}'.repeat(10000)}\n-----END ATTENTION LAB DATA-----`;
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', [file('deep.txt', deep)]);
  await page.waitForFunction(() => document.querySelectorAll('#file-messages li').length >= 1);
  await page.setInputFiles('#files', [file('many.txt', many)]);
  await page.waitForFunction(() => /Re-running the hand-ins' races: 1 of 3 done/.test(document.getElementById('verify-status').textContent), null, { timeout: 120000 });
  await page.click('#verify-stop');
  await page.waitForFunction(() => document.body.dataset.verifying === 'false', null, { timeout: 60000 });
  assert.match(await page.textContent('#verify-status'), /Stopped after \d of 3/);
  const messages = await page.$$eval('#file-messages li', (lis) => lis.map((li) => li.textContent));
  assert.match(messages[0], /^deep.txt: (damaged|not a hand-in)/);
  const [row] = await rows(page);
  assert.equal(row.name, 'Real Runner');  // the crafted file did not stop the next one
  assert.match(row.doubts, /not verified \(re-running was stopped before this run\)/);
  assert.deepEqual(problems.console, []);
  await close();
});

test('a class of 120: files listed up to 20 then counted, the gradebook shown 50 rows a page', async () => {
  const files = Array.from({ length: 120 }, (_, i) => file(`class-${i}.txt`,
    genuine.replaceAll('Real Runner', `Student ${String(i).padStart(3, '0')}`).replace('"id": "R-1"', `"id": "C-${i}"`)));
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await page.setInputFiles('#files', files);
  await page.waitForFunction(() => document.body.dataset.rows === '120' && document.body.dataset.verifying === 'false', null, { timeout: 120000 });
  const messages = await page.$$eval('#file-messages li', (lis) => lis.map((li) => li.textContent));
  assert.equal(messages.length, 21);
  assert.equal(messages[20], '… and 100 more hand-ins read (each is a row of the gradebook).');
  assert.equal(await page.textContent('#gradebook-range'), 'Rows 1–50 of 120');
  assert.equal((await rows(page)).length, 50);
  assert.equal((await rows(page))[0].name, 'Student 000');
  assert.equal(await page.isDisabled('#gradebook-prev'), true);
  await page.click('#gradebook-next');
  await page.click('#gradebook-next');
  assert.equal(await page.textContent('#gradebook-range'), 'Rows 101–120 of 120');
  const last = await rows(page);
  assert.equal(last.length, 20);
  assert.ok(last.every((r) => r.race === 'done (re-run: same numbers)'));
  assert.equal(await page.isDisabled('#gradebook-next'), true);
  // The CSV holds the whole class.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
  assert.equal(readFileSync(await csv.path(), 'utf8').trim().split('\r\n').length, 121);
  assert.deepEqual(problems.console, []);
  await close();
});
