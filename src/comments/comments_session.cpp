#include "comments/comments_session.hpp"

#include <algorithm>
#include <cmath>

#include "core/widget_schemas.hpp"
#include "core/widget_settings.hpp"
#include "nn/attention_classifier.hpp"
#include "nn/bag_of_words.hpp"

namespace alab::comments {
namespace {

constexpr int kSlice = 8;  // minibatches between looks at the clock and the stop flag
const char* const kKinds[2] = {"attention", "bag of words"};

int fixed_int(const char* name) { return static_cast<int>(widget_fixed("comments", name)); }

std::vector<int> tokens_of(const race::Dataset& d, int i) { return std::vector<int>(d.sequence(i), d.sequence(i) + d.T()); }

}  // namespace

Status CommentsSession::start(const CommentsInput& in, bool threads) {
  halt();
  begin();  // the clock from here: the wall time the student waits, corpus included, as the estimate counts it
  finished_ = false;
  const settings::Comments& s = in.settings;
  if (Status st = check_settings(s); !st) return st;  // content/widgets/comments.json's ranges and words
  if (in.data != "biased" && in.data != "remedy") return Status::error("data must be \"biased\" or \"remedy\"");

  Grammar g;
  if (Status st = parse_grammar(in.grammar_json, g); !st) return st;
  CorpusSettings cs;
  cs.seed = static_cast<std::uint64_t>(s.seed);
  cs.bias = s.bias;
  cs.noise = s.noise;
  cs.n_train = fixed_int("n_train");
  cs.n_val = fixed_int("n_val");
  cs.n_test = fixed_int("n_test");
  cs.seq_len = fixed_int("seq_len");
  const TrainingData training = in.data == "biased" ? TrainingData::biased
                                : s.remedy == "augment" ? TrainingData::augmented : TrainingData::balanced;
  auto corpus = std::make_unique<Corpus>();
  if (Status st = make_corpus(g, cs, training, *corpus); !st) return st;

  input_ = in;
  corpus_ = std::move(corpus);
  epochs_ = s.epochs;
  // Initial weights as torch.manual_seed(seed); TinySelfAttn(...); nn.Linear(vocab, 2) draw them.
  rng::TorchGenerator gen(static_cast<std::uint64_t>(s.seed));
  const int V = static_cast<int>(corpus_->vocab.words.size()), T = cs.seq_len;
  auto attention = std::make_unique<nn::AttentionClassifier<float>>(
      nn::AttentionClassifierConfig{V, T, s.dmodel, nn::Pooling::last, s.positions == "on"}, gen);
  auto bow = std::make_unique<nn::BagOfWords<float>>(V, T, gen);
  const int batch = fixed_int("batch");
  const auto seed = static_cast<std::uint64_t>(s.seed);
  trainers_[0] = std::make_unique<CommentTrainer>(std::move(attention), corpus_->train.data, batch, s.lr, seed);
  trainers_[1] = std::make_unique<CommentTrainer>(std::move(bow), corpus_->train.data, batch, s.lr, seed);
  ModelSlices work;
  work.models = 2;
  work.advance = [this](int m) { return epoch_step(m, kSlice); };
  work.finished = [this](int m) { return trainers_[m]->epochs_done() >= epochs_; };
  schedule(std::move(work), threads);
  scheduler_.launch();
  return Status::success();
}

void CommentsSession::report(int model, double loss) {
  CommentTrainer& t = *trainers_[model];
  const Corpus& c = *corpus_;
  CommentEpoch e;
  e.model = model;
  e.kind = kKinds[model];
  e.epoch = t.epochs_done();
  e.loss = loss;
  e.val_acc = accuracy(answers_of(t.probabilities(c.val.data)), c.val.data.labels);
  const std::vector<int> pred = answers_of(t.probabilities(c.test.data));
  e.test_acc = accuracy(pred, c.test.data.labels);
  std::vector<int> group(pred.size());
  for (std::size_t i = 0; i < pred.size(); ++i) group[i] = c.test.info[i].group;
  const int groups = static_cast<int>(c.grammar.groups.size());
  const std::vector<GroupRates> rates = subgroup_rates(c.test.data.labels, pred, group, groups);
  double others = 0;
  for (int g = 0; g < groups; ++g)
    if (g != c.grammar.planted) others += rates[g].fpr;
  e.planted_fpr = rates[c.grammar.planted].fpr;
  e.other_fpr = others / (groups - 1);
  e.wall = elapsed();
  publish(std::move(e));
}

// Trains up to max_batches of `model`'s epoch; reports the epoch when it ends.
bool CommentsSession::epoch_step(int model, int max_batches) {
  CommentTrainer& t = *trainers_[model];
  if (!t.train_some(max_batches, &stop_) || stopping()) return false;
  const double loss = t.end_epoch();
  report(model, loss);
  return true;
}

Status CommentsSession::finish(CommentsOutcome& out) {
  if (!corpus_) return Status::error("nothing was started");
  scheduler_.join();
  out = CommentsOutcome{};
  out.data = input_.data == "biased" ? "biased" : input_.settings.remedy;
  out.n_train = corpus_->train.n();
  out.wall = elapsed();
  out.threads = scheduler_.threaded();
  out.stopped = stopping();
  for (int m = 0; m < 2; ++m) {
    CommentTrainer& t = *trainers_[m];
    const auto acc = [&t](const CommentSet& split) { return accuracy(answers_of(t.probabilities(split.data)), split.data.labels); };
    out.models.push_back({kKinds[m], acc(corpus_->val), acc(corpus_->test), t.epochs_done()});
  }
  const auto& attention = dynamic_cast<const nn::AttentionClassifier<float>&>(trainers_[0]->model());
  if (Status st = reading::read_model(attention, read_model_); !st) return st;
  finished_ = true;
  return Status::success();
}

Status CommentsSession::ready() const {
  return finished_ ? Status::success() : Status::error("train the models first");
}

Status CommentsSession::overview(CorpusOverview& out) const {
  if (!corpus_) return Status::error("nothing was started");
  const Corpus& c = *corpus_;
  out = CorpusOverview{};
  out.groups = c.grammar.groups;
  out.planted = c.grammar.planted;
  out.seq_len = c.seq_len;
  out.n_test = c.test.n();
  out.vocabulary = c.vocab.words;
  std::vector<long> hostile(c.grammar.groups.size(), 0), all(c.grammar.groups.size(), 0);
  for (int i = 0; i < c.train.n(); ++i) {
    ++all[c.train.info[i].group];
    hostile[c.train.info[i].group] += c.train.data.labels[i];
  }
  for (int i = 0; i < c.test.n(); ++i) {
    out.test_group.push_back(c.test.info[i].group);
    out.test_label.push_back(c.test.data.labels[i]);
  }
  for (std::size_t g = 0; g < all.size(); ++g) out.train_hostile.push_back(all[g] ? static_cast<double>(hostile[g]) / all[g] : 0.0);
  return Status::success();
}

// The comment asked for: its tokens, and what is known of its parts.
Status CommentsSession::comment(const CommentRequest& in, std::vector<int>& tokens, CommentReading& out) const {
  if (Status st = ready(); !st) return st;
  const Corpus& c = *corpus_;
  out = CommentReading{};
  if (in.index >= 0) {
    if (in.index >= c.test.n()) return Status::error("no test comment " + std::to_string(in.index + 1) + "; there are " + std::to_string(c.test.n()));
    tokens = tokens_of(c.test.data, in.index);
    const CommentInfo& info = c.test.info[in.index];
    out.label = c.test.data.labels[in.index];
    out.group = info.group;
    out.group_pos = info.group_pos;
    out.phrase_begin = info.phrase_begin;
    out.phrase_end = info.phrase_end;
    out.kind = phrase_kind_name(info.kind);
  } else {
    if (Status st = tokenize_comment(c, in.text, tokens); !st) return st;
    for (int t = 0; t < c.seq_len && out.group < 0; ++t)
      for (std::size_t g = 0; g < c.group_ids.size(); ++g)
        if (tokens[t] == c.group_ids[g]) {
          out.group = static_cast<int>(g);
          out.group_pos = t;
        }
  }
  for (int t : tokens) out.words.push_back(c.vocab.words[t]);
  int live = 0;
  for (int t = 0; t < c.seq_len; ++t) live += std::find(in.masked.begin(), in.masked.end(), t) == in.masked.end();
  for (int m : in.masked)
    if (m < 0 || m >= c.seq_len) return Status::error("no position " + std::to_string(m + 1) + " to mask; there are " + std::to_string(c.seq_len));
  if (live == 0) return Status::error("leave at least one position unmasked");
  return Status::success();
}

double CommentsSession::attention_p1(const int* tokens, const std::vector<int>& masked) const {
  reading::Reading r;
  const std::vector<int> x(tokens, tokens + corpus_->seq_len);
  if (!reading::read_sequence(read_model_, x, masked, r)) return std::nan("");
  return r.p1;
}

double CommentsSession::bow_p1(const int* tokens, const std::vector<int>& masked) const {
  const auto& bow = dynamic_cast<const nn::BagOfWords<float>&>(trainers_[1]->model());
  MatF counts, logits;
  bow.count(tokens, masked, counts);
  logits.noalias() = counts * bow.fc_w.w.transpose();
  logits.row(0) += bow.fc_b.w.row(0);
  return hostile_probability(logits(0, 0), logits(0, 1));
}

Status CommentsSession::read(const CommentRequest& in, CommentReading& out) const {
  std::vector<int> tokens;
  if (Status st = comment(in, tokens, out); !st) return st;
  reading::Reading r;
  if (Status st = reading::read_sequence(read_model_, tokens, in.masked, r); !st) return st;
  out.alpha = r.alpha;
  out.p1 = r.p1;
  out.pred = r.pred;
  out.bow_p1 = bow_p1(tokens.data(), in.masked);
  out.bow_pred = out.bow_p1 > 0.5 ? 1 : 0;
  return Status::success();
}

Status CommentsSession::counterfactuals(const CommentRequest& in, Counterfactuals& out) const {
  std::vector<int> tokens;
  CommentReading info;
  if (Status st = comment(in, tokens, info); !st) return st;
  if (info.group_pos < 0) return Status::error("this comment names no group to swap");
  const Corpus& c = *corpus_;
  out = Counterfactuals{};
  out.groups = c.grammar.groups;
  out.group = info.group;
  std::vector<int> swapped = tokens;
  for (std::size_t g = 0; g < c.group_ids.size(); ++g) {
    swapped[info.group_pos] = c.group_ids[g];
    out.p1.push_back(attention_p1(swapped.data(), in.masked));
    out.bow_p1.push_back(bow_p1(swapped.data(), in.masked));
  }
  return Status::success();
}

Status CommentsSession::adversary(const CommentRequest& in, AdversaryAnswer& out) const {
  std::vector<int> tokens;
  CommentReading info;
  if (Status st = comment(in, tokens, info); !st) return st;
  reading::Adversary a;
  if (Status st = reading::adversarial_row(read_model_, tokens, widget_fixed("comments", "adversary_tol"), a); !st) return st;
  out = AdversaryAnswer{};
  out.alpha = a.alpha;
  out.jsd = a.jsd;
  out.p1 = a.reading.p1;
  out.pred = a.reading.pred;
  out.learned_alpha = a.learned.alpha;
  out.learned_p1 = a.learned.p1;
  out.learned_pred = a.learned.pred;
  return Status::success();
}

Status CommentsSession::audit(AuditPair& out) {
  if (Status st = ready(); !st) return st;
  const Corpus& c = *corpus_;
  for (int m = 0; m < 2; ++m) {
    CommentTrainer& t = *trainers_[m];
    const SetProbabilities probs = [&t](const race::Dataset& d) { return t.probabilities(d); };
    const MaskedProbability masked = [this, m](const int* tokens, const std::vector<int>& mask) {
      return m == 0 ? attention_p1(tokens, mask) : bow_p1(tokens, mask);
    };
    (m == 0 ? out.attention : out.bow) = audit_model(c, probs, masked);
  }
  return Status::success();
}

Status estimate_comments(const EstimateRequest& in, CommentsEstimate& out) {
  const double t0 = steady_seconds();
  CommentsSession s;
  if (Status st = s.start(in.input, false); !st) return st;  // the real settings' corpus and checks
  const double corpus = steady_seconds() - t0;
  double model_seconds[2] = {0, 0};
  for (int m = 0; m < 2; ++m) {
    const double t1 = steady_seconds();
    while (!s.epoch_step(m, 1 << 20)) {}
    model_seconds[m] = steady_seconds() - t1;
  }
  // Both models counted, threads or not: they are small enough that a second thread saves
  // little (in Chromium at the defaults: 0.23 s on two threads against 0.25 s on one).
  (void)in.threads;
  out.seconds = corpus + (model_seconds[0] + model_seconds[1]) * in.input.settings.epochs;
  return Status::success();
}

}  // namespace alab::comments
