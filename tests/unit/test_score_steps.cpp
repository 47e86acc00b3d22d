// The math-lens calculator (attention/score_steps.hpp): the module's numbers, each
// score function against a hand-computed value, the overflow-free route, refusals.
#include <catch2/catch.hpp>
#include <cmath>

#include "attention/attend_request.hpp"
#include "attention/score_steps.hpp"

using namespace alab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {
ScoreStepsRequest math_lens() {
  ScoreStepsRequest r;
  r.d = 2;
  r.query = {1, 2};
  r.keys = {1, 0, 1, 1, 0, 2};
  return r;
}
}  // namespace

TEST_CASE("the math lens: scores 1, 3, 4 and weights 0.035, 0.259, 0.705", "[calculator][module]") {
  ScoreStepsReply s;
  REQUIRE(score_steps(math_lens(), s).ok);
  REQUIRE(s.T == 3);
  CHECK(s.products == std::vector<double>{1, 0, 1, 2, 0, 4});  // q_j k_ij
  CHECK(s.scores == std::vector<double>{1, 3, 4});
  REQUIRE(s.plain_exps);
  CHECK_THAT(s.exps[0], WithinAbs(2.718, 5e-4));
  CHECK_THAT(s.exps[1], WithinAbs(20.086, 5e-4));
  CHECK_THAT(s.exps[2], WithinAbs(54.598, 5e-4));
  CHECK_THAT(s.total, WithinAbs(77.402, 5e-4));
  CHECK_THAT(s.weights[0], WithinAbs(0.035, 5e-4));
  CHECK_THAT(s.weights[1], WithinAbs(0.259, 5e-4));
  CHECK_THAT(s.weights[2], WithinAbs(0.705, 5e-4));
  // The lesson's tip: subtracting the largest score changes nothing.
  CHECK(s.max_score == 4);
  CHECK_THAT(s.shifted_exps[0], WithinAbs(std::exp(-3.0), 1e-15));
  CHECK_THAT(s.shifted_total, WithinAbs(1.418, 5e-4));
  for (int i = 0; i < 3; ++i) CHECK_THAT(s.exps[i] / s.total, WithinAbs(s.weights[i], 1e-15));
}

TEST_CASE("each score function against a hand-computed value", "[calculator]") {
  ScoreStepsRequest r = math_lens();
  ScoreStepsReply s;
  r.score = "scaled_dot";  // (1, 3, 4) / sqrt(2)
  REQUIRE(score_steps(r, s).ok);
  CHECK_THAT(s.scale, WithinAbs(1 / std::sqrt(2.0), 1e-15));
  CHECK_THAT(s.scores[1], WithinAbs(3 / std::sqrt(2.0), 1e-15));
  CHECK(s.raw[1] == 3);
  r.score = "additive";  // s_i = tanh(q_1 + k_i1) + tanh(q_2 + k_i2)
  REQUIRE(score_steps(r, s).ok);
  CHECK_THAT(s.scores[0], WithinAbs(std::tanh(2.0) + std::tanh(2.0), 1e-15));
  CHECK_THAT(s.scores[2], WithinAbs(std::tanh(1.0) + std::tanh(4.0), 1e-15));
  r.score = "dot";
  r.temperature = 2;  // alpha ~ exp(s / 2)
  REQUIRE(score_steps(r, s).ok);
  const double z = std::exp(0.5) + std::exp(1.5) + std::exp(2.0);
  CHECK_THAT(s.weights[2], WithinAbs(std::exp(2.0) / z, 1e-15));
}

TEST_CASE("any number of keys and any width; huge scores take the shifted route", "[calculator]") {
  ScoreStepsRequest r;
  r.d = 3;
  r.query = {1, -1, 0.5};
  r.keys = {1, 1, 1, 2, 0, 0, -1, 0, 4, 0, 0, 0};  // four keys
  ScoreStepsReply s;
  REQUIRE(score_steps(r, s).ok);
  CHECK(s.T == 4);
  CHECK(s.scores == std::vector<double>{0.5, 2, 1, 0});
  r.query = {1000, 0, 0};  // e^2000 overflows: the weights still come, by the shift
  REQUIRE(score_steps(r, s).ok);
  CHECK_FALSE(s.plain_exps);
  CHECK(s.exps.empty());
  CHECK_THAT(s.weights[1], WithinAbs(1.0, 1e-12));
}

TEST_CASE("bad inputs are refused in words", "[calculator]") {
  ScoreStepsReply s;
  ScoreStepsRequest r = math_lens();
  r.query = {1, 2, 3};
  CHECK_THAT(score_steps(r, s).message, Contains("the query has 3 numbers but the keys have 2"));
  r = math_lens();
  r.keys.push_back(5);
  CHECK_THAT(score_steps(r, s).message, Contains("whole rows of 2 numbers"));
  r = math_lens();
  r.keys = {};
  CHECK_THAT(score_steps(r, s).message, Contains("at least one"));
  r = math_lens();
  r.temperature = 0;
  CHECK_THAT(score_steps(r, s).message, Contains("Softmax temperature τ: 0 is out of range"));
  r = math_lens();
  r.score = "cosine";
  CHECK_THAT(score_steps(r, s).message, Contains("Score function: \"cosine\" is not allowed"));
  r = math_lens();
  r.keys[0] = std::nan("");
  CHECK_THAT(score_steps(r, s).message, Contains("not finite"));
  r = math_lens();
  r.query = {1e300, 1e300};
  r.keys = {1e300, 1e300};
  CHECK_THAT(score_steps(r, s).message, Contains("overflowed"));
  r = math_lens();
  r.d = 17;
  CHECK_THAT(score_steps(r, s).message, Contains("between 1 and 16"));
}

// One additive score in the lab: the calculator's steps, the attention table's request
// and the engine's additive_score with the untrained parameters agree,
// and at the calculator's defaults it ranks the keys opposite to the dot product
// (lesson 03 says so, and why).
TEST_CASE("the calculator and the attention table share one additive score", "[calculator][attend]") {
  ScoreStepsRequest r = math_lens();
  r.score = "additive";
  ScoreStepsReply s;
  REQUIRE(score_steps(r, s).ok);
  AttendRequest a;
  a.score = "additive";
  a.d = a.dv = 2;
  a.keys = a.values = r.keys;
  a.query = r.query;
  AttendReply t;
  REQUIRE(attend_request(a, t).ok);
  const AdditiveParams<double> p = untrained_additive<double>(2);
  for (int i = 0; i < 3; ++i) {
    const double direct = additive_score<double>(ConstVecMap<double>(r.query.data(), 2),
                                                 ConstVecMap<double>(r.keys.data() + 2 * i, 2), p);
    CHECK_THAT(s.scores[i], WithinAbs(direct, 1e-15));
    CHECK_THAT(t.scores[i], WithinAbs(direct, 1e-15));
  }
  CHECK(s.scores[1] > s.scores[0]);  // additive: k2 > k1 > k3
  CHECK(s.scores[0] > s.scores[2]);
  r.score = "dot";                   // dot: k3 > k2 > k1
  REQUIRE(score_steps(r, s).ok);
  CHECK(s.scores[2] > s.scores[1]);
}
