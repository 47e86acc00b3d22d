// Student words and plain numbers on every page a student or an instructor reads, as a
// screenshot shows them (visual-checks.mjs developerText, errorsBeforeAction):
//   - every page of the registry at a laptop's size (1280 × 800) as it opens: no number
//     in e-notation, no identifier from the code or an exercise's id, and no red error
//     before the student has done anything;
//   - each page with a run (the registry's "run", a short one) again after it, the
//     primary action pressed as a student would;
//   - the instructor page after importing a class's hand-ins (fabricated-class.mjs), with
//     an exercise part graded again: the gradebook, its doubts and the item analysis.
// Each failure names the page, the size and the element. (visual.test.mjs runs the same
// words check at both sizes inside its other checks; this file is the short one to run
// when only words or numbers changed.)
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, startLab, openPage, frames } from './support.mjs';
import { PAGES, pageReady, runLink, pageComputed, shortRun } from './pages.mjs';
import { developerText, errorsBeforeAction } from './visual-checks.mjs';
import { writeClass } from './fabricated-class.mjs';

const LAPTOP = { width: 1280, height: 800 };
const at = (file) => `${file} at ${LAPTOP.width} × ${LAPTOP.height}`;

let lab;
before(async () => { lab = await startLab(); });
after(async () => { await lab.close(); });

for (const entry of PAGES) {
  test(`${entry.file} (${LAPTOP.width} × ${LAPTOP.height}): plain numbers and student words${entry.run ? ' before and after its run' : ''}, no error before an action`, async () => {
    const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl(runLink(entry)), { contextOptions: { viewport: LAPTOP } });
    await pageReady(page, entry);
    await pageComputed(page);
    assert.deepEqual(await page.evaluate(developerText), [], `${at(entry.file)}, as it opens: words or numbers written for a developer`);
    assert.deepEqual(await page.evaluate(errorsBeforeAction), [], `${at(entry.file)}, as it opens: an error before the student did anything`);
    if (entry.run) {
      await shortRun(page, entry);
      await frames(page);
      assert.deepEqual(await page.evaluate(developerText), [], `${at(entry.file)}, after its run: words or numbers written for a developer`);
    }
    assert.deepEqual(problems.console, []);
    await close();
  });
}

test(`instructor.html (${LAPTOP.width} × ${LAPTOP.height}) after importing a class: the gradebook, its doubts and the item analysis in words`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'words-class-'));
  const { paths } = writeClass(dir, 12);  // students 0 to 4 answer the part "shapes", "S_shape"
  const { page, problems, close } = await openPage(lab.browser, lab.isolatedUrl('instructor.html'), { contextOptions: { viewport: LAPTOP } });
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.build);
  assert.deepEqual(await page.evaluate(errorsBeforeAction), [], `${at('instructor.html')}, as it opens: an error before the instructor did anything`);
  await page.setInputFiles('#files', paths);
  await page.waitForFunction(() => document.body.dataset.rows === '12' && document.body.dataset.regrading === 'false', null, { timeout: 60000 });
  // The exercise graded again is on the page, in words (the check would pass on a page
  // that showed no exercise at all).
  assert.equal(await page.textContent('#items-exercises tr[data-kind="shapes"] th'), '4. Shapes and costs');
  assert.match(await page.textContent('#gradebook'), /exercise 4: 0 of 1/);
  assert.deepEqual(await page.evaluate(developerText), [], `${at('instructor.html')}, after importing 12 hand-ins: words or numbers written for a developer`);
  assert.deepEqual(problems.console, []);
  await close();
});
