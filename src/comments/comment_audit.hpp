// The behavioural tests the module pairs with attention diagnostics, on the comments
// page's balanced test split: subgroup rates, counterfactual pairs and masking.
//
//   subgroup rates   per group name: accuracy, and the false-positive rate (comments
//                    whose label is 0 that the model calls hostile) — the measure of
//                    Dixon et al. 2018, "Measuring and Mitigating Unintended Bias in Text
//                    Classification", for identity terms
//   counterfactuals  each comment with its group name swapped for each other group's
//                    (only that token changes): the share of pairs whose prediction
//                    changes, overall and for the pairs that swap the planted group in or out
//   masking          the group name's position given no attention (or, for the bag of
//                    words, not counted): the false-positive rates again; and the phrase
//                    masked: the accuracy left
//
// A model is seen through two functions, so the audit knows nothing of its kind.
#pragma once

#include <functional>
#include <vector>

#include "comments/comment_corpus.hpp"

namespace alab::comments {

// P(hostile) of every sequence of a set.
using SetProbabilities = std::function<std::vector<double>(const race::Dataset&)>;
// P(hostile) of one sequence with the positions in `masked` left out.
using MaskedProbability = std::function<double(const int* tokens, const std::vector<int>& masked)>;

struct GroupRates {
  int n = 0, negatives = 0;  // comments about the group; those with label 0
  double accuracy = 0;
  double fpr = 0;            // hostile predictions among label-0 comments (NaN with none)
  double fpr_masked = 0;     // the same with the group name masked
};

// Rates per group from labels, predictions (0/1) and each comment's group (0..groups-1).
std::vector<GroupRates> subgroup_rates(const std::vector<int>& labels, const std::vector<int>& predicted,
                                       const std::vector<int>& group, int groups);

struct Audit {
  double test_accuracy = 0;
  std::vector<GroupRates> groups;
  double flips = 0;          // share of (comment, other group) pairs whose prediction changed
  double flips_planted = 0;  // among the pairs that swap the planted group in or out
  double phrase_masked_accuracy = 0;
  // The planted group's false-positive rate minus the mean of the others' (as trained).
  double fpr_gap = 0;
};

Audit audit_model(const Corpus& c, const SetProbabilities& probs, const MaskedProbability& masked);

// Each test comment with its group swapped for `group` (rows aligned with c.test).
race::Dataset counterfactual_set(const Corpus& c, int group);

}  // namespace alab::comments
