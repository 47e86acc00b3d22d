// Both models of the race, epoch by epoch, to the end or until stopped, on
// core/model_scheduler.hpp's schedule: RacePair is the race's slice of work.
//
// With threads, on two: each model on a thread of its own (run_pair: model 0 on the
// calling thread). Each epoch's evaluation (the whole training and validation sets,
// ~30 % of the GRU's arithmetic) runs on the weights' snapshot (Trainer::close_epoch)
// while the next epoch trains, and it is shared work, offered on the scheduler's
// exchange: between its minibatch slices a thread evaluates the other model's closed
// epoch if that model is not ahead of its own. At the module's settings the attention
// model trains ~4x faster than the GRU, so
//
//   GRU thread:   train e | close e | train e+1 | close e+1 | train e+2 ...
//   attn thread:  attn slices | evaluate GRU e | attn slices | ... | evaluate GRU e+1 ...
//
// and the GRU, the critical path, keeps a core to itself. A thread whose model is done
// serves the other's evaluations until that one is done too. Two threads, not a helper
// per model: on a 2-core machine more threads only take turns on the GRU's core, and
// under Emscripten each thread is a web worker that must exist before the race.
// An evaluation nobody took is run by its own thread when it needs the snapshot again.
//
// Without threads (or threads = false), the models take turns epoch by epoch, each
// evaluation in line (InLineRunner, which a caller may also drive in slices of its own:
// the single-thread web worker between its messages, the seed sweep). The curves are
// bit-identical either way: an evaluation reads only its snapshot, and each trainer has
// its own seeded streams.
#pragma once

#include <array>
#include <atomic>
#include <functional>

#include "core/model_scheduler.hpp"
#include "race/trainer.hpp"

namespace alab::race {

// model: 0 or 1, as passed to run_pair. Per model, epochs arrive in order, from the
// thread that trains it.
using EpochReport = std::function<void(int model, const EpochStats&)>;

// Minibatches per Trainer::train_some call in the runners. It does not bound how soon
// a stop takes effect (train_some checks the flag before every minibatch), only how
// long one call holds the loop, and so how soon a waiting evaluation is picked up.
constexpr int kTrainSlice = 16;

// The two models as a ModelScheduler's work. A slice trains up to `slice` minibatches of
// one model; when its epoch ends there it is closed, evaluated, recorded in the trainer's
// history and reported (an evaluation a stop cut short is neither). In turns the
// evaluation follows at once; on threads it is offered (see above) and recorded when the
// model's next epoch closes, or when its thread retires. A stop of either trainer ends both.
class RacePair {
 public:
  RacePair(Trainer& model0, Trainer& model1, EpochReport report);
  RacePair(const RacePair&) = delete;
  RacePair& operator=(const RacePair&) = delete;
  // The work for `scheduler` (it must outlive the run; on threads, its exchange is used).
  ModelSlices work(ModelScheduler& scheduler);
  std::array<bool, 2> completed() const;  // per model: every epoch recorded
  int slice = kTrainSlice;                // minibatches a slice

 private:
  bool stopped() const { return t_[0]->stop_requested() || t_[1]->stop_requested(); }
  bool advance(int m);
  void help(int m);    // threads, between slices: the other model's offered evaluation
  void settle(int m);  // threads: m's offered evaluation done; recorded and reported

  Trainer* t_[2];
  EpochReport report_;
  ModelScheduler* scheduler_ = nullptr;
  EpochStats pending_[2];        // threads: each model's closed epoch being evaluated
  bool has_pending_[2] = {false, false};
  Job evaluations_[2];
  std::atomic<int> closed_[2] = {{0}, {0}};  // epochs closed, for the help rule
};

// The one-thread schedule, in steps: the model whose turn it is trains up to
// max_batches minibatches; when its epoch ends it is evaluated, reported, and the
// turn passes to the other model if that one still has epochs.
class InLineRunner {
 public:
  InLineRunner(Trainer& model0, Trainer& model1);
  // Returns true when the race is over: both models finished, or a stop requested.
  bool step(int max_batches, const EpochReport& report);
  bool over() const;
  std::array<bool, 2> completed() const;  // per model: every epoch done

 private:
  const EpochReport* report_ = nullptr;  // step()'s, while it runs
  RacePair pair_;
  ModelScheduler turns_;
};

// Trains both trainers until each has all its epochs or is stopped (its stop flag,
// checked before every minibatch). Returns, per model, whether every epoch finished.
// threads: use a second thread (ignored in builds without threads).
std::array<bool, 2> run_pair(Trainer& model0, Trainer& model1, bool threads,
                             const EpochReport& report);

}  // namespace alab::race
