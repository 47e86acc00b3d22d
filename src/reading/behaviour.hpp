// Behavioural tests of the race's two trained models (the module: "pair attention
// diagnostics with behavioural evaluation"), built from the test set so that each
// probes one thing. The task's rule is label = (first token == last token).
//
//   counterfactual  each sequence with only its last token changed so that the label
//                   flips: a positive's last token becomes (first + 1) mod V, a
//                   negative's becomes the first. Does the prediction flip with it?
//   by first token  accuracy for each value of the first token (subgroups)
//   distractors     the middle positions (1 .. T-2) all set to the first token's
//                   symbol; the label is unchanged (it reads only the ends)
//   constant middle first = last, everything between one other symbol: all positive
#pragma once

#include <functional>
#include <vector>

#include "race/task.hpp"

namespace alab::reading {

race::Dataset counterfactual_set(const race::Dataset& d, int vocab);
race::Dataset distractor_set(const race::Dataset& d);
race::Dataset constant_middle_set(const race::Dataset& d, int vocab);

// predict(tokens) -> class, for one sequence of d.seq_len ids.
using Predict = std::function<int(const int*)>;

struct BehaviourReport {
  double accuracy = 0;               // on the test set as it is
  double counterfactual_flips = 0;   // share of pairs whose prediction flipped with the label
  double counterfactual_accuracy = 0;
  std::vector<double> by_first;      // accuracy per first-token value (NaN where none)
  std::vector<int> count_by_first;
  double distractor_accuracy = 0, constant_middle_accuracy = 0;
};
BehaviourReport behaviour_report(const race::Dataset& test, int vocab, const Predict& predict);

}  // namespace alab::reading
