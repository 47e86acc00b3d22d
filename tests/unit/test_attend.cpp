// Single-query attention: the module's worked example 1, the math lens, and bad input.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "attention/attend.hpp"

using namespace alab;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {
// Worked example 1: the/animal/did/not/move, their 2-D embeddings, K = V = X.
Mat<double> toy_X() {
  Mat<double> X(5, 2);
  X << 0.2, 0.1, 1.0, 0.8, 0.3, 0.2, -0.2, 1.3, 1.1, 0.7;
  return X;
}
Vec<double> vec2(double a, double b) {
  Vec<double> v(2);
  v << a, b;
  return v;
}
double round3(double x) { return std::round(x * 1000) / 1000; }
}  // namespace

TEST_CASE("worked example 1: the toy sentence", "[attend][module]") {
  const auto X = toy_X();
  AttendResult<double> r;
  REQUIRE(attend<double>(ScoreKind::dot, vec2(1.0, 0.9), X, X, 1.0, nullptr, r).ok);

  // The module's table, token order the/animal/did/not/move.
  const double scores[5] = {0.29, 1.72, 0.48, 0.97, 1.73};
  const double weights[5] = {0.079, 0.332, 0.096, 0.157, 0.335};
  for (int i = 0; i < 5; ++i) {
    CHECK_THAT(r.scores[i], WithinAbs(scores[i], 1e-12));
    CHECK(round3(r.weights[i]) == weights[i]);
  }
  CHECK_THAT(r.weights.sum(), WithinAbs(1.0, 1e-15));
  // move (1.73) edges out animal (1.72): the ranking the module's sorted table shows.
  CHECK(r.weights[4] > r.weights[1]);
  // c = sum_i alpha_i x_i, computed independently here.
  for (int j = 0; j < 2; ++j) {
    double c = 0;
    for (int i = 0; i < 5; ++i) c += r.weights[i] * X(i, j);
    CHECK_THAT(r.context[j], WithinRel(c, 1e-14));
  }
  CHECK_THAT(r.context[0], WithinAbs(0.7144, 1e-4));  // a blend, pulled toward animal and move
}

TEST_CASE("math lens: q = [1, 2] against keys [1,0], [1,1], [0,2]", "[attend][module]") {
  Mat<double> K(3, 2);
  K << 1, 0, 1, 1, 0, 2;
  AttendResult<double> r;
  REQUIRE(attend<double>(ScoreKind::dot, vec2(1, 2), K, K, 1.0, nullptr, r).ok);
  CHECK(r.scores[0] == 1);
  CHECK(r.scores[1] == 3);
  CHECK(r.scores[2] == 4);
  const double z = std::exp(1.0) + std::exp(3.0) + std::exp(4.0);
  for (int i = 0; i < 3; ++i) CHECK_THAT(r.weights[i], WithinRel(std::exp(r.scores[i]) / z, 1e-14));
}

TEST_CASE("attention refuses bad input and keeps the last good result", "[attend][input]") {
  const auto X = toy_X();
  AttendResult<double> r;
  REQUIRE(attend<double>(ScoreKind::dot, vec2(1.0, 0.9), X, X, 1.0, nullptr, r).ok);
  const auto good = r.weights;
  const double inf = std::numeric_limits<double>::infinity();

  auto refused = [&](const Status& st, const std::string& fragment) {
    INFO(st.message);
    CHECK_FALSE(st.ok);
    CHECK(st.message.find(fragment) != std::string::npos);
    CHECK(r.weights == good);
  };
  SECTION("no tokens") {
    refused(attend<double>(ScoreKind::dot, vec2(1, 1), Mat<double>(0, 2), Mat<double>(0, 2), 1.0,
                           nullptr, r),
            "no tokens");
  }
  SECTION("query of the wrong dimension") {
    Vec<double> q3(3);
    q3 << 1, 2, 3;
    refused(attend<double>(ScoreKind::dot, q3, X, X, 1.0, nullptr, r), "query has 3 numbers");
  }
  SECTION("non-finite query or key") {
    refused(attend<double>(ScoreKind::dot, vec2(std::nan(""), 1), X, X, 1.0, nullptr, r), "query");
    auto Xb = X;
    Xb(2, 1) = inf;
    refused(attend<double>(ScoreKind::dot, vec2(1, 1), Xb, Xb, 1.0, nullptr, r), "key");
  }
  SECTION("scores that overflow") {
    auto Xb = X;
    Xb(0, 0) = 1e200;
    refused(attend<double>(ScoreKind::dot, vec2(1e200, 1), Xb, Xb, 1.0, nullptr, r), "overflowed");
  }
  SECTION("a bad temperature") {
    refused(attend<double>(ScoreKind::dot, vec2(1, 1), X, X, 0.0, nullptr, r), "temperature");
  }
  SECTION("additive without parameters") {
    refused(attend<double>(ScoreKind::additive, vec2(1, 1), X, X, 1.0, nullptr, r), "additive");
  }
}

TEST_CASE("huge but representable values give finite weights", "[attend][input]") {
  Mat<double> K(3, 2);
  K << 1e30, 0, -1e30, 0, 0, 1;
  AttendResult<double> r;
  REQUIRE(attend<double>(ScoreKind::dot, vec2(1, 1), K, K, 1.0, nullptr, r).ok);
  CHECK(r.weights[0] == 1.0);
  CHECK(r.weights[1] == 0.0);
  for (int i = 0; i < 3; ++i) CHECK(std::isfinite(r.weights[i]));
  CHECK(r.context[0] == 1e30);
}

TEST_CASE("attention runs in float too", "[attend]") {
  Mat<float> X = toy_X().cast<float>();
  Vec<float> q(2);
  q << 1.0f, 0.9f;
  AttendResult<float> r;
  REQUIRE(attend<float>(ScoreKind::scaled_dot, q, X, X, 1.0f, nullptr, r).ok);
  CHECK_THAT(r.scores[1], WithinRel(1.72f / std::sqrt(2.f), 1e-6f));
}
