// The lab's pages, as the page registry (content/pages.json) lists them: the browser
// tests that must cover every page read this list, so a new page is covered by
// adding it to the registry.
import { loadRegistry } from '../../tools/site/registry.mjs';

export const PAGES = loadRegistry('content', 'web');

// Every page with a script sets document.body.dataset.ready once it is wired up.
export async function pageReady(page, entry) {
  if (entry.script) await page.waitForFunction(() => document.body.dataset.ready === 'true');
  if (entry.widget) await page.waitForFunction(() => document.body.dataset.build);
}

// The link a page opens at: with its registry run's settings where it has one, so the
// run is short.
export function runLink(entry) {
  return entry.run ? `${entry.file}?${entry.run.query}` : entry.file;
}

// A page that computes as it opens (scaling, order, calculator) has drawn its answer:
// what a check reads before then is a page half drawn, not the page.
export async function pageComputed(page) {
  await page.waitForFunction(() => !document.body.dataset.requested || document.body.dataset.computed === document.body.dataset.requested);
}

// The registry's short run, pressed as a student would from the first screen, once the
// button is enabled (the engine ready), and waited for until the state it names.
export async function shortRun(page, entry) {
  await page.waitForFunction((id) => !document.getElementById(id).disabled, entry.firstScreen[0], { timeout: 60000 });
  await page.click(`#${entry.firstScreen[0]}`);
  const [state, value] = Object.entries(entry.run.until)[0];
  await page.waitForFunction(([k, v]) => document.body.dataset[k] === v, [state, value], { timeout: 120000 });
}
