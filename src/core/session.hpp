// A long job a caller drives (a race, a seed sweep, a translation), and the one
// contract they all keep. The web worker (web/js/engine/lab-worker.js) relies on exactly
// this, and wasm/session_bind.hpp declares it for JavaScript once:
//
//   Status start(const Input&, bool threads)  refused in words, or started; a job still
//                                             running is stopped first
//   bool step(double budget_ms)               without threads: trains about budget_ms of
//                                             whole steps on the caller's thread; with
//                                             threads: the first call sets the job's own
//                                             threads going, later calls only look.
//                                             Returns done()
//   bool done() const                         nothing is training any more
//   std::vector<Record> poll()                records finished since the last poll, in order
//   void stop()                               takes effect before the next minibatch
//   void pause(bool)                          a job on its own threads waits before its next
//                                             slice of minibatches until resumed (a page
//                                             hidden, a slide left); the numbers are the
//                                             same. A caller driving step() itself pauses
//                                             by not calling it.
//   Status finish(Outcome&)                   after done(): joins the threads, the job's result
//
// The same input gives the same records however the job is driven (threads, slices).
//
// Session<Record> holds what every job shares: the stop flag its trainers watch, the
// clock since start(), and the queue of finished records that training threads fill
// and poll() empties. A job with models trained side by side (the race, the comments,
// image and translation pages) derives from ScheduledSession (core/model_scheduler.hpp),
// whose scheduler is its step and done: it writes only start and finish. Any other job
// (the seed sweep) derives from Session and writes all four.
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <utility>
#if !defined(ALAB_NO_THREADS)
#include <thread>
#endif
#include <vector>

namespace alab {

// Seconds on a steady clock (for durations only).
inline double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// For a job's own threads, between slices of work: wait while paused, never once stopped.
inline void wait_while_paused(const std::atomic<bool>& pause, const std::atomic<bool>& stop) {
#if !defined(ALAB_NO_THREADS)
  while (pause.load() && !stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
#else
  (void)pause, (void)stop;  // no threads: nothing runs but the caller's step()
#endif
}

template <class Record>
class Session {
 public:
  std::vector<Record> poll() {
    const std::lock_guard<std::mutex> lock(mu_);
    std::vector<Record> out;
    out.swap(pending_);
    return out;
  }
  void stop() { stop_ = true; }
  void pause(bool on) { pause_ = on; }

 protected:
  Session() = default;
  ~Session() = default;
  // A new run: not stopped, no records, the clock at zero.
  void begin() {
    stop_ = false;
    pause_ = false;
    const std::lock_guard<std::mutex> lock(mu_);
    pending_.clear();
    t0_ = steady_seconds();
  }
  // From any thread: one finished record, for the next poll().
  void publish(Record r) {
    const std::lock_guard<std::mutex> lock(mu_);
    pending_.push_back(std::move(r));
  }
  double elapsed() const { return steady_seconds() - t0_; }  // since begin()
  bool stopping() const { return stop_.load(); }

  void wait_while_paused() const { alab::wait_while_paused(pause_, stop_); }

  std::atomic<bool> stop_{false};   // trainers watch it between minibatches
  std::atomic<bool> pause_{false};  // and this one between slices (threads only)

 private:
  std::mutex mu_;
  std::vector<Record> pending_;
  double t0_ = 0;
};

}  // namespace alab
