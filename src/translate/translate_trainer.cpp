#include "translate/translate_trainer.hpp"

#include <algorithm>
#include <cmath>

namespace alab::translate {

namespace {

// Sentence k's alignment map from a teacher-forced forward: row t the attention of the
// step that was fed gold word t-1 and predicts word t (words x S).
AlignmentMap<float> teacher_forced_map(const Seq2SeqCache<float>& cache, int k, std::size_t words) {
  const auto S = static_cast<std::size_t>(cache.S);
  AlignmentMap<float> map(std::array<std::size_t, 2>{words, S});
  for (std::size_t t = 0; t < words; ++t)
    for (std::size_t j = 0; j < S; ++j) map(t, j) = cache.steps[t].alpha(static_cast<Eigen::Index>(j), k);
  return map;
}

}  // namespace

EncodedSplit encode_split(const Corpus& c, const std::vector<SentencePair>& split) {
  EncodedSplit e;
  e.src.resize(split.size());
  e.tgt.resize(split.size());
  for (std::size_t i = 0; i < split.size(); ++i) {
    for (const std::string& w : split[i].src) e.src[i].push_back(c.src.id(w));
    for (const std::string& w : split[i].tgt) e.tgt[i].push_back(c.tgt.id(w));
  }
  return e;
}

int TranslateBatch::tokens() const {
  int n = 0;
  for (int y : tgt_out) n += y != kPad;
  return n;
}

void make_batch(const EncodedSplit& split, const std::vector<int>& rows, TranslateBatch& out) {
  const int B = static_cast<int>(rows.size());
  const int S = static_cast<int>(split.src[rows[0]].size());
  int L = 0;
  for (int r : rows) L = std::max(L, static_cast<int>(split.tgt[r].size()) + 1);
  out.B = B;
  out.S = S;
  out.L = L;
  out.src.assign(static_cast<std::size_t>(B) * S, kPad);
  out.tgt_in.assign(static_cast<std::size_t>(L) * B, kPad);
  out.tgt_out.assign(static_cast<std::size_t>(L) * B, kPad);
  for (int b = 0; b < B; ++b) {
    const std::vector<int>& src = split.src[rows[b]];
    const std::vector<int>& tgt = split.tgt[rows[b]];
    for (int j = 0; j < S; ++j) out.src[static_cast<std::size_t>(b) * S + j] = src[j];
    const int n = static_cast<int>(tgt.size());
    for (int t = 0; t <= n; ++t) {
      out.tgt_out[static_cast<std::size_t>(t) * B + b] = t < n ? tgt[t] : kEos;
      out.tgt_in[static_cast<std::size_t>(t) * B + b] = t == 0 ? kBos : tgt[t - 1];
    }
  }
}

void make_batch(const Corpus& c, const std::vector<SentencePair>& split, const std::vector<int>& rows, TranslateBatch& out) {
  EncodedSplit e;  // only the rows asked for
  e.src.resize(split.size());
  e.tgt.resize(split.size());
  for (int r : rows) {
    for (const std::string& w : split[r].src) e.src[r].push_back(c.src.id(w));
    for (const std::string& w : split[r].tgt) e.tgt[r].push_back(c.tgt.id(w));
  }
  make_batch(e, rows, out);
}

void count_alignment(const SentencePair& p, const AlignmentMap<float>& alpha, AlignmentCounts& out) {
  const int S = static_cast<int>(p.src.size()), n = std::min(static_cast<int>(p.tgt.size()), static_cast<int>(alpha.shape(0)));
  std::vector<int> gold_per_target(p.tgt.size(), 0);
  for (const auto& [i, j] : p.align) ++gold_per_target[j];
  out.gold += static_cast<double>(p.align.size());
  for (int t = 0; t < n; ++t) {
    const float* row = &alpha(t, 0);
    const int best = static_cast<int>(std::max_element(row, row + alpha.shape(1)) - row);
    out.predicted += 1;
    out.hits += std::binary_search(p.align.begin(), p.align.end(), std::make_pair(best, t)) ? 1 : 0;
    out.chance_hits += static_cast<double>(gold_per_target[t]) / S;
  }
}

double scheduled_lr(const TranslateConfig& c, long step, long total) {
  if (c.epochs <= 0 || total <= 1) return c.lr;
  const double start = c.decay_from * static_cast<double>(total - 1);
  const double x = static_cast<double>(step);
  if (x <= start) return c.lr;
  const double f = (x - start) / (static_cast<double>(total - 1) - start);  // 0 .. 1
  const double kPi = 3.14159265358979323846;
  return c.lr * (c.lr_floor + (1 - c.lr_floor) * 0.5 * (1 + std::cos(kPi * f)));
}

TranslateTrainer::TranslateTrainer(const Corpus& corpus, const TranslateConfig& config)
    : corpus_(corpus), config_(config), order_rng_(static_cast<std::uint64_t>(config.seed), 0x7A) {
  Seq2SeqConfig mc;
  mc.src_vocab = corpus.src.size();
  mc.tgt_vocab = corpus.tgt.size();
  mc.embed = config.embed;
  mc.hidden = config.hidden;
  mc.attention = config.attention;
  rng::Pcg32 init_rng(static_cast<std::uint64_t>(config.seed), 0x7B);
  model_.init(mc, init_rng);
  adam_ = std::make_unique<nn::Adam<float>>(model_.params(), config.lr);
  shadow_ = model_;
  train_ids_ = encode_split(corpus, corpus.train);
  for (int i = 0; i < static_cast<int>(corpus.train.size()); ++i) {
    const std::size_t S = corpus.train[i].src.size();
    if (by_length_.size() <= S) by_length_.resize(S + 1);
    by_length_[S].push_back(i);
  }
  long per_epoch = 0;
  for (const auto& rows : by_length_) per_epoch += static_cast<long>((rows.size() + config.batch - 1) / config.batch);
  total_steps_ = per_epoch * std::max(config.epochs, 0);
}

void TranslateTrainer::begin_epoch() {
  // Each length's rows shuffled and cut into batches; then the batches shuffled.
  batches_.clear();
  for (std::vector<int> rows : by_length_) {
    rng::shuffle(rows, order_rng_);
    for (std::size_t i = 0; i < rows.size(); i += config_.batch)
      batches_.emplace_back(rows.begin() + i, rows.begin() + std::min(rows.size(), i + config_.batch));
  }
  rng::shuffle(batches_, order_rng_);
  next_ = 0;
  epoch_total_ = 0;
  epoch_tokens_ = 0;
}

bool TranslateTrainer::train_next() {
  if (next_ >= batches_.size()) return false;
  const std::vector<int>& rows = batches_[next_++];
  make_batch(train_ids_, rows, batch_);
  const int tokens = batch_.tokens();
  nn::ParamList<float> ps = model_.params();
  for (auto* p : ps) p->dw.setZero();
  float loss_sum = 0;
  if (rows.size() < 2) {
    const float loss = model_.forward(batch_.src, batch_.tgt_in, batch_.tgt_out, batch_.B, batch_.S, batch_.L, cache_[0]);
    model_.backward(cache_[0]);
    loss_sum = loss * static_cast<float>(cache_[0].tokens);
  } else {
    // Half B on the shadow model (this step's weights, gradients of its own).
    const std::size_t mid = (rows.size() + 1) / 2;
    make_batch(train_ids_, std::vector<int>(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(mid)), half_[0]);
    make_batch(train_ids_, std::vector<int>(rows.begin() + static_cast<std::ptrdiff_t>(mid), rows.end()), half_[1]);
    nn::ParamList<float> shadow = shadow_.params();
    for (std::size_t i = 0; i < ps.size(); ++i) {
      shadow[i]->w = ps[i]->w;
      shadow[i]->dw.setZero();
    }
    float loss_b = 0;
    Job half_b{[&] {
      const TranslateBatch& h = half_[1];
      loss_b = shadow_.forward(h.src, h.tgt_in, h.tgt_out, h.B, h.S, h.L, cache_[1]) * static_cast<float>(cache_[1].tokens);
      shadow_.backward(cache_[1], tokens);
    }};
    if (exchange_) exchange_->offer(half_b);
    const TranslateBatch& h = half_[0];
    const float loss_a = model_.forward(h.src, h.tgt_in, h.tgt_out, h.B, h.S, h.L, cache_[0]) * static_cast<float>(cache_[0].tokens);
    model_.backward(cache_[0], tokens);
    if (exchange_) exchange_->finish(half_b);
    else half_b.work();
    for (std::size_t i = 0; i < ps.size(); ++i) ps[i]->dw += shadow[i]->dw;
    loss_sum = loss_a + loss_b;
  }
  if (config_.clip > 0) nn::clip_grad_norm(ps, config_.clip);
  adam_->set_lr(scheduled_lr(config_, steps_++, total_steps_));
  adam_->step();
  epoch_total_ += static_cast<double>(loss_sum);
  epoch_tokens_ += tokens;
  if (next_ == batches_.size()) ++epochs_;
  return next_ < batches_.size();
}

double TranslateTrainer::train_epoch() {
  begin_epoch();
  while (train_next()) {
  }
  return epoch_loss();
}

EvalResult evaluate(const Corpus& corpus, const Seq2Seq<float>& model, const std::vector<SentencePair>& split) {
  const AttentionKind kind = model.config.attention;
  const EncodedSplit ids = encode_split(corpus, split);
  EvalResult r;
  const int nb = static_cast<int>(corpus.buckets.size());
  r.exact_by_bucket.assign(nb, 0);
  r.count_by_bucket.assign(nb, 0);
  std::vector<std::vector<int>> by_length;
  for (int i = 0; i < static_cast<int>(split.size()); ++i) {
    const std::size_t S = split[i].src.size();
    if (by_length.size() <= S) by_length.resize(S + 1);
    by_length[S].push_back(i);
  }
  double loss = 0;
  int tokens = 0, correct = 0, exact = 0;
  AlignmentCounts counts;
  TranslateBatch b;
  Seq2SeqCache<float> cache;
  std::vector<std::vector<int>> out;
  for (const auto& all : by_length) {
    for (std::size_t i = 0; i < all.size(); i += 256) {
      const std::vector<int> rows(all.begin() + i, all.begin() + std::min(all.size(), i + 256));
      make_batch(ids, rows, b);
      loss += static_cast<double>(model.forward(b.src, b.tgt_in, b.tgt_out, b.B, b.S, b.L, cache)) * cache.tokens;
      tokens += cache.tokens;
      correct += cache.correct;
      if (kind != AttentionKind::none) {
        for (int k = 0; k < b.B; ++k) {  // the teacher-forced rows that produced each gold word
          const SentencePair& p = split[rows[k]];
          count_alignment(p, teacher_forced_map(cache, k, p.tgt.size()), counts);
        }
      }
      std::vector<const std::vector<int>*> gold;
      for (int k = 0; k < b.B; ++k) gold.push_back(&ids.tgt[rows[k]]);
      model.greedy(b.src, b.B, b.S, 2 * b.S + 10, out, nullptr, nullptr, &gold);
      for (int k = 0; k < b.B; ++k) {
        const bool same = out[k] == ids.tgt[rows[k]];
        const int bucket = length_bucket(b.S, corpus.buckets, 1 << 30);
        exact += same;
        if (bucket >= 0) { r.exact_by_bucket[bucket] += same; ++r.count_by_bucket[bucket]; }
      }
    }
  }
  r.loss = tokens ? loss / tokens : 0;
  r.aer = kind == AttentionKind::none ? std::nan("") : counts.aer();
  r.chance_aer = kind == AttentionKind::none ? std::nan("") : counts.chance_aer();
  r.token_acc = tokens ? static_cast<double>(correct) / tokens : 0;
  r.exact_acc = split.empty() ? 0 : static_cast<double>(exact) / split.size();
  for (int k = 0; k < nb; ++k) if (r.count_by_bucket[k]) r.exact_by_bucket[k] /= r.count_by_bucket[k];
  return r;
}

AlignmentMap<float> teacher_forced_attention(const Corpus& corpus, const Seq2Seq<float>& model, const SentencePair& p) {
  if (model.config.attention == AttentionKind::none) return {};
  const std::vector<SentencePair> one{p};
  TranslateBatch b;
  make_batch(corpus, one, {0}, b);
  Seq2SeqCache<float> cache;
  model.forward(b.src, b.tgt_in, b.tgt_out, 1, b.S, b.L, cache);
  return teacher_forced_map(cache, 0, p.tgt.size());
}

void translate(const Seq2Seq<float>& model, const std::vector<int>& src, std::vector<int>& out,
               AlignmentMap<float>& alpha, Seq2Seq<float>::Trace* trace) {
  std::vector<std::vector<int>> outs;
  std::vector<AlignmentMap<float>> maps;
  const int S = static_cast<int>(src.size());
  model.greedy(src, 1, S, 2 * S + 10, outs, &maps, trace);
  out = outs[0];
  alpha = maps.empty() ? AlignmentMap<float>() : std::move(maps[0]);
}

}  // namespace alab::translate
