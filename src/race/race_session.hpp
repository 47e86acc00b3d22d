// One race (the module's worked example 2) as a session a caller drives: start it,
// let it train (on threads of its own, or in slices the caller asks for), collect
// each finished epoch, stop it, finish it, then look at test examples.
//
//   RaceSession race;
//   if (Status st = race.start(settings, /*threads=*/true); !st) ...   // refused: st.message
//   while (!race.done()) { sleep; for (const EpochRecord& e : race.poll()) ... }
//   // or, without threads:  while (!race.step(10.0)) { handle messages; race.poll(); }
//   RaceOutcome r;  race.finish(r);          // test accuracy, confusion matrices
//   ExampleBatch b; race.examples({{7, 8}}, b);  // tokens, attention maps, predictions
//
// The web worker (wasm/race_bind.cpp) and the command line (tools/cli) both run races
// through this class: one scheduler (race/epoch_runner.hpp), one prediction rule.
// The same settings and seed give the same records however the race is driven.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include <xtensor/xtensor.hpp>

#include "core/model_scheduler.hpp"
#include "race/epoch_runner.hpp"
#include "race/race_cost.hpp"
#include "race/task.hpp"
#include "race/trainer.hpp"

namespace alab::race {

struct EpochRecord {  // one finished epoch of one model
  int model = 0;      // 0 GRU, 1 attention
  std::string kind;   // "gru" | "attention": the model by name
  int epoch = 0;      // 1-based
  double train_acc = 0, val_acc = 0, loss = 0;
  double seconds = 0;  // this model's compute time so far
  double wall = 0;     // since start()
};

struct ModelOutcome {
  double test_acc = 0;
  std::array<std::array<int, 2>, 2> confusion{};  // [true label][predicted]
  double seconds = 0;                      // compute time, training + evaluation
  int epochs_done = 0;
  bool completed = false;                  // every epoch trained
};

struct RaceOutcome {
  ModelOutcome gru, attention;
  double wall = 0;       // start() to the end of the test evaluation
  bool threads = false;  // trained on two threads
  bool stopped = false;
  std::vector<int> test_labels;
};

// Test examples by index (at most kMaxExamples at once: the page asks for the three it
// shows, or the one a student steps to), each with its tokens, label, both models'
// predictions and the attention model's map, computed for the batch at once.
struct ExamplesRequest {
  std::vector<int> indices;
};
struct ExampleBatch {
  int T = 0;
  std::vector<int> index, label, pred_gru, pred_attention;  // B each
  std::vector<int> tokens;   // B x T
  xt::xtensor<float, 3> A;   // B x T x T: in example b, row i is where position i looks
};
constexpr int kMaxExamples = 64;

// Ok when a race with these settings fits in budget bytes (0: no limit), else a
// refusal naming the settings that drive the size (race_cost.hpp).
Status check_race_memory(const Settings& settings, double budget);

// True when this build can train the two models on two threads.
bool race_threads_available();

// Trains both models for a few minibatches and evaluates them once, at the module's
// settings, then throws everything away; returns the seconds each part took (the
// shape of race_warm_up_work's arithmetic, race/race_cost.hpp, so that a page can
// turn any race's arithmetic into seconds part by part).
// Why: browsers start WebAssembly functions in a baseline compiler and recompile the
// hot ones with their optimizing compiler on background threads (V8's dynamic
// tiering). Without this, the student's first race pays for that: ~1 s of the race
// measured in Chromium ran baseline code while the compiler competed for the cores;
// the race's later runs were 1.6x faster. The race page calls this while it loads.
RaceWork warm_up_race_engine(int batches);

// The session contract (core/session.hpp), for one race: its two models on
// core/model_scheduler.hpp's schedule (RacePair, race/epoch_runner.hpp).
class RaceSession : public ScheduledSession<EpochRecord> {
 public:
  ~RaceSession() { halt(); }  // stops and joins a running race

  // Refuses invalid settings (validate: the schema's ranges), and settings whose race would
  // not fit in the memory budget (set_memory_budget; race_cost.hpp). A race still
  // running is stopped first. threads: train on two threads (when the build has them).
  Status start(const Settings& settings, bool threads);

  // step(budget_ms) drives the race from a caller that must stay responsive (the web
  // worker). Without threads: trains for about budget_ms milliseconds (whole
  // minibatches, at least one). With threads: the first call sets the session's threads
  // training (two: src/race/epoch_runner.hpp), later calls only look. Returns done().
  // Or: trains to the end on the calling thread (and one more with threads),
  // reporting each epoch to on_epoch too, from either thread, one call at a time.
  // For callers that have a thread to give, such as the command line.
  void run_here(const std::function<void(const EpochRecord&)>& on_epoch);

  bool threaded() const { return scheduler_.threaded(); }

  // After done(): joins the threads and evaluates both models on the test set.
  Status finish(RaceOutcome& out);

  // After finish(): test example `index`, with the attention model's weights.
  Status examples(const ExamplesRequest& in, ExampleBatch& out);

  const Settings& settings() const { return *settings_; }
  // After finish(): the trained models (0 GRU, 1 attention) and the race's data, for the
  // experiments that read a trained model (reading/race_reading.hpp).
  Trainer& trainer(int model) { return *trainers_[model]; }
  const TaskData& data() const { return *data_; }
  bool finished() const { return finished_; }
  // Bytes a race may use (0: no limit). The threaded WebAssembly build has a fixed heap.
  void set_memory_budget(double bytes) { memory_budget_ = bytes; }

 private:
  void record(int model, const EpochStats& e);

  std::unique_ptr<Settings> settings_;
  std::unique_ptr<TaskData> data_;
  std::unique_ptr<Trainer> trainers_[2];  // 0: GRU, 1: attention
  std::unique_ptr<RacePair> pair_;
  bool finished_ = false;
  double memory_budget_ = 0;
  std::mutex on_epoch_mu_;                // run_here's callback: one call at a time
  std::function<void(const EpochRecord&)> on_epoch_;
};

}  // namespace alab::race
