#include "translate/translate_cost.hpp"

#include <chrono>

namespace alab::translate {

double sentence_work(const Seq2SeqConfig& c, int S, int L) {
  const double H = c.hidden, E = c.embed, V = c.tgt_vocab, s = S;
  const bool additive = c.attention == AttentionKind::additive, dot = c.attention == AttentionKind::dot;
  const double din = E + (additive ? H : 0), dout = additive ? 2 * H : H;
  double step = 3 * H * (din + H) + V * dout + kVocab * V;
  if (additive) step += H * H + kAttend * s * H;
  if (dot) step += kAttend * s * H + 2 * H * H;
  return s * 3 * H * (E + H) + (additive ? s * H * H : 0) + L * step;
}

namespace {

double split_work(const Seq2SeqConfig& c, const std::vector<SentencePair>& split) {
  double w = 0;
  for (const SentencePair& p : split) w += sentence_work(c, static_cast<int>(p.src.size()), static_cast<int>(p.tgt.size()) + 1);
  return w;
}

Status corpus_of(const TranslateInput& s, Corpus& c) {
  Grammar g;
  if (Status st = parse_grammar(s.grammar_json, g); !st) return st;
  CorpusRequest r;
  if (Status st = corpus_request(s, r); !st) return st;
  return make_corpus(g, r, c);
}

Seq2SeqConfig model_config(const TranslateInput& s, const Corpus& c, AttentionKind kind) {
  Seq2SeqConfig m;
  m.src_vocab = c.src.size();
  m.tgt_vocab = c.tgt.size();
  m.embed = s.fixed.embed;
  m.hidden = s.settings.hidden;
  m.attention = kind;
  return m;
}

}  // namespace

Status translate_work(const TranslateInput& s, std::vector<double>& per_model) {
  Corpus c;
  if (Status st = corpus_of(s, c); !st) return st;
  per_model.clear();
  for (const std::string& name : s.kinds.empty() ? kinds_of(s.settings) : s.kinds) {
    AttentionKind kind;
    if (!parse_attention_kind(name, kind)) return Status::error("unknown attention kind \"" + name + "\": use none, additive or dot");
    const Seq2SeqConfig m = model_config(s, c, kind);
    per_model.push_back(s.settings.epochs * (3 * split_work(m, c.train) + 2 * split_work(m, c.val)) + 2 * split_work(m, c.test));
  }
  return Status::success();
}

Status translate_probe(const std::string& grammar_json, double& seconds, double& work, double& corpus_seconds) {
  TranslateInput s;
  s.grammar_json = grammar_json;
  s.settings.hidden = 48;
  s.fixed.n_train = 1500;  // minibatches as full as a real run's
  s.fixed.n_val = s.fixed.n_test = 5;
  Corpus c;
  const auto c0 = std::chrono::steady_clock::now();
  if (Status st = corpus_of(s, c); !st) return st;
  corpus_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count() / (s.fixed.n_train + s.fixed.n_val + s.fixed.n_test);
  const Seq2SeqConfig m = model_config(s, c, AttentionKind::additive);
  TranslateTrainer t(c, trainer_config(s, AttentionKind::additive));
  t.begin_epoch();
  for (int i = 0; i < 3; ++i) t.train_next();  // first touches of the memory are not counted
  work = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 12; ++i) {
    t.train_next();
    const TranslateBatch& b = t.last_batch();
    work += 3.0 * b.B * sentence_work(m, b.S, b.L);
  }
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return Status::success();
}

}  // namespace alab::translate
