// The module's result, for real: full settings, 35 epochs. Seed 3151 is the module's
// own run: the same data, initial weights and minibatch orders (test_train_module_rng.cpp),
// so only float rounding in training separates the two. Hidden from the default
// run (a few seconds natively, longer in WebAssembly); run with
//   unit_tests "[slow]"
#include <catch2/catch.hpp>

#include "train/race.hpp"

using namespace alab::train;

TEST_CASE("worked example 2 at T = 30: attention learns the task, the GRU does not", "[.slow][train]") {
  Settings s;  // the module's settings, seed 3151
  RaceResult r;
  REQUIRE(run_race(s, {}, r).ok);
  INFO("GRU " << r.gru.test.accuracy << ", attention " << r.attention.test.accuracy);
  CHECK(r.attention.test.accuracy >= 0.98);
  CHECK(r.gru.test.accuracy <= 0.65);
}

TEST_CASE("at T = 10 the GRU learns the task too (a GRU that cannot is broken)", "[.slow][train]") {
  Settings s;
  s.seq_len = 10;
  RaceResult r;
  REQUIRE(run_race(s, {}, r).ok);
  INFO("GRU " << r.gru.test.accuracy << ", attention " << r.attention.test.accuracy);
  CHECK(r.gru.test.accuracy >= 0.9);
}
