#include "vision/image_trainer.hpp"

#include <algorithm>

#include "nn/cross_entropy.hpp"
#include "nn/train_step.hpp"

namespace alab::vision {
namespace {
constexpr std::uint64_t kOrderStream = 17;  // apart from the task's streams (shape_task.cpp)
constexpr int kEvalChunk = 256;
}  // namespace

ImageTrainer::ImageTrainer(std::unique_ptr<nn::ImageClassifier<float>> model, const ImageSet& train, int batch,
                           double lr, std::uint64_t seed)
    : model_(std::move(model)), replica_(model_->clone()), train_(train), adam_(model_->params(), lr),
      epochs_(train.n(), batch, seed, kOrderStream) {}

bool ImageTrainer::train_some(int max_batches, const std::atomic<bool>* stop) {
  const int px = train_.side * train_.side;
  for (int k = 0; k < max_batches && !epochs_.over(); ++k) {
    if (stop && stop->load(std::memory_order_relaxed)) break;
    const EpochOrder::Minibatch b = epochs_.next();
    const int count = b.count;
    epochs_.gather(b, train_.pixels.data(), px, train_.labels, batch_pixels_, batch_labels_);
    double loss = 0;
    if (count < 2) {
      loss = nn::train_step(*model_, batch_pixels_.data(), batch_labels_.data(), count, adam_, half_[0]);
    } else {
      const int na = (count + 1) / 2, nb = count - na;
      sync_replica();
      float loss_b = 0;
      Job half_b{[&] {
        loss_b = nn::loss_and_gradients(*replica_, batch_pixels_.data() + static_cast<std::ptrdiff_t>(na) * px,
                                        batch_labels_.data() + na, nb, half_[1]);
      }};
      if (exchange_) exchange_->offer(half_b);
      const float loss_a = nn::loss_and_gradients(*model_, batch_pixels_.data(), batch_labels_.data(), na, half_[0]);
      if (exchange_) exchange_->finish(half_b);
      else half_b.work();
      // The whole minibatch's mean: each half's gradient weighed by its share, A's first.
      const float wa = static_cast<float>(na) / count, wb = static_cast<float>(nb) / count;
      const nn::ParamList<float> mine = model_->params(), theirs = replica_->params();
      for (std::size_t i = 0; i < mine.size(); ++i) mine[i]->dw = wa * mine[i]->dw + wb * theirs[i]->dw;
      adam_.step();
      loss = (static_cast<double>(loss_a) * na + static_cast<double>(loss_b) * nb) / count;
    }
    epochs_.add_loss(loss, count);
  }
  return epochs_.over();
}

double ImageTrainer::end_epoch() { return epochs_.end_epoch(); }

void ImageTrainer::sync_replica() {
  const nn::ParamList<float> mine = model_->params(), theirs = replica_->params();
  for (std::size_t i = 0; i < mine.size(); ++i) theirs[i]->w = mine[i]->w;
}

std::vector<int> ImageTrainer::predict_with(nn::ImageClassifier<float>& model, const ImageSet& set, MatF& logits) {
  std::vector<int> out(static_cast<std::size_t>(set.n()));
  for (int first = 0; first < set.n(); first += kEvalChunk) {
    const int count = std::min(kEvalChunk, set.n() - first);
    model.forward(set.image(first), count, logits);
    for (int i = 0; i < count; ++i) out[first + i] = nn::predict_row(logits, i);
  }
  return out;
}

std::vector<int> ImageTrainer::predict(const ImageSet& set) { return predict_with(*model_, set, logits_); }

void ImageTrainer::predict_pair(const ImageSet& a, const ImageSet& b, std::vector<int>& pa, std::vector<int>& pb) {
  sync_replica();
  Job second{[&] { pb = predict_with(*replica_, b, replica_logits_); }};
  if (exchange_) exchange_->offer(second);
  pa = predict_with(*model_, a, logits_);
  if (exchange_) exchange_->finish(second);
  else second.work();
}

double ImageTrainer::accuracy(const ImageSet& set) {
  const std::vector<int> p = predict(set);
  long k = 0;
  for (int i = 0; i < set.n(); ++i) k += p[i] == set.labels[i];
  return set.n() ? static_cast<double>(k) / set.n() : 0.0;
}

}  // namespace alab::vision
