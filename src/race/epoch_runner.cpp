#include "race/epoch_runner.hpp"

#if !defined(ALAB_NO_THREADS)
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

namespace alab::race {
namespace {

#if !defined(ALAB_NO_THREADS)
// The two threads' shared state: per model, the closed epoch whose evaluation is
// pending, and who has it. All of it under mu_.
class Pair {
 public:
  Pair(Trainer* t[2], const EpochReport& report) : t_{t[0], t[1]}, report_(report) {}

  // Thread m's whole life: train model m, then serve the other's evaluations.
  bool run(int m) {
    Trainer& t = *t_[m];
    bool completed = true;
    while (!t.training_finished()) {
      help(m);
      if (!t.train_some(kTrainSlice)) {
        if (!t.stop_requested()) continue;
        completed = false;
        break;
      }
      if (t.stop_requested()) {
        completed = false;
        break;
      }
      settle(m);  // the snapshot is free again
      post(m, t.close_epoch());
    }
    settle(m);
    serve(m);
    return completed;
  }

 private:
  enum class State { none, posted, taken, done };
  struct Job {
    EpochStats stats;
    State state = State::none;
  };

  // Between slices: the other model's posted evaluation, if that model is not ahead.
  void help(int m) {
    const int o = 1 - m;
    std::unique_lock<std::mutex> lock(mu_);
    if (jobs_[o].state != State::posted || closed_[o] > closed_[m]) return;
    evaluate(o, lock);
  }

  // After model m's training: every evaluation the other posts, until it is done too.
  void serve(int m) {
    const int o = 1 - m;
    std::unique_lock<std::mutex> lock(mu_);
    done_[m] = true;
    cv_.notify_all();
    for (;;) {
      cv_.wait(lock, [&] { return jobs_[o].state == State::posted || done_[o]; });
      if (jobs_[o].state != State::posted) return;
      evaluate(o, lock);
    }
  }

  void post(int m, const EpochStats& e) {
    const std::lock_guard<std::mutex> lock(mu_);
    jobs_[m] = {e, State::posted};
    ++closed_[m];
    cv_.notify_all();
  }

  // Model m's pending evaluation, finished here if nobody took it; then record, report.
  void settle(int m) {
    std::unique_lock<std::mutex> lock(mu_);
    Job& job = jobs_[m];
    if (job.state == State::none) return;
    if (job.state == State::posted) evaluate(m, lock);
    cv_.wait(lock, [&] { return job.state == State::done; });
    job.state = State::none;
    EpochStats e = job.stats;
    lock.unlock();
    if (!e.complete) return;  // its evaluation was stopped part-way: not an epoch to report
    t_[m]->record(e);
    report_(m, e);
  }

  // Runs model k's posted evaluation with the lock released.
  void evaluate(int k, std::unique_lock<std::mutex>& lock) {
    Job& job = jobs_[k];
    job.state = State::taken;
    lock.unlock();
    t_[k]->evaluate_closed(job.stats);
    lock.lock();
    job.state = State::done;
    cv_.notify_all();
  }

  Trainer* t_[2];
  const EpochReport& report_;
  std::mutex mu_;
  std::condition_variable cv_;
  Job jobs_[2];
  int closed_[2] = {0, 0};
  bool done_[2] = {false, false};
};
#endif

}  // namespace

InLineRunner::InLineRunner(Trainer& model0, Trainer& model1) : t_{&model0, &model1} {}

bool InLineRunner::step(int max_batches, const EpochReport& report) {
  if (over()) return true;
  if (t_[turn_]->finished()) turn_ = 1 - turn_;
  Trainer& t = *t_[turn_];
  if (t.train_some(max_batches) && !t.stop_requested()) {
    EpochStats e = t.close_epoch();
    t.evaluate_closed(e);
    if (!e.complete) return over();  // stopped during the evaluation: not an epoch to report
    t.record(e);
    report(turn_, e);
    if (!t_[1 - turn_]->finished()) turn_ = 1 - turn_;
  }
  return over();
}

bool InLineRunner::over() const {
  const bool stopped = t_[0]->stop_requested() || t_[1]->stop_requested();
  return stopped || (t_[0]->finished() && t_[1]->finished());
}

std::array<bool, 2> InLineRunner::completed() const { return {t_[0]->finished(), t_[1]->finished()}; }

std::array<bool, 2> run_pair(Trainer& model0, Trainer& model1, [[maybe_unused]] bool threads,
                             const EpochReport& report) {
#if !defined(ALAB_NO_THREADS)
  if (threads) {
    Trainer* t[2] = {&model0, &model1};
    Pair pair(t, report);
    bool done1 = false;
    std::thread other([&] { done1 = pair.run(1); });
    const bool done0 = pair.run(0);
    other.join();
    return {done0, done1};
  }
#endif
  InLineRunner in_line(model0, model1);
  while (!in_line.step(kTrainSlice, report)) {
  }
  return in_line.completed();
}

}  // namespace alab::race
