// A SCORM package in a real SCORM runtime, for lms.test.mjs (1.2) and lms2004.test.mjs:
// scorm-again (npm, pinned in package.json) on the parent window of a frame holding the
// package's launch page, as an LMS frames a package. Every call the package makes is
// logged with the runtime's error code after it.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { openPage } from './support.mjs';

// The package's own browser builds (its exports map does not list dist/ files).
const runtime = (file) => fileURLToPath(new URL(`../../node_modules/scorm-again/dist/${file}`, import.meta.url));

export const RUNTIMES = {
  '1.2': {
    zip: 'attention-lab-scorm12.zip', script: runtime('scorm12.min.js'), cls: 'Scorm12API', global: 'API',
    fns: ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit'], get: 'LMSGetValue', set: 'LMSSetValue', finish: 'LMSFinish', error: 'LMSGetLastError',
  },
  '2004': {
    zip: 'attention-lab-scorm2004.zip', script: runtime('scorm2004.min.js'), cls: 'Scorm2004API', global: 'API_1484_11',
    fns: ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit'], get: 'GetValue', set: 'SetValue', finish: 'Terminate', error: 'GetLastError',
  },
};

// The LMS page. ?cmi= preloads the runtime's data (a returning student); ?mode= makes
// the LMS misbehave; ?opener=1 opens the package in a window of its own instead.
export function lmsPage(version) {
  const r = RUNTIMES[version];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<script src="runtime.js"></script>
<script>
  const q = new URLSearchParams(location.search);
  const api = new ${r.cls}({ autocommit: false, logLevel: 5 });
  const cmi = q.get('cmi');
  if (cmi) api.loadFromJSON(JSON.parse(cmi));
  window.calls = [];
  // The runtime's own answer, as its LMS side reads it (not logged): runtimeGet('cmi.success_status').
  const get = api.${r.get}.bind(api);
  window.runtimeGet = (key) => get(key);
  for (const name of ${JSON.stringify(r.fns)}) {
    const f = api[name].bind(api);
    api[name] = (...args) => {
      if (q.get('mode') === 'throw') throw new Error('the LMS is down');
      let r = f(...args);
      if (q.get('mode') === 'false' && name !== '${r.get}') r = 'false';
      calls.push({ name, args, result: String(r), error: String(api.${r.error}()) });
      return r;
    };
  }
  window.${r.global} = api;
  window.suspendData = () => api.cmi.suspend_data;
  window.cmiJson = () => JSON.parse(JSON.stringify(api.cmi));
</script></head><body>
<script>
  // (A window opened by a click: browsers block windows that pages open by themselves.)
  window.openActivity = () => { window.popup = window.open('pkg/scorm-launch.html', 'sco'); };
  if (q.get('opener')) document.write('<button id="open" type="button" onclick="openActivity()">Open the activity</button>');
  else document.write('<iframe id="sco" title="Attention lab" src="pkg/scorm-launch.html" style="width:100%;height:900px"></iframe>');
</script></body></html>`;
}

export function unpack(zipFile, dir) {
  const files = unzipSync(readFileSync(zipFile));
  for (const [name, data] of Object.entries(files)) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), data);
  }
  return Object.keys(files);
}

// dir gets the LMS page, the runtime and the package (from dist's downloads) in pkg/.
// -> the package's file names
export function setUpLms(dir, dist, version) {
  const r = RUNTIMES[version];
  const names = unpack(join(dist, 'downloads', r.zip), join(dir, 'pkg'));
  copyFileSync(r.script, join(dir, 'runtime.js'));
  writeFileSync(join(dir, 'lms.html'), lmsPage(version));
  return names;
}

export const calls = (page) => page.evaluate(() => window.calls);
export const sco = (page) => page.frameLocator('#sco').frameLocator('#lab-frame');
export const lastSet = (log, key) => [...log].reverse().find((c) => (c.name === 'LMSSetValue' || c.name === 'SetValue') && c.args[0] === key);

export async function labPage(page, file) {
  const f = sco(page);
  await f.locator(`nav a[href="${file}"]`).click();
  await page.waitForFunction((name) => {
    const inner = document.getElementById('sco').contentDocument.getElementById('lab-frame').contentDocument;
    return inner.location.pathname.endsWith(name) && inner.body !== null && inner.body.dataset.ready === 'true';
  }, file);
  return f;
}

export async function answer(f, id, choice) {
  await f.locator(`#${id}-${choice}`).check();
  await f.locator(`.quick-check[data-check="${id}"] .check-submit`).click();
}

// The activity launched at url (openPage's { page, problems, close }), q1 answered on its
// checks page, and "Finish and hand in" pressed on the launch page: returns the opened
// page and launch, the launch page's frame, with its question (the attempt ends) showing.
export async function askToFinish(browser, url) {
  const opened = await openPage(browser, url);
  await sco(opened.page).locator('nav a[href="checks.html"]').waitFor();
  await answer(await labPage(opened.page, 'checks.html'), 'q1', 'b');
  const launch = opened.page.frameLocator('#sco');
  await launch.locator('#finish-attempt').click();
  assert.match(await launch.locator('.confirm').textContent(), /ends your attempt/);
  return { ...opened, launch };
}

// The LMS closes the activity: it removes the frame (the launch page's pagehide).
export async function closeActivity(page, finish = 'LMSFinish') {
  await page.evaluate(() => document.getElementById('sco').remove());
  await page.waitForFunction((name) => window.calls.some((c) => c.name === name), finish);
}
