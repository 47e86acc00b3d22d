// Each score function against a value worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>

#include "attention/score.hpp"

using namespace alab;
using Catch::Matchers::WithinRel;

TEST_CASE("score functions against hand-computed values", "[scores]") {
  Vec<double> q(2), k(2);
  q << 1, 2;
  k << 2, 1;

  SECTION("dot: 1*2 + 2*1 = 4") { CHECK(dot_score(q, k) == 4.0); }
  SECTION("scaled dot: 4 / sqrt(2)") {
    CHECK_THAT(scaled_dot_score(q, k), WithinRel(2.8284271247461903, 1e-15));
  }
  SECTION("scaled dot in 4-D: (1*1 + 2*0 + 3*(-1) + 4*2) / sqrt(4) = 3") {
    Vec<double> q4(4), k4(4);
    q4 << 1, 2, 3, 4;
    k4 << 1, 0, -1, 2;
    CHECK(scaled_dot_score(q4, k4) == 3.0);
  }
  SECTION("additive: w . tanh(W_q q + W_k k)") {
    AdditiveParams<double> p;
    p.W_q.resize(2, 2);
    p.W_q << 1, 0, 0, 1;
    p.W_k.resize(2, 2);
    p.W_k << 0.5, 0, 0, -1;
    p.w.resize(2);
    p.w << 1, 2;
    // W_q q + W_k k = [1 + 1, 2 - 1] = [2, 1];  1 * tanh(2) + 2 * tanh(1)
    CHECK_THAT(additive_score(q, k, p), WithinRel(std::tanh(2.0) + 2 * std::tanh(1.0), 1e-15));
    CHECK_THAT(additive_score(q, k, p), WithinRel(2.4872159, 1e-7));
  }
}

TEST_CASE("score kinds have names that round-trip", "[scores]") {
  for (auto kind : {ScoreKind::dot, ScoreKind::scaled_dot, ScoreKind::additive}) {
    ScoreKind back;
    REQUIRE(parse_score_kind(score_kind_name(kind), back));
    CHECK(back == kind);
  }
  ScoreKind out;
  CHECK_FALSE(parse_score_kind("cosine", out));
}
