// A trainer's remaining epochs, each reported when its evaluation is done, with the
// evaluation optionally overlapped with the next epoch's training:
//
//   thread A:  train e | close e | train e+1            | close e+1 | train e+2 ...
//   helper:                      | evaluate e (snapshot) |           | evaluate e+1 ...
//
// Per epoch the module evaluates the whole training and validation sets, ~30 % of the
// GRU's arithmetic; on a spare core that work leaves the critical path. The curves
// are bit-identical with and without overlap (Trainer::close_epoch takes a snapshot).
#pragma once

#include <functional>

#include "train/trainer.hpp"

namespace alab::train {

using EpochReport = std::function<void(const EpochStats&)>;

// Minibatches per Trainer::train_some call in the runners. It does not bound how soon
// a stop takes effect (train_some checks the flag before every minibatch), only how
// long one call holds the loop.
constexpr int kTrainSlice = 16;

// Trains until the trainer has all its epochs or is stopped (its stop flag, checked
// before every minibatch); calls report once per finished epoch, in order, from the
// calling thread. overlap: evaluate on a helper std::thread (ignored in builds
// without threads). Returns true when every epoch finished.
bool run_epochs(Trainer& trainer, bool overlap, const EpochReport& report);

}  // namespace alab::train
