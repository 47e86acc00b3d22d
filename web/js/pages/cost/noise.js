// Measurements that came out noisy, said in words: a timing in a browser shares the
// computer with everything else running on it, and a busy moment shows up as a point
// out of line. The cost page shows these findings beside its results and offers to
// measure again, rather than let a student read a busy machine as a fact about
// attention. Pure (no DOM), so that tests/web can check it.
//
// Two signs, each against what the arithmetic says must happen:
// - time that falls as T doubles: each layer does at least twice the work at 2T
//   (6Td^2 + 4T^2d, 12Td^2), so a point more than 10 % faster than the one before it
//   was timed while something else ran (or the one before it was);
// - a second thread that slows self-attention down: its rows split evenly between the
//   threads, so a "speed-up" below 1 at the longest T means the second core was busy.
//   (The GRU's is allowed to be near or below 1: its recurrence cannot be split.)
//
//   noisyFindings(results, Ts, threads) -> ['At T = 256 the GRU (1 thread) took less time than at T = 128: ...', ...]
//   results: Map of `${layer}/${threads}/${T}` -> {seconds}; Ts ascending; threads: 1 or 2.
import { localDecimal, t } from '../../ui/i18n.js';

const FALL = 0.9;

export function noisyFindings(results, Ts, threads) {
  const found = [];
  const at = (layer, th, T) => results.get(`${layer}/${th}/${T}`);
  for (const layer of ['attention', 'gru']) {
    for (let th = 1; th <= threads; th++) {
      let before = null;
      for (const T of Ts) {
        const r = at(layer, th, T);
        if (!r) continue;
        if (before && r.seconds < FALL * before.r.seconds) {
          found.push(t('cost.noiseFall', { T: String(T), layer, threads: th, before: String(before.T) }));
        }
        before = { T, r };
      }
    }
  }
  if (threads > 1) {
    const longest = [...Ts].reverse().find((T) => at('attention', 1, T) && at('attention', 2, T));
    if (longest) {
      const speedup = at('attention', 1, longest).seconds / at('attention', 2, longest).seconds;
      if (speedup < 1) found.push(t('cost.noiseSlowerThreads', { T: String(longest), speedup: localDecimal(speedup.toFixed(2)) }));
    }
  }
  return found;
}
