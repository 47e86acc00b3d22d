// The translation session (translate/translate_session.hpp): the same epochs whether
// driven in slices on one thread or on threads of its own (one a model), every epoch
// with its watched sentence's attention rows (distributions over the source), stop
// before the next minibatch, refusals in words.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <fstream>
#include <sstream>
#include <thread>

#include "attention/softmax.hpp"
#include "reference_file.hpp"
#include "translate/translate_session.hpp"


using Catch::Matchers::Contains;
using namespace alab::translate;

namespace {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr bool kThreads = false;
#else
constexpr bool kThreads = true;
#endif

TranslateInput small() {
  TranslateInput s;
  s.grammar_json = alab::test::read_repo_file("content/translation/grammar.json");
  s.settings.hidden = 16;
  s.fixed.embed = 8;
  s.settings.epochs = 2;
  s.fixed.n_train = 200;
  s.fixed.n_val = 50;
  s.fixed.n_test = 50;
  return s;
}

std::vector<TranslateEpoch> run(TranslateSession& session, bool threads) {
  std::vector<TranslateEpoch> all;
  while (!session.step(5)) {
    if (threads) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    for (auto& e : session.poll()) all.push_back(std::move(e));
  }
  for (auto& e : session.poll()) all.push_back(std::move(e));
  return all;
}
}  // namespace

TEST_CASE("a translation session gives the same epochs in slices and on threads", "[translate]") {
  TranslateSession one;
  REQUIRE(one.start(small(), false));
  std::vector<TranslateEpoch> a = run(one, false);
  REQUIRE(a.size() == 4);  // 2 models x 2 epochs
  TranslateOutcome oa;
  REQUIRE(one.finish(oa));
  REQUIRE(oa.models.size() == 2);
  CHECK(oa.models[0].kind == "none");
  CHECK(oa.models[1].kind == "additive");
  for (const TranslateEpoch& e : a) {
    const std::size_t S = one.corpus().test[0].src.size(), n = one.corpus().test[0].tgt.size();
    if (e.kind == "none") { CHECK(e.watch_alpha.size() == 0); continue; }
    REQUIRE(e.watch_alpha.shape(0) == n);
    REQUIRE(e.watch_alpha.shape(1) == S);
    for (std::size_t t = 0; t < n; ++t) {
      double sum = 0;
      for (std::size_t j = 0; j < S; ++j) sum += e.watch_alpha(t, j);
      CHECK(std::abs(sum - 1) < 1e-5);
    }
  }
  if (kThreads) {
    TranslateSession two;
    REQUIRE(two.start(small(), true));
    std::vector<TranslateEpoch> b = run(two, true);
    REQUIRE(b.size() == a.size());
    // Order across threads may differ; each model's epochs are the same numbers.
    for (const TranslateEpoch& x : a) {
      bool found = false;
      for (const TranslateEpoch& y : b)
        if (y.model == x.model && y.epoch == x.epoch) {
          found = true;
          CHECK(y.loss == x.loss);
          CHECK(y.val_exact == x.val_exact);
          CHECK(y.watch_alpha == x.watch_alpha);
        }
      CHECK(found);
    }
    TranslateOutcome ob;
    REQUIRE(two.finish(ob));
    CHECK(ob.models[1].test.exact_acc == oa.models[1].test.exact_acc);
  }
}

TEST_CASE("stop ends a session before its next minibatch; bad settings are refused", "[translate]") {
  TranslateSession s;
  TranslateInput cfg = small();
  cfg.settings.epochs = 50;
  REQUIRE(s.start(cfg, false));
  s.step(1);
  s.stop();
  CHECK(s.step(1000));
  TranslateOutcome o;
  REQUIRE(s.finish(o));
  CHECK(o.stopped);
  CHECK(o.models[0].epochs_done < 50);

  cfg.kinds = {"none", "bahdanau"};
  CHECK(s.start(cfg, false).message.find("bahdanau") != std::string::npos);
  cfg.kinds = {"dot"};
  cfg.settings.epochs = 0;
  CHECK_THAT(s.start(cfg, false).message, Contains("Epochs: 0 is out of range"));
  cfg.settings.epochs = 1;
  cfg.grammar_json = "{}";
  CHECK_FALSE(s.start(cfg, false));
}

TEST_CASE("a typed sentence is translated by a trained model; unknown words are named", "[translate]") {
  TranslateSession s;
  REQUIRE(s.start(small(), false));
  while (!s.step(50)) {
  }
  Translation t;
  REQUIRE(s.translate(1, {"je", "suis", "étudiant"}, t));
  CHECK(t.source_len == 3);
  CHECK(t.alpha.size() == t.words.size() * 3);
  // The vectors: one query a word, one key a source word, and self-attention over the source.
  CHECK(t.hidden == 16);
  CHECK(t.queries.size() == t.words.size() * 16);
  CHECK(t.keys.size() == 3 * 16);
  REQUIRE(t.self_alpha.size() == 9);
  // Row i is softmax_j(k_i . k_j / sqrt(H)) (keys: S x H, row-major).
  const auto key = [&](int i, int h) { return double(t.keys(i, h)); };
  for (int i = 0; i < 3; ++i) {
    double s[3], a[3];
    for (int j = 0; j < 3; ++j) {
      s[j] = 0;
      for (int h = 0; h < 16; ++h) s[j] += key(i, h) * key(j, h) / 4.0;
    }
    alab::softmax(s, a, 3);
    for (int j = 0; j < 3; ++j) CHECK(std::abs(t.self_alpha(i, j) - a[j]) < 1e-5);
  }
  REQUIRE(s.translate(0, {"le", "chat", "noir"}, t));
  CHECK(t.alpha.size() == 0);
  CHECK(s.translate(1, {"le", "zèbre", "mange", "la", "licorne"}, t).message == "not in the lexicon: \"zèbre\", \"licorne\"");
  CHECK(s.translate(1, {}, t).message == "type a sentence first");
  CHECK(s.translate(1, std::vector<std::string>(26, "chat"), t).message.find("at most 25") != std::string::npos);
  CHECK(s.translate(5, {"chat"}, t).message == "there is no model 5");
}

TEST_CASE("the watched sentence can be changed mid-run, and read from an idle model", "[translate]") {
  TranslateSession s;
  TranslateInput cfg = small();
  cfg.settings.epochs = 3;
  REQUIRE(s.start(cfg, false));
  std::vector<TranslateEpoch> seen;
  while (seen.empty()) {
    s.step(5);
    for (auto& e : s.poll()) seen.push_back(std::move(e));
  }
  CHECK(seen[0].watch == 0);
  REQUIRE(s.watch(7));
  CHECK(s.watch(50).message == "there are test sentences 1 to 50 only");
  CHECK(s.watch(-1).message == "there are test sentences 1 to 50 only");
  for (auto& e : run(s, false)) seen.push_back(std::move(e));
  const SentencePair& p = s.corpus().test[7];
  // Every epoch that ended after the change reports sentence 8, its rows the right size.
  for (std::size_t k = 1; k < seen.size(); ++k) {
    CHECK(seen[k].watch == 7);
    if (seen[k].kind == "additive") CHECK(seen[k].watch_alpha.size() == p.src.size() * p.tgt.size());
  }
  // Idle, the model's attention on any test sentence: the last epoch's numbers for the watched one.
  AlignmentMap<float> alpha;
  REQUIRE(s.watch_attention(1, 7, alpha));
  CHECK(bool(alpha == seen.back().watch_alpha));
  REQUIRE(s.watch_attention(1, 3, alpha));
  CHECK(alpha.shape(0) == s.corpus().test[3].tgt.size());
  CHECK(alpha.shape(1) == s.corpus().test[3].src.size());
  CHECK(s.watch_attention(1, 50, alpha).message == "there are test sentences 1 to 50 only");
  CHECK(s.watch_attention(4, 3, alpha).message == "there is no model 4");
}

TEST_CASE("a shorter longest sentence keeps each bucket's share", "[translate]") {
  TranslateSession s;
  TranslateInput cfg = small();
  cfg.fixed.n_train = 3000;  // over five buckets: 600 a bucket
  cfg.settings.max_len = 5;     // one bucket, 3 to 5 words: 600 sentences
  cfg.settings.epochs = 1;
  REQUIRE(s.start(cfg, false));
  CHECK(s.corpus().train.size() == 600);
  CHECK(s.corpus().buckets == std::vector<int>{3});
  for (const auto& p : s.corpus().train) CHECK(p.src.size() <= 5);
  s.stop();
  cfg.settings.max_len = 2;
  CHECK_THAT(s.start(cfg, false).message, Contains("Longest source sentence: 2 is out of range"));
}
