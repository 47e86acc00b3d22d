// A student's real work, made as a student makes it: the race run on the race page (with
// the settings the query gives; none = the module's), then the hand-in exported from the
// checks page under a name and id, in the pages of a language (dir: '' for the course's
// first, 'fr/' for French). Returns the hand-in's text.
import { readFileSync } from 'node:fs';
import { openPage } from './support.mjs';

export async function genuineHandIn(lab, { query = '', name = 'Real Runner', id = 'R-1', dir = '', answer = async () => {} } = {}) {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl(`${dir}race.html${query}`));
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.race === 'finished', null, { timeout: 120000 });
  await page.goto(lab.isolatedUrl(`${dir}checks.html`));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await answer(page);  // the checks answered, if the test asks
  await page.fill('#student-name', name);
  await page.fill('#student-id', id);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const text = readFileSync(await download.path(), 'utf8');
  await close();
  return text;
}
