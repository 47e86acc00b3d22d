#include "race/epoch_runner.hpp"

#include <utility>

namespace alab::race {

RacePair::RacePair(Trainer& model0, Trainer& model1, EpochReport report)
    : t_{&model0, &model1}, report_(std::move(report)) {
  for (int m = 0; m < 2; ++m) evaluations_[m].work = [this, m] { t_[m]->evaluate_closed(pending_[m]); };
}

ModelSlices RacePair::work(ModelScheduler& scheduler) {
  scheduler_ = &scheduler;
  ModelSlices w;
  w.models = 2;
  w.advance = [this](int m) { return advance(m); };
  w.finished = [this](int m) { return t_[m]->training_finished() || stopped(); };
  w.retire = [this](int m) { settle(m); };
  return w;
}

std::array<bool, 2> RacePair::completed() const { return {t_[0]->finished(), t_[1]->finished()}; }

bool RacePair::advance(int m) {
  const bool threads = scheduler_->threaded();
  if (threads) help(m);
  Trainer& t = *t_[m];
  if (!t.train_some(threads ? kTrainSlice : slice) || t.stop_requested()) return false;
  if (!threads) {
    EpochStats e = t.close_epoch();
    t.evaluate_closed(e);
    if (!e.complete) return true;  // stopped during the evaluation: not an epoch to report
    t.record(e);
    report_(m, e);
    return true;
  }
  settle(m);  // the snapshot is free again
  pending_[m] = t.close_epoch();
  has_pending_[m] = true;
  ++closed_[m];
  scheduler_->exchange().offer(evaluations_[m]);
  return true;
}

void RacePair::help(int m) {
  const int o = 1 - m;
  if (closed_[o].load() <= closed_[m].load()) scheduler_->exchange().run_if_untaken(evaluations_[o]);
}

void RacePair::settle(int m) {
  if (!has_pending_[m]) return;
  scheduler_->exchange().finish(evaluations_[m]);
  has_pending_[m] = false;
  EpochStats& e = pending_[m];
  if (!e.complete) return;  // its evaluation was stopped part-way: not an epoch to report
  t_[m]->record(e);
  report_(m, e);
}

InLineRunner::InLineRunner(Trainer& model0, Trainer& model1)
    : pair_(model0, model1, [this](int m, const EpochStats& e) { (*report_)(m, e); }) {
  turns_.start(pair_.work(turns_), /*threads=*/false);
}

bool InLineRunner::step(int max_batches, const EpochReport& report) {
  pair_.slice = max_batches;
  report_ = &report;
  const bool over = turns_.turn();
  report_ = nullptr;
  return over;
}

bool InLineRunner::over() const { return turns_.done(); }

std::array<bool, 2> InLineRunner::completed() const { return pair_.completed(); }

std::array<bool, 2> run_pair(Trainer& model0, Trainer& model1, bool threads, const EpochReport& report) {
  RacePair pair(model0, model1, report);
  ModelScheduler scheduler;
  scheduler.start(pair.work(scheduler), threads);
  scheduler.run_here();
  return pair.completed();
}

}  // namespace alab::race
