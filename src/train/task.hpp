// The race's task (the module's make_balanced): sequences of T tokens from a
// vocabulary of V; label 1 when the last token equals the first. Each set is
// exactly half positive and half negative, in random order.
#pragma once

#include <vector>

#include "nn/rng.hpp"
#include "train/settings.hpp"

namespace alab::train {

struct Dataset {
  int n = 0, seq_len = 0;
  std::vector<int> tokens;  // n * seq_len ids, sequence i at tokens[i * seq_len]
  std::vector<int> labels;  // n labels, 0 or 1
  const int* sequence(int i) const { return tokens.data() + static_cast<long>(i) * seq_len; }
};

// n even, seq_len >= 2, vocab >= 2. As the module: draw every token uniformly; in
// the first half set last = first; in the second half redraw the last token until
// it differs from the first; then shuffle the rows.
Dataset make_balanced(int n, int seq_len, int vocab, nn::Pcg32& rng);

struct TaskData {
  Dataset train, val, test;
};

// Train, validation and test sets, in that order, from one generator seeded with
// settings.seed (settings must be valid).
TaskData make_task(const Settings& settings);

// The generator streams a seed is split into, so each use is independent of the others
// (and of whether the two models train one after the other or at once).
enum RngStream : unsigned { kDataStream = 1, kGruInitStream, kAttnInitStream, kGruShuffleStream,
                            kAttnShuffleStream };

}  // namespace alab::train
