// Both models of the race, epoch by epoch, to the end or until stopped.
//
// With threads, on two: the calling thread trains model 0 and a std::thread trains
// model 1. Each epoch's evaluation (the whole training and validation sets, ~30 % of
// the GRU's arithmetic) runs on the weights' snapshot (Trainer::close_epoch) while the
// next epoch trains, and it is shared work: between its minibatch slices a thread
// evaluates the other model's closed epoch if that model is not ahead of its own.
// At the module's settings the attention model trains ~4x faster than the GRU, so
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
// Without threads (or threads = false), one thread alternates the models epoch by
// epoch, each evaluation in line (InLineRunner, which a caller may also drive in
// slices of its own: the single-thread web worker between its messages). The curves are bit-identical either way: an
// evaluation reads only its snapshot, and each trainer has its own seeded streams.
#pragma once

#include <array>
#include <functional>

#include "race/trainer.hpp"

namespace alab::race {

// model: 0 or 1, as passed to run_pair. Per model, epochs arrive in order, from the
// thread that trains it.
using EpochReport = std::function<void(int model, const EpochStats&)>;

// Minibatches per Trainer::train_some call in the runners. It does not bound how soon
// a stop takes effect (train_some checks the flag before every minibatch), only how
// long one call holds the loop, and so how soon a waiting evaluation is picked up.
constexpr int kTrainSlice = 16;

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
  Trainer* t_[2];
  int turn_ = 0;
};

// Trains both trainers until each has all its epochs or is stopped (its stop flag,
// checked before every minibatch). Returns, per model, whether every epoch finished.
// threads: use a second thread (ignored in builds without threads).
std::array<bool, 2> run_pair(Trainer& model0, Trainer& model1, bool threads,
                             const EpochReport& report);

}  // namespace alab::race
