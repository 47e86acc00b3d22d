#include "race/trainer.hpp"

#include "core/session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "nn/attention_classifier.hpp"
#include "nn/cross_entropy.hpp"
#include "nn/gru_classifier.hpp"

namespace alab::race {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Evaluation runs in chunks of a fixed size: fewer, larger GEMMs than minibatches
// give, and each model's caches keep one size. (The snapshot model evaluates, with
// caches of its own, so training's minibatch caches are not disturbed.) Chunking
// does not change any prediction: every column is computed the same way.
constexpr int kEvalChunk = 256;

}  // namespace

// One int64 draw from the global generator per DataLoader iterator, plus one per
// RandomSampler iteration (see trainer.hpp).
constexpr int kTrainLoopDraws = 2;   // iter(tr_loader): base seed, sampler seed
constexpr int kEvaluationDraws = 3;  // evaluate(tr_loader): 2, evaluate(va_loader): 1

Trainer::Trainer(ModelKind kind, const Settings& s, const TaskData& data)
    : kind_(kind), settings_(s), data_(data), torch_(s.seed) {  // torch.manual_seed(seed)
  // gru_model = GRUClassifier(); attn_model = TinySelfAttn(): both are drawn by both
  // trainers, in the module's order, before any training.
  const nn::GruClassifierConfig gru_cfg{s.vocab, s.T, s.dmodel, s.hidden};
  const nn::AttentionClassifierConfig attn_cfg{s.vocab, s.T, s.dmodel, s.pooling_kind(), s.positions_on()};
  auto gru = std::make_unique<nn::GruClassifier<float>>(gru_cfg, torch_);
  auto attn = std::make_unique<nn::AttentionClassifier<float>>(attn_cfg, torch_);
  // The snapshot's own initial weights are overwritten at every close_epoch; it draws
  // from a generator of its own so the module's stream stays untouched.
  rng::TorchGenerator scratch(0);
  if (kind == ModelKind::gru) {
    model_ = std::move(gru);
    snapshot_ = std::make_unique<nn::GruClassifier<float>>(gru_cfg, scratch);
  } else {
    model_ = std::move(attn);
    snapshot_ = std::make_unique<nn::AttentionClassifier<float>>(attn_cfg, scratch);
    // train_model(gru_model, epochs) runs before train_model(attn_model, epochs).
    for (long i = 0; i < static_cast<long>(kTrainLoopDraws + kEvaluationDraws) * s.epochs; ++i)
      torch_.random_int64();
  }
  adam_ = std::make_unique<nn::Adam<float>>(model_->params(), s.lr);
  order_.resize(static_cast<std::size_t>(s.n_train));
  start_epoch();
}

// for xb, yb in tr_loader: _BaseDataLoaderIter.__init__ draws its base seed, then the
// first next() runs RandomSampler.__iter__: seed = random_(); g = torch.Generator();
// g.manual_seed(seed); yield from torch.randperm(n, generator=g).
void Trainer::start_epoch() {
  static_assert(kTrainLoopDraws == 2, "the two draws below");
  torch_.random_int64();
  rng::TorchGenerator sampler(static_cast<std::uint64_t>(torch_.random_int64()));
  const std::vector<std::int64_t> perm = sampler.randperm(settings_.n_train);
  std::copy(perm.begin(), perm.end(), order_.begin());
  next_batch_ = 0;
  loss_sum_ = 0;
}

void Trainer::skip_evaluation_draws() {
  for (int i = 0; i < kEvaluationDraws; ++i) torch_.random_int64();
}

void Trainer::train_batch(int first, int count) {
  const int T = settings_.T;
  batch_tokens_.resize(static_cast<std::size_t>(count) * T);
  batch_labels_.resize(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    const int idx = order_[first + i];
    std::copy_n(data_.train.sequence(idx), T, batch_tokens_.begin() + static_cast<long>(i) * T);
    batch_labels_[i] = data_.train.labels[idx];
  }
  model_->forward(batch_tokens_.data(), count, logits_);
  const float loss = nn::cross_entropy_forward(logits_, batch_labels_.data(), probs_);
  nn::cross_entropy_backward(probs_, batch_labels_.data(), dlogits_);
  model_->backward(dlogits_);
  adam_->step();
  loss_sum_ += static_cast<double>(loss) * count;
}

bool Trainer::train_some(int max_batches) {
  if (pause_ && stop_) wait_while_paused(*pause_, *stop_);
  const auto t0 = Clock::now();
  const int nb = batches_per_epoch();
  for (int k = 0; k < max_batches && next_batch_ < nb; ++k) {
    if (stop_requested()) break;
    const int first = next_batch_ * settings_.batch;
    train_batch(first, std::min(settings_.batch, settings_.n_train - first));
    ++next_batch_;
  }
  seconds_ += since(t0);
  return next_batch_ >= nb;
}

EpochStats Trainer::end_epoch() {
  EpochStats e = close_epoch();
  evaluate_closed(e);
  record(e);
  return e;
}

EpochStats Trainer::close_epoch() {
  const auto t0 = Clock::now();
  EpochStats e;
  e.epoch = ++epochs_closed_;
  e.loss = loss_sum_ / settings_.n_train;
  const nn::ParamList<float> from = model_->params(), to = snapshot_->params();
  for (std::size_t i = 0; i < from.size(); ++i) to[i]->w = from[i]->w;
  skip_evaluation_draws();
  start_epoch();
  seconds_ += since(t0);
  return e;
}

void Trainer::evaluate_closed(EpochStats& e) {
  const auto t0 = Clock::now();
  Evaluation train;
  train.accuracy = std::nan("");
  if (evaluate_train_) train = evaluate_with(*snapshot_, snapshot_logits_, data_.train, true);
  const Evaluation val = train.complete ? evaluate_with(*snapshot_, snapshot_logits_, data_.val, true) : train;
  e.train_acc = train.accuracy;
  e.val_acc = val.accuracy;
  e.complete = train.complete && val.complete;
  eval_seconds_ = since(t0);
}

void Trainer::record(EpochStats& e) {
  seconds_ += eval_seconds_;
  eval_seconds_ = 0;
  e.seconds = seconds_;
  history_.push_back(e);
}

Evaluation Trainer::evaluate(const Dataset& set) { return evaluate_with(*model_, logits_, set); }

Evaluation Trainer::evaluate_with(nn::SequenceClassifier<float>& model, MatF& logits,
                                  const Dataset& set, bool stoppable) const {
  Evaluation ev;
  long correct = 0;
  for (int first = 0; first < set.n(); first += kEvalChunk) {
    if (stoppable && stop_requested()) {
      ev.complete = false;
      return ev;
    }
    const int count = std::min(kEvalChunk, set.n() - first);
    model.forward(set.sequence(first), count, logits);
    for (int i = 0; i < count; ++i) {
      const int y = set.labels[first + i], p = nn::predict_row(logits, i);
      ++ev.confusion[y][p];
      correct += (y == p);
    }
  }
  ev.accuracy = set.n() ? static_cast<double>(correct) / set.n() : 0.0;
  return ev;
}

int Trainer::predict(const int* tokens) {
  model_->forward(tokens, 1, logits_);
  return nn::predict_row(logits_, 0);
}

bool Trainer::attention_maps(const int* tokens, int B, xt::xtensor<float, 3>& A) const {
  const auto* attn = dynamic_cast<const nn::AttentionClassifier<float>*>(model_.get());
  if (!attn) return false;
  attn->attention_maps(tokens, B, A);
  return true;
}

}  // namespace alab::race
