// One build, every kind of host: a server with COOP/COEP (a), a plain static host
// where coi-serviceworker turns isolation on (b), a file opened from disk (c),
// and an LMS frame talking SCORM 1.2 (d). No request may leave the site's origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { startLab, openPage, DIST } from './support.mjs';
import { startServer } from '../../tools/serve.mjs';
import { unzip } from '../../tools/site/zip.mjs';

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

test('b: a plain static host works at once, then runs threaded once coi-serviceworker is active', async () => {
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

  const lesson = await openPage(lab.browser, `${base}lesson.html`);
  await lesson.page.waitForFunction(() => document.body.dataset.ready);
  assert.ok(await lesson.page.$$eval('.katex', (els) => els.length) > 10);
  assert.deepEqual(lesson.problems.console, []);
  assert.deepEqual(lesson.problems.foreign, []);
  await lesson.close();
});

test('d: the SCORM package in an LMS frame reports score and status through window.API', async () => {
  const root = mkdtempSync(join(tmpdir(), 'lms-'));
  const files = unzip(readFileSync(join(DIST, 'downloads/attention-lab-scorm12.zip')));
  const manifest = files.find((f) => f.name === 'imsmanifest.xml').data.toString('utf8');
  assert.match(manifest, /<schemaversion>1.2<\/schemaversion>/);
  assert.match(manifest, /adlcp:scormtype="sco" href="index.html"/);
  for (const f of files) {
    mkdirSync(dirname(join(root, 'pkg', f.name)), { recursive: true });
    writeFileSync(join(root, 'pkg', f.name), f.data);
  }
  // A stand-in LMS: the SCORM 1.2 API object on the parent window, recording calls.
  writeFileSync(join(root, 'lms.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<script>
  window.calls = [];
  window.API = {
    LMSInitialize: (s) => { calls.push(['LMSInitialize']); return 'true'; },
    LMSFinish: (s) => { calls.push(['LMSFinish']); return 'true'; },
    LMSGetValue: (k) => '', LMSSetValue: (k, v) => { calls.push([k, v]); return 'true'; },
    LMSCommit: (s) => { calls.push(['LMSCommit']); return 'true'; },
    LMSGetLastError: () => '0', LMSGetErrorString: () => '', LMSGetDiagnostic: () => '',
  };
</script></head><body><iframe id="sco" title="Attention lab" src="pkg/checks.html" style="width:100%;height:900px"></iframe></body></html>`);
  const server = await startServer({ root, port: 0, isolation: false });
  const { page, problems, close } = await openPage(lab.browser, `http://127.0.0.1:${server.address().port}/lms.html`);
  const frame = page.frameLocator('#sco');
  await frame.locator('body[data-ready]').waitFor();
  assert.match(await frame.locator('#assignment-facts').textContent(), /reported to your course site/);
  const checks = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks;
  for (const c of checks) {
    const box = frame.locator(`.check-slot[data-slot="${c.id}"]`);
    if (c.kind === 'choice') {
      await box.locator(`#${c.id}-${c.choices.find((x) => x.correct).id}`).check();
    } else {
      await box.locator('textarea').fill('Every position reaches every other position in one layer, a path of constant length.');
    }
    await box.locator('.check-submit').click();
  }
  const calls = await page.evaluate(() => window.calls);
  assert.deepEqual(calls[0], ['LMSInitialize']);
  const last = (key) => [...calls].reverse().find(([k]) => k === key);
  const choice = checks.filter((c) => c.kind === 'choice').length;
  assert.deepEqual(last('cmi.core.score.raw'), ['cmi.core.score.raw', String(Math.round((100 * choice) / checks.length))]);
  assert.deepEqual(last('cmi.core.lesson_status'), ['cmi.core.lesson_status', 'completed']);

  // Inside the frame, the widgets run single-threaded (a frame is never isolated).
  await frame.locator('nav a[href="attention-table.html"]').click();
  await frame.locator('body[data-build="attention_lab_st"]').waitFor();
  assert.deepEqual(problems.foreign, []);
  assert.deepEqual(problems.console, []);
  await close();
  server.close();
});
