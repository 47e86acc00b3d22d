// The lab in Firefox ESR and WebKitGTK (Safari's engine), beside Chromium: a test of
// every widget of the registry (content/pages.json) in each engine, from its case in
// cases.mjs (the module's numbers, equal to Chromium's bit for bit where the page computes
// them in the worker: a short race in both builds, a short translation run, the reading
// page's readings and sweep, ...), and of the lesson's maths, a quick check with the
// hand-in read back by the gradebook, and a page opened from disk. A registry widget with
// no case fails by name: adding a widget to the registry adds its tests here.
//
//   node --test --test-concurrency=1 --test-force-exit --test-name-pattern='exercises' tests/engines/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startServer } from '../../tools/static-server.mjs';
import { loadRegistry } from '../../tools/site/registry.mjs';
import { CHROMIUM, FLAGS, DIST } from '../browser/support.mjs';
import { available, launch } from './drivers.mjs';
import { CASES, missingCases } from './cases.mjs';

const ENGINES = ['firefox', 'webkit'];
const REGISTRY = loadRegistry('content', 'web');
// Every widget, then the other pages that have a case (the lesson, the quick checks).
const NAMES = [...REGISTRY.filter((p) => p.kind === 'widget').map((p) => p.name),
  ...REGISTRY.filter((p) => p.kind !== 'widget' && Object.hasOwn(CASES, p.name)).map((p) => p.name)];
let isolated, plain, chrome;
const drivers = new Map();  // engine -> its driver, launched by its first test
const references = new Map();  // page name -> Chromium's numbers

const url = (server, path) => `http://127.0.0.1:${server.address().port}/${path}`;

before(async () => {
  isolated = await startServer({ root: DIST, port: 0, isolation: true });
  plain = await startServer({ root: DIST, port: 0, isolation: false });
});
after(async () => {
  for (const d of drivers.values()) await d.close();
  if (chrome) await chrome.close();
  isolated.close();
  plain.close();
});

// Chromium's numbers for a page, the reference every engine must reproduce: read once.
async function chromiumNumbers(name, read) {
  if (!references.has(name)) {
    chrome ??= await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    const driver = {
      open: async (u) => {
        const q = await chrome.newPage();
        await q.goto(u);
        return { waitFor: (fn) => q.waitForFunction(fn, null, { timeout: 120000 }), evaluate: (fn, ...args) => q.evaluate(fn, ...args), close: () => q.close() };
      },
    };
    references.set(name, await read(driver, (path) => url(isolated, path)));
  }
  return references.get(name);
}

test('every widget of the registry has a case in tests/engines/cases.mjs', () => {
  assert.deepEqual(missingCases(REGISTRY, CASES), []);
  // The guard names what is missing: a registry with a widget of no case.
  assert.deepEqual(missingCases([...REGISTRY, { name: 'new-widget', kind: 'widget' }], CASES), ['new-widget']);
});

for (const engine of ENGINES) {
  for (const name of NAMES) {
    test(`${engine}: ${name}`, async () => {
      assert.ok(Object.hasOwn(CASES, name), `widget "${name}" of content/pages.json has no case in tests/engines/cases.mjs`);
      // tools/lab setup installs Debian's firefox-esr, webkit2gtk-driver and xvfb: a missing one fails.
      assert.ok(available(engine), `${engine} is not installed (tools/lab setup installs it)`);
      if (!drivers.has(engine)) drivers.set(engine, await launch(engine));
      await CASES[name](drivers.get(engine), { engine, url, isolated, plain, chromium: chromiumNumbers });
    });
  }
}
