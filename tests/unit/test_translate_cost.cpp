// The translation run's cost model (translate/translate_cost.hpp): the work formula on a
// hand-counted sentence, work that grows with epochs, sentences and attention, the
// refusals, and a probe that measures something.
#include <catch2/catch.hpp>

#include "reference_file.hpp"
#include "translate/translate_cost.hpp"

using namespace alab::translate;

TEST_CASE("one sentence's work, counted by hand", "[translate]") {
  Seq2SeqConfig c;
  c.hidden = 4;
  c.embed = 2;
  c.tgt_vocab = 10;
  const int S = 3, L = 5;
  // encoder 3 * 3H(E + H) = 3 * 12 * 6 = 216; a step 3H(E + H) + V H + kVocab V = 72 + 40 + 1200.
  c.attention = AttentionKind::none;
  CHECK(sentence_work(c, S, L) == Approx(216 + 5 * (72 + 40 + 10 * kVocab)));
  // additive: W_h h_j once (S H H = 48); a step reads [x; c] (Din = 6), the output [s; c]
  // (Dout = 8), and scores with W_s s (H H = 16) and the S source words.
  c.attention = AttentionKind::additive;
  CHECK(sentence_work(c, S, L) == Approx(216 + 48 + 5 * (12 * 10 + 10 * 8 + 10 * kVocab + 16 + kAttend * S * 4)));
  // dot: the scores and W_c [s; c] (2H H = 32).
  c.attention = AttentionKind::dot;
  CHECK(sentence_work(c, S, L) == Approx(216 + 5 * (72 + 40 + 10 * kVocab + kAttend * S * 4 + 32)));
}

TEST_CASE("a run's work grows with epochs and attention; bad settings are refused", "[translate]") {
  TranslateInput s;
  s.grammar_json = alab::test::read_repo_file("content/translation/grammar.json");
  s.fixed.n_train = 300;
  s.fixed.n_val = s.fixed.n_test = 50;
  s.kinds = {"none", "additive", "dot"};
  s.settings.epochs = 1;
  std::vector<double> one, three;
  REQUIRE(translate_work(s, one));
  s.settings.epochs = 3;
  REQUIRE(translate_work(s, three));
  REQUIRE(one.size() == 3);
  for (int m = 0; m < 3; ++m) {
    // Every epoch costs the same: three epochs are one plus twice the difference.
    const double test_part = one[m] - (three[m] - one[m]) / 2;
    CHECK(test_part > 0);
    CHECK(test_part < one[m] / 3);
  }
  CHECK(one[1] > 1.5 * one[0]);  // attention is dearer than the fixed summary
  CHECK(one[2] > one[0]);
  s.settings.hidden = 96;
  std::vector<double> wide;
  REQUIRE(translate_work(s, wide));
  CHECK(wide[0] > 2 * three[0]);  // twice the width: the H^2 products dominate
  s.kinds = {"cosine"};
  CHECK(translate_work(s, wide).message.find("cosine") != std::string::npos);
  s.kinds = {"none"};
  s.grammar_json = "{";
  CHECK_FALSE(translate_work(s, wide));
}

TEST_CASE("the speed probe times real minibatches and the corpus's building", "[translate]") {
  double seconds = 0, work = 0, corpus = 0;
  REQUIRE(translate_probe(alab::test::read_repo_file("content/translation/grammar.json"), seconds, work, corpus));
  CHECK(seconds > 0);
  CHECK(work > 1e7);  // 12 minibatches of 32 sentences at H = 48
  CHECK(corpus > 0);  // per sentence pair
  CHECK(corpus < seconds);  // one pair is built far faster than 12 minibatches train
  CHECK_FALSE(translate_probe("[]", seconds, work, corpus));
}
