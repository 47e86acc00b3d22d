// What a student found on the reading page (reading.html), kept for the lesson's quick
// check on interpreting attention (Q4), whose feedback then speaks of the student's own
// model: the whole-set ablation and the latest adversarial attention row.
//
//   saveOwnResult('ablation', {seed, T, as_trained, top_masked, random_masked, first_masked});
//   saveOwnResult('adversary', {seed, T, index, jsd, tol, learned_pred, learned_prob, pred, prob});
//   loadOwnResults() -> {ablation: {...} | null, adversary: {...} | null}
//
// Its own localStorage key, apart from the answers (store.js): these are a lab's
// findings, not work to hand in. What is read is never trusted: only finite numbers
// under the names above survive, and a missing or broken entry reads as null.
export const OWN_KEY = 'attention-lab:own-results:v1';

const FIELDS = {
  ablation: ['seed', 'T', 'as_trained', 'top_masked', 'random_masked', 'first_masked'],
  adversary: ['seed', 'T', 'index', 'jsd', 'tol', 'learned_pred', 'learned_prob', 'pred', 'prob'],
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
  return { ablation: clean('ablation', at.ablation), adversary: clean('adversary', at.adversary) };
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

// The sentences the check's feedback shows: the student's numbers, or where to get them.
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
