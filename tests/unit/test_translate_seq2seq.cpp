// The encoder-decoder (translate/seq2seq.hpp): central finite differences for every
// parameter of each variant (the fixed summary, additive and dot attention), which
// covers the encoder (its states' gradients come from the attention and from s_0),
// the decoder's GRU steps and the output layer; attention rows that are
// distributions; greedy decoding that stops at <eos>.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>
#include <xtensor/xmath.hpp>
#include <xtensor/xview.hpp>

#include "gradcheck.hpp"
#include "translate/corpus.hpp"
#include "translate/seq2seq.hpp"

using namespace alab;
using namespace alab::translate;

namespace {
struct Batch {
  int B = 2, S = 3, L = 4;
  std::vector<int> src, tgt_in, tgt_out;
};

// Two sentences of 3 source tokens; targets of 3 and 2 tokens then <eos> (and padding).
Batch small_batch() {
  Batch b;
  b.src = {3, 4, 5,  6, 3, 4};                     // B x S
  // tgt_out, L x B (row t: both sentences' step t): [7 8 9 eos] and [5 6 eos pad]
  b.tgt_out = {7, 5,  8, 6,  9, kEos,  kEos, kPad};
  b.tgt_in = {kBos, kBos,  7, 5,  8, 6,  9, kEos};  // shifted right
  return b;
}

Seq2Seq<double> model(AttentionKind kind) {
  Seq2SeqConfig c;
  c.src_vocab = 7;
  c.tgt_vocab = 10;
  c.embed = 3;
  c.hidden = 4;
  c.attention = kind;
  rng::Pcg32 rng(17, static_cast<std::uint64_t>(kind));
  Seq2Seq<double> m;
  m.init(c, rng);
  return m;
}
}  // namespace

TEST_CASE("seq2seq: every parameter's gradient matches finite differences, for each kind of attention", "[translate][gradcheck]") {
  for (AttentionKind kind : {AttentionKind::none, AttentionKind::additive, AttentionKind::dot}) {
    CAPTURE(attention_kind_name(kind));
    Seq2Seq<double> m = model(kind);
    const Batch b = small_batch();
    Seq2SeqCache<double> cache;
    const double loss = m.forward(b.src, b.tgt_in, b.tgt_out, b.B, b.S, b.L, cache);
    CHECK(cache.tokens == 7);
    CHECK(std::isfinite(loss));
    CHECK(loss > 0);
    for (auto* p : m.params()) p->dw.setZero();
    m.backward(cache);
    for (auto* p : m.params()) {
      CAPTURE(p->name);
      const Mat<double> analytic = p->dw;
      // h = 1e-4, not the usual 1e-5: some gradients here are ~2e-5 (W_s at initialisation),
      // where rounding (eps L / h) would reach the bound; truncation (h^2 L''') stays ~1e-8.
      const double err = test::grad_rel_error(p->w, analytic, [&] {
        Seq2SeqCache<double> c2;
        return m.forward(b.src, b.tgt_in, b.tgt_out, b.B, b.S, b.L, c2);
      }, 1e-4);
      CHECK(err < test::kGradRelTol);
    }
  }
}

TEST_CASE("seq2seq: attention rows are distributions over the source; greedy decoding stops at <eos>", "[translate]") {
  for (AttentionKind kind : {AttentionKind::additive, AttentionKind::dot}) {
    Seq2Seq<double> m = model(kind);
    const Batch b = small_batch();
    Seq2SeqCache<double> cache;
    m.forward(b.src, b.tgt_in, b.tgt_out, b.B, b.S, b.L, cache);
    for (const auto& st : cache.steps) {
      REQUIRE(st.alpha.rows() == b.S);
      for (int j = 0; j < b.B; ++j) CHECK(std::abs(st.alpha.col(j).sum() - 1) < 1e-12);
      CHECK(st.alpha.minCoeff() >= 0);
    }
    std::vector<std::vector<int>> out;
    std::vector<AlignmentMap<double>> alpha;
    m.greedy(b.src, b.B, b.S, 6, out, &alpha);
    REQUIRE(out.size() == 2);
    for (int s = 0; s < 2; ++s) {
      CHECK(out[s].size() <= 6);
      CHECK(alpha[s].shape(0) == out[s].size());
      CHECK(alpha[s].shape(1) == static_cast<std::size_t>(b.S));
      for (std::size_t t = 0; t < out[s].size(); ++t) CHECK(std::abs(xt::sum(xt::row(alpha[s], t))() - 1) < 1e-12);
      for (int tok : out[s]) CHECK(tok != kEos);
    }
  }
  Seq2Seq<double> fixed = model(AttentionKind::none);
  const Batch b = small_batch();
  Seq2SeqCache<double> cache;
  fixed.forward(b.src, b.tgt_in, b.tgt_out, b.B, b.S, b.L, cache);
  CHECK(cache.steps[0].alpha.size() == 0);  // the fixed summary has no attention
}
