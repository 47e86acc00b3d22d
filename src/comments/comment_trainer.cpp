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
    : model_(std::move(model)), train_(train), adam_(model_->params(), lr), epochs_(train.n(), batch, seed, kOrderStream) {}

bool CommentTrainer::train_some(int max_batches, const std::atomic<bool>* stop) {
  for (int k = 0; k < max_batches && !epochs_.over(); ++k) {
    if (stop && stop->load(std::memory_order_relaxed)) break;
    const EpochOrder::Minibatch b = epochs_.next();
    epochs_.gather(b, train_.tokens.data(), train_.T(), train_.labels, batch_tokens_, batch_labels_);
    const float loss = nn::train_step(*model_, batch_tokens_.data(), batch_labels_.data(), b.count, adam_, step_);
    epochs_.add_loss(static_cast<double>(loss), b.count);
  }
  return epochs_.over();
}

double CommentTrainer::end_epoch() { return epochs_.end_epoch(); }

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
