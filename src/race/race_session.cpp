#include "race/race_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "core/tensor.hpp"
#include "race/race_cost.hpp"


namespace alab::race {
namespace {

void outcome_of(Trainer& t, ModelOutcome& m) {
  const Evaluation e = t.test();
  m.test_acc = e.accuracy;
  for (int y = 0; y < 2; ++y)
    for (int p = 0; p < 2; ++p) m.confusion[y][p] = static_cast<int>(e.confusion[y][p]);
  m.seconds = t.seconds();
  m.epochs_done = static_cast<int>(t.history().size());
  m.completed = t.finished();
}

}  // namespace

Status check_race_memory(const Settings& settings, double budget) {
  const double need = race_memory_bytes(settings);
  if (budget <= 0 || need <= budget) return Status::success();
  const auto mb = [](double b) { return std::to_string(static_cast<long>(std::ceil(b / (1 << 20)))); };
  return Status::error("These settings need about " + mb(need) + " MB of memory, more than the " + mb(budget) +
                       " MB this page's engine has: lower the batch size (" + std::to_string(settings.batch) + "), T (" +
                       std::to_string(settings.T) + ") or the GRU hidden size (" + std::to_string(settings.hidden) + ")");
}

bool race_threads_available() { return threads_available(); }

RaceWork warm_up_race_engine(int batches) {
  const Settings s;  // the module's settings
  const TaskData data = make_task(s);
  RaceWork seconds;
  for (ModelKind kind : {ModelKind::gru, ModelKind::attention}) {
    ModelWork& part = kind == ModelKind::gru ? seconds.gru : seconds.attention;
    Trainer t(kind, s, data);
    const double t0 = steady_seconds();
    t.train_some(batches);
    const double t1 = steady_seconds();
    EpochStats e = t.close_epoch();
    t.evaluate_closed(e);
    part = {t1 - t0, steady_seconds() - t1};
  }
  return seconds;
}

Status RaceSession::start(const Settings& settings, bool threads) {
  halt();
  if (Status st = validate(settings); !st) return st;
  if (Status st = check_race_memory(settings, memory_budget_); !st) return st;
  settings_ = std::make_unique<Settings>(settings);
  data_ = std::make_unique<TaskData>(make_task(settings));
  trainers_[0] = std::make_unique<Trainer>(ModelKind::gru, settings, *data_);
  trainers_[1] = std::make_unique<Trainer>(ModelKind::attention, settings, *data_);
  begin();
  for (auto& t : trainers_) t->set_stop_flag(&stop_, &pause_);
  pair_ = std::make_unique<RacePair>(*trainers_[0], *trainers_[1], [this](int m, const EpochStats& e) { record(m, e); });
  pair_->slice = 1;  // in turns, step() looks at the clock after every minibatch
  schedule(pair_->work(scheduler_), threads);  // threads start at the first step() or run_here()
  finished_ = false;
  on_epoch_ = nullptr;
  return Status::success();
}

void RaceSession::record(int model, const EpochStats& e) {
  const EpochRecord r{model, model == 0 ? "gru" : "attention", e.epoch, e.train_acc, e.val_acc, e.loss, e.seconds, elapsed()};
  publish(r);
  const std::lock_guard<std::mutex> lock(on_epoch_mu_);
  if (on_epoch_) on_epoch_(r);
}

void RaceSession::run_here(const std::function<void(const EpochRecord&)>& on_epoch) {
  if (!pair_ || done()) return;
  on_epoch_ = on_epoch;
  scheduler_.run_here();
  on_epoch_ = nullptr;
}

Status RaceSession::finish(RaceOutcome& out) {
  if (!trainers_[0]) return Status::error("no race has been started");
  if (!done()) return Status::error("the race is still running");
  scheduler_.join();
  RaceOutcome r;
  outcome_of(*trainers_[0], r.gru);
  outcome_of(*trainers_[1], r.attention);
  r.threads = scheduler_.threaded();
  r.stopped = !(r.gru.completed && r.attention.completed);
  r.test_labels = data_->test.labels;
  r.wall = elapsed();
  finished_ = true;
  out = std::move(r);
  return Status::success();
}

Status RaceSession::examples(const ExamplesRequest& in, ExampleBatch& out) {
  if (!finished_) return Status::error("the race is not finished");
  const Dataset& test = data_->test;
  const int B = static_cast<int>(in.indices.size()), T = settings_->T;
  if (B < 1 || B > kMaxExamples) return Status::error("ask for 1 to " + std::to_string(kMaxExamples) + " test examples at a time");
  ExampleBatch batch;
  batch.T = T;
  for (int index : in.indices) {
    if (index < 0 || index >= test.n())
      return Status::error("no test example " + std::to_string(index + 1) + ": the test set has " + std::to_string(test.n()));
    const int* seq = test.sequence(index);
    batch.index.push_back(index);
    batch.tokens.insert(batch.tokens.end(), seq, seq + T);
    batch.label.push_back(test.labels[index]);
    batch.pred_gru.push_back(trainers_[0]->predict(seq));
    batch.pred_attention.push_back(trainers_[1]->predict(seq));
  }
  trainers_[1]->attention_maps(batch.tokens.data(), B, batch.A);
  out = std::move(batch);
  return Status::success();
}

}  // namespace alab::race
