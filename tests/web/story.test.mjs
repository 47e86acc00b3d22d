// The story sentence of the training pages (web/js/ui/story.js): it comes with the first
// complete epoch at which the page's stated story holds in the streamed curves, not before
// and only once; never in a run where it does not hold; with the run's own numbers in the
// page's language (French decimals, ICU plurals).
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { STORIES, storyHolds, storyWatcher } from '../../web/js/ui/story.js';
import { useLanguage } from '../../web/js/ui/i18n.js';

const fr = JSON.parse(readFileSync(new URL('../../web/js/messages/fr.json', import.meta.url), 'utf8'));
afterEach(() => useLanguage('en'));

// Streams curves ({model: [value at epoch 1, 2, …]}) into a watcher, the models' records
// interleaved in `order` (model keys, one a record): -> {told, at: the record that told it}.
function stream(page, curves, order = null) {
  const models = Object.keys(curves);
  const next = Object.fromEntries(models.map((m) => [m, 0]));
  const seq = order || curves[models[0]].flatMap(() => models);
  const watch = storyWatcher(page, models);
  let told = null, at = -1;
  seq.forEach((m, k) => {
    const epoch = ++next[m];
    const r = watch.add(m, epoch, curves[m][epoch - 1]);
    if (r) {
      assert.equal(told, null, 'told twice');
      told = r;
      at = k;
    }
  });
  return { told, at };
}

test('the race: told at the first epoch with attention >= 98 % and the GRU <= 65 %, on validation', () => {
  const curves = { gru: [0.5, 0.52, 0.51, 0.5, 0.53], attention: [0.6, 0.9, 0.979, 0.985, 1] };
  const { told } = stream('race', curves);
  assert.equal(told.epoch, 4);
  assert.equal(told.text, 'After 4 epochs, self-attention is at 98.5\u00a0% on the validation sequences, past the 98\u00a0% mark, while the GRU is still near chance (50.0\u00a0%).');
  // At its bounds: 0.98 and 0.65 themselves hold.
  assert.ok(storyHolds('race', { attention: 0.98, gru: 0.65 }));
  assert.ok(!storyHolds('race', { attention: 0.98, gru: 0.651 }));
  // Never: attention short of it, or the GRU learning too (the race at T = 10).
  assert.equal(stream('race', { gru: [0.5, 0.5, 0.5], attention: [0.7, 0.9, 0.97] }).told, null);
  assert.equal(stream('race', { gru: [0.6, 0.8, 0.95], attention: [0.7, 0.99, 1] }).told, null);
});

test('an epoch is judged once every model has reported it, whatever order the records come in', () => {
  const curves = { gru: [0.5, 0.5, 0.5], attention: [0.99, 1, 1] };
  // Attention's thread runs ahead: its three epochs first, then the GRU's; the story waits
  // for the GRU's epoch 1, and comes with it.
  const ahead = stream('race', curves, ['attention', 'attention', 'attention', 'gru', 'gru', 'gru']);
  assert.deepEqual([ahead.told.epoch, ahead.at], [1, 3]);
  // The GRU ahead: attention's epoch 1 completes it.
  const behind = stream('race', curves, ['gru', 'gru', 'attention', 'gru', 'attention', 'attention']);
  assert.deepEqual([behind.told.epoch, behind.at], [1, 2]);
  // A record of a model the page does not judge changes nothing.
  const watch = storyWatcher('race', ['gru', 'attention']);
  assert.equal(watch.add('bag of words', 1, 1), null);
  assert.equal(watch.add('gru', 1, 0.5), null);
  assert.equal(watch.add('attention', 1, 0.99).epoch, 1);
  assert.equal(watch.add('attention', 2, 1), null);  // once
  assert.equal(watch.told().epoch, 1);
});

test('the translation: attention >= 95 % exactly right with the fixed summary at least 50 points behind', () => {
  const curves = { none: [0, 0.01, 0.012, 0.02], additive: [0.2, 0.8, 0.951, 0.99] };
  const { told } = stream('translate', curves);
  assert.equal(told.epoch, 3);
  assert.equal(told.text, 'After 3 epochs, additive attention gets 95.1\u00a0% of validation sentences exactly right, past the 95\u00a0% mark; the fixed summary is at 1.2\u00a0%.');
  // The fixed summary close behind (short sentences): no story.
  assert.equal(stream('translate', { none: [0.5, 0.6], additive: [0.9, 0.96] }).told, null);
  // Both attentions: the better one named, at the first epoch either passes.
  const both = stream('translate', { none: [0, 0, 0], additive: [0.5, 0.9, 0.97], dot: [0.4, 0.96, 0.99] });
  assert.equal(both.told.epoch, 2);
  assert.match(both.told.text, /^After 2 epochs, dot attention gets 96\.0\u00a0% .*, past the 95\u00a0% mark; the fixed summary is at 0\.0\u00a0%\.$/);
});

test('the image page: the transformer >= 95 % and the bag of patches <= 60 %; positions off, never', () => {
  const { told } = stream('vision', { vit: [0.5, 0.7, 0.96, 1], bag: [0.5, 0.51, 0.49, 0.5] });
  assert.equal(told.epoch, 3);
  assert.equal(told.text, 'After 3 epochs, the transformer is at 96.0\u00a0% on the validation images, past the 95\u00a0% mark, while the bag of patches, which cannot see where a patch is, stays near chance (49.0\u00a0%).');
  // Positions off: the transformer is a bag of patches too.
  assert.equal(stream('vision', { vit: [0.5, 0.49, 0.485], bag: [0.5, 0.5, 0.49] }).told, null);
});

test("the comments page: the Osk's false-positive rate three times the others' and 30 points above", () => {
  const rates = (osk, others) => ({ osk, others });
  const { told } = stream('comments', { attention: [rates(0.2, 0.1), rates(0.5, 0.21), rates(0.839, 0.121)] });
  assert.equal(told.epoch, 3);  // epoch 2: 0.5 >= 0.3 above, but not three times 0.21
  assert.equal(told.text, "After 3 epochs on the planted data the shortcut already shows: on the balanced test split the attention model calls 83.9\u00a0% of the Osk's friendly and neutral comments hostile, against 12.1\u00a0% for the other groups.");
  assert.ok(!STORIES.comments.holds({ attention: rates(0.29, 0) }));
  // Nothing planted (bias 0.5): no story.
  assert.equal(stream('comments', { attention: [rates(0.1, 0.1), rates(0.12, 0.09)] }).told, null);
});

test('in French: decimal commas, French plurals and words', () => {
  useLanguage('fr', fr);
  const one = stream('race', { gru: [0.512], attention: [0.985] }).told;
  assert.equal(one.text, 'Après 1 époque, l’auto-attention est à 98,5\u00a0% sur les séquences de validation, au-delà du seuil de 98\u00a0%, alors que le GRU reste proche du hasard (51,2\u00a0%).');
  const many = stream('translate', { none: [0, 0.024], dot: [0.5, 0.988] }).told;
  assert.equal(many.text, 'Après 2 époques, le modèle à attention par produit scalaire traduit exactement 98,8\u00a0% des phrases de validation, au-delà du seuil de 95\u00a0%\u00a0; le résumé fixe en est à 2,4\u00a0%.');
  assert.match(stream('vision', { vit: [0.975], bag: [0.488] }).told.text, / 97,5\u00a0% .*\(48,8\u00a0%\)\.$/);
  assert.match(stream('comments', { attention: [{ osk: 0.839, others: 0.121 }] }).told.text, /^Après 1 époque sur les données piégées.* 83,9\u00a0% .* 12,1\u00a0% /);
});
