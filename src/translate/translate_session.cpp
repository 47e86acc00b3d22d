#include "translate/translate_session.hpp"

#include <chrono>
#include <cmath>
#include <tuple>
#include <utility>

#include "attention/self_attention.hpp"
#include "core/quote.hpp"
#include "core/widget_schemas.hpp"
#include "core/widget_settings.hpp"

namespace alab::translate {

Status corpus_request(const TranslateInput& s, CorpusRequest& r) {
  r = CorpusRequest{};
  r.seed = s.settings.seed;
  r.max_len = s.settings.max_len;
  // A shorter longest sentence drops the buckets above it, and their share of each split
  // with them: every bucket keeps as many sentences as at full length (the short ones
  // have only so many distinct sentences to give).
  std::vector<int> edges;
  for (int e : r.buckets) if (e <= s.settings.max_len) edges.push_back(e);
  if (edges.empty()) return Status::error("the longest sentence must have at least " + std::to_string(r.buckets[0]) + " words");
  const int kept = static_cast<int>(edges.size()), all = static_cast<int>(r.buckets.size());
  const auto keep = [&](int n) { return std::max(kept, n * kept / all); };
  r.n_train = keep(s.fixed.n_train);
  r.n_val = keep(s.fixed.n_val);
  r.n_test = keep(s.fixed.n_test);
  r.buckets = edges;
  return Status::success();
}

TranslateConfig trainer_config(const TranslateInput& s, AttentionKind kind) {
  TranslateConfig cfg;
  cfg.seed = s.settings.seed;
  cfg.hidden = s.settings.hidden;
  cfg.epochs = s.settings.epochs;
  cfg.lr = s.settings.lr;
  cfg.embed = s.fixed.embed;
  cfg.batch = s.fixed.batch;
  cfg.clip = s.fixed.clip;
  cfg.decay_from = s.fixed.decay_from;
  cfg.lr_floor = s.fixed.lr_floor;
  cfg.attention = kind;
  return cfg;
}

TranslateFixed translate_fixed() {
  const auto fixed = [](const char* name) { return widget_fixed("translate", name); };
  TranslateFixed f;
  f.n_train = static_cast<int>(fixed("n_train"));
  f.n_val = static_cast<int>(fixed("n_val"));
  f.n_test = static_cast<int>(fixed("n_test"));
  f.embed = static_cast<int>(fixed("embed"));
  f.batch = static_cast<int>(fixed("batch"));
  f.clip = fixed("clip");
  f.decay_from = fixed("decay_from");
  f.lr_floor = fixed("lr_floor");
  return f;
}

std::vector<std::string> kinds_of(const settings::Translate& s) {
  if (s.attention == "both") return {"none", "additive", "dot"};
  return {"none", s.attention};
}

Status TranslateSession::start(const TranslateInput& in, bool threads) {
  halt();
  TranslateInput s = in;
  if (s.kinds.empty()) s.kinds = kinds_of(s.settings);
  if (s.kinds.size() > 3) return Status::error("train one to three models");
  std::vector<AttentionKind> kinds;
  for (const std::string& k : s.kinds) {
    AttentionKind kind;
    if (!parse_attention_kind(k, kind)) return Status::error("unknown attention kind \"" + k + "\": use none, additive or dot");
    kinds.push_back(kind);
  }
  // What a student may set, in content/widgets/translate.json's ranges; the fixed sizes
  // only need to be sizes.
  if (Status st = check_settings(s.settings); !st) return st;
  const TranslateFixed& f = s.fixed;
  if (f.embed < 1 || f.batch < 1 || f.n_train < 1 || f.n_val < 1 || f.n_test < 1)
    return Status::error("the embedding, batch and split sizes must be at least 1");
  if (!(f.clip >= 0) || !(f.decay_from >= 0 && f.decay_from <= 1) || !(f.lr_floor >= 0 && f.lr_floor <= 1))
    return Status::error("clip must be 0 (off) or more; decay_from and lr_floor from 0 to 1");
  Grammar g;
  if (Status st = parse_grammar(s.grammar_json, g); !st) return st;
  CorpusRequest r;
  if (Status st = corpus_request(s, r); !st) return st;
  auto corpus = std::make_unique<Corpus>();
  if (Status st = make_corpus(g, r, *corpus); !st) return st;
  if (s.watch < 0 || s.watch >= static_cast<int>(corpus->test.size())) return Status::error("no test sentence " + std::to_string(s.watch));

  input_ = s;
  watch_ = s.watch;
  corpus_ = std::move(corpus);
  trainers_.clear();
  for (AttentionKind kind : kinds) {
    trainers_.push_back(std::make_unique<TranslateTrainer>(*corpus_, trainer_config(s, kind)));
  }
  const int n = static_cast<int>(trainers_.size());
  lanes_ = std::vector<Lane>(static_cast<std::size_t>(n));
  for (int m = 0; m < n; ++m) lanes_[m].evaluation.work = [this, m] { report(lanes_[m].pending, lanes_[m].snapshot); };
  begin();
  finished_ = false;
  ModelSlices work;
  work.models = n;
  work.advance = [this](int m) { return advance(m); };
  work.finished = [this](int m) { return lanes_[m].epochs_done >= input_.settings.epochs; };
  work.retire = [this](int m) {
    scheduler_.exchange().finish(lanes_[m].evaluation);  // its last epoch's record, before it counts as done
    trainers_[m]->set_exchange(nullptr);
  };
  schedule(std::move(work), threads);
  // With threads, a thread whose model has finished takes half of each of the others'
  // minibatches (translate_trainer.hpp) and their epochs' evaluations.
  if (scheduler_.threaded())
    for (auto& t : trainers_) t->set_exchange(&scheduler_.exchange());
  scheduler_.launch();
  return Status::success();
}

TranslateSession::EpochEnd TranslateSession::close_epoch(int m) {
  EpochEnd end;
  end.model = m;
  end.epoch = ++lanes_[m].epochs_done;
  end.loss = trainers_[m]->epoch_loss();
  end.watch = watch_;
  return end;
}

void TranslateSession::report(const EpochEnd& end, const Seq2Seq<float>& weights) {
  const EvalResult v = evaluate(*corpus_, weights, corpus_->val);
  TranslateEpoch e;
  e.model = end.model;
  e.kind = attention_kind_name(weights.config.attention);
  e.epoch = end.epoch;
  e.loss = end.loss;
  e.val_token_acc = v.token_acc;
  e.val_exact = v.exact_acc;
  e.val_aer = v.aer;
  e.val_exact_by_bucket = v.exact_by_bucket;
  // The watched sentence: its translation, and the attention rows that produced each gold word.
  e.watch = end.watch;
  const SentencePair& p = corpus_->test[e.watch];
  std::vector<int> src;
  for (const std::string& w : p.src) src.push_back(corpus_->src.id(w));
  AlignmentMap<float> alpha;
  translate::translate(weights, src, e.watch_out, alpha);
  e.watch_alpha = teacher_forced_attention(*corpus_, weights, p);
  e.wall = elapsed();
  publish(std::move(e));
}

bool TranslateSession::advance(int m) {
  TranslateTrainer& t = *trainers_[m];
  Lane& lane = lanes_[m];
  if (!lane.in_epoch) {
    t.begin_epoch();
    lane.in_epoch = true;
  }
  if (t.train_next()) return false;
  lane.in_epoch = false;
  WorkExchange& exchange = scheduler_.exchange();
  exchange.finish(lane.evaluation);  // the last epoch's, if nobody took it, before the snapshot is reused
  lane.pending = close_epoch(m);
  // The evaluation goes to a helper only if one is idle at this moment, so that while
  // every model trains no epoch's record waits for the next epoch's end.
  if (exchange.idle_helpers() > 0) {
    lane.snapshot = t.model();
    exchange.offer(lane.evaluation);
  } else {
    report(lane.pending, t.model());
  }
  return true;
}

Status TranslateSession::finish(TranslateOutcome& out) {
  if (!done()) return Status::error("the models are still training");
  scheduler_.join();
  TranslateOutcome o;
  for (const auto& t : trainers_) {
    TranslateModelOutcome m;
    m.kind = attention_kind_name(t->model().config.attention);
    m.test = t->evaluate(corpus_->test);
    m.epochs_done = t->epochs_done();
    o.models.push_back(std::move(m));
  }
  o.wall = elapsed();
  o.threads = scheduler_.threaded();
  o.stopped = stop_;
  finished_ = true;
  out = std::move(o);
  return Status::success();
}

Status TranslateSession::corpus_info(CorpusInfo& out) const {
  if (!corpus_) return Status::error("train the models first");
  const Corpus& c = *corpus_;
  out.src_vocab.assign(c.src.words.begin() + kEos + 1, c.src.words.end());
  out.buckets = c.buckets;
  out.test = c.test;
  return Status::success();
}

Status TranslateSession::watch(int index) {
  if (!corpus_) return Status::error("train the models first");
  if (index < 0 || index >= static_cast<int>(corpus_->test.size()))
    return Status::error("there are test sentences 1 to " + std::to_string(corpus_->test.size()) + " only");
  watch_ = index;
  return Status::success();
}

Status TranslateSession::watch_attention(int model, int index, AlignmentMap<float>& out) const {
  if (!corpus_) return Status::error("train the models first");
  if (model < 0 || model >= static_cast<int>(trainers_.size())) return Status::error("there is no model " + std::to_string(model));
  if (!done() && scheduler_.threaded()) return Status::error("wait until training has finished");
  if (index < 0 || index >= static_cast<int>(corpus_->test.size()))
    return Status::error("there are test sentences 1 to " + std::to_string(corpus_->test.size()) + " only");
  out = trainers_[model]->teacher_forced_attention(corpus_->test[index]);
  return Status::success();
}

Status TranslateSession::translate(int model, const std::vector<std::string>& words, Translation& out) const {
  if (!corpus_) return Status::error("train the models first");
  if (model < 0 || model >= static_cast<int>(trainers_.size())) return Status::error("there is no model " + std::to_string(model));
  if (!done() && scheduler_.threaded()) return Status::error("wait until training has finished");
  if (words.empty()) return Status::error("type a sentence first");
  if (static_cast<int>(words.size()) > input_.settings.max_len)
    return Status::error(std::to_string(words.size()) + " words: the models were trained on sentences of at most " +
                         std::to_string(input_.settings.max_len));
  std::vector<int> src;
  std::string unknown;
  for (const std::string& w : words) {
    const int id = corpus_->src.id(w);
    if (id <= kEos) unknown += (unknown.empty() ? "" : ", ") + quoted(w);
    src.push_back(id);
  }
  if (!unknown.empty()) return Status::error("not in the lexicon: " + unknown);
  std::vector<int> ids;
  Seq2Seq<float>::Trace trace;
  Translation t;
  trainers_[model]->translate(src, ids, t.alpha, &trace);
  for (int id : ids) t.words.push_back(corpus_->tgt.words[id]);
  const int S = static_cast<int>(src.size()), H = static_cast<int>(trace.enc.rows());
  t.source_len = S;
  t.hidden = H;
  const MatF K = trace.enc.transpose();          // S x H
  t.queries = to_tensor(trace.dec.transpose());  // words x H
  t.keys = to_tensor(K);
  // The source's self-attention map, for display: the lab's row softmax (the one
  // self-attention uses), each row i over the source words j.
  t.self_alpha = to_tensor(K * K.transpose());  // S x S
  row_softmax_scaled(t.self_alpha.data(), S, S, 1.0f / std::sqrt(static_cast<float>(H)), /*causal=*/false);
  out = std::move(t);
  return Status::success();
}

}  // namespace alab::translate
