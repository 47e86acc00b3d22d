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
//   Status finish(Outcome&)                   after done(): joins the threads, the job's result
//
// The same input gives the same records however the job is driven (threads, slices).
//
// Session<Record> holds what every job shares: the stop flag its trainers watch, the
// clock since start(), and the queue of finished records that training threads fill
// and poll() empties. A job derives from it and writes start, step, done and finish.
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <utility>
#include <vector>

namespace alab {

// Seconds on a steady clock (for durations only).
inline double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
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

 protected:
  Session() = default;
  ~Session() = default;
  // A new run: not stopped, no records, the clock at zero.
  void begin() {
    stop_ = false;
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

  std::atomic<bool> stop_{false};  // trainers watch it between minibatches

 private:
  std::mutex mu_;
  std::vector<Record> pending_;
  double t0_ = 0;
};

}  // namespace alab
