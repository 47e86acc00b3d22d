#include "train/epoch_runner.hpp"

#include <memory>

#if !defined(ALAB_NO_THREADS)
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

namespace alab::train {
namespace {

#if !defined(ALAB_NO_THREADS)
// One helper thread for the whole run, handed one evaluation at a time. Not a thread
// per epoch: under Emscripten a finished thread's worker returns to the pool only
// when the main thread reaches its event loop, so a blocked caller would run out of
// workers.
class Helper {
 public:
  explicit Helper(Trainer& t) : t_(t), thread_([this] { loop(); }) {}
  ~Helper() {
    {
      const std::lock_guard<std::mutex> lock(mu_);
      quit_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void start(EpochStats* e) {
    {
      const std::lock_guard<std::mutex> lock(mu_);
      job_ = e;
    }
    cv_.notify_all();
  }
  void wait() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return job_ == nullptr; });
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return job_ != nullptr || quit_; });
      if (job_ == nullptr) return;  // quit, nothing left to do
      lock.unlock();
      t_.evaluate_closed(*job_);
      lock.lock();
      job_ = nullptr;
      cv_.notify_all();
    }
  }

  Trainer& t_;
  std::mutex mu_;
  std::condition_variable cv_;
  EpochStats* job_ = nullptr;
  bool quit_ = false;
  std::thread thread_;  // last: starts after the members above exist
};
#endif

}  // namespace

bool run_epochs(Trainer& t, [[maybe_unused]] bool overlap, const EpochReport& report) {
  EpochStats pending;
  bool have_pending = false;
#if defined(ALAB_NO_THREADS)
  auto wait = [] {};  // no helper: every evaluation runs in line below
#else
  std::unique_ptr<Helper> helper;
  if (overlap && !t.training_finished()) helper = std::make_unique<Helper>(t);
  auto wait = [&] {
    if (helper) helper->wait();
  };
#endif
  // Waits for the epoch under evaluation, then records and reports it.
  auto settle = [&] {
    wait();
    if (!have_pending) return;
    t.record(pending);
    report(pending);
    have_pending = false;
  };

  while (!t.training_finished()) {
    while (!t.train_some(kTrainSlice))
      if (t.stop_requested()) break;
    if (t.stop_requested()) {
      settle();
      return false;
    }
    settle();  // the snapshot is free again
    pending = t.close_epoch();
    have_pending = true;
#if !defined(ALAB_NO_THREADS)
    if (helper) {
      helper->start(&pending);
      continue;
    }
#endif
    t.evaluate_closed(pending);
    settle();
  }
  settle();
  return true;
}

}  // namespace alab::train
