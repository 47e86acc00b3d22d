// Training the encoder-decoder (translate/translate_trainer.hpp): batches of one
// source length with <bos>/<eos> and padding where they belong; a seed gives the same
// losses twice; a few epochs lower the loss and the attention model pulls ahead.
#include <catch2/catch.hpp>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>
#include <fstream>
#include <sstream>

#include "reference_file.hpp"
#include "race/race_session.hpp"
#include "translate/translate_session.hpp"
#include "translate/translate_trainer.hpp"


using namespace alab::translate;

namespace {
Corpus small_corpus() {
  Grammar g;
  REQUIRE(parse_grammar(alab::test::read_repo_file("content/translation/grammar.json"), g));
  CorpusRequest r;
  r.n_train = 400;
  r.n_val = 100;
  r.n_test = 100;
  Corpus c;
  REQUIRE(make_corpus(g, r, c));
  return c;
}

// The first n training pairs (at most) whose source is as long as the first pair's: one
// minibatch, since a batch holds sources of one length.
std::vector<int> rows_of_first_length(const Corpus& c, std::size_t n) {
  std::vector<int> rows;
  const std::size_t S = c.train[0].src.size();
  for (int i = 0; i < static_cast<int>(c.train.size()) && rows.size() < n; ++i)
    if (c.train[i].src.size() == S) rows.push_back(i);
  return rows;
}
}  // namespace

TEST_CASE("a batch: sources of one length, targets shifted by <bos>, closed by <eos>, padded", "[translate]") {
  const Corpus c = small_corpus();
  const std::vector<int> rows = rows_of_first_length(c, 4);
  TranslateBatch b;
  make_batch(c, c.train, rows, b);
  REQUIRE(b.B == static_cast<int>(rows.size()));
  REQUIRE(b.S == static_cast<int>(c.train[0].src.size()));
  for (int k = 0; k < b.B; ++k) {
    const SentencePair& p = c.train[rows[k]];
    const int n = static_cast<int>(p.tgt.size());
    CHECK(b.tgt_in[k] == kBos);
    for (int t = 0; t < n; ++t) CHECK(b.tgt_out[static_cast<std::size_t>(t) * b.B + k] == c.tgt.id(p.tgt[t]));
    CHECK(b.tgt_out[static_cast<std::size_t>(n) * b.B + k] == kEos);
    for (int t = n + 1; t < b.L; ++t) CHECK(b.tgt_out[static_cast<std::size_t>(t) * b.B + k] == kPad);
    for (int j = 0; j < b.S; ++j) CHECK(b.src[static_cast<std::size_t>(k) * b.S + j] == c.src.id(p.src[j]));
  }
}

TEST_CASE("training is deterministic, lowers the loss, and attention beats the fixed summary", "[translate]") {
  const Corpus c = small_corpus();
  TranslateConfig cfg;
  cfg.hidden = 24;
  cfg.embed = 12;
  cfg.attention = AttentionKind::additive;
  TranslateTrainer a(c, cfg), again(c, cfg);
  const double first = a.train_epoch();
  CHECK(again.train_epoch() == first);
  double last = first;
  for (int e = 0; e < 5; ++e) last = a.train_epoch();
  // Six short epochs are not yet chaotic: every build (native at three code generations,
  // WebAssembly) ends at 0.29 of the first loss and at 0.71 against 0.47 words right, to
  // six digits, so these wide margins do not depend on the processor.
  CHECK(last < 0.7 * first);
  cfg.attention = AttentionKind::none;
  TranslateTrainer fixed(c, cfg);
  for (int e = 0; e < 6; ++e) fixed.train_epoch();
  const EvalResult ra = a.evaluate(c.val), rf = fixed.evaluate(c.val);
  CHECK(ra.token_acc > rf.token_acc);
  CHECK(ra.exact_by_bucket.size() == c.buckets.size());
  // A translation comes with one attention row per word it produced, each a distribution.
  std::vector<int> src, out;
  for (const auto& w : c.test[0].src) src.push_back(c.src.id(w));
  AlignmentMap<float> alpha;
  a.translate(src, out, alpha);
  CHECK(alpha.shape(0) == out.size());
  CHECK(alpha.shape(1) == src.size());
  for (std::size_t t = 0; t < alpha.shape(0); ++t) {
    double sum = 0;
    for (std::size_t j = 0; j < alpha.shape(1); ++j) sum += alpha(t, j);
    CHECK(std::abs(sum - 1) < 1e-5);
  }
}

TEST_CASE("alignment error rate: a perfect, a wrong and a chance alignment, by hand", "[translate]") {
  SentencePair p;
  p.src = {"le", "chat", "noir"};
  p.tgt = {"the", "black", "cat"};
  p.align = {{0, 0}, {1, 2}, {2, 1}};
  AlignmentCounts right, wrong;
  count_alignment(p, {{0.8f, 0.1f, 0.1f}, {0.1f, 0.2f, 0.7f}, {0.1f, 0.6f, 0.3f}}, right);
  CHECK(right.aer() == 0);
  // Each target word on the wrong source word: no hit, AER 1.
  count_alignment(p, {{0.1f, 0.8f, 0.1f}, {0.1f, 0.7f, 0.2f}, {0.1f, 0.3f, 0.6f}}, wrong);
  CHECK(wrong.aer() == 1);
  // Chance: each word has one gold link among 3 source words: E hits = 3 * 1/3 = 1; AER = 1 - 2/6.
  CHECK(std::abs(right.chance_aer() - (1 - 2.0 / 6)) < 1e-12);
}

// A minibatch trained in two halves (translate_trainer.hpp): each half's backward takes
// the whole minibatch's token count, so the halves' gradients sum to the whole's (up to
// float rounding), and which thread computes half B changes no bit.
TEST_CASE("a minibatch's two halves sum to its gradient, and a helper thread changes no bit", "[translate]") {
  const Corpus c = small_corpus();
  const std::vector<int> rows = rows_of_first_length(c, 7);
  REQUIRE(rows.size() == 7);
  Seq2SeqConfig mc;
  mc.src_vocab = c.src.size();
  mc.tgt_vocab = c.tgt.size();
  mc.embed = 8;
  mc.hidden = 12;
  mc.attention = AttentionKind::additive;
  alab::rng::Pcg32 rng(5, 1);
  Seq2Seq<double> whole;
  whole.init(mc, rng);
  Seq2Seq<double> halves = whole;
  TranslateBatch b, a_half, b_half;
  make_batch(c, c.train, rows, b);
  make_batch(c, c.train, {rows.begin(), rows.begin() + 4}, a_half);
  make_batch(c, c.train, {rows.begin() + 4, rows.end()}, b_half);
  REQUIRE(a_half.tokens() + b_half.tokens() == b.tokens());
  Seq2SeqCache<double> cache;
  whole.forward(b.src, b.tgt_in, b.tgt_out, b.B, b.S, b.L, cache);
  whole.backward(cache);
  for (const TranslateBatch* h : {&a_half, &b_half}) {
    halves.forward(h->src, h->tgt_in, h->tgt_out, h->B, h->S, h->L, cache);
    halves.backward(cache, b.tokens());
  }
  const auto pw = whole.params(), ph = halves.params();
  for (std::size_t i = 0; i < pw.size(); ++i) {
    INFO(pw[i]->name);
    CHECK((pw[i]->dw - ph[i]->dw).cwiseAbs().maxCoeff() <= 1e-12 * (1 + pw[i]->dw.cwiseAbs().maxCoeff()));
  }

  // Two epochs alone, and with a second thread that takes half B whenever it is free.
  TranslateConfig cfg;
  cfg.hidden = 16;
  cfg.embed = 8;
  TranslateTrainer alone(c, cfg), helped(c, cfg);
  alone.train_epoch();
  alone.train_epoch();
  // (A build without threads runs the exchange's path with nobody to help.)
  alab::WorkExchange exchange;
  std::atomic<bool> over{false};
  std::thread helper;
  if (alab::race::race_threads_available()) helper = std::thread([&] { exchange.help_until([&] { return over.load(); }); });
  helped.set_exchange(&exchange);
  helped.train_epoch();
  helped.train_epoch();
  helped.set_exchange(nullptr);
  over = true;
  exchange.wake();
  if (helper.joinable()) helper.join();
  const auto pa = const_cast<Seq2Seq<float>&>(alone.model()).params();
  const auto pb = const_cast<Seq2Seq<float>&>(helped.model()).params();
  for (std::size_t i = 0; i < pa.size(); ++i) {
    INFO(pa[i]->name);
    CHECK(pa[i]->w == pb[i]->w);
  }
  CHECK(alone.epoch_loss() == helped.epoch_loss());
}

// What steadies the training (TranslateConfig): the schedule by hand, and the clipping.
TEST_CASE("the learning rate is held, then falls along a half cosine to its floor", "[translate]") {
  TranslateConfig c;
  c.lr = 0.01;
  CHECK(scheduled_lr(c, 0, 100) == 0.01);  // epochs = 0: no schedule
  CHECK(scheduled_lr(c, 99, 100) == 0.01);
  c.epochs = 10;
  c.decay_from = 0.5;
  c.lr_floor = 0.1;
  // 101 steps: held up to step 50, cos(pi/2) = 0 half way down (step 75), the floor at 100.
  CHECK(scheduled_lr(c, 0, 101) == 0.01);
  CHECK(scheduled_lr(c, 50, 101) == 0.01);
  CHECK(scheduled_lr(c, 75, 101) == Approx(0.01 * (0.1 + 0.9 * 0.5)).epsilon(1e-12));
  CHECK(scheduled_lr(c, 100, 101) == Approx(0.001).epsilon(1e-12));
  for (long t = 51; t <= 100; ++t) CHECK(scheduled_lr(c, t, 101) < scheduled_lr(c, t - 1, 101));
  c.decay_from = 0;  // all the way: the first step at lr, the last at the floor
  CHECK(scheduled_lr(c, 0, 11) == 0.01);
  CHECK(scheduled_lr(c, 10, 11) == Approx(0.001).epsilon(1e-12));
}

TEST_CASE("clipping scales the whole gradient to the global norm, and leaves a smaller one alone", "[translate]") {
  alab::nn::Param<float> a, b;
  a.resize(1, 2);
  b.resize(2, 1);
  a.dw << 3, 0;
  b.dw << 0, 4;  // global norm 5
  const alab::nn::ParamList<float> ps{&a, &b};
  CHECK(alab::nn::clip_grad_norm(ps, 10.0) == 5);
  CHECK(a.dw(0, 0) == 3);
  CHECK(b.dw(1, 0) == 4);
  CHECK(alab::nn::clip_grad_norm(ps, 1.0) == 5);
  CHECK(a.dw(0, 0) == Approx(0.6f));
  CHECK(b.dw(1, 0) == Approx(0.8f));
  CHECK(std::sqrt(a.dw.squaredNorm() + b.dw.squaredNorm()) == Approx(1.0f));
}
