// The race's memory estimate (race/race_cost.hpp) against the heap really used,
// and the refusal of a race that does not fit.
#include <catch2/catch.hpp>

#if defined(__GLIBC__) || defined(__EMSCRIPTEN__)
#include <malloc.h>
#endif

#include <algorithm>

#include "race/race_cost.hpp"
#include "race/race_session.hpp"

using namespace alab;
using namespace alab::race;
using Catch::Matchers::Contains;

namespace {
double heap_in_use() {
#if defined(__EMSCRIPTEN__)
  return static_cast<double>(mallinfo().uordblks);
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  const auto m = mallinfo2();  // large blocks are mmapped: hblkhd counts them
  return static_cast<double>(m.uordblks + m.hblkhd);
#else
  return -1;
#endif
}
}  // namespace

TEST_CASE("the memory estimate covers what a race really allocates", "[train][memory]") {
  Settings s;
  s.epochs = 1;
  s.T = GENERATE(12, 40);
  s.pooling = GENERATE(std::string("last"), std::string("mean"));
  s.batch = 128;
  s.hidden = 32;
  INFO("T " << s.T << ", pooling " << s.pooling);
  const double before = heap_in_use();
  if (before < 0) {
    WARN("no allocator statistics in this C library: the estimate is not checked here");
    return;
  }
  double used = 0;
  {
    RaceSession race;
    REQUIRE(race.start(s, false).ok);
    while (!race.step(1000)) used = std::max(used, heap_in_use() - before);
    RaceOutcome r;
    REQUIRE(race.finish(r).ok);
    used = std::max(used, heap_in_use() - before);
  }
  const double estimate = race_memory_bytes(s);
  INFO("used " << used / 1e6 << " MB, estimated " << estimate / 1e6 << " MB");
  CHECK(estimate >= used);
  CHECK(estimate <= 4 * used + 4e6);  // an estimate, not a blanket refusal
}

TEST_CASE("a race that would not fit is refused before it starts, naming the settings", "[train][memory]") {
  Settings s;
  s.T = 100;
  s.batch = 512;
  s.hidden = 128;
  s.dmodel = 128;
  RaceSession race;
  race.set_memory_budget(216.0 * (1 << 20));
  const auto st = race.start(s, false);
  CHECK_FALSE(st.ok);
  CHECK_THAT(st.message, Contains("MB of memory, more than the 216 MB") && Contains("batch size (512)"));
  s.batch = 64;
  s.hidden = 20;  // within the budget
  CHECK(race.start(s, false).ok);
}
