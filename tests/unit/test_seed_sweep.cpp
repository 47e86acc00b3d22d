// The seed sweep (reading/seed_sweep.hpp): its races equal the single races with the
// same seeds, bit for bit, whether run one at a time or two at once; stop mid-sweep;
// refusals in words.
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "core/widget_schemas.hpp"
#include "race/race_session.hpp"
#include "reading/seed_sweep.hpp"

using Catch::Matchers::Contains;
using namespace alab;
using namespace alab::race;
using namespace alab::reading;

namespace {
Settings small() {
  Settings s;
  s.T = 8;
  s.epochs = 2;
  s.n_train = 200;
  s.n_val = 100;
  s.n_test = 100;
  return s;
}

SweepOutcome run(const Settings& s, const std::vector<std::uint64_t>& seeds, int threads) {
  SeedSweep sweep;
  REQUIRE(sweep.start(s, seeds, threads));
  std::vector<SeedResult> seen;
  while (!sweep.step(5)) {
    for (auto& r : sweep.poll()) seen.push_back(r);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  for (auto& r : sweep.poll()) seen.push_back(r);
  SweepOutcome o;
  REQUIRE(sweep.finish(o));
  CHECK(seen.size() == seeds.size());
  return o;
}
}  // namespace

TEST_CASE("a seed sweep equals the single races with the same seeds", "[train]") {
  const Settings s = small();
  const std::vector<std::uint64_t> seeds = {3, 11, 7};
  const SweepOutcome one = run(s, seeds, 1), two = run(s, seeds, 2);
  REQUIRE(one.seeds.size() == 3);
  REQUIRE(two.seeds.size() == 3);
  for (int i = 0; i < 3; ++i) {
    Settings si = s;
    si.seed = seeds[i];
    RaceSession race;
    REQUIRE(race.start(si, false));
    std::vector<double> val[2];
    while (!race.step(50)) {
    }
    for (const EpochRecord& e : race.poll()) val[e.model].push_back(e.val_acc);
    RaceOutcome r;
    REQUIRE(race.finish(r));
    for (const SweepOutcome* o : {&one, &two}) {
      const SeedResult& x = o->seeds[i];
      INFO("seed " << seeds[i] << ", " << o->threads << " thread(s)");
      CHECK(x.seed == seeds[i]);
      CHECK(x.completed);
      CHECK(x.test_gru == r.gru.test_acc);
      CHECK(x.test_attention == r.attention.test_acc);
      REQUIRE(x.val.shape(0) == val[0].size());
      for (std::size_t e = 0; e < val[0].size(); ++e) {
        CHECK(x.val(e, 0) == val[0][e]);
        CHECK(x.val(e, 1) == val[1][e]);
      }
    }
  }
  CHECK(two.threads == (race_threads_available() ? 2 : 1));
}

TEST_CASE("a sweep stops before its next minibatch, and refuses what it cannot run", "[train]") {
  Settings s = small();
  s.epochs = 40;
  SeedSweep sweep;
  REQUIRE(sweep.start(s, {1, 2, 3, 4}, 2));
  sweep.step(5);
  sweep.stop();
  while (!sweep.step(5)) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  SweepOutcome o;
  REQUIRE(sweep.finish(o));
  CHECK(o.stopped);
  CHECK(o.seeds.size() < 4);
  CHECK_THAT(sweep.start(s, {1}, 2).message, Contains("Seeds in the sweep: 1 is out of range"));
  CHECK(sweep.start(s, {1, 1}, 2).message == "the sweep's seeds must be different");
  const auto most = static_cast<std::size_t>(widget_setting("reading", "sweep").max);  // reading.json
  std::vector<std::uint64_t> many(most + 1);
  for (std::size_t i = 0; i < many.size(); ++i) many[i] = i;
  CHECK_THAT(sweep.start(s, many, 2).message, Contains("Seeds in the sweep: " + std::to_string(most + 1) + " is out of range"));
  s.T = 1;
  CHECK_FALSE(sweep.start(s, {1, 2}, 2));
  s = small();
  sweep.set_memory_budget(1 << 20);  // 1 MB: two races at once do not fit
  CHECK(sweep.start(s, {1, 2}, 2).message.find("races run at once") != std::string::npos);
}

TEST_CASE("a sweep of another setting: each run is the single race of its own settings", "[train]") {
  std::vector<Settings> runs(3, small());
  runs[0].hidden = 5;
  runs[1].hidden = 20;
  runs[2].hidden = 40;
  SeedSweep sweep;
  REQUIRE(sweep.start(runs, 2));
  while (!sweep.step(5)) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  SweepOutcome o;
  REQUIRE(sweep.finish(o));
  REQUIRE(o.seeds.size() == 3);
  for (int i = 0; i < 3; ++i) {
    RaceSession race;
    REQUIRE(race.start(runs[i], false));
    while (!race.step(50)) {
    }
    RaceOutcome r;
    REQUIRE(race.finish(r));
    INFO("hidden " << runs[i].hidden);
    CHECK(o.seeds[i].index == i);
    CHECK(o.seeds[i].test_gru == r.gru.test_acc);
    CHECK(o.seeds[i].test_attention == r.attention.test_acc);
  }
  CHECK_THAT(sweep.start(std::vector<Settings>(1, small()), 2).message, Contains("Seeds in the sweep: 1 is out of range"));
  runs[1].hidden = 0;
  CHECK_FALSE(sweep.start(runs, 2));
}
