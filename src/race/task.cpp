#include "race/task.hpp"

#include <algorithm>

namespace alab::race {

Dataset make_balanced(int n, int seq_len, int vocab, rng::NumpyRng& rng) {
  const int T = seq_len;
  std::vector<int> X(static_cast<std::size_t>(n) * T);
  for (int& x : X) x = static_cast<int>(rng.integers(0, vocab));
  const int half = n / 2;
  for (int i = 0; i < n; ++i) {
    int* row = X.data() + static_cast<long>(i) * T;
    if (i < half) {
      row[T - 1] = row[0];  // positive: last = first
    } else {  // negative: the first v = X[i, -1] is no draw
      while (row[T - 1] == row[0]) row[T - 1] = static_cast<int>(rng.integers(0, vocab));
    }
  }
  const std::vector<int> order = rng.permutation(n);

  Dataset d;
  d.tokens = xt::xtensor<int, 2>::from_shape({static_cast<std::size_t>(n), static_cast<std::size_t>(T)});
  d.labels.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int* src = X.data() + static_cast<long>(order[i]) * T;
    std::copy(src, src + T, &d.tokens(i, 0));
    d.labels[i] = src[0] == src[T - 1] ? 1 : 0;
  }
  return d;
}

TaskData make_task(const Settings& s) {
  rng::NumpyRng rng(s.seed);
  TaskData data;
  data.train = make_balanced(s.n_train, s.T, s.vocab, rng);
  data.val = make_balanced(s.n_val, s.T, s.vocab, rng);
  data.test = make_balanced(s.n_test, s.T, s.vocab, rng);
  return data;
}

}  // namespace alab::race
