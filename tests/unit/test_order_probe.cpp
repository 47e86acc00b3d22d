// Order-blindness (explore/order_probe.hpp): self-attention without positions is
// permutation-equivariant, as a property over random inputs, and stops being so
// with positional encodings; the page's experiment on "dog bites man".
#include <catch2/catch.hpp>
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "attention/positions.hpp"
#include "attention/self_attention.hpp"
#include "core/widget_schemas.hpp"
#include "explore/order_probe.hpp"
#include "rng/pcg32.hpp"

using namespace alab;
using namespace alab::explore;

namespace {
MatD random_mat(Eigen::Index r, Eigen::Index c, rng::Pcg32& rng, double sd = 1) {
  MatD m(r, c);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = sd * rng.normal();
  return m;
}

// Rows of M permuted: out.row(i) = M.row(perm[i]).
MatD permute_rows(const MatD& M, const std::vector<int>& perm) {
  MatD out(M.rows(), M.cols());
  for (Eigen::Index i = 0; i < M.rows(); ++i) out.row(i) = M.row(perm[i]);
  return out;
}

// max |Z2 - P Z1| for the layer's outputs of X1 + pe and P X1 + pe.
double equivariance_gap(const MatD& X1, const std::vector<int>& perm, const MatD& pe,
                        const SelfAttentionWeights<double>& w) {
  SelfAttentionWorkspace<double> ws;
  MatD A1, Z1, A2, Z2;
  self_attention_forward<double>(X1 + pe, w, false, ws, A1, Z1);
  self_attention_forward<double>(permute_rows(X1, perm) + pe, w, false, ws, A2, Z2);
  return (Z2 - permute_rows(Z1, perm)).cwiseAbs().maxCoeff();
}
}  // namespace

TEST_CASE("without positions, permuting the input rows permutes the output rows", "[order]") {
  rng::Pcg32 rng(52, 3);
  const int d = 6;
  const SelfAttentionWeights<double> w{random_mat(d, d, rng, 0.4), random_mat(d, d, rng, 0.4), random_mat(d, d, rng, 0.4)};
  for (int T : {1, 3, 4, 5, 8, 17}) {
    for (int trial = 0; trial < 5; ++trial) {
      const MatD X = random_mat(T, d, rng);
      std::vector<int> perm(T);
      std::iota(perm.begin(), perm.end(), 0);
      rng::shuffle(perm, rng);
      // Exact in real arithmetic; in double the sums over j run in another order, so the
      // outputs agree to rounding (a few ulp of numbers of size ~1), not bit for bit.
      CAPTURE(T, trial);
      CHECK(equivariance_gap(X, perm, MatD::Zero(T, d), w) <= 1e-12);
      // With sinusoidal positions added after the permutation, the outputs differ
      // (for T >= 2 and a permutation that moves something).
      bool moves = false;
      for (int i = 0; i < T; ++i) moves = moves || perm[i] != i;
      if (moves) CHECK(equivariance_gap(X, perm, sinusoidal_positions<double>(T, d), w) > 1e-3);
    }
  }
}

TEST_CASE("dog bites man: the same vectors, permuted, without positions; different with them", "[order]") {
  OrderRequest r;
  r.first = {"dog", "bites", "man"};
  r.second = {"man", "bites", "dog"};
  r.seed = 1;
  r.d = 8;
  OrderReply out;
  REQUIRE(order_probe(r, out));
  REQUIRE(out.reordering);
  CHECK(out.perm == std::vector<int>{2, 1, 0});
  CHECK(out.max_difference <= 1e-12);
  CHECK(out.pooled_difference <= 1e-12);
  CHECK(out.Z_first.size() == 24);
  CHECK(out.A_first.size() == 9);
  // The rows of A are distributions.
  for (int i = 0; i < 3; ++i) CHECK(std::abs(out.A_first[i * 3] + out.A_first[i * 3 + 1] + out.A_first[i * 3 + 2] - 1) < 1e-12);

  for (const char* positions : {"sinusoidal", "learned"}) {
    r.positions = positions;
    OrderReply with;
    REQUIRE(order_probe(r, with));
    CAPTURE(positions);
    CHECK(with.max_difference > 1e-3);
    CHECK(with.pooled_difference > 1e-3);
  }
}

TEST_CASE("a reordering is found with repeated tokens, and refused when there is none", "[order]") {
  std::vector<int> perm;
  CHECK(find_reordering({"a", "b", "a"}, {"a", "a", "b"}, perm));
  CHECK(perm == std::vector<int>{0, 2, 1});
  CHECK_FALSE(find_reordering({"a", "b"}, {"a", "c"}, perm));
  CHECK(perm.empty());
  CHECK_FALSE(find_reordering({"a", "b"}, {"a", "b", "b"}, perm));

  // Not a reordering: outputs are still computed, the difference is not.
  OrderRequest r;
  r.first = {"dog", "bites", "man"};
  r.second = {"cat", "bites", "man"};
  OrderReply out;
  REQUIRE(order_probe(r, out));
  CHECK_FALSE(out.reordering);
  CHECK(out.max_difference == 0);
}

TEST_CASE("the order experiment refuses what it cannot run, in words", "[order]") {
  OrderReply out;
  OrderRequest r;
  r.first = {};
  r.second = {"a"};
  CHECK_FALSE(order_probe(r, out));
  const int max_tokens = static_cast<int>(widget_fixed("order", "maxTokens"));  // order.json
  r.first = std::vector<std::string>(max_tokens + 1, "x");
  Status st = order_probe(r, out);
  CHECK_FALSE(st);
  CHECK(st.message.find("at most " + std::to_string(max_tokens)) != std::string::npos);
  r.first = {"a"};
  r.d = 0;
  CHECK_FALSE(order_probe(r, out));
  r.d = 8;
  r.positions = "rotary";
  st = order_probe(r, out);
  CHECK(st.message.find("rotary") != std::string::npos);
}

TEST_CASE("a token's embedding depends on its text and the seed only", "[order]") {
  CHECK(token_embedding("dog", 1, 4) == token_embedding("dog", 1, 4));
  CHECK(token_embedding("dog", 1, 4) != token_embedding("man", 1, 4));
  CHECK(token_embedding("dog", 1, 4) != token_embedding("dog", 2, 4));
}
