// One build, every kind of host: a server with COOP/COEP (a), a plain static host
// where the site's service worker turns isolation on (b), a file opened from disk (c),
// and an LMS frame talking SCORM 1.2 (d, in lms.test.mjs). No request may leave the site's origin.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test, startLab, openPage, DIST } from './support.mjs';

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

async function tableTop(page) {
  await page.waitForFunction(() => document.querySelectorAll('#result-rows tr').length === 5, null, { timeout: 20000 });
  return page.$$eval('#result-rows tr:first-child td', (tds) => tds.map((td) => td.textContent));
}

test('a: a host sending COOP/COEP runs the threaded build', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('attention-table.html'));
  assert.deepEqual(await tableTop(page), ['1.73', '0.335']);
  await page.waitForFunction(() => document.body.dataset.build === 'attention_lab_mt');
  assert.deepEqual(problems.foreign, []);
  assert.deepEqual(problems.console, []);
  await close();
});

test('b: a plain static host works at once, then runs threaded once its service worker is active', async () => {
  const { page, problems, close } = await openPage(lab.browser, lab.plainUrl('attention-table.html'), { serviceWorkers: 'allow' });
  // The service worker registers, then reloads the page once, now isolated.
  await page.waitForFunction(() => self.crossOriginIsolated === true && document.body && document.body.dataset.build === 'attention_lab_mt', null, { timeout: 20000 });
  assert.match(await page.textContent('#build-status'), /threaded WebAssembly build/);
  assert.deepEqual(await tableTop(page), ['1.73', '0.335']);
  assert.deepEqual(problems.foreign, []);
  assert.deepEqual(problems.console, []);
  await close();
});

test('c: opened from disk, the pages work single-threaded with nothing else installed', async () => {
  const base = `file://${resolve(DIST)}/`;
  const table = await openPage(lab.browser, `${base}attention-table.html`);
  assert.deepEqual(await tableTop(table.page), ['1.73', '0.335']);
  await table.page.waitForFunction(() => document.body.dataset.build === 'attention_lab_single');
  assert.match(await table.page.textContent('#build-status'), /single-thread WebAssembly build, SIMD on/);
  assert.deepEqual(table.problems.console, []);
  assert.deepEqual(table.problems.foreign, []);
  await table.close();

  const race = await openPage(lab.browser, `${base}race.html?T=8&epochs=1`);
  await race.page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
  await race.page.click('#start');
  await race.page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 60000 });
  assert.equal(await race.page.$$eval('#results tbody tr', (r) => r.length), 2);
  assert.deepEqual(race.problems.console, []);
  await race.close();

  // The code page: its sandbox's QuickJS worker comes from a script, so it runs from disk too.
  const code = await openPage(lab.browser, `${base}code.html`);
  await code.page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  await code.page.fill('#code-student', 'Ada Lovelace');
  await code.page.waitForFunction(() => !document.getElementById('run').disabled);
  await code.page.click('#run');
  await code.page.waitForFunction(() => ['ran', 'budget', 'timeout', 'crashed', 'compile-error', 'error'].includes(document.body.dataset.code), null, { timeout: 30000 });
  assert.match(await code.page.textContent('#code-status'), /^3 of 11 hidden tests pass; 3 of 11 shown tests pass\./);  // the starter code
  assert.deepEqual(code.problems.console, []);
  assert.deepEqual(code.problems.foreign, []);
  await code.close();

  const lesson = await openPage(lab.browser, `${base}lesson.html`);
  await lesson.page.waitForFunction(() => document.body.dataset.ready);
  assert.ok(await lesson.page.$$eval('.katex', (els) => els.length) > 10);
  assert.deepEqual(lesson.problems.console, []);
  assert.deepEqual(lesson.problems.foreign, []);
  await lesson.close();
});

// d, the SCORM package in an LMS, is tests/browser/lms.test.mjs: a real SCORM runtime.
