// What a student found on the reading page (reading.html) and the comments page
// (comments.html), kept for the lesson's quick checks on interpreting attention (Q4) and
// on the anti-example (Q8), whose feedback then speaks of the student's own models: the
// whole-set ablation and the latest adversarial attention row; the planted shortcut's
// audit and the remedy's.
//
//   saveOwnResult('ablation', {seed, T, as_trained, top_masked, random_masked, first_masked});
//   saveOwnResult('adversary', {seed, T, index, jsd, tol, learned_pred, learned_prob, pred, prob});
//   saveOwnResult('shortcut', {seed, bias, planted_fpr, others_fpr, flips_planted, masked_planted_fpr});
//   saveOwnResult('remedy', {seed, planted_fpr, others_fpr, flips_planted});
//   loadOwnResults() -> {ablation, adversary, shortcut, remedy: {...} | null}
//
// Its own localStorage key, apart from the answers (store.js): these are a lab's
// findings, not work to hand in. What is read is never trusted: only finite numbers
// under the names above survive, and a missing or broken entry reads as null.
export const OWN_KEY = 'attention-lab:own-results:v1';

const FIELDS = {
  ablation: ['seed', 'T', 'as_trained', 'top_masked', 'random_masked', 'first_masked'],
  adversary: ['seed', 'T', 'index', 'jsd', 'tol', 'learned_pred', 'learned_prob', 'pred', 'prob'],
  shortcut: ['seed', 'bias', 'planted_fpr', 'others_fpr', 'flips_planted', 'masked_planted_fpr'],
  remedy: ['seed', 'planted_fpr', 'others_fpr', 'flips_planted'],
};

function clean(kind, x) {
  if (x === null || typeof x !== 'object') return null;
  const out = {};
  for (const f of FIELDS[kind]) {
    if (typeof x[f] !== 'number' || !Number.isFinite(x[f])) return null;
    out[f] = x[f];
  }
  return out;
}

export function loadOwnResults() {
  let raw = null;
  try {
    raw = JSON.parse(localStorage.getItem(OWN_KEY) || 'null');
  } catch {
    raw = null;
  }
  const at = raw !== null && typeof raw === 'object' ? raw : {};
  return Object.fromEntries(Object.keys(FIELDS).map((kind) => [kind, clean(kind, at[kind])]));
}

export function saveOwnResult(kind, value) {
  const v = clean(kind, value);
  if (!v) return false;
  try {
    localStorage.setItem(OWN_KEY, JSON.stringify({ ...loadOwnResults(), [kind]: v }));
    return true;
  } catch {
    return false;  // storage off or full: the page works on; the check just cannot cite it
  }
}

// A Jensen-Shannon divergence (bits) from which two attention rows are called clearly
// different: a third of the way to rows with nothing in common.
export const FAR = 0.3;

// Which page a check's ownResult names, and the sentences its feedback shows: the
// student's numbers, or (none yet) where to get them.
export const OWN_RESULT_PAGES = {
  reading: { page: 'reading.html', text: (own) => ownResultText(own),
    none: ' masks the most attended position and searches for the attention row furthest from the learned one that keeps the same answer.' },
  comments: { page: 'comments.html', text: (own) => shortcutResultText(own),
    none: ' trains a comment classifier on data with a planted shortcut, then tests it with counterfactual pairs, subgroup rates and masking.' },
};

// The comments page's audit in words, for the anti-example's check (Q8).
export function shortcutResultText({ shortcut, remedy }) {
  const p = (x) => `${Math.round(x * 1000) / 10} %`;
  const parts = [];
  if (shortcut) {
    parts.push(`On your own run (comments page, seed ${shortcut.seed}, bias ${shortcut.bias}), the attention model called ${p(shortcut.planted_fpr)} of the Osk's friendly and neutral test comments hostile, against ${p(shortcut.others_fpr)} for the other groups; with only the group's name changed, its answer changed in ${p(shortcut.flips_planted)} of the pairs that swap the Osk in or out. With the name masked, the Osk's rate was ${p(shortcut.masked_planted_fpr)}.`);
  }
  if (remedy) {
    parts.push(`After your remedy (seed ${remedy.seed}): ${p(remedy.planted_fpr)} for the Osk against ${p(remedy.others_fpr)} for the others, and ${p(remedy.flips_planted)} of those pairs changed. One toy corpus, one seed: a mechanism, not a measurement of any real classifier.`);
  }
  return parts;
}

// The reading page's results in words, for Q4.
export function ownResultText({ ablation, adversary }) {
  const f = (x) => x.toFixed(3);
  const parts = [];
  if (ablation) {
    parts.push(`On your own attention model (reading page, seed ${ablation.seed}, T = ${ablation.T}), masking each test example's most attended position moved test accuracy from ${f(ablation.as_trained)} to ${f(ablation.top_masked)}; masking a random position gave ${f(ablation.random_masked)}.`);
  }
  if (adversary) {
    const same = adversary.pred === adversary.learned_pred;
    parts.push(`For test example ${adversary.index + 1}, the search found an attention row ${f(adversary.jsd)} bit (Jensen–Shannon) from the learned one that ${same ? 'keeps' : 'changes'} the answer: class ${adversary.pred} at probability ${f(adversary.prob)} against the learned row's class ${adversary.learned_pred} at ${f(adversary.learned_prob)} (tolerance ${adversary.tol}).`);
    // "Very different" only where it is: Jensen-Shannon divergence in bits runs from 0
    // (the same row) to 1 (rows with no position in common).
    if (same && adversary.jsd >= FAR) {
      parts.push('Here a clearly different map gives the same prediction, so this heatmap alone does not settle why the model answered as it did.');
    } else if (same) {
      parts.push(`That row is close to the learned one (under ${FAR} bit of a possible 1), so this example does not show a very different map with the same answer; a larger tolerance or another example may.`);
    }
    if (same) parts.push('A caveat: a row found by search for one example need not be one the model could produce. Wiegreffe and Pinter (2019) reply that a fair test trains a whole model to attend differently while staying as accurate, and that even where such a model can be found, its attention serves less well as a guide for a simpler model (their diagnostic test).');
  }
  return parts;
}
