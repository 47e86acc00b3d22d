// The SCORM 2004 (4th Edition) package in a real SCORM runtime: scorm-again's
// Scorm2004API on the parent window of a frame holding the package's launch page, as
// lms.test.mjs runs the SCORM 1.2 package (lms-harness.mjs). Every call is logged with
// the runtime's error code after it.
import '../web/shared-limits.mjs';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage, DIST } from './support.mjs';
import { startServer } from '../../tools/static-server.mjs';
import { buildSite } from '../../tools/site/build.mjs';
import { describe } from '../../web/js/lms/scorm-versions.js';
import { checkLabel } from '../../web/js/work/check-label.js';
import { answer, askToFinish, calls, closeActivity, labPage, lastSet, sco, setUpLms } from './lms-harness.mjs';

const WASM = process.env.LAB_WASM || 'build/wasm/wasm';
const checks = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks;
const checkOf = (id) => checks.find((c) => c.id === id);

let lab, server, base, packaged;

before(async () => {
  lab = await startLab();
  const root = mkdtempSync(join(tmpdir(), 'lms2004-'));
  packaged = setUpLms(root, DIST, '2004');
  server = await startServer({ root, port: 0, isolation: false });
  base = `http://127.0.0.1:${server.address().port}/`;
});
after(async () => { server.close(); await lab.close(); });

const lmsUrl = (params = {}) => `${base}lms.html?${new URLSearchParams(params)}`;
const DURATION = /^PT(\d+H)?(\d+M)?\d+(\.\d{1,2})?S$/;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const interactions = (cmi) => Object.values(cmi.interactions.childArray || cmi.interactions);
const sets = (log, key) => log.filter((c) => c.name === 'SetValue' && c.args[0] === key).map((c) => c.args[1]);
// What the runtime itself answers (scorm-again evaluates success_status from the scores).
const runtimeSays = (page, key) => page.evaluate((k) => window.runtimeGet(k), key);
const patterns = (r) => Object.values(r.correct_responses.childArray || r.correct_responses).map((c) => c.pattern);
// What an LMS gives back on the next launch: the stored data, and entry "resume" when the
// last exit was "suspend" (SCORM 2004 RTE 4.2.8), else a new attempt ("").
const nextLaunch = (cmi) => ({
  learner_name: cmi.learner_name, learner_id: cmi.learner_id, entry: cmi.exit === 'suspend' ? 'resume' : '',
  ...(cmi.exit === 'suspend' ? { suspend_data: cmi.suspend_data, interactions: cmi.interactions } : {}),
});

test('the 2004 package holds the lab for students, not the gradebook', () => {
  assert.ok(packaged.includes('imsmanifest.xml') && packaged.includes('scorm-launch.html'));
  for (const f of ['instructor.html', 'js/instructor.js']) assert.ok(!packaged.includes(f), `${f} is not in the package`);
  assert.ok(!packaged.some((f) => f.startsWith('downloads/')));
});

test('one launch in SCORM 2004: scores, success and completion apart, one interaction per question, then a resumed launch', async () => {
  const start = { learner_name: 'Lovelace, Ada', learner_id: 'L-1', scaled_passing_score: '0.7' };
  const { page, problems, close } = await openPage(lab.browser, lmsUrl({ cmi: JSON.stringify(start) }));
  await sco(page).locator('nav a[href="checks.html"]').waitFor();
  assert.equal(await page.frameLocator('#sco').locator('body').getAttribute('data-scorm'), '2004');
  let f = await labPage(page, 'checks.html');
  await answer(f, 'q1', 'b');   // right
  await answer(f, 'q2', 'a');   // wrong,
  await answer(f, 'q2', 'b');   // then right: the same record, answered again
  f = await labPage(page, 'lesson.html');
  await answer(f, 'q4', 'c');   // right, in the lesson
  f = await labPage(page, 'checks.html');
  await f.locator('.quick-check[data-check="q3"] textarea').fill('Every position reaches every other one in a single layer,\nso the path length is constant.');
  await f.locator('.quick-check[data-check="q3"] .check-submit').click();
  await f.locator('#q3-r0').check();
  // An exercise, with the LMS's name's numbers: two of the four parts of "shapes" right.
  f = await labPage(page, 'exercises.html');
  assert.equal(await f.locator('#ex-student').inputValue(), 'Lovelace, Ada');
  await f.locator('#set-kind').selectOption('shapes');
  await f.locator('body[data-exercise="shown"] #ex-part-S_shape').waitFor();
  // A given's name is typeset (dₖ): the page keeps the engine's name in data-name.
  const given = async (name) => Number((await f.locator(`#ex-givens [data-name="${name}"]`).textContent()).split(' = ').pop());
  const T = await given('T'), dk = await given('d_k');
  const typed = { S_shape: `${T} ${T}`, qk_madds: String(T * T * dk) };
  for (const [part, text] of Object.entries(typed)) {
    await f.locator(`#ex-part-${part}`).fill(text);
    await f.locator(`#ex-part-${part}`).press('Enter');
    await f.locator(`[data-part="${part}"][data-verdict="right"]`).waitFor();
  }
  // Success stays unknown, in the runtime's eyes too, until every assigned check is answered.
  f = await labPage(page, 'checks.html');
  await answer(f, 'q5', 'c');   // right
  await answer(f, 'q6', 'a');   // wrong
  assert.equal(await runtimeSays(page, 'cmi.success_status'), 'unknown', 'q7 unanswered: no verdict yet, whatever the score');
  assert.equal(await runtimeSays(page, 'cmi.score.raw'), '38');  // (4 + 0.5) / 12, the score so far
  await answer(f, 'q7', 'b');   // right
  await page.waitForFunction(() => window.runtimeGet('cmi.success_status') !== 'unknown');
  assert.equal(await runtimeSays(page, 'cmi.success_status'), 'failed');  // 0.4583 < 0.7
  await closeActivity(page, 'Terminate');

  const log = await calls(page);
  assert.deepEqual(log.filter((c) => c.error !== '0'), [], 'no call the runtime refused');
  assert.equal(log.filter((c) => c.name === 'Initialize').length, 1);
  assert.equal(log.filter((c) => c.name === 'Terminate').length, 1);
  assert.equal(log.filter((c) => c.name.startsWith('LMS')).length, 0, 'no SCORM 1.2 call');
  // q1, q2, q4, q5, q7 of the six choice checks, and half of "shapes" (weight 1 of five
  // exercises and the code page weighing 1 each): (5 + 0.5) / 12.
  assert.deepEqual(sets(log, 'cmi.score.scaled'), ['0.4583'], 'the scaled score first sent once every check was answered');
  assert.equal(lastSet(log, 'cmi.score.raw').args[1], '46');
  assert.equal(lastSet(log, 'cmi.score.min').args[1], '0');
  assert.equal(lastSet(log, 'cmi.score.max').args[1], '100');
  assert.equal(sets(log, 'cmi.success_status')[0], 'unknown');
  assert.equal(lastSet(log, 'cmi.success_status').args[1], 'failed');   // 0.4583 < 0.7, every check answered
  assert.equal(lastSet(log, 'cmi.completion_status').args[1], 'incomplete');  // the required race was not run
  assert.deepEqual(sets(log, 'cmi.exit'), ['suspend'], 'the LMS closed the activity: the attempt stays open');
  assert.match(lastSet(log, 'cmi.session_time').args[1], DURATION);
  const suspend = lastSet(log, 'cmi.suspend_data').args[1];
  assert.ok(suspend.length > 0 && suspend.length <= 64000);

  const cmi = await page.evaluate(() => window.cmiJson());
  const records = interactions(cmi);
  const byId = new Map(records.map((r) => [r.id, r]));
  assert.equal(records.length, 9, 'one record per question, however often answered');
  assert.equal(byId.size, 9);
  const expected = {
    q1: ['choice', 'b', 'correct'], q2: ['choice', 'b', 'correct'], q4: ['choice', 'c', 'correct'],
    q5: ['choice', 'c', 'correct'], q6: ['choice', 'a', 'incorrect'], q7: ['choice', 'b', 'correct'],
    q3: ['long-fill-in', 'Every position reaches every other one in a single layer, so the path length is constant.', 'neutral'],
    'ex-shapes--S_shape': ['fill-in', typed.S_shape, 'correct'],
    'ex-shapes--qk_madds': ['numeric', typed.qk_madds, 'correct'],
  };
  for (const [id, [type, response, result]] of Object.entries(expected)) {
    const r = byId.get(id);
    assert.ok(r, `a record for ${id}`);
    assert.deepEqual([r.type, r.learner_response, r.result], [type, response, result], id);
    assert.match(r.latency, DURATION, `${id}'s latency`);
    assert.match(r.timestamp, ISO_TIME, `${id}'s timestamp`);
    assert.ok(r.description.length > 0 && r.description.length <= 250, `${id}'s description`);
  }
  // The question and the expected answer, for the LMS's reports.
  for (const id of ['q1', 'q2', 'q4', 'q5', 'q6', 'q7']) {
    const c = checkOf(id);
    assert.deepEqual(patterns(byId.get(id)), [c.choices.filter((ch) => ch.correct).map((ch) => ch.id).join('[,]')], `${id}'s correct response`);
    assert.equal(byId.get(id).description, describe(checkLabel(c), c.prompt));
  }
  assert.notEqual(patterns(byId.get('q6'))[0], 'a', 'q6 was answered wrong: its correct response is another option');
  assert.deepEqual(patterns(byId.get('q3')), [checkOf('q3').modelAnswer.replace(/,/g, '\u201A')]);
  assert.deepEqual(patterns(byId.get('ex-shapes--S_shape')), [typed.S_shape]);
  assert.deepEqual(patterns(byId.get('ex-shapes--qk_madds')), [`${typed.qk_madds}[:]${typed.qk_madds}`]);
  assert.match(byId.get('ex-shapes--S_shape').description, /^4\. Shapes and costs — the shape of S: /);
  // q2's record was written once and its answer rewritten in place.
  assert.equal(sets(log, `cmi.interactions.${records.indexOf(byId.get('q2'))}.id`).length, 1);
  assert.deepEqual(sets(log, `cmi.interactions.${records.indexOf(byId.get('q2'))}.learner_response`), ['a', 'b']);
  assert.deepEqual(problems.console, []);
  assert.deepEqual(problems.foreign, []);
  await close();

  // A second launch, in a fresh browser profile, with what the LMS stored; the LMS's own
  // passing score (0.45) wins over the package's.
  const stored = { ...nextLaunch(cmi), scaled_passing_score: '0.45' };
  assert.equal(stored.entry, 'resume');
  assert.equal(stored.suspend_data, suspend);
  const again = await openPage(lab.browser, lmsUrl({ cmi: JSON.stringify(stored) }));
  await sco(again.page).locator('nav a[href="checks.html"]').waitFor();
  const g = await labPage(again.page, 'checks.html');
  assert.equal(await g.locator('#q1-b').isChecked(), true);
  assert.equal(await g.locator('#q2-b').isChecked(), true);
  assert.equal(await g.locator('#q4-c').isChecked(), true);
  assert.match(await g.locator('.quick-check[data-check="q3"] textarea').inputValue(), /single layer/);
  assert.match(await g.locator('#score').textContent(), /^Score: 5\.5 of 12: quick checks 5 of 6, exercises 0\.5 of 6/);
  await answer(g, 'q1', 'c');   // now wrong: 4.5 / 12
  await closeActivity(again.page, 'Terminate');
  const log2 = await calls(again.page);
  assert.deepEqual(log2.filter((c) => c.error !== '0'), [], 'no call the runtime refused');
  assert.deepEqual(sets(log2, 'cmi.success_status'), ['passed', 'failed']);  // 0.4583 >= 0.45, then 0.375
  const after2 = interactions(await again.page.evaluate(() => window.cmiJson()));
  assert.equal(after2.length, 9, 'no new record for a question answered before');
  const q1 = after2.find((r) => r.id === 'q1');
  assert.deepEqual([q1.learner_response, q1.result, q1.latency], ['c', 'incorrect', byId.get('q1').latency]);
  assert.equal(after2.indexOf(q1), records.indexOf(byId.get('q1')));
  assert.deepEqual(again.problems.console, []);
  await again.close();
});

test('2004 keeps suspend_data over 4,096 characters whole', async () => {
  const races = Array.from({ length: 20 }, (_, i) => [`2026-11-30T10:${String(i).padStart(2, '0')}:00.000Z`, { T: 30, epochs: 35, seed: i }, 0.5, 1, 0, 'attention_lab_st', 2]);
  const text = `${'A long answer, kept whole. '.repeat(120)}End.`;
  const long = JSON.stringify({ v: 1, s: ['', '', ''], a: { q3: { u: '2026-11-30T09:00:00.000Z', t: text, v: 1, b: '100' } }, r: races });
  assert.ok(long.length > 4096);
  const { page, close } = await openPage(lab.browser, lmsUrl({ cmi: JSON.stringify({ entry: 'resume', suspend_data: long }) }));
  await sco(page).locator('nav a[href="checks.html"]').waitFor();
  const f = await labPage(page, 'checks.html');
  assert.equal(await f.locator('.quick-check[data-check="q3"] textarea').inputValue(), text);
  await answer(f, 'q1', 'b');
  await closeActivity(page, 'Terminate');
  const log = await calls(page);
  // This LMS has no passing score: asking is error 403 (not initialised), and the package's is used.
  assert.deepEqual(log.filter((c) => c.error !== '0').map((c) => [c.args[0], c.error]), [['cmi.scaled_passing_score', '403']]);
  const written = JSON.parse(lastSet(log, 'cmi.suspend_data').args[1]);
  assert.ok(lastSet(log, 'cmi.suspend_data').args[1].length > 4096);
  assert.equal(written.a.q3.t, text);
  assert.equal(written.r.length, 20);
  assert.equal(written.o, undefined, 'no race run left out');
  await close();
});

test('a 2004 LMS that refuses or fails: a notice, nothing lost', async () => {
  for (const mode of ['false', 'throw']) {
    const { page, problems, close } = await openPage(lab.browser, lmsUrl({ mode }));
    await sco(page).locator('nav a[href="checks.html"]').waitFor();
    const c = await labPage(page, 'checks.html');
    await answer(c, 'q1', 'b');
    await c.locator('#lms-notice').waitFor();
    assert.match(await c.locator('#lms-notice').textContent(), /course site (did not accept|failed when the lab called) Initialize.*Your work is kept in this browser/);
    await c.locator('nav a[href="lesson.html"]').click();
    await c.locator('body[data-ready="true"]').waitFor();
    assert.equal(await c.locator('#q1-b').isChecked(), true);
    assert.deepEqual(problems.console, []);
    await close();
  }
});

test('"Finish and hand in": asked first, then the normal exit that ends the attempt; declined, nothing ends', async () => {
  const { page, problems, close, launch } = await askToFinish(lab.browser,
    lmsUrl({ cmi: JSON.stringify({ learner_name: 'Lovelace, Ada', learner_id: 'L-1', scaled_passing_score: '0.7' }) }));
  // Declined: the lab stays, the attempt stays open.
  await launch.locator('.confirm-no').click();
  assert.equal(await launch.locator('#lab-frame').count(), 1);
  assert.equal((await calls(page)).filter((c) => c.name === 'Terminate').length, 0);
  // Confirmed: the work is sent, then the normal exit and Terminate, once.
  await launch.locator('#finish-attempt').click();
  await launch.locator('.confirm-yes').click();
  await page.waitForFunction(() => window.calls.some((c) => c.name === 'Terminate'));
  assert.match(await launch.locator('#finished').textContent(), /finished and handed in/);
  assert.equal(await launch.locator('#lab-frame').count(), 0);
  await closeActivity(page, 'Terminate');
  const log = await calls(page);
  assert.deepEqual(log.filter((c) => c.error !== '0'), [], 'no call the runtime refused');
  assert.deepEqual(sets(log, 'cmi.exit'), ['suspend', 'normal']);
  assert.equal(log.filter((c) => c.name === 'Terminate').length, 1);
  const cmi = await page.evaluate(() => window.cmiJson());
  assert.equal(cmi.exit, 'normal');
  assert.match(cmi.suspend_data, /"q1"/, 'the work went before the attempt ended');
  assert.equal(nextLaunch(cmi).entry, '', 'an LMS starts a new attempt next time');
  assert.deepEqual(problems.console, []);
  await close();
});

test('complete, closed, and launched again on a fresh profile: the attempt resumes with the work', async () => {
  // An assignment complete with one check: no exercise, no race.
  const w = mkdtempSync(join(tmpdir(), 'lms2004-complete-'));
  cpSync('content', join(w, 'content'), { recursive: true });
  const file = join(w, 'content/assignment.json');
  const a = JSON.parse(readFileSync(file, 'utf8'));
  a.checks = ['q1'];
  a.exercises.weights = {};
  a.race.required = {};
  writeFileSync(file, JSON.stringify(a, null, 2));
  await buildSite({ out: join(w, 'dist'), wasmDir: WASM, contentDir: join(w, 'content') });
  setUpLms(w, join(w, 'dist'), '2004');
  const srv = await startServer({ root: w, port: 0, isolation: false });
  const url = (cmi) => `http://127.0.0.1:${srv.address().port}/lms.html?${new URLSearchParams({ cmi: JSON.stringify(cmi) })}`;
  try {
    const first = await openPage(lab.browser, url({ learner_name: 'Lovelace, Ada', learner_id: 'L-1', scaled_passing_score: '0.7' }));
    await sco(first.page).locator('nav a[href="checks.html"]').waitFor();
    const f = await labPage(first.page, 'checks.html');
    await answer(f, 'q1', 'b');
    await first.page.waitForFunction(() => window.runtimeGet('cmi.completion_status') === 'completed');
    assert.equal(await first.page.evaluate(() => window.runtimeGet('cmi.success_status')), 'passed');
    await answer(f, 'q1', 'c');  // changed after completion: the change is the work to resume
    await first.page.waitForFunction(() => window.runtimeGet('cmi.success_status') === 'failed');
    await closeActivity(first.page, 'Terminate');
    const log = await calls(first.page);
    assert.deepEqual(log.filter((c) => c.error !== '0'), [], 'no call the runtime refused');
    assert.deepEqual(sets(log, 'cmi.exit'), ['suspend'], 'complete, and still suspended: the LMS keeps the attempt');
    const cmi = await first.page.evaluate(() => window.cmiJson());
    assert.equal(cmi.completion_status, 'completed');
    await first.close();

    // A new browser context (no local storage), given what the LMS stored.
    const stored = nextLaunch(cmi);
    assert.equal(stored.entry, 'resume');
    const again = await openPage(lab.browser, url(stored));
    await sco(again.page).locator('nav a[href="checks.html"]').waitFor();
    const g = await labPage(again.page, 'checks.html');
    assert.equal(await g.locator('#q1-c').isChecked(), true);
    assert.equal(await g.locator('.quick-check[data-check="q1"]').getAttribute('data-state'), 'wrong', 'checked, as it was');
    await closeActivity(again.page, 'Terminate');
    const log2 = await calls(again.page);
    assert.equal(lastSet(log2, 'cmi.completion_status').args[1], 'completed');
    assert.deepEqual(again.problems.console, []);
    await again.close();
  } finally {
    srv.close();
  }
});
