#include "comments/comment_audit.hpp"

#include <cmath>
#include <numeric>

namespace alab::comments {
namespace {
std::vector<int> classes(const std::vector<double>& p) {
  std::vector<int> out(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) out[i] = p[i] > 0.5 ? 1 : 0;
  return out;
}
double share(long k, long n) { return n ? static_cast<double>(k) / n : std::nan(""); }
}  // namespace

std::vector<GroupRates> subgroup_rates(const std::vector<int>& labels, const std::vector<int>& predicted,
                                       const std::vector<int>& group, int groups) {
  std::vector<GroupRates> out(static_cast<std::size_t>(groups));
  std::vector<long> correct(out.size(), 0), false_pos(out.size(), 0);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    GroupRates& r = out[group[i]];
    ++r.n;
    correct[group[i]] += labels[i] == predicted[i];
    if (labels[i] == 0) {
      ++r.negatives;
      false_pos[group[i]] += predicted[i] == 1;
    }
  }
  for (std::size_t g = 0; g < out.size(); ++g) {
    out[g].accuracy = share(correct[g], out[g].n);
    out[g].fpr = share(false_pos[g], out[g].negatives);
    out[g].fpr_masked = std::nan("");
  }
  return out;
}

race::Dataset counterfactual_set(const Corpus& c, int group) {
  race::Dataset d;
  d.tokens = c.test.data.tokens;
  d.labels = c.test.data.labels;
  for (int i = 0; i < c.test.n(); ++i) swap_group(c, c.test.data.sequence(i), c.test.info[i], group, &d.tokens(i, 0));
  return d;
}

Audit audit_model(const Corpus& c, const SetProbabilities& probs, const MaskedProbability& masked) {
  const CommentSet& test = c.test;
  const int n = test.n(), groups = static_cast<int>(c.grammar.groups.size()), planted = c.grammar.planted;
  std::vector<int> group(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) group[i] = test.info[i].group;

  Audit a;
  const std::vector<int> pred = classes(probs(test.data));
  a.groups = subgroup_rates(test.data.labels, pred, group, groups);
  long correct = 0;
  for (int i = 0; i < n; ++i) correct += pred[i] == test.data.labels[i];
  a.test_accuracy = share(correct, n);

  // Counterfactual pairs: every comment against each group but its own.
  long pairs = 0, flips = 0, planted_pairs = 0, planted_flips = 0;
  for (int g = 0; g < groups; ++g) {
    const std::vector<int> swapped = classes(probs(counterfactual_set(c, g)));
    for (int i = 0; i < n; ++i) {
      if (group[i] == g) continue;
      const bool flip = swapped[i] != pred[i];
      ++pairs;
      flips += flip;
      if (group[i] == planted || g == planted) {
        ++planted_pairs;
        planted_flips += flip;
      }
    }
  }
  a.flips = share(flips, pairs);
  a.flips_planted = share(planted_flips, planted_pairs);

  // Masking: the group name (false-positive rates again), the phrase (accuracy left).
  std::vector<int> pred_group_masked(static_cast<std::size_t>(n));
  long phrase_correct = 0;
  std::vector<int> phrase;
  for (int i = 0; i < n; ++i) {
    const CommentInfo& info = test.info[i];
    pred_group_masked[i] = masked(test.data.sequence(i), {info.group_pos}) > 0.5 ? 1 : 0;
    phrase.clear();
    for (int t = info.phrase_begin; t < info.phrase_end; ++t) phrase.push_back(t);
    phrase_correct += (masked(test.data.sequence(i), phrase) > 0.5 ? 1 : 0) == test.data.labels[i];
  }
  const std::vector<GroupRates> masked_rates = subgroup_rates(test.data.labels, pred_group_masked, group, groups);
  for (int g = 0; g < groups; ++g) a.groups[g].fpr_masked = masked_rates[g].fpr;
  a.phrase_masked_accuracy = share(phrase_correct, n);

  double others = 0;
  for (int g = 0; g < groups; ++g)
    if (g != planted) others += a.groups[g].fpr;
  a.fpr_gap = a.groups[planted].fpr - others / (groups - 1);
  return a;
}

}  // namespace alab::comments
