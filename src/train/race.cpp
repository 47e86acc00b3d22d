#include "train/race.hpp"

#include <chrono>
#include <mutex>
#include <thread>

#include "train/epoch_runner.hpp"

namespace alab::train {
namespace {

using Clock = std::chrono::steady_clock;

// With threads, each model's per-epoch evaluation also overlaps its next epoch
// (train/epoch_runner.hpp): the GRU, the slower model, then has a core of its own
// for evaluation once the attention model is done.
constexpr bool kOverlapEvaluation = true;

struct Runner {
  const RaceOptions& options;
  Clock::time_point start;
  std::mutex report_mutex;

  void report(ModelKind kind, const EpochStats& e) {
    if (!options.on_epoch) return;
    const std::lock_guard<std::mutex> lock(report_mutex);
    options.on_epoch({kind, e, std::chrono::duration<double>(Clock::now() - start).count()});
  }

  // One epoch; false if stopped before it ended.
  bool epoch(Trainer& t) {
    while (!t.train_some(kTrainSlice))
      if (t.stop_requested()) return false;
    if (t.stop_requested()) return false;
    report(t.kind(), t.end_epoch());
    return true;
  }

  bool all_epochs(Trainer& t) {
    return run_epochs(t, kOverlapEvaluation, [&](const EpochStats& e) { report(t.kind(), e); });
  }
};

void finish(Trainer& t, bool completed, ModelResult& r) {
  r.kind = t.kind();
  r.curve = t.history();
  r.completed = completed;
  if (completed) r.test = t.test();
  r.seconds = t.seconds();
}

}  // namespace

bool race_threads_available() {
#if defined(ALAB_NO_THREADS)
  return false;  // a build without thread support (the single-thread WebAssembly one)
#else
  return true;
#endif
}

Status run_race(const Settings& settings, const RaceOptions& options, RaceResult& out) {
  if (Status st = validate(settings); !st) return st;
  Runner run{options, Clock::now(), {}};
  const TaskData data = make_task(settings);
  Trainer gru(ModelKind::gru, settings, data);
  Trainer attn(ModelKind::attention, settings, data);
  gru.set_stop_flag(options.stop);
  attn.set_stop_flag(options.stop);

  RaceResult r;
  bool gru_done = false, attn_done = false;
  if (options.threads && race_threads_available()) {
    r.threads_used = true;
    std::thread other([&] { attn_done = run.all_epochs(attn); });
    gru_done = run.all_epochs(gru);
    other.join();
  } else {
    bool stopped = false;
    while (!stopped && (!gru.finished() || !attn.finished())) {
      if (!gru.finished()) stopped = !run.epoch(gru);
      if (!stopped && !attn.finished()) stopped = !run.epoch(attn);
    }
    gru_done = gru.finished();
    attn_done = attn.finished();
  }
  finish(gru, gru_done, r.gru);
  finish(attn, attn_done, r.attention);
  r.stopped = !(gru_done && attn_done);
  r.wall_seconds = std::chrono::duration<double>(Clock::now() - run.start).count();
  out = std::move(r);
  return Status::success();
}

}  // namespace alab::train
