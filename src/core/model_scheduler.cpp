#include "core/model_scheduler.hpp"

#include <utility>

namespace alab {

void ModelScheduler::start(ModelSlices work, bool threads, std::atomic<bool>* stop, const std::atomic<bool>* pause) {
  join();
  work_ = std::move(work);
  stop_ = stop;
  pause_ = pause;
  threaded_ = threads && threads_available();  // never a thread where none can start
  launched_ = false;
  training_ = threaded_ ? work_.models : 0;
  turn_ = 0;
}

void ModelScheduler::launch() {
  if (!threaded_ || launched_) return;
  launched_ = true;
#if !defined(ALAB_NO_THREADS)
  for (int m = 0; m < work_.models; ++m) threads_.emplace_back([this, m] { run_model(m); });
#endif
}

void ModelScheduler::run_model(int m) {
  static const std::atomic<bool> kNever{false};
  while (!over(m)) {
    if (pause_) wait_while_paused(*pause_, stop_ ? *stop_ : kNever);
    work_.advance(m);
  }
  if (work_.retire) work_.retire(m);
  --training_;
  exchange_.wake();
  exchange_.help_until([this] { return training_.load() == 0; });  // the others' offered work, until none trains
}

bool ModelScheduler::turn() {
  if (threaded_ || done()) return done();
  const int n = work_.models;
  for (int k = 0; k < n && work_.finished(turn_); ++k) turn_ = (turn_ + 1) % n;  // the next model with work left
  if (work_.advance(turn_)) turn_ = (turn_ + 1) % n;
  return done();
}

bool ModelScheduler::step(double budget_ms) {
  if (threaded_) {
    launch();
    return done();
  }
  const double until = steady_seconds() + budget_ms / 1000;
  while (!turn() && steady_seconds() < until) {
  }
  return done();
}

void ModelScheduler::run_here() {
  if (!threaded_) {
    while (!turn()) {
    }
    return;
  }
  if (!launched_) {
    launched_ = true;
#if !defined(ALAB_NO_THREADS)
    for (int m = 1; m < work_.models; ++m) threads_.emplace_back([this, m] { run_model(m); });
#endif
    run_model(0);
  }
  join();
}

bool ModelScheduler::done() const {
  if (threaded_) return training_.load() == 0;
  if (stopping()) return true;
  for (int m = 0; m < work_.models; ++m)
    if (!work_.finished(m)) return false;
  return true;
}

void ModelScheduler::join() {
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

void ModelScheduler::halt() {
  if (stop_) *stop_ = true;
  join();
  if (!launched_) training_ = 0;  // threads never started: nothing trains
}

}  // namespace alab
