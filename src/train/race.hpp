// The module's worked example 2 as one call: make the data, train the GRU and the
// tiny self-attention classifier, report per-epoch curves and test results.
#pragma once

#include <atomic>
#include <functional>

#include "train/trainer.hpp"

namespace alab::train {

struct Progress {
  ModelKind model;
  EpochStats stats;       // stats.seconds: this model's compute time so far
  double wall_seconds;    // since the race started
};

struct RaceOptions {
  // Train the two models at once on two std::threads (when the build has threads;
  // otherwise, and when false, they alternate epoch by epoch on the calling thread).
  bool threads = false;
  // Called after every epoch of either model. With threads it is called from the
  // training threads, one call at a time (serialised by the race).
  std::function<void(const Progress&)> on_epoch;
  // Checked between minibatches; set it (from any thread) to stop the race early.
  const std::atomic<bool>* stop = nullptr;
};

struct ModelResult {
  ModelKind kind = ModelKind::gru;
  std::vector<EpochStats> curve;
  Evaluation test;        // valid when completed
  bool completed = false;
  double seconds = 0;     // compute time (training + evaluation)
};

struct RaceResult {
  ModelResult gru, attention;
  double wall_seconds = 0;
  bool threads_used = false;
  bool stopped = false;
};

// True when this build can run the two models on two threads.
bool race_threads_available();

// Refuses invalid settings (see validate) and leaves out untouched then.
Status run_race(const Settings& settings, const RaceOptions& options, RaceResult& out);

}  // namespace alab::train
