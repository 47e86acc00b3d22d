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
import { t, localDecimal } from '../ui/i18n.js';

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
// student's numbers, or (none yet) where to get them (read when shown, in the page's language).
export const OWN_RESULT_PAGES = {
  reading: { page: 'reading.html', text: (own) => ownResultText(own),
    get none() { return t('own.readingNone'); } },
  comments: { page: 'comments.html', text: (own) => shortcutResultText(own),
    get none() { return t('own.commentsNone'); } },
};

// The comments page's audit in words, for the anti-example's check (Q8).
export function shortcutResultText({ shortcut, remedy }) {
  const p = (x) => `${localDecimal(String(Math.round(x * 1000) / 10))} %`;
  const parts = [];
  if (shortcut) {
    parts.push(t('own.shortcut', { seed: String(shortcut.seed), bias: localDecimal(String(shortcut.bias)), planted: p(shortcut.planted_fpr),
      others: p(shortcut.others_fpr), flips: p(shortcut.flips_planted), masked: p(shortcut.masked_planted_fpr) }));
  }
  if (remedy) {
    parts.push(t('own.remedy', { seed: String(remedy.seed), planted: p(remedy.planted_fpr), others: p(remedy.others_fpr), flips: p(remedy.flips_planted) }));
  }
  return parts;
}

// The reading page's results in words, for Q4.
export function ownResultText({ ablation, adversary }) {
  const f = (x) => localDecimal(x.toFixed(3));
  const parts = [];
  if (ablation) {
    parts.push(t('own.ablation', { seed: String(ablation.seed), T: String(ablation.T), trained: f(ablation.as_trained), top: f(ablation.top_masked), random: f(ablation.random_masked) }));
  }
  if (adversary) {
    const same = adversary.pred === adversary.learned_pred;
    parts.push(t('own.adversary', { example: String(adversary.index + 1), jsd: f(adversary.jsd), same: same ? 'yes' : 'no', pred: String(adversary.pred), prob: f(adversary.prob),
      learnedPred: String(adversary.learned_pred), learnedProb: f(adversary.learned_prob), tol: localDecimal(String(adversary.tol)) }));
    // "Very different" only where it is: Jensen-Shannon divergence in bits runs from 0
    // (the same row) to 1 (rows with no position in common).
    if (same && adversary.jsd >= FAR) {
      parts.push(t('own.farSame'));
    } else if (same) {
      parts.push(t('own.closeSame', { far: localDecimal(String(FAR)) }));
    }
    if (same) parts.push(t('own.caveat'));
  }
  return parts;
}
