// Trains one of the image page's models on a set of images, in slices of minibatches,
// as the comments page's trainer does (comments/comment_trainer.hpp) for sequences:
// each epoch's order a Fisher-Yates shuffle from Pcg32(seed, kOrderStream), the same for
// every model; one Adam step per minibatch on the mean cross-entropy. The same settings
// give bit-identical weights however the slices are cut.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

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
  int epochs_done() const { return epochs_done_; }

  // The class predicted for every image of a set, and the share right.
  std::vector<int> predict(const ImageSet& set);
  double accuracy(const ImageSet& set);
  nn::ImageClassifier<float>& model() { return *model_; }

 private:
  void start_epoch();
  std::unique_ptr<nn::ImageClassifier<float>> model_;
  const ImageSet& train_;
  int batch_;
  nn::Adam<float> adam_;
  rng::Pcg32 order_rng_;
  std::vector<int> order_, batch_labels_;
  std::vector<float> batch_pixels_;
  int next_batch_ = 0, epochs_done_ = 0;
  double loss_sum_ = 0;
  MatF logits_;             // evaluation's
  nn::StepScratch step_;    // training's
};

}  // namespace alab::vision
