// The work exchange (core/work_exchange.hpp): every offered job runs exactly once,
// by its owner or by a helper; the owner's finish() returns only after it has run; a
// helper leaves once its predicate holds and nothing waits.
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "race/race_session.hpp"
#include "core/work_exchange.hpp"

using alab::Job;
using alab::WorkExchange;

TEST_CASE("an offered job runs once, by the owner or by a helper, and finish waits for it", "[exchange]") {
  WorkExchange ex;
  SECTION("no helper: the owner runs it") {
    int runs = 0;
    Job j{[&] { ++runs; }};
    ex.offer(j);
    CHECK(ex.run_if_untaken(j));
    CHECK(runs == 1);
    CHECK_FALSE(ex.run_if_untaken(j));  // done: nothing more to run
    ex.finish(j);
    CHECK(runs == 1);
  }
  SECTION("a job never offered is not run by finish") {
    int runs = 0;
    Job j{[&] { ++runs; }};
    ex.finish(j);
    CHECK(runs == 0);
  }
  SECTION("two owners and a helper: 2,000 jobs, each run once, each finished when finish returns") {
    if (!alab::race::race_threads_available()) return;  // a build without threads
    std::atomic<bool> over{false};
    std::atomic<int> by_helper{0};
    std::thread helper([&] { ex.help_until([&] { return over.load(); }); });
    std::vector<int> counts(2000, 0);
    const auto owner = [&](int first) {
      for (int i = first; i < first + 1000; ++i) {
        Job j{[&, i] {
          ++counts[i];
          if (std::this_thread::get_id() == helper.get_id()) ++by_helper;
        }};
        ex.offer(j);
        ex.finish(j);
        REQUIRE(counts[i] == 1);
      }
    };
    std::thread second(owner, 1000);
    owner(0);
    second.join();
    over = true;
    ex.wake();
    helper.join();
    for (int c : counts) CHECK(c == 1);
    CHECK(ex.idle_helpers() == 0);
  }
}
