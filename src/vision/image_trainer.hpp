// Trains one of the image page's models on a set of images, in slices of minibatches,
// as the comments page's trainer does (comments/comment_trainer.hpp) for sequences:
// each epoch's order a Fisher-Yates shuffle from Pcg32(seed, kOrderStream), the same for
// every model; one Adam step per minibatch on the mean cross-entropy. The same settings
// give bit-identical weights however the slices are cut.
//
// Every minibatch of two or more images is computed in two fixed halves, A (the first
// ceil(n/2) images) on the model and B on a replica with the same weights (copied before
// each step), and the mean loss's gradient is (n_A g_A + n_B g_B) / n, summed in that
// order. With a work exchange (core/work_exchange.hpp) half B is offered to another
// thread, a core whose own model has finished; without one, the same halves run here in
// turn. Who computes a half never changes a bit: the numbers are the same with threads
// and without. Evaluating two sets at once (predict_pair) splits the same way.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/epoch_order.hpp"
#include "core/work_exchange.hpp"
#include "nn/adam.hpp"
#include "nn/image_classifier.hpp"
#include "nn/train_step.hpp"
#include "rng/pcg32.hpp"
#include "vision/shape_task.hpp"

namespace alab::vision {

class ImageTrainer {
 public:
  // train must outlive the trainer.
  ImageTrainer(std::unique_ptr<nn::ImageClassifier<float>> model, const ImageSet& train, int batch, double lr,
               std::uint64_t seed);

  // Up to max_batches minibatches of this epoch; true when the epoch has none left.
  bool train_some(int max_batches, const std::atomic<bool>* stop = nullptr);
  double end_epoch();  // the epoch's mean loss; the next epoch's order is drawn
  int epochs_done() const { return epochs_.epochs_done(); }

  // The class predicted for every image of a set, and the share right.
  std::vector<int> predict(const ImageSet& set);
  double accuracy(const ImageSet& set);
  // Two sets' predictions: a on the model, b on the replica (offered to the exchange).
  void predict_pair(const ImageSet& a, const ImageSet& b, std::vector<int>& pa, std::vector<int>& pb);
  nn::ImageClassifier<float>& model() { return *model_; }

  // Where half B of each minibatch is offered (nullptr: run here); set before training.
  void set_exchange(WorkExchange* exchange) { exchange_ = exchange; }

 private:
  void sync_replica();
  static std::vector<int> predict_with(nn::ImageClassifier<float>& model, const ImageSet& set, MatF& logits);
  std::unique_ptr<nn::ImageClassifier<float>> model_, replica_;
  WorkExchange* exchange_ = nullptr;
  const ImageSet& train_;
  nn::Adam<float> adam_;
  EpochOrder epochs_;
  std::vector<int> batch_labels_;
  std::vector<float> batch_pixels_;
  MatF logits_, replica_logits_;  // evaluation's
  nn::StepScratch half_[2];        // training's, per half
};

}  // namespace alab::vision
