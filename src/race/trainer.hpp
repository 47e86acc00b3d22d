// Trains one model on the task, in slices, so a caller can interleave models,
// stay responsive (a web worker between slices), or stop within one minibatch.
//
//   Trainer t(ModelKind::attention, settings, data);
//   while (!t.finished()) {
//     while (!t.train_some(8)) { /* handle messages, check for stop */ }
//     EpochStats e = t.end_epoch();   // accuracy on the full train and val sets
//   }
//   Evaluation r = t.test();          // test accuracy + confusion matrix
//
// end_epoch() also comes in three parts, so that an epoch's evaluation can run on
// another thread while the next epoch trains (race/epoch_runner.hpp):
//   EpochStats e = t.close_epoch();   // loss; the weights copied to a snapshot model
//   t.evaluate_closed(e);             // any thread: the snapshot's train/val accuracy
//   t.record(e);                      // after evaluate_closed returned: into the history
// The numbers are the same either way: the evaluation reads only the snapshot.
//
// An epoch = the training set in a new random order, cut into minibatches of
// settings.batch (the last may be smaller, as DataLoader's); one Adam step per
// minibatch on the mean cross-entropy. Same settings and seed => bit-identical
// history, however the slices are cut and whatever else runs at the same time.
//
// Initial weights and every epoch's order are the module's for the same seed: each
// trainer replays the module's global torch generator (rng/torch_rng.hpp) from
// torch.manual_seed(seed) on its own copy: GRUClassifier() then TinySelfAttn() are
// constructed, then the GRU trains all its epochs, then the attention model. Per
// epoch, torch 1.13 draws from that generator (one int64 each):
//   for xb, yb in tr_loader     the DataLoader iterator's base seed, then RandomSampler's
//                               seed for a fresh generator whose randperm(n) is the order
//   evaluate(model, tr_loader)  the same two draws (the order is not used)
//   evaluate(model, va_loader)  the iterator's base seed (SequentialSampler draws nothing)
// The attention trainer skips the GRU's draws, so both can train at once.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "nn/adam.hpp"
#include "nn/classifier.hpp"
#include "rng/torch_rng.hpp"
#include "race/settings.hpp"
#include "race/task.hpp"

namespace alab::race {

struct EpochStats {
  int epoch = 0;          // 1-based
  double train_acc = 0;   // on the whole training set, after the epoch (NaN when not evaluated)
  double val_acc = 0;
  double loss = 0;        // mean training cross-entropy over the epoch's minibatches
  double seconds = 0;     // this model's compute time so far (training + evaluation)
  bool complete = true;   // false: its evaluation was stopped part-way; not a real epoch
};

struct Evaluation {
  bool complete = true;   // false: stopped part-way (evaluate_closed only)
  double accuracy = 0;
  long confusion[2][2] = {{0, 0}, {0, 0}};  // [true label][predicted label]
};

class Trainer {
 public:
  // settings must be valid (validate) and data made from them; data must outlive the trainer.
  Trainer(ModelKind kind, const Settings& settings, const TaskData& data);

  // Trains up to max_batches minibatches of the current epoch. Returns true when
  // the epoch has no batches left (then call end_epoch). Returns false early, with
  // nothing half-done, when the stop flag is set.
  bool train_some(int max_batches);
  EpochStats end_epoch();
  bool finished() const { return static_cast<int>(history_.size()) >= settings_.epochs; }

  EpochStats close_epoch();
  // Touches only the snapshot model and its own buffers, so it may run while the next
  // epoch trains; one at a time, and before the next close_epoch. Stops between its
  // chunks when the stop flag is set (then e is incomplete: do not record it), so a
  // stop never waits for a whole evaluation of a large model.
  void evaluate_closed(EpochStats& e);
  void record(EpochStats& e);
  bool training_finished() const { return epochs_closed_ >= settings_.epochs; }

  // Whether each epoch's evaluation covers the training set too (the default) or the
  // validation set only: a seed sweep shows validation curves and test accuracies, and
  // the training set is most of an evaluation's arithmetic. Training is unaffected.
  void set_train_evaluation(bool on) { evaluate_train_ = on; }

  // Checked before every minibatch; may be null. pause (with threads only): waited on
  // before each train_some, outside its timing, so seconds() stays training time.
  void set_stop_flag(const std::atomic<bool>* stop, const std::atomic<bool>* pause = nullptr) {
    stop_ = stop;
    pause_ = pause;
  }
  bool stop_requested() const { return stop_ && stop_->load(std::memory_order_relaxed); }

  Evaluation evaluate(const Dataset& set);
  Evaluation test() { return evaluate(data_.test); }

  // The class the model predicts for one sequence (tokens: T ids), by the rule the
  // evaluations use (nn::predict_row).
  int predict(const int* tokens);

  // Attention maps (B, T, T) of B sequences (tokens: B x T ids); false for the GRU,
  // which has none.
  bool attention_maps(const int* tokens, int B, xt::xtensor<float, 3>& A) const;

  ModelKind kind() const { return kind_; }
  const std::vector<EpochStats>& history() const { return history_; }
  int batches_per_epoch() const { return (settings_.n_train + settings_.batch - 1) / settings_.batch; }
  int batches_done_this_epoch() const { return next_batch_; }
  // This epoch's order of the training set (indices into data.train), as the module's DataLoader.
  const std::vector<int>& epoch_order() const { return order_; }
  double seconds() const { return seconds_; }
  nn::SequenceClassifier<float>& model() { return *model_; }
  const nn::SequenceClassifier<float>& model() const { return *model_; }

 private:
  void train_batch(int first, int count);
  void start_epoch();        // the training loop's draws and this epoch's order
  void skip_evaluation_draws();
  // stoppable: give up between chunks when the stop flag is set (Evaluation::complete false).
  Evaluation evaluate_with(nn::SequenceClassifier<float>& model, MatF& logits, const Dataset& set,
                           bool stoppable = false) const;

  ModelKind kind_;
  Settings settings_;
  const TaskData& data_;
  std::unique_ptr<nn::SequenceClassifier<float>> model_;
  std::unique_ptr<nn::SequenceClassifier<float>> snapshot_;  // model_'s weights at close_epoch
  std::unique_ptr<nn::Adam<float>> adam_;
  rng::TorchGenerator torch_;  // this trainer's replay of the module's global generator
  const std::atomic<bool>* stop_ = nullptr;
  const std::atomic<bool>* pause_ = nullptr;

  std::vector<int> order_;  // this epoch's permutation of the training set
  int next_batch_ = 0;
  double loss_sum_ = 0;     // sum over examples of the batch-mean loss * batch size
  double seconds_ = 0;
  double eval_seconds_ = 0;  // of the last evaluate_closed, added to seconds_ by record
  int epochs_closed_ = 0;
  bool evaluate_train_ = true;
  std::vector<EpochStats> history_;

  std::vector<int> batch_tokens_, batch_labels_;
  MatF logits_, probs_, dlogits_;
  MatF snapshot_logits_;
};

}  // namespace alab::race
