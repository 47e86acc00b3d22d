// The lesson, the quick checks, saved progress and the hand-in loop.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, DIST, answerInPage, startLab, openPage } from './support.mjs';
import { startServer } from '../../tools/static-server.mjs';
import { buildSite } from '../../tools/site/build.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

const data = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks;
// The choice checks the default assignment grades (the checks page shows those; the
// lesson shows every check).
const ASSIGNED = JSON.parse(readFileSync('content/assignment.json', 'utf8')).checks;
const choiceChecks = data.filter((c) => c.kind === 'choice' && ASSIGNED.includes(c.id));
const shortCheck = data.find((c) => c.kind === 'short');
// The exercises the build's assignment weighs: their points join every score's maximum.
const EX_MAX = Object.values(JSON.parse(readFileSync('content/assignment.json', 'utf8')).exercises.weights).reduce((a, b) => a + b, 0);

test('the lesson renders with typeset maths, diagrams, widget links and its quick checks', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('lesson.html'));
  await page.waitForFunction(() => document.body.dataset.ready);
  assert.ok(await page.$$eval('.katex', (els) => els.length) > 10, 'maths typeset by KaTeX');
  assert.ok(await page.$$eval('.katex-mathml math', (els) => els.length) > 10, 'MathML for screen readers');
  assert.equal(await page.$$eval('.katex-error', (els) => els.length), 0);
  assert.ok(await page.$$eval('figure.diagram svg', (els) => els.length) >= 2);
  assert.ok(await page.$$eval('.widget-card a[href^="attention-table.html"]', (els) => els.length) >= 1);
  assert.ok(await page.$$eval('.widget-card a[href^="race.html"]', (els) => els.length) >= 1);
  const toc = await page.$$eval('.toc a', (as) => as.map((a) => a.getAttribute('href')));
  for (const href of toc) assert.equal(await page.$$eval(href, (els) => els.length), 1, `section ${href}`);
  // KaTeX's fonts come from the site itself.
  await page.evaluate(() => document.fonts.ready);
  assert.ok(await page.evaluate(() => [...document.fonts].some((f) => f.family.includes('KaTeX') && f.status === 'loaded')));
  assert.deepEqual(problems.console, []);
  assert.deepEqual(problems.foreign, []);
  await close();
});

test('the positions-off puzzle has a worked answer beside it, folded until asked for', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('lesson.html#positions-and-order'));
  await page.waitForFunction(() => document.body.dataset.ready);
  const answer = page.locator('#positions-and-order details.worked-answer');
  assert.equal(await answer.count(), 1);
  assert.equal(await answer.evaluate((d) => d.open), false);
  assert.match(await answer.locator('summary').textContent(), /Why not 0\.5\?/);
  // Reached and opened from the keyboard; its maths typeset, its number shown.
  await answer.locator('summary').focus();
  await page.keyboard.press('Enter');
  assert.equal(await answer.evaluate((d) => d.open), true);
  assert.match(await answer.textContent(), /0\.614/);
  assert.ok(await answer.locator('.katex').count() >= 2);
  assert.deepEqual(problems.console, []);
  await close();
});

// One numbering: a check's number (Q1, Q2, … in the order the lesson meets them) is the
// same on the lesson, the checks page, the home page, in a downloaded hand-in and in the
// gradebook; every count is of the assignment's checks (the default leaves one out,
// which is then counted nowhere); the hand-in names the option clicked by its id and by
// the letter the student saw beside it.
test('one numbering: lesson, checks page, home, hand-in and gradebook name and count every check alike', async () => {
  const label = (c) => `Q${c.number}`;
  const assigned = data.filter((c) => ASSIGNED.includes(c.id));
  const unassigned = data.filter((c) => !ASSIGNED.includes(c.id));
  assert.ok(unassigned.length >= 1, 'the default assignment leaves a check out');
  const count = `${assigned.length} quick checks are assigned`;
  const context = await lab.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  const open = async (file) => { await page.goto(lab.isolatedUrl(file)); await page.waitForFunction(() => document.body.dataset.ready === 'true'); };
  const titles = () => page.$$eval('.quick-check', (els) => els.map((el) => ({ id: el.dataset.check, title: el.querySelector('.check-title').textContent,
    shown: !el.closest('[hidden]'), note: el.querySelector('.check-assigned').hidden ? '' : el.querySelector('.check-assigned').textContent })));

  // The checks page, as a named student (their own order of the options): every assigned
  // choice check answered by the option shown third, C.
  await open('checks.html');
  await page.fill('#student-name', 'Ada Lovelace');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const clicked = {};
  for (const c of assigned) {
    const box = `.check-slot[data-slot="${c.id}"] .quick-check`;
    if (c.kind === 'choice') {
      const li = page.locator(`${box} ul.choices li`).nth(2);
      assert.equal(await li.locator('.choice-letter').textContent(), 'C.');
      clicked[c.id] = await li.locator('input').getAttribute('value');
      await li.locator('input').check();
    } else {
      await page.fill(`${box} textarea`, 'Any position reaches any other in one layer: a path of constant length, not T steps.');
    }
    await page.click(`${box} .check-submit`);
  }
  const onChecks = await titles();
  const checksCount = await page.textContent('#checks-assigned');
  const facts = await page.textContent('#assignment-facts');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const handin = readFileSync(await download.path(), 'utf8');

  await open('lesson.html');
  const onLesson = await titles();
  const lessonCount = await page.textContent('#checks-assigned');
  await open('index.html');
  const home = await page.textContent('#progress-checks');
  const card = await page.textContent('.cards li[data-page="checks"] .assigned-count');

  // Names: one per check, the same on both pages; the lesson meets them in number order.
  const names = new Map(data.map((c) => [c.id, `Quick check ${label(c)}: ${c.topic}`]));
  assert.deepEqual(onLesson.map((x) => x.id), data.map((c) => c.id));
  assert.deepEqual(data.map((c) => c.number), data.map((_, k) => k + 1));
  for (const x of [...onLesson, ...onChecks]) assert.equal(x.title, names.get(x.id));
  // Counts: the assignment's, everywhere.
  assert.deepEqual(onChecks.filter((x) => x.shown).map((x) => x.id), assigned.map((c) => c.id));
  assert.equal(checksCount, lessonCount);
  assert.match(checksCount, new RegExp(`^${count}: `));
  assert.equal(facts.slice(0, facts.indexOf(';')), `Assigned: ${assigned.map(label).join(', ')}`);
  assert.equal(card, String(assigned.length));
  assert.match(home, new RegExp(`^Quick checks: ${assigned.length} of ${assigned.length} answered`));
  // The lesson shows a check left out of the assignment, and says it is not counted.
  for (const x of onLesson) assert.equal(Boolean(x.note), unassigned.some((c) => c.id === x.id), x.id);
  // The hand-in: the assigned checks by number, in order, each choice by option id and the letter seen.
  const lines = handin.split('\n').filter((l) => /^Q\d+: /.test(l));
  assert.deepEqual(lines.map((l) => l.slice(0, l.indexOf(':'))), assigned.map(label));
  for (const c of assigned.filter((x) => x.kind === 'choice')) {
    assert.ok(lines.includes(`${label(c)}: answered option "${clicked[c.id]}" (shown to the student as C), ${c.choices.find((x) => x.id === clicked[c.id]).correct ? 'correct' : 'not correct'}, 1 attempt(s)`), `${label(c)} in\n${lines.join('\n')}`);
  }

  // The gradebook: the same numbers per check, and in the item analysis.
  const dir = mkdtempSync(join(tmpdir(), 'numbering-'));
  writeFileSync(join(dir, 'ada.txt'), handin);
  await page.goto(lab.isolatedUrl('instructor.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.setInputFiles('#files', join(dir, 'ada.txt'));
  await page.waitForFunction(() => document.body.dataset.rows === '1' && document.body.dataset.regrading === 'false');
  const [perCheck, self] = await page.$eval('#gradebook tbody tr', (tr) => [tr.cells[3].textContent, tr.cells[4].textContent]);
  const graded = [...perCheck.matchAll(/(Q\d+): /g), ...self.matchAll(/(Q\d+): /g)].map((m) => m[1]).sort((a, b) => a.slice(1) - b.slice(1));
  assert.deepEqual(graded, assigned.map(label));
  for (const c of assigned.filter((x) => x.kind === 'choice')) {
    assert.match(perCheck, new RegExp(`${label(c)}: ${c.choices.find((x) => x.id === clicked[c.id]).correct ? 1 : 0}(,|$)`));
  }
  await page.waitForFunction(() => !document.getElementById('item-analysis').hidden);
  const items = await page.$$eval('#items-checks tbody tr', (trs) => trs.map((tr) => [tr.dataset.check, tr.cells[0].textContent]));
  assert.deepEqual(items, assigned.filter((c) => c.kind === 'choice').map((c) => [c.id, `${label(c)} (${c.topic})`]));
  // The question banks for an LMS's own quizzes name every check of the build alike.
  const gift = readFileSync(join(DIST, 'downloads/attention-lab-checks-gift.txt'), 'utf8');
  const moodle = readFileSync(join(DIST, 'downloads/attention-lab-checks-moodle.xml'), 'utf8');
  assert.deepEqual([...gift.matchAll(/^::(Q\d+)\\: /gm)].map((m) => m[1]), data.map(label));
  assert.deepEqual([...moodle.matchAll(/<name><text>(Q\d+): /g)].map((m) => m[1]), data.map(label));
  assert.deepEqual(problems, []);
  await context.close();
});

test('each quick check gives the right feedback for a right and a wrong answer, and allows a retry', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready);
  for (const c of choiceChecks) {
    const wrong = c.choices.find((x) => !x.correct), right = c.choices.find((x) => x.correct);
    const box = `.check-slot[data-slot="${c.id}"] .quick-check`;
    await page.click(`${box} .check-submit`);
    assert.match(await page.textContent(`${box} .verdict`), /Choose one of the answers first/);
    await page.check(`#${c.id}-${wrong.id}`);
    await page.click(`${box} .check-submit`);
    assert.equal(await page.getAttribute(box, 'data-state'), 'wrong');
    assert.match(await page.textContent(`${box} .verdict`), /Not quite/);
    assert.equal(await page.isVisible(`${box} .explanation[data-choice="${wrong.id}"]`), true);
    assert.equal(await page.isVisible(`${box} .explanation[data-choice="${right.id}"]`), false);
    await page.check(`#${c.id}-${right.id}`);
    await page.click(`${box} .check-submit`);
    assert.equal(await page.getAttribute(box, 'data-state'), 'correct');
    assert.match(await page.textContent(`${box} .verdict`), /Correct/);
    assert.equal(await page.isVisible(`${box} .explanation[data-choice="${right.id}"]`), true);
  }
  // The score counts the automatically graded checks; the short answer is self-assessed, apart.
  assert.match(await page.textContent('#score'), new RegExp(`^Score: ${choiceChecks.length} of ${choiceChecks.length + EX_MAX}: quick checks ${choiceChecks.length} of ${choiceChecks.length}, exercises 0 of ${EX_MAX} \\(automatically graded\\)`));
  assert.match(await page.textContent('#score'), new RegExp(`Self-assessed, for your instructor to review: Q${shortCheck.number}: not answered yet\\.$`));

  const box = `.check-slot[data-slot="${shortCheck.id}"] .quick-check`;
  await page.fill(`${box} textarea`, 'short');
  await page.click(`${box} .check-submit`);
  assert.match(await page.textContent(`${box} .check-feedback`), /Write a little more/);
  await page.fill(`${box} textarea`, 'Any position can read any other in a single layer, so the path is constant, not T steps.');
  await page.click(`${box} .check-submit`);
  assert.equal(await page.isVisible(`${box} .model-answer`), true);
  await page.check(`#${shortCheck.id}-r0`);
  assert.match(await page.textContent('#score'), new RegExp(`Score: ${choiceChecks.length} of ${choiceChecks.length + EX_MAX}: .*Self-assessed, for your instructor to review: Q${shortCheck.number}: 1 of ${shortCheck.rubric.length} rubric points ticked\\.$`));
  assert.deepEqual(problems.console, []);
  await close();
});

test('answers survive a reload; start over asks first', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready);
  const c = choiceChecks[0], right = c.choices.find((x) => x.correct);
  await page.check(`#${c.id}-${right.id}`);
  await page.click(`.check-slot[data-slot="${c.id}"] .check-submit`);
  await page.fill(`.check-slot[data-slot="${shortCheck.id}"] textarea`, 'typed but never checked');
  await page.fill('#student-name', 'Grace <b>Hopper</b>');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready);
  assert.equal(await page.isChecked(`#${c.id}-${right.id}`), true);
  assert.equal(await page.getAttribute(`.check-slot[data-slot="${c.id}"] .quick-check`, 'data-state'), 'correct');
  assert.equal(await page.inputValue(`.check-slot[data-slot="${shortCheck.id}"] textarea`), 'typed but never checked');
  assert.equal(await page.inputValue('#student-name'), 'Grace <b>Hopper</b>');
  // The lesson page shares the saved answers.
  await page.goto(lab.isolatedUrl('lesson.html'));
  await page.waitForFunction(() => document.body.dataset.ready);
  assert.equal(await page.isChecked(`#${c.id}-${right.id}`), true);

  await page.goto(lab.isolatedUrl('checks.html'));
  await page.waitForFunction(() => document.body.dataset.ready);
  await page.click('#start-over');
  assert.match(await answerInPage(page, false), /^Erase all your answers/);
  assert.equal(await page.isChecked(`#${c.id}-${right.id}`), true, 'cancel keeps everything');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'start-over', 'focus back where it was');
  await page.click('#start-over');
  await answerInPage(page, true);
  await page.waitForFunction(() => document.body.dataset.ready && document.getElementById('student-name').value === '');
  assert.equal(await page.isChecked(`#${c.id}-${right.id}`), false);
  assert.deepEqual(problems.console, []);
  await close();
});

test('corrupt saved answers are reported and set aside; disabled storage is reported', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('checks.html'));
  await page.evaluate(() => localStorage.setItem('attention-lab:v1', '{"version":1,"answers":{"q1":'));
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready);
  assert.match(await page.textContent('#storage-notice'), /could not be read .* set aside under "attention-lab:v1:unreadable:\d+"/);
  const aside = await page.evaluate(() => Object.keys(localStorage).find((k) => k.includes(':unreadable:')));
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), aside), '{"version":1,"answers":{"q1":');
  await close();

  const off = await openPage(lab.browser, lab.isolatedUrl('checks.html'), {
    contextOptions: {},
  });
  await off.page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
  });
  await off.page.reload();
  await off.page.waitForFunction(() => document.body.dataset.ready);
  assert.match(await off.page.textContent('#storage-notice'), /not letting the lab save your answers/);
  // Export still works.
  await off.page.fill('#student-id', 'P-1');
  const [download] = await Promise.all([off.page.waitForEvent('download'), off.page.click('#export')]);
  assert.equal(download.suggestedFilename(), 'attention-lab-P-1.txt');
  assert.deepEqual(problems.console, []);
  assert.deepEqual(off.problems.console, []);
  await off.close();
});

test('export, then import on the instructor page: gradebook row and CSV; bad files get messages', async () => {
  const s = await openPage(lab.browser, lab.isolatedUrl('checks.html'));
  await s.page.waitForFunction(() => document.body.dataset.ready);
  for (const c of choiceChecks) {
    await s.page.check(`#${c.id}-${c.choices.find((x) => x.correct).id}`);
    await s.page.click(`.check-slot[data-slot="${c.id}"] .check-submit`);
  }
  await s.page.fill('#student-name', '<img src=x onerror=alert(1)> Ada');
  await s.page.fill('#student-id', 'S-42');
  const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.click('#export')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /^The attention lab: homework hand-in\nStudent: <img src=x onerror=alert\(1\)> Ada \(ID S-42\)/);
  assert.match(text, new RegExp(`Score: ${choiceChecks.length} of ${choiceChecks.length + EX_MAX}: quick checks ${choiceChecks.length} of ${choiceChecks.length}, exercises 0 of ${EX_MAX} \\(automatically graded\\)`));
  await s.close();

  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'));
  let alerted = false;
  page.on('dialog', async (d) => { alerted = true; await d.dismiss(); });
  await page.waitForFunction(() => document.body.dataset.ready);
  const dir = mkdtempSync(join(tmpdir(), 'lab-'));
  const file = (name, body) => { writeFileSync(join(dir, name), body); return join(dir, name); };
  const newer = text.replace(/"version": \d+/, '"version": 7');

  await page.setInputFiles('#files', [
    file('ada.txt', text),
    file('ada-again.txt', text.replace(/"exportedAt": "[^"]+"/, '"exportedAt": "2000-01-01T00:00:00.000Z"')),
    file('notes.txt', 'my shopping list'),
    file('cut.txt', text.slice(0, text.length - 100)),
    file('future.txt', newer),
    file('huge.txt', 'x'.repeat(50 * 1024 * 1024)),
  ]);
  await page.waitForFunction(() => document.querySelectorAll('#file-messages li').length >= 7);
  const messages = await page.$$eval('#file-messages li', (lis) => lis.map((li) => li.textContent));
  assert.ok(messages.some((m) => /^notes.txt: not a hand-in/.test(m)));
  assert.ok(messages.some((m) => /^cut.txt: truncated/.test(m)));
  assert.ok(messages.some((m) => /^future.txt: made by a newer version of the lab \(format 7\)/.test(m)));
  assert.ok(messages.some((m) => /^huge.txt: too large \(50.0 MB\)/.test(m)));
  assert.ok(messages.some((m) => /two hand-ins; kept the one exported/.test(m)));
  // Both hand-ins are shown: the later one kept, the other (dated 2000, implausible) superseded.
  const rows = await page.$$eval('#gradebook tbody tr', (trs) => trs.map((tr) => ({ status: tr.dataset.status, cells: Array.from(tr.children, (c) => c.textContent) })));
  assert.deepEqual(rows.map((r) => r.status).sort(), ['kept', 'superseded']);
  const kept = rows.find((r) => r.status === 'kept').cells;
  assert.equal(kept[0], '<img src=x onerror=alert(1)> Ada');
  assert.equal(kept[1], 'S-42');
  assert.equal(kept[2], `${choiceChecks.length} of ${choiceChecks.length + EX_MAX}`);
  assert.match(rows.find((r) => r.status === 'superseded').cells[9], /export date "2000-01-01T00:00:00.000Z" is before 2020/);
  assert.equal(await page.$$eval('#gradebook img', (els) => els.length), 0);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
  const lines = readFileSync(await csv.path(), 'utf8').trim().split('\r\n');
  assert.equal(lines.length, 3);
  assert.ok(lines.some((l) => new RegExp(`^"<img src=x onerror=alert\\(1\\)> Ada","S-42","typed","${choiceChecks.length}","${choiceChecks.length + EX_MAX}"`).test(l)));
  assert.equal(alerted, false);
  assert.deepEqual(problems.console, []);
  await close();
});

test('two tabs, lesson and checks: each one\'s answers survive the other\'s saves', async () => {
  const context = await lab.browser.newContext({ serviceWorkers: 'block' });
  const [lesson, checks] = [await context.newPage(), await context.newPage()];
  await lesson.goto(lab.isolatedUrl('lesson.html'));
  await checks.goto(lab.isolatedUrl('checks.html'));
  for (const p of [lesson, checks]) await p.waitForFunction(() => document.body.dataset.ready === 'true');
  await lesson.check('#q4-c');
  await lesson.click('.quick-check[data-check="q4"] .check-submit');
  await checks.check('#q1-b');  // this tab loaded before the lesson's answer existed
  await checks.click('.quick-check[data-check="q1"] .check-submit');
  // The other tab shows it at once (the storage event), and a reload keeps both.
  await checks.waitForFunction(() => document.getElementById('q4-c').checked);
  await lesson.waitForFunction(() => document.getElementById('q1-b').checked);
  await checks.reload();
  await checks.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await checks.isChecked('#q1-b'), true);
  assert.equal(await checks.isChecked('#q4-c'), true);
  assert.match(await checks.textContent('#score'), new RegExp(`^Score: 2 of ${choiceChecks.length + EX_MAX}: quick checks 2 of ${choiceChecks.length}`));  // q1 and q4 right of q1, q2, q4, q5, q6, q7
  await context.close();
});

test('an assignment that caps attempts and grades the first answer', async () => {
  const w = mkdtempSync(join(tmpdir(), 'capped-'));
  cpSync('content', join(w, 'content'), { recursive: true });
  const file = join(w, 'content/assignment.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"maxAttempts": 0', '"maxAttempts": 2').replace('"choiceAnswer": "last"', '"choiceAnswer": "first"'));
  await buildSite({ out: join(w, 'dist'), wasmDir: process.env.LAB_WASM || 'build/wasm/wasm', contentDir: join(w, 'content') });
  const server = await startServer({ root: join(w, 'dist'), port: 0, isolation: false });
  const page = await lab.browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/checks.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const c = choiceChecks[0], wrong = c.choices.find((x) => !x.correct), right = c.choices.find((x) => x.correct);
  const box = `.check-slot[data-slot="${c.id}"] .quick-check`;
  await page.check(`#${c.id}-${wrong.id}`);
  await page.click(`${box} .check-submit`);
  assert.match(await page.textContent(`${box} .verdict`), /Not quite.* 1 attempt\(s\) left\./);
  await page.check(`#${c.id}-${right.id}`);
  await page.click(`${box} .check-submit`);
  assert.match(await page.textContent(`${box} .verdict`), /Correct\. You have used every attempt the assignment allows\./);
  assert.equal(await page.isDisabled(`${box} .check-submit`), true);
  assert.equal(await page.isDisabled(`#${c.id}-${wrong.id}`), true);
  // The first answer was wrong: it is the one graded.
  assert.match(await page.textContent('#score'), new RegExp(`^Score: 0 of ${choiceChecks.length + EX_MAX}: quick checks 0 of ${choiceChecks.length}`));
  await page.close();
  server.close();
});

test('the lab\'s own checks: matrix-form shapes in section 6, cost as T doubles in section 8, cross- versus self-attention in section 5, with the right answers', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('lesson.html'));
  await page.waitForFunction(() => document.body.dataset.ready);
  const sectionOf = (id) => page.$eval(`.quick-check[data-check="${id}"]`, (el) => el.closest('section[id]').id);
  assert.equal(await sectionOf('q5'), 'self-attention-matrix-form');
  assert.equal(await sectionOf('q6'), 'cost-and-recurrence');
  assert.equal(await sectionOf('q7'), 'cross-and-self-attention');
  // The explorations are linked where the lesson makes their claims.
  const linksIn = (section) => page.$$eval(`#${section} .widget-card a`, (as) => as.map((a) => a.getAttribute('href')));
  assert.ok((await linksIn('scores-and-softmax')).some((h) => h.startsWith('scaling.html')));
  assert.ok((await linksIn('positions-and-order')).some((h) => h.startsWith('order.html')));
  assert.ok((await linksIn('positions-and-order')).some((h) => h === 'race.html?positions=off'));
  assert.ok((await linksIn('cost-and-recurrence')).some((h) => h.startsWith('cost.html')));
  assert.ok((await linksIn('why-attention')).some((h) => h.startsWith('translate.html')));
  assert.ok((await linksIn('cross-and-self-attention')).some((h) => h.startsWith('translate.html')));
  // q5: S and A are T x T, Z is T x d_v (T = 5, d_v = 3); q6: attention's T^2 terms quadruple, the GRU doubles.
  for (const [id, right, pattern] of [['q5', 'c', /5 \\times 5.*5 \\times 5.*5 \\times 3/], ['q6', 'd', /fourfold.*doubles/], ['q7', 'b', /query comes from the decoder.*keys and values from the encoder/]]) {
    const c = choiceChecks.find((x) => x.id === id);
    assert.equal(c.choices.find((x) => x.correct).id, right);
    assert.match(c.choices.find((x) => x.correct).text, pattern);
    const box = `.quick-check[data-check="${id}"]`;
    for (const choice of c.choices) {
      await page.check(`#${id}-${choice.id}`);
      await page.click(`${box} .check-submit`);
      assert.equal(await page.getAttribute(box, 'data-state'), choice.correct ? 'correct' : 'wrong', `${id} ${choice.id}`);
      assert.equal(await page.isVisible(`${box} .explanation[data-choice="${choice.id}"]`), true);
    }
  }
  assert.deepEqual(problems.console, []);
  await close();
});

test('each student sees the options in an order of their own, lettered in that order, graded by the key', async () => {
  const orders = {};
  for (const name of ['Ada Lovelace', 'Grace Hopper', '']) {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('checks.html'));
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    if (name) {
      await page.fill('#student-name', name);
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
    }
    orders[name] = await page.$$eval('.quick-check[data-kind="choice"]', (els) => els.map((el) => Array.from(el.querySelectorAll('ul.choices li'), (li) => [li.querySelector('input').value, li.querySelector('.choice-letter').textContent])));
    // Letters follow the order shown; the right option, wherever it is, is graded right.
    for (const check of orders[name]) assert.deepEqual(check.map(([, l]) => l), ['A.', 'B.', 'C.', 'D.'].slice(0, check.length));
    const c = choiceChecks[0], right = c.choices.find((x) => x.correct);
    await page.check(`#${c.id}-${right.id}`);
    await page.click(`.check-slot[data-slot="${c.id}"] .check-submit`);
    assert.match(await page.textContent(`.check-slot[data-slot="${c.id}"] .verdict`), /^Correct\./);
    assert.deepEqual(problems.console, []);
    await close();
  }
  const ids = (name) => JSON.stringify(orders[name].map((check) => check.map(([id]) => id)));
  assert.equal(ids(''), JSON.stringify(data.filter((c) => c.kind === 'choice').map((c) => c.choices.map((x) => x.id))));  // no name: the key's order, every check
  assert.notEqual(ids('Ada Lovelace'), ids('Grace Hopper'));
});
