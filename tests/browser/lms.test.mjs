// The SCORM 1.2 package in a real SCORM runtime: scorm-again's Scorm12API, on the parent
// window of a frame holding the package's launch page, as an LMS frames a package
// (lms-harness.mjs). Every call the package makes is logged with the runtime's error code.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage, DIST } from './support.mjs';
import { startServer } from '../../tools/static-server.mjs';
import { buildSite } from '../../tools/site/build.mjs';
import { answer, askToFinish, calls, closeActivity, labPage, lastSet, sco, setUpLms } from './lms-harness.mjs';

const WASM = process.env.LAB_WASM || 'build/wasm/wasm';
let lab, server, base, root, packaged;

before(async () => {
  lab = await startLab();
  root = mkdtempSync(join(tmpdir(), 'lms-'));
  packaged = setUpLms(root, DIST, '1.2');
  server = await startServer({ root, port: 0, isolation: false });
  base = `http://127.0.0.1:${server.address().port}/`;
});
after(async () => { server.close(); await lab.close(); });

const lmsUrl = (params = {}) => `${base}lms.html?${new URLSearchParams(params)}`;

test('the package holds the lab for students, not the gradebook', () => {
  assert.ok(packaged.includes('imsmanifest.xml') && packaged.includes('scorm-launch.html') && packaged.includes('checks.html'));
  for (const f of ['instructor.html', 'js/instructor.js']) assert.ok(!packaged.includes(f), `${f} is not in the package`);
  assert.ok(!packaged.some((f) => f.startsWith('downloads/')));
  assert.doesNotMatch(readFileSync(join(root, 'pkg/index.html'), 'utf8'), /instructor\.html/);
});

test('one launch, many pages: one LMSInitialize, one LMSFinish, no API error, score.raw of the auto-graded answers', async () => {
  const { page, problems, close } = await openPage(lab.browser, lmsUrl({ cmi: JSON.stringify({ core: { student_name: 'Lovelace, Ada', student_id: 'L-1' } }) }));
  await sco(page).locator('nav a[href="checks.html"]').waitFor();
  let f = await labPage(page, 'checks.html');
  await answer(f, 'q1', 'b');   // right
  await answer(f, 'q2', 'a');   // wrong
  f = await labPage(page, 'lesson.html');
  await answer(f, 'q4', 'c');   // right, in the lesson
  f = await labPage(page, 'checks.html');
  await f.locator('.quick-check[data-check="q3"] textarea').fill('Every position reaches every other one in a single layer, so the path length is constant.');
  await f.locator('.quick-check[data-check="q3"] .check-submit').click();
  await f.locator('#q3-r0').check();
  await f.locator('#q3-r1').check();
  // An exercise, with the LMS's name's numbers: two of the four parts of "shapes" right.
  f = await labPage(page, 'exercises.html');
  assert.equal(await f.locator('#ex-student').inputValue(), 'Lovelace, Ada');
  assert.equal(await f.locator('#ex-student').getAttribute('readonly'), '');
  await f.locator('#set-kind').selectOption('shapes');
  await f.locator('body[data-exercise="shown"] #ex-part-S_shape').waitFor();
  // A given's name is typeset (dₖ): the page keeps the engine's name in data-name.
  const given = async (name) => Number((await f.locator(`#ex-givens [data-name="${name}"]`).textContent()).split(' = ').pop());
  const T = await given('T'), dk = await given('d_k');
  for (const [part, typed] of [['S_shape', `${T} ${T}`], ['qk_madds', String(T * T * dk)]]) {
    await f.locator(`#ex-part-${part}`).fill(typed);
    await f.locator(`#ex-part-${part}`).press('Enter');
    await f.locator(`[data-part="${part}"][data-verdict="right"]`).waitFor();
  }
  f = await labPage(page, 'checks.html');
  // The LMS's name, shown and not editable; in the export too.
  assert.equal(await f.locator('#student-name').inputValue(), 'Lovelace, Ada');
  assert.equal(await f.locator('#student-name').getAttribute('readonly'), '');
  const [download] = await Promise.all([page.waitForEvent('download'), f.locator('#export').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /^The attention lab: homework hand-in\nStudent: Lovelace, Ada \(ID L-1\) \(from the course site\)/);
  assert.match(text, /"source": "lms"/);
  await closeActivity(page);

  const log = await calls(page);
  assert.deepEqual(log.filter((c) => c.error !== '0'), [], 'no call the runtime refused');
  assert.equal(log.filter((c) => c.name === 'LMSInitialize').length, 1);
  assert.equal(log.filter((c) => c.name === 'LMSFinish').length, 1);
  // q1 and q4 of q1, q2, q4, q5, q6, q7, and half of the exercise "shapes" (weight 1 of
  // five exercises and the code page weighing 1 each): (2 + 0.5) / (6 + 6) = 21 %; q3 is self-assessed.
  assert.equal(lastSet(log, 'cmi.core.score.raw').args[1], '21');
  assert.equal(lastSet(log, 'cmi.core.lesson_status').args[1], 'incomplete');  // the required race was not run
  assert.equal(lastSet(log, 'cmi.core.exit').args[1], 'suspend');
  assert.match(lastSet(log, 'cmi.core.session_time').args[1], /^\d{4}:\d\d:\d\d\.\d\d$/);
  const suspend = lastSet(log, 'cmi.suspend_data').args[1];
  assert.ok(suspend.length > 0 && suspend.length <= 4096);
  // The interactions, a journal: one record per answer given, with the right option as the
  // correct response; none for the short answer (1.2 has no long-fill-in).
  const cmi = await page.evaluate(() => window.cmiJson());
  const journal = Object.values(cmi.interactions.childArray || cmi.interactions);
  assert.deepEqual(journal.map((r) => [r.id, r.type, r.student_response, r.result]), [
    ['q1', 'choice', 'b', 'correct'], ['q2', 'choice', 'a', 'wrong'], ['q4', 'choice', 'c', 'correct'],
    ['ex-shapes--S_shape', 'fill-in', `${T} ${T}`, 'correct'], ['ex-shapes--qk_madds', 'numeric', String(T * T * dk), 'correct'],
  ].sort((x, y) => journal.findIndex((r) => r.id === x[0]) - journal.findIndex((r) => r.id === y[0])));
  const pattern = (r) => Object.values(r.correct_responses.childArray || r.correct_responses)[0].pattern;
  assert.equal(pattern(journal.find((r) => r.id === 'q2')), 'b');
  assert.equal(pattern(journal.find((r) => r.id === 'ex-shapes--qk_madds')), String(T * T * dk));
  const latencies = log.filter((c) => c.name === 'LMSSetValue' && /^cmi\.interactions\.\d+\.latency$/.test(c.args[0])).map((c) => c.args[1]);
  assert.equal(latencies.length, journal.length);
  for (const l of latencies) assert.match(l, /^\d{4}:\d\d:\d\d\.\d\d$/, 'a CMITimespan');
  assert.deepEqual(problems.console, []);
  assert.deepEqual(problems.foreign, []);
  await close();

  // A second launch, in a fresh browser profile (no local storage): everything is back.
  const again = await openPage(lab.browser, lmsUrl({ cmi: JSON.stringify({ core: { entry: 'resume', student_name: 'Lovelace, Ada', student_id: 'L-1' }, suspend_data: suspend }) }));
  await sco(again.page).locator('nav a[href="checks.html"]').waitFor();
  const g = await labPage(again.page, 'checks.html');
  assert.equal(await g.locator('#q1-b').isChecked(), true);
  assert.equal(await g.locator('#q2-a').isChecked(), true);
  assert.equal(await g.locator('#q4-c').isChecked(), true);
  assert.match(await g.locator('.quick-check[data-check="q3"] textarea').inputValue(), /single layer/);
  assert.equal(await g.locator('#q3-r1').isChecked(), true);
  assert.match(await g.locator('#score').textContent(), /^Score: 2\.5 of 12: quick checks 2 of 6, exercises 0\.5 of 6/);
  // Only what changed in this launch is journaled: q2 answered again.
  await answer(g, 'q2', 'b');
  await closeActivity(again.page);
  const log2 = await calls(again.page);
  assert.deepEqual(log2.filter((c) => c.error !== '0'), [], 'no call the runtime refused');
  assert.deepEqual(log2.filter((c) => c.name === 'LMSSetValue' && /^cmi\.interactions\.\d+\.id$/.test(c.args[0])).map((c) => c.args[1]), ['q2']);
  assert.equal(lastSet(log2, 'cmi.interactions.0.result').args[1], 'correct');
  await again.close();
});

test('race runs reach the LMS and come back on the next launch', async () => {
  const { page, close } = await openPage(lab.browser, lmsUrl());
  await sco(page).locator('nav a[href="checks.html"]').waitFor();
  const f = sco(page);
  await f.locator('nav a[href="race.html"]').click();
  await f.locator('body[data-ready="true"][data-build]').waitFor();
  await f.locator('#set-T').fill('8');
  await f.locator('#set-epochs').fill('2');
  await f.locator('#start').click();
  await f.locator('body[data-race="finished"]').waitFor({ timeout: 60000 });
  await closeActivity(page);
  const suspend = lastSet(await calls(page), 'cmi.suspend_data').args[1];
  assert.match(suspend, /"T":8/);
  await close();

  const again = await openPage(lab.browser, lmsUrl({ cmi: JSON.stringify({ core: { entry: 'resume' }, suspend_data: suspend }) }));
  await sco(again.page).locator('nav a[href="checks.html"]').waitFor();
  const g = await labPage(again.page, 'checks.html');
  const [download] = await Promise.all([again.page.waitForEvent('download'), g.locator('#export').click()]);
  assert.match(readFileSync(await download.path(), 'utf8'), /Training race runs: 1\n {2}\S+: T=8 epochs=2 /);
  await again.close();
});

test('the self-assessed answer counts toward score.raw only when the assignment says so', async () => {
  // The default package: score.raw is unchanged by ticking the whole rubric.
  for (const counts of [false, true]) {
    let dir = root;
    if (counts) {
      const w = mkdtempSync(join(tmpdir(), 'lms-counted-'));
      cpSync('content', join(w, 'content'), { recursive: true });
      const file = join(w, 'content/assignment.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"selfAssessedCounts": false', '"selfAssessedCounts": true'));
      await buildSite({ out: join(w, 'dist'), wasmDir: WASM, contentDir: join(w, 'content') });
      setUpLms(w, join(w, 'dist'), '1.2');
      dir = w;
    }
    const srv = counts ? await startServer({ root: dir, port: 0, isolation: false }) : null;
    const url = counts ? `http://127.0.0.1:${srv.address().port}/lms.html` : lmsUrl();
    const { page, close } = await openPage(lab.browser, url);
    await sco(page).locator('nav a[href="checks.html"]').waitFor();
    const f = await labPage(page, 'checks.html');
    await answer(f, 'q1', 'b');
    await f.locator('.quick-check[data-check="q3"] textarea').fill('A constant path: one layer connects any two positions directly.');
    await f.locator('.quick-check[data-check="q3"] .check-submit').click();
    for (let k = 0; k < 3; ++k) await f.locator(`#q3-r${k}`).check().catch(() => {});
    await closeActivity(page);
    const raw = lastSet(await calls(page), 'cmi.core.score.raw').args[1];
    // q1 right of q1, q2, q4, q5, q6, q7, five exercises and the code of weight 1: 1 / 12 = 8;
    // counted, q3's ticked share joins: (1 + share) / 13, the whole rubric ticked 2 / 13 = 15.
    if (!counts) assert.equal(raw, '8');
    else assert.equal(raw, '15', `score.raw ${raw} with the self-assessed answer counted`);
    await close();
    if (srv) srv.close();
  }
});

test('an LMS that refuses or fails, an API on the opener, no API: a notice, nothing lost', async () => {
  for (const mode of ['false', 'throw']) {
    const { page, problems, close } = await openPage(lab.browser, lmsUrl({ mode }));
    const f = sco(page);
    await f.locator('nav a[href="checks.html"]').waitFor();
    const c = await labPage(page, 'checks.html');
    await answer(c, 'q1', 'b');
    await c.locator('#lms-notice').waitFor();
    assert.match(await c.locator('#lms-notice').textContent(), /course site (did not accept|failed when the lab called).*Your work is kept in this browser/);
    // The answer is saved in the browser all the same.
    await c.locator('nav a[href="lesson.html"]').click();
    await c.locator('body[data-ready="true"]').waitFor();
    assert.equal(await c.locator('#q1-b').isChecked(), true);
    assert.deepEqual(problems.console, []);
    await close();
  }
  // The API on the window that opened the package's window.
  const { page, close } = await openPage(lab.browser, lmsUrl({ opener: '1' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#open')]);
  await popup.waitForFunction(() => document.body !== null && document.body.dataset.lms === 'connected');
  await popup.close();
  await page.waitForFunction(() => window.calls.some((x) => x.name === 'LMSFinish'));
  assert.equal((await calls(page)).filter((x) => x.name === 'LMSInitialize').length, 1);
  await close();
  // No LMS at all: the launch page says so and the lab works.
  const none = await openPage(lab.browser, `${base}pkg/scorm-launch.html`);
  await none.page.waitForFunction(() => document.body !== null && document.body.dataset.lms === 'none');
  assert.match(await none.page.textContent('#launch-notice'), /No course site \(LMS\) was found/);
  await none.page.frameLocator('#lab-frame').locator('nav a[href="checks.html"]').waitFor();
  assert.deepEqual(none.problems.console, []);
  await none.close();
});

test('suspend_data that is empty, damaged, from a newer version or over 4,096 characters', async () => {
  const open = async (suspend) => {
    const o = await openPage(lab.browser, lmsUrl({ cmi: JSON.stringify({ core: { entry: 'resume' }, suspend_data: suspend }) }));
    await sco(o.page).locator('nav a[href="checks.html"]').waitFor();
    return { ...o, checks: await labPage(o.page, 'checks.html') };
  };
  const notice = async (c) => { await c.locator('#lms-notice').waitFor(); return c.locator('#lms-notice').textContent(); };
  let o = await open('');
  assert.match(await notice(o.checks), /no saved copy of your work yet/);
  await o.close();

  o = await open('{"v":1,"a":{');
  assert.match(await notice(o.checks), /could not be read \(it is damaged\); a copy was set aside in this browser under "attention-lab:v1:lms-unreadable:/);
  await answer(o.checks, 'q1', 'b');  // work goes on
  await o.close();

  const newer = '{"v":9,"future":true}';
  o = await open(newer);
  assert.match(await notice(o.checks), /newer version of the lab .*left untouched/);
  await answer(o.checks, 'q1', 'b');
  await closeActivity(o.page);
  assert.equal(lastSet(await calls(o.page), 'cmi.suspend_data'), undefined, 'the newer copy is not overwritten');
  await o.close();

  // Longer than SCORM 1.2's 4,096 (an LMS that keeps more): read, and written back within the limit.
  const races = Array.from({ length: 60 }, (_, i) => [`2026-11-30T${String(10 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00.000Z`, { T: 30, epochs: 35, seed: i }, 0.5, 1, 0, 'attention_lab_st', 2]);
  const long = JSON.stringify({ v: 1, s: ['', '', ''], a: { q1: { u: '2026-11-30T09:00:00.000Z', c: 'b', k: 1, r: 1, n: 1 } }, r: races });
  assert.ok(long.length > 4096);
  o = await open(long);
  assert.equal(await o.checks.locator('#q1-b').isChecked(), true);
  await answer(o.checks, 'q2', 'b');
  await closeActivity(o.page);
  assert.ok(lastSet(await calls(o.page), 'cmi.suspend_data').args[1].length <= 4096);
  await o.close();
});

test('SCORM 1.2: exit "suspend" when the LMS closes the activity, "" (normal) only after "Finish and hand in"', async () => {
  const { page, problems, close, launch } = await askToFinish(lab.browser, lmsUrl());
  await launch.locator('.confirm-yes').click();
  await page.waitForFunction(() => window.calls.some((c) => c.name === 'LMSFinish'));
  const log = await calls(page);
  assert.deepEqual(log.filter((c) => c.error !== '0'), [], 'no call the runtime refused');
  assert.deepEqual(log.filter((c) => c.name === 'LMSSetValue' && c.args[0] === 'cmi.core.exit').map((c) => c.args[1]), ['suspend', '']);
  assert.match(await launch.locator('#finished').textContent(), /finished and handed in/);
  assert.deepEqual(problems.console, []);
  await close();
});
