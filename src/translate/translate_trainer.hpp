// Training and evaluating one encoder-decoder (translate/seq2seq.hpp) on the corpus
// (translate/corpus.hpp): minibatches of sentences of one source length (so the
// encoder needs no mask), drawn in an order fixed by the seed; Adam; evaluation by
// teacher-forced token accuracy and by greedy decoding's exact-sentence accuracy,
// overall and per source-length bucket (the bottleneck, measured).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "nn/adam.hpp"
#include "core/work_exchange.hpp"
#include "translate/corpus.hpp"
#include "translate/seq2seq.hpp"

namespace alab::translate {

struct TranslateConfig {
  int seed = 1;
  int embed = 16, hidden = 32;
  int batch = 32;
  double lr = 0.01;
  AttentionKind attention = AttentionKind::additive;
  // What steadies the training, off by default (the page's values are in
  // content/widgets/translate.json's "fixed"). clip: each minibatch's gradient scaled
  // down to a global L2 norm of at most clip (0: never; nn::clip_grad_norm). epochs > 0
  // sizes a learning-rate schedule: lr held for the first decay_from share of the run's
  // minibatches, then a half cosine down to lr * lr_floor at the last one.
  // Why: at a constant lr, Adam's steps after a rare large gradient made late loss
  // spikes (a run at 98 % exact fell to 81 % in its last epoch); clipping bounds those
  // steps, and the decay lets the last epochs settle instead of ending on a spike.
  double clip = 0;
  int epochs = 0;
  double decay_from = 1, lr_floor = 1;
};

// The schedule's step size before minibatch `step` (0-based) of `total`.
double scheduled_lr(const TranslateConfig& c, long step, long total);

// Alignment error rate (Och & Ney 2003) with every gold link "sure":
//   AER = 1 - 2 |A n G| / (|A| + |G|),
// A: one link per target word, to the source word its attention row weighs most;
// G: the corpus's gold links. Chance: each target word linked to a uniformly random
// source word, E|A n G| = sum_t |G_t| / S.
struct AlignmentCounts {
  double hits = 0, predicted = 0, gold = 0, chance_hits = 0;
  double aer() const { return 1 - 2 * hits / (predicted + gold); }
  double chance_aer() const { return 1 - 2 * chance_hits / (predicted + gold); }
};
// Adds one sentence: alpha's row t (S weights) produced target word t.
void count_alignment(const SentencePair& p, const AlignmentMap<float>& alpha, AlignmentCounts& out);

struct EvalResult {
  double loss = 0, token_acc = 0, exact_acc = 0;
  double aer = 0, chance_aer = 0;   // teacher-forced attention against the gold links (NaN without attention)
  std::vector<double> exact_by_bucket;  // one per corpus bucket
  std::vector<int> count_by_bucket;
};

// A split's sentences as word ids, looked up once (not once a minibatch).
struct EncodedSplit {
  std::vector<std::vector<int>> src, tgt;
};
EncodedSplit encode_split(const Corpus& c, const std::vector<SentencePair>& split);

// A batch ready for Seq2Seq::forward.
struct TranslateBatch {
  int B = 0, S = 0, L = 0;
  std::vector<int> src, tgt_in, tgt_out;
  int tokens() const;  // target tokens that count (not padding)
};
void make_batch(const EncodedSplit& split, const std::vector<int>& rows, TranslateBatch& out);
void make_batch(const Corpus& c, const std::vector<SentencePair>& split, const std::vector<int>& rows, TranslateBatch& out);

// What a model (a trainer's, or a snapshot of one) does on the corpus:
// its validation or test numbers;
EvalResult evaluate(const Corpus& corpus, const Seq2Seq<float>& model, const std::vector<SentencePair>& split);
// the greedy translation of one sentence (ids), with its alignment map (words x S);
void translate(const Seq2Seq<float>& model, const std::vector<int>& src, std::vector<int>& out,
               AlignmentMap<float>& alpha, Seq2Seq<float>::Trace* trace = nullptr);
// the attention rows that produce each gold target word under teacher forcing
// (target words x source words); empty for the fixed summary.
AlignmentMap<float> teacher_forced_attention(const Corpus& corpus, const Seq2Seq<float>& model, const SentencePair& p);

// Every minibatch of two or more sentences is computed in two halves, its gradient the
// sum (half A's + half B's, in that order) of the halves' gradients, each taken with
// the whole minibatch's token count: the same numbers whoever computes half B. Given
// an exchange, train_next() offers half B there (an idle thread may take it) while it
// computes half A; without one it computes both.
class TranslateTrainer {
 public:
  TranslateTrainer(const Corpus& corpus, const TranslateConfig& config);
  void set_exchange(WorkExchange* exchange) { exchange_ = exchange; }
  // One pass over the training set; returns the mean training loss.
  double train_epoch();
  // The same pass one minibatch at a time (so a caller can stop or yield between them):
  // begin_epoch() draws the batches' order; train_next() trains one and returns false
  // once the epoch's batches are done (then epoch_loss() is its mean training loss).
  void begin_epoch();
  bool train_next();
  double epoch_loss() const { return epoch_tokens_ ? epoch_total_ / epoch_tokens_ : 0; }
  EvalResult evaluate(const std::vector<SentencePair>& split) const { return translate::evaluate(corpus_, model_, split); }
  void translate(const std::vector<int>& src, std::vector<int>& out, AlignmentMap<float>& alpha,
                 Seq2Seq<float>::Trace* trace = nullptr) const {
    translate::translate(model_, src, out, alpha, trace);
  }
  AlignmentMap<float> teacher_forced_attention(const SentencePair& p) const {
    return translate::teacher_forced_attention(corpus_, model_, p);
  }
  const Seq2Seq<float>& model() const { return model_; }
  const TranslateBatch& last_batch() const { return batch_; }  // the one train_next() trained
  int epochs_done() const { return epochs_; }

 private:
  const Corpus& corpus_;
  TranslateConfig config_;
  Seq2Seq<float> model_;
  std::unique_ptr<nn::Adam<float>> adam_;
  rng::Pcg32 order_rng_;
  std::vector<std::vector<int>> by_length_;  // training rows grouped by source length
  std::vector<std::vector<int>> batches_;    // this epoch's, in order
  std::size_t next_ = 0;
  double epoch_total_ = 0;
  int epoch_tokens_ = 0;
  EncodedSplit train_ids_;
  WorkExchange* exchange_ = nullptr;
  TranslateBatch batch_;                  // the whole minibatch (last_batch())
  TranslateBatch half_[2];
  Seq2SeqCache<float> cache_[2];
  Seq2Seq<float> shadow_;                 // half B's copy of the weights, with its own gradients
  int epochs_ = 0;
  long steps_ = 0, total_steps_ = 0;      // minibatches trained, and in the whole run (schedule)
};

}  // namespace alab::translate
