#include "train/race.hpp"

#include <chrono>
#include <mutex>

#include "train/epoch_runner.hpp"

namespace alab::train {
namespace {

using Clock = std::chrono::steady_clock;

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
  const auto start = Clock::now();
  const TaskData data = make_task(settings);
  Trainer gru(ModelKind::gru, settings, data);
  Trainer attn(ModelKind::attention, settings, data);
  gru.set_stop_flag(options.stop);
  attn.set_stop_flag(options.stop);

  std::mutex report_mutex;  // with threads, both models report
  RaceResult r;
  r.threads_used = options.threads && race_threads_available();
  const Trainer* trainers[2] = {&gru, &attn};
  const auto done = run_pair(gru, attn, r.threads_used, [&](int m, const EpochStats& e) {
    if (!options.on_epoch) return;
    const std::lock_guard<std::mutex> lock(report_mutex);
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    options.on_epoch({trainers[m]->kind(), e, wall});
  });
  finish(gru, done[0], r.gru);
  finish(attn, done[1], r.attention);
  r.stopped = !(done[0] && done[1]);
  r.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  out = std::move(r);
  return Status::success();
}

}  // namespace alab::train
