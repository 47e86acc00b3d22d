#include "reading/seed_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "core/widget_schemas.hpp"
#include "core/widget_settings.hpp"
#include "race/race_cost.hpp"

namespace alab::reading {

using namespace alab::race;  // a sweep is races: their settings, data, trainers, schedule

struct SeedSweep::Race {
  SeedResult result;
  Settings settings;
  std::unique_ptr<TaskData> data;
  std::unique_ptr<Trainer> t[2];
  std::unique_ptr<InLineRunner> runner;
  double t0 = 0;
};

SeedSweep::SeedSweep() = default;

SeedSweep::~SeedSweep() {
  stop();
  for (std::thread& w : workers_) if (w.joinable()) w.join();
}

Status SeedSweep::start(const Settings& settings, const std::vector<std::uint64_t>& seeds, int threads) {
  if (Status st = check_setting("reading", "sweep", static_cast<double>(seeds.size())); !st) return st;
  if (std::set<std::uint64_t>(seeds.begin(), seeds.end()).size() != seeds.size()) return Status::error("the sweep's seeds must be different");
  std::vector<Settings> runs(seeds.size(), settings);
  for (std::size_t i = 0; i < seeds.size(); ++i)
    if (Status st = store_setting("race", "seed", runs[i].seed, static_cast<double>(seeds[i])); !st) return st;
  return start(runs, threads);
}

Status SeedSweep::start(const std::vector<Settings>& runs, int threads) {
  stop();
  for (std::thread& w : workers_) if (w.joinable()) w.join();
  workers_.clear();
  if (Status st = check_setting("reading", "sweep", static_cast<double>(runs.size())); !st) return st;
  double largest = 0;
  const Settings* heaviest = &runs[0];
  for (const Settings& s : runs) {
    if (Status st = validate(s); !st) return st;
    if (race_memory_bytes(s) > largest) { largest = race_memory_bytes(s); heaviest = &s; }
  }
  threads_ = race_threads_available() ? std::max(1, std::min(threads, static_cast<int>(runs.size()))) : 1;
  if (memory_budget_ > 0 && threads_ * largest > memory_budget_) {
    if (Status st = check_race_memory(*heaviest, memory_budget_ / threads_); !st)
      return Status::error(st.message + " (" + std::to_string(threads_) + " races run at once)");
  }
  races_.clear();
  for (std::size_t i = 0; i < runs.size(); ++i) {
    auto r = std::make_unique<Race>();
    r->result.seed = runs[i].seed;
    r->result.index = static_cast<int>(i);
    r->result.val = xt::xtensor<double, 2>(std::array<std::size_t, 2>{static_cast<std::size_t>(runs[i].epochs), 2},
                                           std::nan(""));  // an epoch not reached stays NaN
    r->settings = runs[i];
    races_.push_back(std::move(r));
  }
  {
    const std::lock_guard<std::mutex> lock(results_mu_);
    results_.clear();
  }
  begin();
  next_ = 0;
  current_ = 0;
  running_ = static_cast<int>(runs.size());
  return Status::success();
}

// A race's data and trainers are made when it starts, not all at once: a sweep holds
// only as many races' memory as it runs at a time.
bool SeedSweep::advance(Race& r, int max_batches) {
  if (!r.runner) {
    r.t0 = steady_seconds();
    r.data = std::make_unique<TaskData>(make_task(r.settings));
    r.t[0] = std::make_unique<Trainer>(ModelKind::gru, r.settings, *r.data);
    r.t[1] = std::make_unique<Trainer>(ModelKind::attention, r.settings, *r.data);
    for (auto& t : r.t) {
      t->set_stop_flag(&stop_, &pause_);
      t->set_train_evaluation(false);  // the sweep reports validation curves and test accuracy
    }
    r.runner = std::make_unique<InLineRunner>(*r.t[0], *r.t[1]);
  }
  const EpochReport report = [&r](int m, const EpochStats& e) {
    r.result.val(static_cast<std::size_t>(e.epoch - 1), static_cast<std::size_t>(m)) = e.val_acc;
  };
  return r.runner->step(max_batches, report);
}

void SeedSweep::complete(Race& r) {
  const auto done = r.runner->completed();
  r.result.completed = done[0] && done[1] && !stop_;
  if (r.result.completed) {
    r.result.test_gru = r.t[0]->test().accuracy;
    r.result.test_attention = r.t[1]->test().accuracy;
  }
  r.result.seconds = steady_seconds() - r.t0;
  r.t[0].reset();
  r.t[1].reset();
  r.runner.reset();
  r.data.reset();
  if (r.result.completed) {
    publish(r.result);
    const std::lock_guard<std::mutex> lock(results_mu_);
    results_.push_back(r.result);
  }
}

void SeedSweep::run_worker() {
  for (int i = next_++; i < static_cast<int>(races_.size()); i = next_++) {
    Race& r = *races_[i];
    if (!stop_) while (!advance(r, kTrainSlice)) {
      }
    if (r.runner) complete(r);
    --running_;
  }
}

bool SeedSweep::step(double budget_ms) {
  if (threads_ > 1) {
    if (workers_.empty() && running_ > 0)
      for (int k = 0; k < threads_; ++k) workers_.emplace_back([this] { run_worker(); });
    return done();
  }
  const double until = steady_seconds() + budget_ms / 1000.0;
  while (current_ < static_cast<int>(races_.size())) {
    Race& r = *races_[current_];
    const bool over = stop_ || advance(r, 1);
    if (over) {
      if (r.runner) complete(r);
      ++current_;
      --running_;
    }
    if (steady_seconds() >= until) break;
  }
  return done();
}

Status SeedSweep::finish(SweepOutcome& out) {
  if (races_.empty()) return Status::error("no sweep has been started");
  if (!done()) return Status::error("the sweep is still running");
  for (std::thread& w : workers_) if (w.joinable()) w.join();
  workers_.clear();
  SweepOutcome o;
  {
    const std::lock_guard<std::mutex> lock(results_mu_);
    o.seeds = results_;
  }
  std::sort(o.seeds.begin(), o.seeds.end(), [](const SeedResult& a, const SeedResult& b) { return a.index < b.index; });
  o.wall = elapsed();
  o.threads = threads_;
  o.stopped = stop_ && o.seeds.size() < races_.size();
  out = std::move(o);
  return Status::success();
}

}  // namespace alab::reading
