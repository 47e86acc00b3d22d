// The moment a training run shows its page's point, read from the curves it streams: for
// each page which curve, which threshold, and the sentence that says so with the run's own
// numbers. The thresholds are the stories the lab states for its experiments and asserts in
// its tests (docs/benchmarks.md, docs/testing.md): the race's "attention >= 0.98, the GRU
// <= 0.65"; the translation's attention at 95 % of sentences exactly right with the fixed
// summary at least 50 points behind; the image page's transformer at 95 % or more with the
// bag of patches at most 60 %; the comments page's shortcut, the Osk's false-positive rate
// at least three times the other groups' and at least 30 points above it. Pure: no DOM
// (pages/story-line.js puts the sentence in the page).
//
//   const watch = storyWatcher('race', ['gru', 'attention']);
//   watch.add('gru', 12, 0.51);         // -> null: epoch 12 is not complete yet
//   watch.add('attention', 12, 0.99);   // -> {epoch: 12, text: 'After 12 epochs, …'}, once
import { formatPercent, withUnit } from './format.js';
import { localDecimal, t } from './i18n.js';

// A threshold as the sentence names it: 0.95 -> "95 %" (no decimal it does not have).
const mark = (x) => withUnit(localDecimal(String(Math.round(x * 1000) / 10)), '%');

// Each page's story. values: each model's number at one epoch, by the model's key (the
// comments page: the attention model's {osk, others} false-positive rates).
export const STORIES = {
  // Worked example 2: self-attention learns "first = last" while the GRU stays at chance.
  race: {
    attention: 0.98, gru: 0.65,
    holds(v) { return v.attention >= this.attention && v.gru <= this.gru; },
    words(epoch, v) {
      return t('story.race', { epoch, limit: mark(this.attention), attention: formatPercent(v.attention), gru: formatPercent(v.gru) });
    },
  },
  // The translation: a model with attention (the better one when there are two) gets
  // most sentences exactly right while the fixed summary is far behind.
  translate: {
    attention: 0.95, behind: 0.5,
    best(v) {
      return ['additive', 'dot'].filter((k) => k in v).reduce((b, k) => (b === null || v[k] > v[b] ? k : b), null);
    },
    holds(v) {
      const best = this.best(v);
      return best !== null && v[best] >= this.attention && v.none <= v[best] - this.behind;
    },
    words(epoch, v) {
      const best = this.best(v);
      return t('story.translate', { epoch, limit: mark(this.attention), model: t(best === 'dot' ? 'translate.nameDot' : 'translate.nameAdditive'),
        exact: formatPercent(v[best]), fixed: formatPercent(v.none) });
    },
  },
  // Beyond text: the transformer (which sees where each patch is) learns a rule about
  // places; the bag of patches cannot, and stays near chance.
  vision: {
    vit: 0.95, bag: 0.6,
    holds(v) { return v.vit >= this.vit && v.bag <= this.bag; },
    words(epoch, v) {
      return t('story.vision', { epoch, limit: mark(this.vit), transformer: formatPercent(v.vit), bag: formatPercent(v.bag) });
    },
  },
  // The anti-example: friendly and neutral comments about the Osk called hostile far more
  // often than the other groups' (the balanced test split, streamed every epoch).
  comments: {
    times: 3, above: 0.3,
    holds(v) { const { osk, others } = v.attention; return osk >= this.times * others && osk - others >= this.above; },
    words(epoch, v) {
      return t('story.comments', { epoch, osk: formatPercent(v.attention.osk), others: formatPercent(v.attention.others) });
    },
  },
};

// Whether the story holds at one epoch (every model's number known): for the tests.
export const storyHolds = (page, values) => STORIES[page].holds(values);

// Epoch records in as they stream, in any interleaving of the models (each model's own in
// order); an epoch is judged once every model of `models` has reported it, so the sentence
// comes with the first complete epoch where the story holds, never before, and only once.
//   add(model, epoch, value) -> {epoch, text} the first time, else null
export function storyWatcher(page, models) {
  const story = STORIES[page];
  const pending = new Map();  // epoch -> {model: value}, until every model has reported it
  let told = null;
  return {
    add(model, epoch, value) {
      if (told || !models.includes(model)) return null;
      const values = pending.get(epoch) || {};
      values[model] = value;
      if (!models.every((m) => m in values)) { pending.set(epoch, values); return null; }
      pending.delete(epoch);
      if (!story.holds(values)) return null;
      told = { epoch, text: story.words(epoch, values) };
      return told;
    },
    told: () => told,
  };
}
