// The race run for many seeds ("in this run" versus across runs), or for several
// values of one other setting (the GRU's width, d_model, pooling, positions) at one
// seed: a list of runs, each a race's whole settings. Each run's race is
// the single race with that seed, trained on one thread by the one-thread schedule
// (race/epoch_runner.hpp's InLineRunner), and several seeds' races run at once, one
// on each thread the sweep is given. A race's numbers do not depend on the thread it
// ran on or on what ran beside it (each race has its own data, trainers and seeded
// streams), so a sweep equals the single races with the same seeds, bit for bit (their
// validation curves and test accuracies: a sweep's epochs skip the training set's
// evaluation, which it does not show and which does not touch training).
//
//   SeedSweep sweep;
//   sweep.start(settings, {1, 2, 3}, /*threads=*/2);
//   while (!sweep.step(10)) { for (const SeedResult& r : sweep.poll()) ... }
//   SweepOutcome o; sweep.finish(o);
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>
#include <xtensor/xtensor.hpp>

#include "core/session.hpp"
#include "race/epoch_runner.hpp"
#include "race/race_session.hpp"

namespace alab::reading {

struct SeedResult {
  std::uint64_t seed = 0;
  int index = 0;                              // its place in the sweep's list
  double test_gru = 0, test_attention = 0;    // test accuracy
  xt::xtensor<double, 2> val;                 // validation accuracy: epochs x models (0 GRU, 1 attention)
  double seconds = 0;                         // this race's wall time
  bool completed = false;
};

struct SweepOutcome {
  std::vector<SeedResult> seeds;              // in the sweep's order (completed races only)
  double wall = 0;
  int threads = 1;
  bool stopped = false;
};

// The session contract (core/session.hpp), for many races.
class SeedSweep : public Session<SeedResult> {
 public:
  SeedSweep();   // out of line: Race is complete only in the .cpp
  ~SeedSweep();
  SeedSweep(const SeedSweep&) = delete;
  SeedSweep& operator=(const SeedSweep&) = delete;

  // runs: 2 to 50 races' settings; threads: races at once (1 without thread support).
  // Refuses settings the race would refuse, and a sweep whose largest races at once
  // would not fit in the memory budget (set_memory_budget).
  Status start(const std::vector<race::Settings>& runs, int threads);
  // The seed sweep: `settings` for each of 2 to 50 distinct seeds.
  Status start(const race::Settings& settings, const std::vector<std::uint64_t>& seeds, int threads);
  // Threads: the first call starts them; later calls only look. One thread: trains
  // about budget_ms of minibatches. Returns done().
  bool step(double budget_ms);
  bool done() const { return running_ == 0; }
  Status finish(SweepOutcome& out);
  void set_memory_budget(double bytes) { memory_budget_ = bytes; }

 private:
  struct Race;  // one seed's data, trainers and schedule
  void run_worker();
  bool advance(Race& r, int max_batches);     // one slice of a race; true when it is over
  void complete(Race& r);

  std::vector<std::unique_ptr<Race>> races_;
  std::vector<std::thread> workers_;
  std::atomic<int> next_{0};                  // threads: the next race to take
  std::atomic<int> running_{0};
  int threads_ = 1;
  int current_ = 0;                           // one thread: the race being trained
  double memory_budget_ = 0;
  std::mutex results_mu_;
  std::vector<SeedResult> results_;           // every completed race, for finish()
};

}  // namespace alab::reading
