// The race's task (the module's make_balanced): sequences of T tokens from a
// vocabulary of V; label 1 when the last token equals the first. Each set is
// exactly half positive and half negative, in random order. The numbers are the
// module's: numpy's default_rng(seed), drawn in make_balanced's order
// (rng/numpy_rng.hpp), so seed S gives the module's data for seed S.
#pragma once

#include <cstddef>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "rng/numpy_rng.hpp"
#include "race/settings.hpp"

namespace alab::race {

// A set of sequences, held as xtensor's n x T array (row-major, so sequence i is one
// contiguous row: the trainer copies rows into batches and the models read them as
// they are, without a copy).
struct Dataset {
  xt::xtensor<int, 2> tokens;  // n x T token ids
  std::vector<int> labels;     // n labels, 0 or 1
  int n() const { return static_cast<int>(tokens.shape()[0]); }
  int T() const { return static_cast<int>(tokens.shape()[1]); }
  const int* sequence(int i) const { return tokens.data() + static_cast<std::ptrdiff_t>(i) * T(); }
};

// n even, seq_len >= 2, vocab >= 2. As the module, draw for draw:
//   X = rng.integers(0, vocab, size=(n, T))        row-major
//   X[:half, -1] = X[:half, 0]                      positives: last = first
//   for i in half..n-1: v = X[i, -1]; while v == X[i, 0]: v = rng.integers(0, vocab)
//   y = (X[:, 0] == X[:, -1]); idx = rng.permutation(n); return X[idx], y[idx]
Dataset make_balanced(int n, int seq_len, int vocab, rng::NumpyRng& rng);

struct TaskData {
  Dataset train, val, test;
};

// Train, validation and test sets, in that order, from np.random.default_rng(settings.seed)
// (settings must be valid).
TaskData make_task(const Settings& settings);

}  // namespace alab::race
