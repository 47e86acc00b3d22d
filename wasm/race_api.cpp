// The training race behind the web worker (worked example 2): a thin layer over
// src/train. One race at a time lives here as a session.
//
// Threaded build: lab_race_start spawns one std::thread that runs the race on two
// threads, its own and one more (src/train/epoch_runner.hpp); they train to the end
// (or until lab_race_stop) while the worker's JS polls for finished epochs with
// lab_race_poll, so the worker stays free to receive "stop".
// Single-thread build: the worker calls lab_race_step(n) in short slices; the
// models take turns epoch by epoch, so both curves grow together.
// Either way the curves are the same: each model has its own seeded streams.
#include <emscripten/emscripten.h>

#include <malloc.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "train/epoch_runner.hpp"
#include "train/race.hpp"
#include "train/trainer.hpp"

using namespace alab;
using namespace alab::train;

int lab_refuse(const std::string& why);  // lab_api.cpp

namespace {

using Clock = std::chrono::steady_clock;

struct Epoch {  // one finished epoch, as the worker reads it (7 doubles)
  double model, epoch, train_acc, val_acc, loss, seconds, wall;
};

struct Session {
  Settings settings;
  TaskData data;
  std::unique_ptr<Trainer> trainers[2];  // 0: GRU, 1: attention
  std::atomic<bool> stop{false};
  std::atomic<bool> running{false};      // the race's threads still training
  std::thread runner;
  bool threaded = false;
  int turn = 0;                          // single-thread: whose epoch is next
  Clock::time_point t0;
  std::mutex mu;
  std::vector<Epoch> pending;            // finished epochs not yet polled

  void record(int m, const EpochStats& e) {
    const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    std::lock_guard<std::mutex> lock(mu);
    pending.push_back({double(m), double(e.epoch), e.train_acc, e.val_acc, e.loss, e.seconds, wall});
  }
  bool finished(int m) const { return trainers[m]->finished() || stop.load(); }
};

std::unique_ptr<Session> g_race;

void join_threads(Session& s) {
  if (s.runner.joinable()) s.runner.join();
}

// Both models on two threads, this one and one more (src/train/epoch_runner.hpp).
void train_to_end(Session* s) {
  run_pair(*s->trainers[0], *s->trainers[1], /*threads=*/true,
           [s](int m, const EpochStats& e) { s->record(m, e); });
  s->running = false;
}

}  // namespace

extern "C" {

// Settings as the page sends them; returns 0, or 1 with lab_last_error() naming
// the bad setting. threads: 1 to train both models at once (threaded build only).
EMSCRIPTEN_KEEPALIVE int lab_race_start(int T, int epochs, double lr, double seed, int batch,
                                        int hidden, int d_model, int mean_pooling, int positional,
                                        int threads) {
  if (g_race) {
    g_race->stop = true;
    join_threads(*g_race);
    g_race.reset();
  }
  Settings s;
  s.seq_len = T;
  s.epochs = epochs;
  s.lr = lr;
  if (!(seed >= 0 && seed <= 4294967295.0 && seed == static_cast<double>(static_cast<long long>(seed))))
    return lab_refuse("seed must be a whole number from 0 to 4294967295");
  s.seed = static_cast<std::uint64_t>(seed);
  s.batch = batch;
  s.hidden = hidden;
  s.d_model = d_model;
  s.pooling = mean_pooling ? nn::Pooling::mean : nn::Pooling::last;
  s.positional = positional != 0;
  if (Status st = validate(s); !st) return lab_refuse(st.message);

  auto race = std::make_unique<Session>();
  race->settings = s;
  race->data = make_task(s);
  race->trainers[0] = std::make_unique<Trainer>(ModelKind::gru, s, race->data);
  race->trainers[1] = std::make_unique<Trainer>(ModelKind::attention, s, race->data);
  for (auto& t : race->trainers) t->set_stop_flag(&race->stop);
  race->t0 = Clock::now();
  race->threaded = threads != 0 && race_threads_available();
  if (race->threaded) {
    race->running = true;
    race->runner = std::thread(train_to_end, race.get());
  }
  g_race = std::move(race);
  return 0;
}

// Single-thread mode: up to max_batches minibatches of the model whose turn it is.
// Returns 1 when the race is over (both finished, or stopped), else 0.
EMSCRIPTEN_KEEPALIVE int lab_race_step(int max_batches) {
  Session* s = g_race.get();
  if (!s || s->threaded) return 1;
  if (s->finished(0) && s->finished(1)) return 1;
  if (s->finished(s->turn)) s->turn = 1 - s->turn;
  Trainer& t = *s->trainers[s->turn];
  if (t.train_some(max_batches)) {
    s->record(s->turn, t.end_epoch());
    if (!s->finished(1 - s->turn)) s->turn = 1 - s->turn;
  }
  return s->finished(0) && s->finished(1) ? 1 : 0;
}

// Trains both models for a few minibatches and evaluates them once (training and
// validation sets), at the module's settings, then throws everything away; returns
// the seconds it took.
// Why: browsers start WebAssembly functions in a baseline compiler and recompile the
// hot ones with their optimizing compiler on background threads (V8's dynamic
// tiering). Without this, the student's first race pays for that: ~1 s of the race
// measured in Chromium ran baseline code while the compiler competed for the cores;
// the race's later runs were 1.6x faster. The race page calls this while it loads.
EMSCRIPTEN_KEEPALIVE double lab_race_warm_up(int batches) {
  const auto t0 = Clock::now();
  const Settings s;  // the module's settings
  const TaskData data = make_task(s);
  for (ModelKind kind : {ModelKind::gru, ModelKind::attention}) {
    Trainer t(kind, s, data);
    t.train_some(batches);
    EpochStats e = t.close_epoch();
    t.evaluate_closed(e);
  }
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// 1 when no model is training any more.
EMSCRIPTEN_KEEPALIVE int lab_race_done() {
  Session* s = g_race.get();
  if (!s) return 1;
  if (s->threaded) return s->running.load() ? 0 : 1;
  return s->finished(0) && s->finished(1) ? 1 : 0;
}

// Copies up to max finished epochs (7 doubles each: model 0/1, epoch, train acc,
// val acc, loss, model seconds, wall seconds) to out; returns how many.
EMSCRIPTEN_KEEPALIVE int lab_race_poll(double* out, int max) {
  Session* s = g_race.get();
  if (!s) return 0;
  std::lock_guard<std::mutex> lock(s->mu);
  const int n = std::min<int>(max, static_cast<int>(s->pending.size()));
  for (int i = 0; i < n; ++i) {
    const Epoch& e = s->pending[i];
    const double v[7] = {e.model, e.epoch, e.train_acc, e.val_acc, e.loss, e.seconds, e.wall};
    std::copy(v, v + 7, out + 7 * i);
  }
  s->pending.erase(s->pending.begin(), s->pending.begin() + n);
  return n;
}

EMSCRIPTEN_KEEPALIVE void lab_race_stop() {
  if (g_race) g_race->stop = true;
}

// After lab_race_done: joins the threads and evaluates both models on the test set.
// out (15 doubles), per model (GRU then attention): accuracy, confusion[0][0],
// [0][1], [1][0], [1][1], seconds, epochs done; then wall seconds.
EMSCRIPTEN_KEEPALIVE int lab_race_finish(double* out) {
  Session* s = g_race.get();
  if (!s) return lab_refuse("no race has been started");
  join_threads(*s);
  for (int m = 0; m < 2; ++m) {
    Trainer& t = *s->trainers[m];
    const Evaluation e = t.test();
    const double v[7] = {e.accuracy, double(e.confusion[0][0]), double(e.confusion[0][1]),
                         double(e.confusion[1][0]), double(e.confusion[1][1]), t.seconds(),
                         double(t.history().size())};
    std::copy(v, v + 7, out + 7 * m);
  }
  out[14] = std::chrono::duration<double>(Clock::now() - s->t0).count();
  return 0;
}

EMSCRIPTEN_KEEPALIVE int lab_race_test_count() { return g_race ? g_race->data.test.n : 0; }

EMSCRIPTEN_KEEPALIVE int lab_race_seq_len() { return g_race ? g_race->settings.seq_len : 0; }

// Labels of the test set (lab_race_test_count() ints).
EMSCRIPTEN_KEEPALIVE void lab_race_test_labels(int* out) {
  if (g_race) std::copy(g_race->data.test.labels.begin(), g_race->data.test.labels.end(), out);
}

// One test example: its T tokens, the attention model's T x T weights A, and
// [label, GRU prediction, attention prediction] in info.
EMSCRIPTEN_KEEPALIVE int lab_race_example(int index, int* tokens, float* A, int* info) {
  Session* s = g_race.get();
  if (!s || s->running.load()) return lab_refuse("the race is not finished");
  const Dataset& test = s->data.test;
  if (index < 0 || index >= test.n) return lab_refuse("no such test example");
  const int T = s->settings.seq_len;
  const int* seq = test.sequence(index);
  std::copy(seq, seq + T, tokens);
  MatF weights;
  s->trainers[1]->attention_weights(seq, weights);
  std::copy(weights.data(), weights.data() + T * T, A);
  info[0] = test.labels[index];
  for (int m = 0; m < 2; ++m) {
    MatF logits;
    s->trainers[m]->model().forward(seq, 1, logits);
    info[1 + m] = logits(0, 1) > logits(0, 0) ? 1 : 0;
  }
  return 0;
}

EMSCRIPTEN_KEEPALIVE void lab_race_free() {
  if (!g_race) return;
  g_race->stop = true;
  join_threads(*g_race);
  g_race.reset();
}

// Bytes of the module's heap in use (for the memory test of repeated races).
EMSCRIPTEN_KEEPALIVE int lab_heap_used() { return static_cast<int>(mallinfo().uordblks); }

}  // extern "C"
