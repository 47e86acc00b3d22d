#include "comments/comment_trainer.hpp"

#include <algorithm>
#include <cmath>

#include "nn/train_step.hpp"

namespace alab::comments {
namespace {
constexpr std::uint64_t kOrderStream = 7;  // apart from the corpus's streams (comment_corpus.cpp)
constexpr int kEvalChunk = 256;
}  // namespace

double hostile_probability(float l0, float l1) { return 1.0 / (1.0 + std::exp(static_cast<double>(l0) - l1)); }

CommentTrainer::CommentTrainer(std::unique_ptr<nn::SequenceClassifier<float>> model, const race::Dataset& train,
                               int batch, double lr, std::uint64_t seed)
    : model_(std::move(model)), train_(train), batch_(batch), adam_(model_->params(), lr), order_rng_(seed, kOrderStream) {
  order_.resize(static_cast<std::size_t>(train.n()));
  start_epoch();
}

// Fisher-Yates from the last position down, each swap partner drawn with Pcg32::below.
void CommentTrainer::start_epoch() {
  for (int i = 0; i < train_.n(); ++i) order_[i] = i;
  for (int i = train_.n() - 1; i > 0; --i)
    std::swap(order_[i], order_[order_rng_.below(static_cast<std::uint32_t>(i + 1))]);
  next_batch_ = 0;
  loss_sum_ = 0;
}

bool CommentTrainer::train_some(int max_batches, const std::atomic<bool>* stop) {
  const int n = train_.n(), T = train_.T(), nb = (n + batch_ - 1) / batch_;
  for (int k = 0; k < max_batches && next_batch_ < nb; ++k) {
    if (stop && stop->load(std::memory_order_relaxed)) break;
    const int first = next_batch_ * batch_, count = std::min(batch_, n - first);
    batch_tokens_.resize(static_cast<std::size_t>(count) * T);
    batch_labels_.resize(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      std::copy_n(train_.sequence(order_[first + i]), T, batch_tokens_.begin() + static_cast<long>(i) * T);
      batch_labels_[i] = train_.labels[order_[first + i]];
    }
    const float loss = nn::train_step(*model_, batch_tokens_.data(), batch_labels_.data(), count, adam_, step_);
    loss_sum_ += static_cast<double>(loss) * count;
    ++next_batch_;
  }
  return next_batch_ >= nb;
}

double CommentTrainer::end_epoch() {
  const double loss = loss_sum_ / train_.n();
  ++epochs_done_;
  start_epoch();
  return loss;
}

std::vector<double> CommentTrainer::probabilities(const race::Dataset& set) {
  std::vector<double> p(static_cast<std::size_t>(set.n()));
  for (int first = 0; first < set.n(); first += kEvalChunk) {
    const int count = std::min(kEvalChunk, set.n() - first);
    model_->forward(set.sequence(first), count, logits_);
    for (int i = 0; i < count; ++i) p[first + i] = hostile_probability(logits_(i, 0), logits_(i, 1));
  }
  return p;
}

}  // namespace alab::comments
