// The comments page's long job (the module's anti-example): an attention classifier
// and a bag-of-words baseline trained side by side on the toy comment corpus
// (comments/comment_corpus.hpp), then questioned: one comment's attention row, the
// comment with positions masked or its group name swapped, the adversarial row, and
// the behavioural audit (comments/comment_audit.hpp). The session contract is
// core/session.hpp's; a page runs it once on the planted training data and once more
// with a remedy, and compares the two audits.
//
//   CommentsSession s;
//   s.start(input, /*threads=*/true);              // input.data: "biased" or "remedy"
//   while (!s.done()) for (const CommentEpoch& e : s.poll()) ...
//   CommentsOutcome out; s.finish(out);
//   CommentReading r; s.read({index, text, masked}, r);
//
// The attention model is the race's (nn/attention_classifier.hpp: embedding +
// positions, one self-attention head, read out at the last position, always the
// comment's ending); its questions are answered by reading/attention_reading.hpp in
// double from the trained weights. Every epoch reports the balanced test split's
// false-positive rates, so the page can draw the shortcut being learned.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "comments/comment_audit.hpp"
#include "comments/comment_trainer.hpp"
#include "core/model_outcome.hpp"
#include "core/model_scheduler.hpp"
#include "settings/comments.gen.hpp"
#include "reading/attention_reading.hpp"

namespace alab::comments {

// What start() takes, {settings: {...}, grammar_json, data} from the page: what a student
// sets (content/widgets/comments.json, generated as settings::Comments; the split sizes,
// seq_len and batch are the file's fixed numbers), and what the page gives besides.
struct CommentsInput {
  settings::Comments settings;
  std::string grammar_json;     // content/comments/grammar.json's text
  std::string data = "biased";  // the training split: "biased" (the planted one) or "remedy" (settings.remedy's)
};

struct CommentEpoch {
  int model = 0, epoch = 0;  // model 0: attention, 1: bag of words
  std::string kind;          // "attention" | "bag of words"
  double loss = 0, val_acc = 0, test_acc = 0;
  double planted_fpr = 0, other_fpr = 0;  // balanced test split: the planted group's, the others' mean
  double wall = 0;           // seconds since start()
};

using CommentModelOutcome = TrainedModel<struct CommentsPage>;

struct CommentsOutcome {
  std::vector<CommentModelOutcome> models;
  std::string data;          // "biased" | "augment" | "balance"
  int n_train = 0;           // rows in the training split (augmented: times the groups)
  double wall = 0;
  bool threads = false, stopped = false;
};

struct CorpusOverview {      // what the page shows beside the training
  std::vector<std::string> groups;
  int planted = 0, seq_len = 0, n_test = 0;
  std::vector<std::string> vocabulary;   // every word, <pad> first
  std::vector<double> train_hostile;     // per group: the training split's share of label 1
  std::vector<int> test_group, test_label;  // per test comment
};

// A test comment (index >= 0) or a typed one (index < 0: text), with positions masked.
struct CommentRequest {
  int index = -1;
  std::string text;
  std::vector<int> masked;
};

struct CommentReading {
  std::vector<std::string> words;   // seq_len words, "<pad>" in front
  int label = -1;                   // -1 for a typed comment
  int group = -1, group_pos = -1;   // the group named (the first group word typed), or -1
  int phrase_begin = -1, phrase_end = -1;  // a test comment's phrase; -1 for a typed one
  std::string kind;                 // a test comment's phrase kind
  std::vector<double> alpha;        // the attention row of the last position
  double p1 = 0, bow_p1 = 0;        // P(hostile): attention model, bag of words
  int pred = 0, bow_pred = 0;
};

struct Counterfactuals {            // the comment with each group's name in its place
  std::vector<std::string> groups;
  std::vector<double> p1, bow_p1;
  int group = -1;                   // the comment's own group
};

struct AuditPair {
  Audit attention, bow;
};

struct AdversaryAnswer {
  std::vector<double> alpha, learned_alpha;
  double jsd = 0, p1 = 0, learned_p1 = 0;
  int pred = 0, learned_pred = 0;
};

// How long a run of these settings takes on this computer, by doing part of it: the
// corpus made, then one epoch of each model trained and evaluated, timed; the run is
// that epoch times the epochs (both models' epochs, threads or not: see the .cpp).
struct EstimateRequest {
  CommentsInput input;
  bool threads = false;
};
struct CommentsEstimate {
  double seconds = 0;
};
Status estimate_comments(const EstimateRequest& in, CommentsEstimate& out);

// The two models on core/model_scheduler.hpp's schedule: a thread each, or an epoch each in turns.
class CommentsSession : public ScheduledSession<CommentEpoch> {
 public:
  ~CommentsSession() { halt(); }

  Status start(const CommentsInput& input, bool threads);
  Status finish(CommentsOutcome& out);

  // After finish().
  Status overview(CorpusOverview& out) const;
  Status read(const CommentRequest& in, CommentReading& out) const;
  Status counterfactuals(const CommentRequest& in, Counterfactuals& out) const;
  // The reading page's adversarial row (reading/attention_reading.hpp) at the tolerance
  // fixed in comments.json (adversary_tol).
  Status adversary(const CommentRequest& in, AdversaryAnswer& out) const;
  Status audit(AuditPair& out);

  const Corpus& corpus() const { return *corpus_; }

 private:
  friend Status estimate_comments(const EstimateRequest&, CommentsEstimate&);
  bool epoch_step(int model, int max_batches);   // trains; reports an epoch when one ends
  void report(int model, double loss);
  Status ready() const;
  Status comment(const CommentRequest& in, std::vector<int>& tokens, CommentReading& out) const;
  double attention_p1(const int* tokens, const std::vector<int>& masked) const;
  double bow_p1(const int* tokens, const std::vector<int>& masked) const;

  CommentsInput input_;
  std::unique_ptr<Corpus> corpus_;
  std::unique_ptr<CommentTrainer> trainers_[2];
  reading::ReadModel read_model_;
  int epochs_ = 0;
  bool finished_ = false;
};

}  // namespace alab::comments
