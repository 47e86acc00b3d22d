// A virtual screen reader in the page (@guidepup/virtual-screen-reader's browser build):
// what a screen-reader user hears, as the words it would speak, with when each was
// spoken. Live regions are heard as "polite: …" / "assertive: …".
//   const reader = await startScreenReader(page);
//   await reader.heard()            -> [{ at: ms since start, words }]
//   await reader.press('ArrowRight') (a key on the focused element, as the reader sends it)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const BUNDLE = createRequire(import.meta.url).resolve('@guidepup/virtual-screen-reader/browser.js');

// The browser build as a classic script: its export statement becomes a global.
function classicBundle() {
  const source = readFileSync(BUNDLE, 'utf8');
  const exported = source.match(/export\s*\{([^}]*)\};?/);
  if (!exported) throw new Error('virtual-screen-reader: its browser build has no export statement');
  const local = exported[1].split(',').map((s) => s.trim().split(/\s+as\s+/)).find(([, name]) => name === 'virtual');
  if (!local) throw new Error('virtual-screen-reader: the browser build does not export "virtual"');
  return `(() => {\n${source.replace(exported[0], `window.__screenReader = ${local[0]};`)}\n})();`;
}

export async function startScreenReader(page) {
  await page.addScriptTag({ content: classicBundle() });
  await page.evaluate(async () => {
    const reader = window.__screenReader;
    await reader.start({ container: document.body });
    // Every 50 ms, the phrases spoken since the last look, stamped with the time.
    const heard = [], start = performance.now();
    let seen = 0;
    window.__heard = heard;
    setInterval(async () => {
      const log = await reader.spokenPhraseLog();
      while (seen < log.length) heard.push({ at: performance.now() - start, words: log[seen++] });
    }, 50);
  });
  return {
    heard: async () => {
      await page.waitForTimeout(120);  // one more look at the log
      return page.evaluate(() => window.__heard.slice());
    },
    press: (key) => page.evaluate((k) => window.__screenReader.press(k), key),
    clear: () => page.evaluate(() => { window.__heard.length = 0; }),
  };
}
