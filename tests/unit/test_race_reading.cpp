// A finished race read with care (reading/race_reading.hpp): the classifying row is the
// last row of the race's own heatmap, masking the most-attended position moves it, the
// adversarial row keeps the answer, the behaviour report's accuracy is the race's test
// accuracy for both models, and the refusals.
#include <catch2/catch.hpp>
#include <algorithm>

#include "reading/race_reading.hpp"

using namespace alab;
using namespace alab::reading;

namespace {
void run_race(race::RaceSession& race, const race::Settings& s, race::RaceOutcome& out) {
  REQUIRE(race.start(s, false));
  while (!race.step(50)) {
  }
  REQUIRE(race.finish(out));
}
}  // namespace

TEST_CASE("a finished race's attention model, read", "[explore]") {
  race::Settings s;
  s.T = 8;
  s.epochs = 3;
  s.n_train = 400;
  s.n_val = 100;
  s.n_test = 100;
  race::RaceSession race;
  race::RaceOutcome outcome;
  RaceReading reading;
  CHECK(reading.attach(race).message == "run a race to the end first");
  run_race(race, s, outcome);
  REQUIRE(reading.attach(race));
  race::ExampleBatch ex;
  REQUIRE(race.examples({{4}}, ex));
  Reading r;
  REQUIRE(reading.example(4, {}, r));
  // The race's heatmap (float, the full matrix) ends with this row.
  for (int j = 0; j < s.T; ++j) CHECK(r.alpha[j] == Approx(ex.A(0, s.T - 1, j)).margin(1e-5));
  CHECK(r.pred == ex.pred_attention[0]);
  const int top = static_cast<int>(std::max_element(r.alpha.begin(), r.alpha.end()) - r.alpha.begin());
  Reading masked;
  REQUIRE(reading.example(4, {top}, masked));
  CHECK(masked.alpha[top] == 0);
  CHECK(masked.alpha != r.alpha);
  Adversary adv;
  REQUIRE(reading.adversary(4, 0.05, adv));
  CHECK(adv.reading.pred == r.pred);
  CHECK(std::abs(adv.reading.prob() - r.prob()) <= 0.05 + 1e-12);
  AblationSummary ab;
  REQUIRE(reading.ablations(1, ab));
  CHECK(ab.n == 100);
  CHECK(ab.as_trained == Approx(outcome.attention.test_acc).margin(0.02));  // double here, float in the race
  BehaviourReport rep[2];
  REQUIRE(reading.behaviour(rep));
  CHECK(rep[0].accuracy == outcome.gru.test_acc);
  CHECK(rep[1].accuracy == outcome.attention.test_acc);
  CHECK(reading.example(100, {}, r).message == "there are test examples 1 to 100 only");
  CHECK(reading.sequence({1, 2}, r).message == "the sequence has 2 tokens; the model reads 8");
  CHECK(reading.sequence({0, 1, 2, 3, 4, 5, 6, 99}, r).message.find("tokens are 0 to") == 0);
  s.pooling = "mean";
  s.epochs = 1;
  race::RaceSession mean_race;
  run_race(mean_race, s, outcome);
  RaceReading mean_reading;
  CHECK(mean_reading.attach(mean_race).message.find("pooling \"last\"") != std::string::npos);
}
