// The task data: exactly balanced, correctly labelled, shuffled, fixed by the seed.
#include <catch2/catch.hpp>

#include "race/task.hpp"

using namespace alab;
using namespace alab::race;

TEST_CASE("make_balanced: half positive, labels say last == first", "[train][task]") {
  const int n = GENERATE(2, 10, 600);
  const int T = GENERATE(2, 3, 30);
  const int vocab = GENERATE(2, 8);
  alab::rng::NumpyRng rng(5);
  const Dataset d = make_balanced(n, T, vocab, rng);
  REQUIRE(d.n() == n);
  REQUIRE(d.T() == T);
  REQUIRE(d.tokens.size() == static_cast<std::size_t>(n * T));
  int positives = 0;
  for (int i = 0; i < n; ++i) {
    const int* x = d.sequence(i);
    for (int t = 0; t < T; ++t) REQUIRE((x[t] >= 0 && x[t] < vocab));
    CHECK(d.labels[i] == (x[0] == x[T - 1] ? 1 : 0));
    positives += d.labels[i];
  }
  CHECK(positives == n / 2);
}

TEST_CASE("make_task: one seed fixes all three sets, which differ", "[train][task]") {
  Settings s;
  const TaskData a = make_task(s), b = make_task(s);
  const bool same_train = a.train.tokens == b.train.tokens;  // xtensor's ==, outside Catch's decomposer
  CHECK(same_train);
  CHECK(a.test.labels == b.test.labels);
  const bool val_differs = a.val.tokens != a.test.tokens;
  CHECK(val_differs);
  s.seed = 3152;
  const bool seed_differs = make_task(s).train.tokens != a.train.tokens;
  CHECK(seed_differs);
  // Shuffled: the positives are not all in the first half.
  int first_half_pos = 0;
  for (int i = 0; i < a.train.n() / 2; ++i) first_half_pos += a.train.labels[i];
  CHECK(first_half_pos > 500);
  CHECK(first_half_pos < 700);
}
