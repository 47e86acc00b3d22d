// Why attention divides by sqrt(d_k), as an experiment: random queries and keys with
// independent N(0, 1) entries, scored against each other, and what the softmax makes
// of those scores as the dimension grows.
//
//   q . k = sum_{j=1..d} q_j k_j: a sum of d independent terms of mean 0 and variance
//   E[q_j^2] E[k_j^2] = 1, so Var(q . k) = d and its spread grows like sqrt(d).
//   q . k / sqrt(d) has variance 1 whatever d is.
//
// Unscaled, the scores of T keys spread further apart as d grows, the softmax puts
// nearly all of the weight on the largest one (its entropy falls towards 0, the
// largest weight towards 1) and its gradients vanish; scaled, the entropy stays where
// it starts. The additive score w . tanh(W_q q + W_k k) (Bahdanau et al. 2014), with
// W_q, W_k of entries N(0, 1/d), stays bounded by sum |w_m| whatever d is.
//
// Everything is drawn from the lab's PCG32 (rng/pcg32.hpp), stream d for the queries and
// keys of dimension d, so a dimension's numbers are the same in the sweep and at the
// chosen d_k, in every build. Shapes: n_q queries (n_q x d), T keys (T x d), scores
// n_q x T; the softmax runs over each query's T scores, at temperature tau:
// alpha = softmax(s / tau); entropy H = -sum alpha log alpha (nats, at most log T).
#pragma once

#include <vector>

#include "core/status.hpp"
#include "settings/scaling.gen.hpp"

namespace alab::explore {

// d_k, T, the temperature and the seed are checked against content/widgets/scaling.json
// (core/widget_schemas.hpp); the sweep runs every power of two up to d_k's maximum there.
constexpr int kScalingBins = 41;        // histogram bins, symmetric about 0
constexpr int kScalingAdditiveWidth = 16;  // h, the additive score's hidden size

// The page's settings (content/widgets/scaling.json): seed; d_k, the histograms' and the
// side-by-side scores' dimension; T, keys per query; temperature, tau.
struct ScalingRequest : settings::Scaling {};

struct ScalingReply {
  int d_k = 0, T = 0, queries = 0;  // queries: n_q, chosen so that n_q T >= 2048 products
  // At d_k: the n_q T raw products q . k and the scaled ones, their moments, and a
  // histogram of each over [-hi, hi] (hi: the largest |value|, so every value is counted).
  double raw_mean = 0, raw_var = 0, scaled_mean = 0, scaled_var = 0;
  double raw_hi = 0, scaled_hi = 0;
  std::vector<double> raw_counts, scaled_counts;  // kScalingBins each
  // The sweep: d = 1, 2, 4, ..., 1024; the mean over queries of the softmax's entropy
  // and of its largest weight, unscaled (q . k / tau) and scaled (q . k / (sqrt(d) tau)).
  std::vector<double> sweep_d, entropy_unscaled, entropy_scaled, top_unscaled, top_scaled;
  double max_entropy = 0;  // log T: the entropy of uniform weights
  // At d_k, the three score functions on the same queries and keys: the first query's
  // T weights, and the mean entropy and largest weight over all queries.
  std::vector<double> weights_dot, weights_scaled_dot, weights_additive;
  double entropy_dot = 0, entropy_scaled_dot = 0, entropy_additive = 0;
  double top_dot = 0, top_scaled_dot = 0, top_additive = 0;
};

// n_q for T keys: at least 16 queries and at least 2048 products.
int scaling_queries(int T);

// Shannon entropy (nats) and largest weight of softmax(s / tau), n >= 1.
struct SoftmaxSummary { double entropy, top; };
SoftmaxSummary softmax_summary(const double* s, int n, double tau, double* weights = nullptr);

Status scaling_stats(const ScalingRequest& r, ScalingReply& out);

}  // namespace alab::explore
