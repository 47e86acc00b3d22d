// The translation page's long job: the fixed-summary model and one or two attention
// models trained side by side on one corpus, driven like the race
// (race/race_session.hpp): start, then step in slices (one thread) or let threads of
// its own train (one a model), poll each finished epoch, stop before the next
// minibatch, finish with the test set, then translate what a student types.
//
//   TranslateSession s;
//   s.start(input, /*threads=*/true);
//   while (!s.done()) { sleep; for (const TranslateEpoch& e : s.poll()) ... }
//   TranslateOutcome out; s.finish(out);
//
// With threads, a thread whose model has finished lends its core to the others: it
// takes half of each of their minibatches (translate_trainer.hpp) and their epochs'
// evaluations (on a snapshot of the weights, while the next epoch trains).
//
// Every epoch of every model reports its validation accuracies and the attention
// matrix of one watched test sentence (target words x source words), so a page can
// redraw it and the student watches the alignment form. The same settings give the
// same records however the session is driven.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/model_scheduler.hpp"
#include "settings/translate.gen.hpp"
#include "translate/translate_trainer.hpp"

namespace alab::translate {

// The file's fixed sizes and the training's steadying (content/widgets/translate.json's
// "fixed"; TranslateConfig): the gradient's norm clipped, the learning rate held, then
// decayed over the run's second half. Not a student's to set; a test may shrink them.
struct TranslateFixed {
  int n_train = 0, n_val = 0, n_test = 0;  // over the five length buckets up to 25 words
  int embed = 0, batch = 0;
  double clip = 0, decay_from = 0, lr_floor = 0;
};
TranslateFixed translate_fixed();  // the file's (or the host's) numbers

// What start() takes, {settings: {...}, grammar_json, kinds, watch} from the page: what
// a student sets (translate.json, generated as settings::Translate) and what the page
// gives besides.
struct TranslateInput {
  settings::Translate settings;
  std::string grammar_json;             // content/translation/grammar.json's text
  std::vector<std::string> kinds;       // the models, side by side; none: kinds_of(settings)
  int watch = 0;                        // the test sentence whose attention each epoch reports
  TranslateFixed fixed = translate_fixed();
};
// The page's models for a setting of "attention": the fixed summary beside it ("both":
// beside additive and dot).
std::vector<std::string> kinds_of(const settings::Translate& s);

struct TranslateEpoch {
  int model = 0, epoch = 0;
  std::string kind;
  double loss = 0, val_token_acc = 0, val_exact = 0, val_aer = 0;
  std::vector<double> val_exact_by_bucket;  // one per corpus bucket
  double wall = 0;                      // seconds since start()
  int watch = 0;                        // which test sentence the next two fields are about
  std::vector<int> watch_out;           // the watched sentence, greedy translation (target ids)
  AlignmentMap<float> watch_alpha;      // teacher-forced attention: gold target words x source words
};

// What the settings ask of the corpus generator and of each model's trainer.
Status corpus_request(const TranslateInput& s, CorpusRequest& out);
TranslateConfig trainer_config(const TranslateInput& s, AttentionKind kind);

// A typed sentence through one trained model.
struct Translation {
  std::vector<std::string> words;  // the translation, up to <eos>
  AlignmentMap<float> alpha;       // words x source words (empty for the fixed summary)
  int source_len = 0;
  // The vectors behind it (hidden H): cross-attention's queries are the decoder's states
  // (one a word, words x H), its keys and values the encoder's states (source x H);
  // self-attention over the same source takes all three from the encoder's states:
  // self_alpha = row-softmax(E E^T / sqrt(H)) (source x source).
  int hidden = 0;
  xt::xtensor<float, 2> queries, keys, self_alpha;
};

struct TranslateModelOutcome {
  std::string kind;
  EvalResult test;
  int epochs_done = 0;
};

struct TranslateOutcome {
  std::vector<TranslateModelOutcome> models;
  double wall = 0;
  bool threads = false, stopped = false;
};

// The page's questions to a session, and its replies, as records.
struct TranslateRequest {     // a typed sentence through model `model`
  int model = 0;
  std::vector<std::string> words;
};
struct WatchRequest {         // the test sentence to watch from now on
  int index = 0;
};
struct WatchAttentionRequest {
  int model = 0, index = 0;
};
struct WatchAttention {       // gold target words x source words
  AlignmentMap<float> alpha;
};
struct CorpusInfo {           // what the page shows beside the training
  std::vector<std::string> src_vocab;  // the lexicon's source words
  std::vector<int> buckets;            // the length buckets' upper edges
  std::vector<SentencePair> test;      // the test sentences, with their gold alignments
};

// The session contract (core/session.hpp), for one to three models side by side on
// core/model_scheduler.hpp's schedule: a thread each, or an epoch each in turns (a slice
// is one minibatch).
class TranslateSession : public ScheduledSession<TranslateEpoch> {
 public:
  ~TranslateSession() { halt(); }

  Status start(const TranslateInput& settings, bool threads);
  Status finish(TranslateOutcome& out);
  // After start(): model `model` (as trained so far) translates `words`; unknown
  // words, too many or none are refused, the unknown ones named.
  Status translate(int model, const std::vector<std::string>& words, Translation& out) const;
  // The test sentence whose attention each epoch reports from now on (the page's chooser;
  // safe while the models train: the next epoch to end reads it).
  Status watch(int index);
  // Model `model`'s teacher-forced attention on test sentence `index` (gold target words
  // x source words, row-major), when no thread is training it.
  Status watch_attention(int model, int index, AlignmentMap<float>& out) const;
  // The same as records (the page's shapes).
  Status translate(const TranslateRequest& in, Translation& out) const { return translate(in.model, in.words, out); }
  Status watch(const WatchRequest& in) { return watch(in.index); }
  Status watch_attention(const WatchAttentionRequest& in, WatchAttention& out) const {
    return watch_attention(in.model, in.index, out.alpha);
  }
  Status corpus_info(CorpusInfo& out) const;
  const Corpus& corpus() const { return *corpus_; }
  const TranslateTrainer& trainer(int model) const { return *trainers_[model]; }

 private:
  // What an epoch reports: `model` (the trainer's, or a snapshot of it) evaluated.
  struct EpochEnd {
    int model = 0, epoch = 0, watch = 0;
    double loss = 0;
  };
  // A model's epoch in progress, and its last epoch's evaluation: run here, or offered
  // on the scheduler's exchange (on a snapshot of the weights) when a thread is idle.
  struct Lane {
    bool in_epoch = false;
    int epochs_done = 0;
    EpochEnd pending;
    Seq2Seq<float> snapshot;
    Job evaluation;
  };
  EpochEnd close_epoch(int model);      // counts the epoch; what to evaluate and report
  void report(const EpochEnd& end, const Seq2Seq<float>& weights);
  bool advance(int model);              // one minibatch; at an epoch's end, its record
  TranslateInput input_;
  std::unique_ptr<Corpus> corpus_;
  std::vector<std::unique_ptr<TranslateTrainer>> trainers_;
  std::vector<Lane> lanes_;             // one a model, sized at start() (the jobs must not move)
  std::atomic<int> watch_{0};
  bool finished_ = false;
};

}  // namespace alab::translate
