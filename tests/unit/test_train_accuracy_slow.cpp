// The module's result, for real: full settings, 35 epochs. Seed 3151 is the module's
// own run: the same data, initial weights and minibatch orders (test_train_module_rng.cpp),
// so only float rounding in training separates the two. Hidden from the default
// run (a few seconds natively, longer in WebAssembly); run with
//   unit_tests "[slow]"
#include <catch2/catch.hpp>

#include "train/race_session.hpp"

using namespace alab::train;

namespace {
RaceOutcome race_to_end(const Settings& s) {
  RaceSession race;
  REQUIRE(race.start(s, /*threads=*/true).ok);
  race.run_here(nullptr);
  RaceOutcome r;
  REQUIRE(race.finish(r).ok);
  return r;
}
}  // namespace

TEST_CASE("worked example 2 at T = 30: attention learns the task, the GRU does not", "[.slow][train]") {
  const RaceOutcome r = race_to_end(Settings());  // the module's settings, seed 3151
  INFO("GRU " << r.gru.test_acc << ", attention " << r.attention.test_acc);
  CHECK(r.attention.test_acc >= 0.98);
  CHECK(r.gru.test_acc <= 0.65);
}

TEST_CASE("at T = 10 the GRU learns the task too (a GRU that cannot is broken)", "[.slow][train]") {
  Settings s;
  s.seq_len = 10;
  const RaceOutcome r = race_to_end(s);
  INFO("GRU " << r.gru.test_acc << ", attention " << r.attention.test_acc);
  CHECK(r.gru.test_acc >= 0.9);
}
