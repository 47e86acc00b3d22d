// Trains one of the comments page's models (the attention classifier or the
// bag-of-words baseline) on a comment corpus, in slices of minibatches, as the race's
// trainer does (race/trainer.hpp) but without the race's replay of the module's
// random numbers: each epoch's order is a Fisher-Yates shuffle from Pcg32(seed,
// kOrderStream), the same for both models. One Adam step per minibatch on the mean
// cross-entropy; the same settings give bit-identical weights however it is sliced.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/epoch_order.hpp"
#include "nn/adam.hpp"
#include "nn/classifier.hpp"
#include "nn/train_step.hpp"
#include "race/task.hpp"
#include "rng/pcg32.hpp"

namespace alab::comments {

class CommentTrainer {
 public:
  // train must outlive the trainer.
  CommentTrainer(std::unique_ptr<nn::SequenceClassifier<float>> model, const race::Dataset& train, int batch,
                 double lr, std::uint64_t seed);

  // Up to max_batches minibatches of this epoch; true when the epoch has none left.
  // Returns early, nothing half-done, when *stop is set.
  bool train_some(int max_batches, const std::atomic<bool>* stop = nullptr);
  // The epoch's mean training loss; the next epoch's order is drawn.
  double end_epoch();
  int epochs_done() const { return epochs_.epochs_done(); }

  // Probability of class 1 (hostile) for every sequence of a set, in chunks.
  std::vector<double> probabilities(const race::Dataset& set);
  nn::SequenceClassifier<float>& model() { return *model_; }
  const nn::SequenceClassifier<float>& model() const { return *model_; }

 private:
  std::unique_ptr<nn::SequenceClassifier<float>> model_;
  const race::Dataset& train_;
  nn::Adam<float> adam_;
  EpochOrder epochs_;
  std::vector<int> batch_tokens_, batch_labels_;
  MatF logits_;             // evaluation's
  nn::StepScratch step_;    // training's
};

// P(class 1) from a row of two logits: 1 / (1 + exp(l0 - l1)).
double hostile_probability(float l0, float l1);

}  // namespace alab::comments
