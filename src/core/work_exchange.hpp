// Work that one thread offers and either it or an idle thread runs, exactly once:
// how a thread whose model has finished lends its core to a model still training.
//
//   owner:   Job half{[&] { ... writes only into state set aside for it ... }};
//            exchange.offer(half);
//            ... the owner's own part ...
//            exchange.finish(half);   // runs it here if nobody took it, else waits for it
//   helper:  exchange.help_until([&] { return everyone_done; });
//            (whoever changes what the predicate reads calls exchange.wake() after)
//
// Who runs a job never changes what it computes, so results are the same with or
// without helpers, and with no exchange at all (the owner runs every job itself).
// A job lives on its owner's stack: the owner's finish() returns only once it is done.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

namespace alab {

struct Job {
  std::function<void()> work;
  enum class State { idle, offered, running, done } state = State::idle;
};

class WorkExchange {
 public:
  void offer(Job& job);
  // Runs an offered job nobody has taken (true), else does nothing (false): its owner,
  // or a thread that helps with that one job between its own slices (the race's pair).
  bool run_if_untaken(Job& job);
  void wait(Job& job);  // until a taken job is done (at once for one never offered, or done)
  void finish(Job& job) {
    if (!run_if_untaken(job)) wait(job);
  }
  // A helper: runs offered jobs, oldest first, until quit() holds and none is waiting.
  void help_until(const std::function<bool()>& quit);
  int idle_helpers() const;  // threads inside help_until with nothing to run
  void wake();

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job*> offered_;
  int idle_ = 0;
};

}  // namespace alab
