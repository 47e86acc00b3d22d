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
