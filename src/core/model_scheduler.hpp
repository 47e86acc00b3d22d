// N models trained side by side, on a thread each or taking turns on the caller's
// thread: the one schedule of every long job that trains several models (the race,
// the translation, the comments and image pages).
//
// Why one: each of those sessions once wrote its own threads, turns, pause, join and
// "a finished thread helps the others" loop, the same lines four times over, and the
// copies drifted apart (two would start threads in the build that has none). A session
// now says only what one slice of a model's work is; this class says who runs it, when,
// and when it is all over.
//
// Shapes: models m = 0..N-1 (N >= 1). A slice is whatever advance(m) does (a few
// minibatches, and the end of an epoch when one ends there); the scheduler only calls it.
//
// The contract with a session:
//
//   ModelSlices w;
//   w.models   = 2;
//   w.advance  = [this](int m) { ... one slice of model m ...; return epoch_ended; };
//   w.finished = [this](int m) { return model m has all its epochs; };
//   w.retire   = [this](int m) { ... on m's own thread, after its last slice ... };  // optional
//   scheduler.start(std::move(w), threads, &stop_, &pause_);
//   scheduler.launch();                   // threads now; else they start at the first step()
//   ... scheduler.step(budget_ms) until it returns true (done()) ...
//   scheduler.join();                     // then read the models
//   (or scheduler.run_here(): to the end on the caller's thread, with threads too)
//
// - advance(m) and finished(m) are called for one m by one thread at a time; for
//   different m at once on threads, so a model's slice may touch only that model's state
//   (and what it publishes under its own lock, or offers on the exchange). finished(m)
//   may also say true once a stop the scheduler cannot see is requested (the race's
//   trainers have their own flags).
// - Threads (threads && threads_available()): model m's thread calls advance(m) until
//   finished(m) or the stop flag, waiting between slices while paused; then retire(m)
//   (work it offered and must see done: the thread counts as training until it returns);
//   then it lends its core to the models still training: it runs what they offer on
//   exchange() (core/work_exchange.hpp) until none trains. done(): no thread trains.
// - Turns (no threads): step(budget_ms) calls advance on the model whose turn it is, at
//   least once and until budget_ms have passed; when advance returns true (its epoch
//   ended) the turn passes to the next model with work left, so the models take turns an
//   epoch each. Pause is the caller's: it stops calling step(). retire is not called:
//   in turns a session offers nothing (no thread could take it). done(): stop, or every
//   model finished.
// - Stop: the session's flag (the trainers watch it too); after it, a thread ends at its
//   next look, and step() does nothing more.
//
// Who runs a slice never changes what it computes (each model has its own seeded
// streams; shared work goes through the exchange, whose jobs compute the same whoever
// runs them), so threads and turns give the same records, bit for bit.
#pragma once

#include <atomic>
#include <functional>
#include <thread>
#include <vector>

#include "core/session.hpp"
#include "core/work_exchange.hpp"

namespace alab {

// True when this build can start threads (the single-thread WebAssembly build cannot).
constexpr bool threads_available() {
#if defined(ALAB_NO_THREADS)
  return false;
#else
  return true;
#endif
}

struct ModelSlices {
  int models = 0;
  std::function<bool(int)> advance;   // one slice of model m; true when its turn ends (an epoch)
  std::function<bool(int)> finished;  // model m has no work left
  std::function<void(int)> retire;    // threads only, on m's thread after its last slice; may be empty
};

class ModelScheduler {
 public:
  ModelScheduler() = default;
  ~ModelScheduler() { halt(); }
  ModelScheduler(const ModelScheduler&) = delete;
  ModelScheduler& operator=(const ModelScheduler&) = delete;

  // A new schedule; a previous one must be over (halt() it first). stop (may be null)
  // ends the schedule when set; pause (may be null) holds the threads between slices.
  void start(ModelSlices work, bool threads, std::atomic<bool>* stop = nullptr, const std::atomic<bool>* pause = nullptr);
  void launch();                 // threads: starts them, once; turns: nothing
  bool step(double budget_ms);   // threads: launch(), then only looks; turns: slices. Returns done()
  bool turn();                   // turns: one slice of the model whose turn it is. Returns done()
  // To the end, for a caller with a thread to give: with threads, model 0 here and the
  // others on threads of their own; in turns, slice after slice. Then joins.
  void run_here();
  bool done() const;
  bool threaded() const { return threaded_; }
  void join();                   // waits for the threads (they return once done())
  void halt();                   // sets the stop flag, joins; done() after it
  WorkExchange& exchange() { return exchange_; }

 private:
  void run_model(int m);  // model m's thread, from its first slice to the end of its help
  bool stopping() const { return stop_ && stop_->load(); }
  bool over(int m) const { return stopping() || work_.finished(m); }

  ModelSlices work_;
  std::atomic<bool>* stop_ = nullptr;
  const std::atomic<bool>* pause_ = nullptr;
  bool threaded_ = false, launched_ = false;
  std::atomic<int> training_{0};  // threads: models whose thread has not retired
  int turn_ = 0;                  // turns: whose slice is next
  WorkExchange exchange_;
  std::vector<std::thread> threads_;
};

// A session (core/session.hpp) whose models a ModelScheduler drives: step() and done()
// are the scheduler's, so the session itself writes only its start and its outcome.
// A session's destructor calls halt() first: its models must outlive the threads, and
// this base (with the scheduler) is destroyed only after the session's own members.
template <class Record>
class ScheduledSession : public Session<Record> {
 public:
  ScheduledSession(const ScheduledSession&) = delete;  // it owns threads
  ScheduledSession& operator=(const ScheduledSession&) = delete;
  bool step(double budget_ms) { return scheduler_.step(budget_ms); }
  bool done() const { return scheduler_.done(); }

 protected:
  ScheduledSession() = default;
  ~ScheduledSession() = default;
  // A new run's schedule, stopped by this session's stop() and held by its pause().
  void schedule(ModelSlices work, bool threads) { scheduler_.start(std::move(work), threads, &this->stop_, &this->pause_); }
  void halt() { scheduler_.halt(); }

  ModelScheduler scheduler_;
};

}  // namespace alab
