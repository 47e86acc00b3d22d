// The scaling experiment (explore/scaling_stats.hpp) against a direct computation from
// the same random numbers, and the module's claim: unscaled, the softmax turns peaky
// as d_k grows; scaled by 1/sqrt(d_k), it does not.
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>
#include <vector>

#include "explore/scaling_stats.hpp"
#include "rng/pcg32.hpp"

using namespace alab;
using namespace alab::explore;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("softmax summary: uniform, one-hot and a hand-computed case", "[scaling]") {
  const double flat[4] = {2, 2, 2, 2};
  SoftmaxSummary s = softmax_summary(flat, 4, 1);
  CHECK_THAT(s.entropy, WithinAbs(std::log(4.0), 1e-15));
  CHECK_THAT(s.top, WithinAbs(0.25, 1e-15));
  const double spike[3] = {0, 1000, 0};  // exp(-1000) underflows: weights 0, 1, 0
  s = softmax_summary(spike, 3, 1);
  CHECK(s.entropy == 0);
  CHECK(s.top == 1);
  // [0, ln 3] -> weights 1/4, 3/4: H = -(1/4 ln 1/4 + 3/4 ln 3/4) = 0.5623351446...
  const double two[2] = {0, std::log(3.0)};
  double w[2];
  s = softmax_summary(two, 2, 1, w);
  CHECK_THAT(w[0], WithinAbs(0.25, 1e-15));
  CHECK_THAT(s.entropy, WithinAbs(0.5623351446188083, 1e-14));
  // Temperature 2 halves the scores: [0, ln 3 / 2] -> weights 1/(1+sqrt 3), sqrt 3/(1+sqrt 3).
  s = softmax_summary(two, 2, 2, w);
  CHECK_THAT(w[1], WithinAbs(std::sqrt(3.0) / (1 + std::sqrt(3.0)), 1e-15));
}

TEST_CASE("the statistics at d_k equal a direct computation from the same draws", "[scaling]") {
  ScalingRequest r;
  r.seed = 7;
  r.d_k = 48;
  r.T = 32;
  ScalingReply out;
  REQUIRE(scaling_stats(r, out));
  const int n_q = scaling_queries(r.T), d = r.d_k;
  REQUIRE(out.queries == n_q);
  REQUIRE(n_q * r.T >= 2048);
  // The same draws: PCG32(seed, stream d), the n_q queries first, then the T keys.
  rng::Pcg32 rng(7, 48);
  std::vector<double> Q(n_q * d), K(r.T * d);
  for (double& x : Q) x = rng.normal();
  for (double& x : K) x = rng.normal();
  std::vector<double> dots;
  for (int a = 0; a < n_q; ++a)
    for (int b = 0; b < r.T; ++b) dots.push_back(std::inner_product(&Q[a * d], &Q[a * d] + d, &K[b * d], 0.0));
  const double mean = std::accumulate(dots.begin(), dots.end(), 0.0) / dots.size();
  double var = 0;
  for (double x : dots) var += (x - mean) * (x - mean) / dots.size();
  CHECK_THAT(out.raw_mean, WithinAbs(mean, 1e-9));
  CHECK_THAT(out.raw_var, WithinRel(var, 1e-9));
  CHECK_THAT(out.scaled_var, WithinRel(var / d, 1e-9));  // dividing by sqrt(d) divides the variance by d
  // Var(q . k) = d for unit-variance entries: the sample is within 25 % of it.
  CHECK(out.raw_var > 0.75 * d);
  CHECK(out.raw_var < 1.25 * d);
  // Every product is in one bin of each histogram.
  CHECK(std::accumulate(out.raw_counts.begin(), out.raw_counts.end(), 0.0) == dots.size());
  CHECK(std::accumulate(out.scaled_counts.begin(), out.scaled_counts.end(), 0.0) == dots.size());
  CHECK(out.raw_counts.size() == kScalingBins);
  // The first query's weights, directly.
  std::vector<double> row(dots.begin(), dots.begin() + r.T), w(r.T);
  softmax_summary(row.data(), r.T, 1, w.data());
  for (int b = 0; b < r.T; ++b) CHECK_THAT(out.weights_dot[b], WithinAbs(w[b], 1e-15));
}

TEST_CASE("unscaled scores turn the softmax peaky as d_k grows; scaled ones do not", "[scaling]") {
  ScalingRequest r;
  r.T = 64;
  ScalingReply out;
  REQUIRE(scaling_stats(r, out));
  REQUIRE(out.sweep_d.size() == 11);  // 1, 2, 4, ..., 1024
  CHECK(out.sweep_d.front() == 1);
  CHECK(out.sweep_d.back() == 1024);
  CHECK_THAT(out.max_entropy, WithinAbs(std::log(64.0), 1e-15));
  // Unscaled: entropy falls with d (every doubling from d = 4 on) and ends near 0.
  for (std::size_t i = 3; i < out.sweep_d.size(); ++i) CHECK(out.entropy_unscaled[i] < out.entropy_unscaled[i - 1]);
  CHECK(out.entropy_unscaled.back() < 0.5);
  CHECK(out.top_unscaled.back() > 0.8);
  // Scaled: within a tenth of the largest possible entropy (log T) of where it starts,
  // all the way (at d = 1 the product of two normals is heavier-tailed than at d >= 2).
  for (double h : out.entropy_scaled) CHECK(std::abs(h - out.entropy_scaled.front()) < 0.1 * out.max_entropy);
  CHECK(out.top_scaled.back() < 0.2);
  // The additive score does not depend on the dimension's growth either.
  CHECK(out.entropy_additive > 0.8 * out.max_entropy);
}

TEST_CASE("the scaling experiment refuses what it cannot run, in words", "[scaling]") {
  ScalingReply out;
  ScalingRequest r;
  r.d_k = 0;
  CHECK(scaling_stats(r, out).message.find("Dimension dₖ") != std::string::npos);
  r.d_k = 1025;
  CHECK_FALSE(scaling_stats(r, out));
  r.d_k = 4;
  r.T = 1;
  CHECK(scaling_stats(r, out).message.find("Keys per query T: 1 is out of range") != std::string::npos);
  r.T = 8;
  r.temperature = 0;
  CHECK(scaling_stats(r, out).message.find("temperature") != std::string::npos);
  r.temperature = std::nan("");
  CHECK_FALSE(scaling_stats(r, out));
}
