// A race's arithmetic by model and part (race/race_cost.hpp), from which the pages
// estimate its time: each part scales as the race does, and the page's warm-up times
// the same parts that its count names.
#include <catch2/catch.hpp>

#include "race/race_cost.hpp"
#include "race/race_session.hpp"

using namespace alab::race;

TEST_CASE("a race's arithmetic: training per epoch, evaluation per epoch plus the test", "[train][cost]") {
  Settings one;
  one.epochs = 1;
  Settings three = one;
  three.epochs = 3;
  const RaceWork a = race_work(one), b = race_work(three);
  for (auto part : {&RaceWork::gru, &RaceWork::attention}) {
    const ModelWork x = a.*part, y = b.*part;
    CHECK(x.train > 0);
    CHECK(y.train == Approx(3 * x.train));
    // One epoch's evaluation e plus the test t: x = e + t, y = 3e + t.
    const double test = (3 * x.evaluate - y.evaluate) / 2;
    CHECK(test == Approx(cost::evaluate(one, one.n_test).*(part == &RaceWork::gru ? &cost::PerSequence::gru : &cost::PerSequence::attention)));
  }
  // The GRU's recurrent product dominates at the module's settings (H = 64, D = 32):
  // the attention model trains several times faster, as measured (epoch_runner.hpp).
  CHECK(a.gru.train > 3 * a.attention.train);
  // Arithmetic grows with the sequence: twice T, about twice the work.
  Settings longer = one;
  longer.T = 2 * one.T;
  CHECK(race_work(longer).gru.train == Approx(2 * a.gru.train).epsilon(0.05));
}

TEST_CASE("the warm-up times each part its arithmetic counts", "[train][cost]") {
  const RaceWork seconds = warm_up_race_engine(2);
  const RaceWork work = race_warm_up_work(2);
  for (auto part : {&RaceWork::gru, &RaceWork::attention}) {
    CHECK((seconds.*part).train > 0);
    CHECK((seconds.*part).evaluate > 0);
    CHECK((work.*part).train > 0);
    CHECK((work.*part).evaluate > 0);
  }
  // Two minibatches of training, one evaluation of 3,300 sequences.
  Settings s;
  CHECK(work.gru.evaluate == Approx(cost::evaluate(s, s.n_train + s.n_val).gru));
}
