// The model scheduler (core/model_scheduler.hpp): N toy models, each a seeded chain of
// arithmetic whose minibatches offer half their work on the exchange, give the same
// records on threads, in turns and run here; turns go an epoch each, round robin,
// skipping a model with no epochs left; stop, pause, retire, join and halt do what the
// header says; a thread whose model is done runs the others' offered halves.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>

#include "core/model_scheduler.hpp"

using alab::Job;
using alab::ModelScheduler;
using alab::ModelSlices;

namespace {

struct Rec {
  int model = 0, epoch = 0;
  double x = 0;
};

bool operator<(const Rec& a, const Rec& b) { return std::tie(a.model, a.epoch) < std::tie(b.model, b.epoch); }

// Records equal model by model, epoch by epoch, bit for bit (any order across models).
bool same_records(std::vector<Rec> a, std::vector<Rec> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].model != b[i].model || a[i].epoch != b[i].epoch || a[i].x != b[i].x) return false;
  return true;
}

// Half h of a minibatch of the model whose state is x: enough arithmetic that a helper
// can take the offered half while the owner computes its own.
double half_of(double x, int h) {
  double v = x + 0.25 * h;
  for (int i = 0; i < 2000; ++i) v = std::sin(v) + 0.001 * i;
  return v;
}

// Model m: its state starts at m + 1; a minibatch replaces it by a mix of its two halves
// (half 1 offered on the exchange); an epoch is kBatches minibatches and ends in a record.
struct Toy {
  static constexpr int kBatches = 5;
  explicit Toy(std::vector<int> epochs_of) : epochs(std::move(epochs_of)), x(epochs.size()), batch(epochs.size(), 0),
                                             epoch(epochs.size(), 0), slices(epochs.size()), retired(epochs.size()) {
    for (std::size_t m = 0; m < x.size(); ++m) x[m] = static_cast<double>(m) + 1;
  }

  ModelSlices work(ModelScheduler& s) {
    ModelSlices w;
    w.models = static_cast<int>(epochs.size());
    w.advance = [this, &s](int m) { return advance(s, m); };
    w.finished = [this](int m) { return epoch[m] >= epochs[m]; };
    w.retire = [this](int m) { ++retired[m]; };
    return w;
  }

  bool advance(ModelScheduler& s, int m) {
    ++slices[m];
    double other = 0;
    Job half{[&] { other = half_of(x[m], 1); }};
    s.exchange().offer(half);
    const double own = half_of(x[m], 0);
    s.exchange().finish(half);
    x[m] = 0.5 * own + 0.25 * other + 0.125 * x[m];
    if (++batch[m] < kBatches) return false;
    batch[m] = 0;
    ++epoch[m];
    const std::lock_guard<std::mutex> lock(mu);
    records.push_back({m, epoch[m], x[m]});
    return true;
  }

  std::vector<Rec> taken() {
    const std::lock_guard<std::mutex> lock(mu);
    return records;
  }

  std::vector<int> epochs;
  std::vector<double> x;
  std::vector<int> batch, epoch;
  std::vector<std::atomic<int>> slices, retired;  // read by the test while threads train
  std::mutex mu;
  std::vector<Rec> records;
};

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

// Steps to the end as the web worker does; with threads step() only looks.
std::vector<Rec> run_stepped(const std::vector<int>& epochs, bool threads, Toy* keep = nullptr) {
  Toy own(epochs);
  Toy& toy = keep ? *keep : own;
  ModelScheduler s;
  std::atomic<bool> stop{false}, pause{false};
  s.start(toy.work(s), threads, &stop, &pause);
  while (!s.step(0.5))
    if (s.threaded()) sleep_ms(1);
  s.join();
  return toy.taken();
}

}  // namespace

TEST_CASE("the record comparison tells records apart", "[scheduler]") {
  const std::vector<Rec> a = {{0, 1, 0.5}, {1, 1, 0.25}};
  CHECK(same_records(a, {{1, 1, 0.25}, {0, 1, 0.5}}));             // order across models is free
  CHECK_FALSE(same_records(a, {{0, 1, 0.5}, {1, 1, 0.25 + 1e-16}}));  // one bit of one value
  CHECK_FALSE(same_records(a, {{0, 1, 0.5}, {1, 2, 0.25}}));        // another epoch
  CHECK_FALSE(same_records(a, {{0, 1, 0.5}}));                       // one missing
}

TEST_CASE("threads, turns and run_here give the same records", "[scheduler]") {
  const std::vector<int> epochs = {3, 1, 2};  // model 1 finishes first and helps the others
  const std::vector<Rec> turns = run_stepped(epochs, false);
  REQUIRE(turns.size() == 6);

  // Turns: an epoch each, round robin, a model with no epochs left skipped.
  const std::vector<std::pair<int, int>> order = {{0, 1}, {1, 1}, {2, 1}, {0, 2}, {2, 2}, {0, 3}};
  for (std::size_t i = 0; i < order.size(); ++i) {
    CHECK(turns[i].model == order[i].first);
    CHECK(turns[i].epoch == order[i].second);
  }
  // The records are the models' own arithmetic: model 0's first epoch, computed here.
  double x = 1;
  for (int b = 0; b < Toy::kBatches; ++b) x = 0.5 * half_of(x, 0) + 0.25 * half_of(x, 1) + 0.125 * x;
  CHECK(turns[0].x == x);

  Toy threaded(epochs);
  const std::vector<Rec> on_threads = run_stepped(epochs, true, &threaded);
  CHECK(same_records(turns, on_threads));
  // Per model, epochs in order whatever the threads did.
  for (int m = 0; m < 3; ++m) {
    int last = 0;
    for (const Rec& r : on_threads)
      if (r.model == m) CHECK(r.epoch == ++last);
  }
  // retire: once per model on threads; never in turns.
  const int expected_retires = alab::threads_available() ? 1 : 0;
  for (int m = 0; m < 3; ++m) CHECK(threaded.retired[m] == expected_retires);

  for (bool threads : {false, true}) {
    INFO("run_here, threads " << threads);
    Toy toy(epochs);
    ModelScheduler s;
    s.start(toy.work(s), threads);
    s.run_here();
    CHECK(s.done());
    CHECK(same_records(turns, toy.taken()));
  }
}

TEST_CASE("threads only where the build has them; step in turns trains at least one slice", "[scheduler]") {
  Toy toy({2, 2});
  ModelScheduler s;
  std::atomic<bool> stop{false};
  s.start(toy.work(s), true, &stop);
  CHECK(s.threaded() == alab::threads_available());
  s.halt();  // never launched: nothing trains, done at once
  CHECK(s.done());
  CHECK(toy.slices[0] + toy.slices[1] == 0);

  Toy turns({2, 2});
  stop = false;
  s.start(turns.work(s), false, &stop);
  CHECK_FALSE(s.done());
  CHECK_FALSE(s.step(0));  // a zero budget still trains one slice
  CHECK(turns.slices[0] == 1);
  CHECK(turns.slices[1] == 0);
}

TEST_CASE("stop ends a schedule before its next slice", "[scheduler]") {
  for (bool threads : {false, true}) {
    INFO("threads " << threads);
    Toy toy({50, 50});
    ModelScheduler s;
    std::atomic<bool> stop{false};
    s.start(toy.work(s), threads, &stop);
    while (toy.taken().empty()) {
      s.step(0.5);
      if (s.threaded()) sleep_ms(1);
    }
    stop = true;
    if (!s.threaded()) CHECK(s.done());  // in turns, at once
    while (!s.step(0.5)) sleep_ms(1);
    s.join();
    const int slices = toy.slices[0] + toy.slices[1];
    CHECK(s.step(10));  // over: nothing more trains
    CHECK(toy.slices[0] + toy.slices[1] == slices);
    CHECK(toy.epoch[0] < 50);
    CHECK(toy.epoch[1] < 50);
  }
}

TEST_CASE("pause holds the threads between slices; the numbers are the same", "[scheduler]") {
  if (!alab::threads_available()) return;  // without threads the caller pauses by not stepping
  const std::vector<Rec> turns = run_stepped({2, 2}, false);
  Toy toy({2, 2});
  ModelScheduler s;
  std::atomic<bool> stop{false}, pause{true};
  s.start(toy.work(s), true, &stop, &pause);
  s.launch();
  sleep_ms(50);
  CHECK(toy.slices[0] + toy.slices[1] == 0);  // paused before the first slice
  CHECK_FALSE(s.done());
  pause = false;
  while (!s.step(1)) sleep_ms(1);
  s.join();
  CHECK(same_records(turns, toy.taken()));
}

TEST_CASE("a thread whose model is done runs the others' offered work", "[scheduler]") {
  if (!alab::threads_available()) return;
  // Model 0 has no epochs: its thread retires at once and helps. Model 1's first slice
  // offers a job and waits (up to 10 s) for another thread to take it.
  std::atomic<bool> taken_by_other{false};
  ModelScheduler s;
  ModelSlices w;
  w.models = 2;
  int slices = 0;
  w.finished = [&](int m) { return m == 0 || slices > 0; };
  w.advance = [&](int m) {
    (void)m;  // model 1: model 0 has no work
    ++slices;
    const auto me = std::this_thread::get_id();
    Job job{[&] { taken_by_other = std::this_thread::get_id() != me; }};
    s.exchange().offer(job);
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until && !taken_by_other) sleep_ms(1);
    s.exchange().finish(job);  // here if nobody took it
    return true;
  };
  s.start(std::move(w), true);
  s.run_here();
  CHECK(taken_by_other);
}
