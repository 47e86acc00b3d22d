// The story sentence of a training page (#story, web/js/pages/story-line.js) held to the
// curve the page streamed. watchStory, before Start, records every change of the sentence
// with the curve as the page showed it at that moment; checkStory, after the run, finds the
// first epoch at which the story holds in the final curve and requires the sentence to have
// come exactly then, once, and never in a run where the story never holds.
//
//   const curve = () => ({ gru: [...], attention: [...] });   // run in the page: {model: [value of epoch 1, 2, …]}
//   await watchStory(page, curve);
//   await page.click('#start'); …
//   const told = await checkStory(page, curve, (v) => v.attention >= 0.98 && v.gru <= 0.65);
//   // -> null, or {epoch, text, values: {model: value at that epoch}}
import assert from 'node:assert/strict';

// How many epochs every model has in `curve` (a model's values from epoch 1, null where none yet).
export function completeEpochs(curve) {
  const counts = Object.values(curve).map((values) => {
    const gap = values.findIndex((v) => v === null || v === undefined);
    return gap < 0 ? values.length : gap;
  });
  return counts.length ? Math.min(...counts) : 0;
}

const valuesAt = (curve, epoch) => Object.fromEntries(Object.entries(curve).map(([m, values]) => [m, values[epoch - 1]]));

// A fraction as the page writes it in English: 0.985 -> "98.5 %" (a no-break space).
export const pagePercent = (x) => `${(100 * x).toFixed(1)}\u00a0%`;

export async function watchStory(page, readCurve) {
  await page.evaluate((source) => {
    const read = new Function(`return (${source})();`);
    const el = document.getElementById('story');
    const changes = [];
    window.storyChanges = changes;
    if (window.storyObserver) window.storyObserver.disconnect();  // watched anew for the next run
    window.storyObserver = new MutationObserver(() => { changes.push({ text: el.textContent, curve: read() }); });
    window.storyObserver.observe(el, { childList: true, characterData: true, subtree: true });
  }, readCurve.toString());
}

// drawnLate: the curve is read from a chart, drawn a frame after the numbers arrive (the
// sentence may then come before its epoch is drawn, never after a later one is).
export async function checkStory(page, readCurve, holds, { drawnLate = false } = {}) {
  const curve = await page.evaluate(readCurve);
  const epochs = completeEpochs(curve);
  assert.ok(epochs > 0, `no epoch read from the page's curve: ${JSON.stringify(curve)}`);
  let first = null;
  for (let e = 1; e <= epochs && first === null; ++e) if (holds(valuesAt(curve, e))) first = e;
  const shown = await page.evaluate(() => ({ text: document.getElementById('story').textContent, epoch: document.body.dataset.storyEpoch,
    ms: document.body.dataset.storyMs, changes: window.storyChanges.filter((c) => c.text) }));
  if (first === null) {
    assert.deepEqual({ text: shown.text, epoch: shown.epoch, ms: shown.ms, changes: shown.changes }, { text: '', epoch: undefined, ms: undefined, changes: [] },
      `no epoch of ${epochs} holds the story, yet the page told one`);
    return null;
  }
  assert.equal(shown.changes.length, 1, `the sentence was written ${shown.changes.length} times`);
  assert.equal(Number(shown.epoch), first, `the story holds first at epoch ${first}; the page told it at epoch ${shown.epoch}`);
  assert.equal(shown.changes[0].text, shown.text);
  // When it came: with the epoch that completed it, not after a later one arrived.
  const seen = completeEpochs(shown.changes[0].curve);
  if (drawnLate) assert.ok(seen <= first, `told when ${seen} epochs were drawn, the story's epoch is ${first}`);
  else assert.equal(seen, first, `told when ${seen} epochs were in, the story's epoch is ${first}`);
  assert.ok(Number(shown.ms) >= 0 && Number.isFinite(Number(shown.ms)), `data-story-ms ${shown.ms}`);
  assert.match(shown.text, new RegExp(`^After ${first} epochs?[ ,]`));
  return { epoch: first, text: shown.text, values: valuesAt(curve, first) };
}
