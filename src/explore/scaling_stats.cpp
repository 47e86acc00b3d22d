#include "explore/scaling_stats.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>

#include "core/widget_schemas.hpp"
#include "core/widget_settings.hpp"
#include "rng/pcg32.hpp"

namespace alab::explore {

namespace {

// The additive score's weights are drawn from their own stream of the seed: dimension
// d draws from stream d (a power of two), and 1025 is none.
constexpr std::uint64_t kAdditiveStream = 1025;

// n x d entries N(0, sd^2), row-major.
std::vector<double> normals(rng::Pcg32& rng, int n, int d, double sd = 1) {
  std::vector<double> m(static_cast<std::size_t>(n) * d);
  for (double& x : m) x = sd * rng.normal();
  return m;
}

// Q (n_q x d) K^T (d x T): n_q x T dot products.
std::vector<double> products(const std::vector<double>& Q, const std::vector<double>& K, int n_q, int T, int d) {
  std::vector<double> s(static_cast<std::size_t>(n_q) * T);
  for (int a = 0; a < n_q; ++a)
    for (int b = 0; b < T; ++b) {
      double acc = 0;
      for (int j = 0; j < d; ++j) acc += Q[static_cast<std::size_t>(a) * d + j] * K[static_cast<std::size_t>(b) * d + j];
      s[static_cast<std::size_t>(a) * T + b] = acc;
    }
  return s;
}

struct Moments { double mean, var, hi; };
Moments moments(const std::vector<double>& x) {
  double sum = 0, hi = 0;
  for (double v : x) { sum += v; hi = std::max(hi, std::abs(v)); }
  const double mean = sum / static_cast<double>(x.size());
  double ss = 0;
  for (double v : x) ss += (v - mean) * (v - mean);
  return {mean, ss / static_cast<double>(x.size()), hi};
}

// kScalingBins equal bins over [-hi, hi]; the value hi itself falls in the last bin.
std::vector<double> histogram(const std::vector<double>& x, double hi) {
  std::vector<double> counts(kScalingBins, 0.0);
  const double width = hi > 0 ? 2 * hi / kScalingBins : 1;
  for (double v : x) {
    const int bin = hi > 0 ? static_cast<int>(std::floor((v + hi) / width)) : kScalingBins / 2;
    counts[std::clamp(bin, 0, kScalingBins - 1)] += 1;
  }
  return counts;
}

// The mean entropy and largest weight over the rows of an n_q x T score matrix,
// each row's scores multiplied by scale first; the first row's weights into first.
SoftmaxSummary mean_summary(const std::vector<double>& s, int n_q, int T, double scale, double tau,
                            std::vector<double>* first = nullptr) {
  std::vector<double> row(T), w(T);
  double h = 0, top = 0;
  for (int a = 0; a < n_q; ++a) {
    for (int b = 0; b < T; ++b) row[b] = scale * s[static_cast<std::size_t>(a) * T + b];
    const SoftmaxSummary one = softmax_summary(row.data(), T, tau, w.data());
    h += one.entropy;
    top += one.top;
    if (a == 0 && first) *first = w;
  }
  return {h / n_q, top / n_q};
}

}  // namespace

int scaling_queries(int T) { return std::max(16, (2048 + T - 1) / T); }

SoftmaxSummary softmax_summary(const double* s, int n, double tau, double* weights) {
  double m = s[0];
  for (int i = 1; i < n; ++i) m = std::max(m, s[i]);
  double z = 0;
  for (int i = 0; i < n; ++i) z += std::exp((s[i] - m) / tau);
  // H = -sum a_i log a_i with log a_i = (s_i - m) / tau - log z: no log of an
  // underflowed weight, so a weight of 0 contributes exactly 0.
  const double log_z = std::log(z);
  double h = 0, top = 0;
  for (int i = 0; i < n; ++i) {
    const double log_a = (s[i] - m) / tau - log_z;
    const double a = std::exp(log_a);
    if (a > 0) h -= a * log_a;
    top = std::max(top, a);
    if (weights) weights[i] = a;
  }
  return {std::max(0.0, h), top};
}

Status scaling_stats(const ScalingRequest& r, ScalingReply& out) {
  if (Status st = check_settings<settings::Scaling>(r); !st) return st;
  const int max_d = static_cast<int>(widget_setting("scaling", "d_k").max);
  const int T = r.T, n_q = scaling_queries(T);
  const double tau = r.temperature;

  ScalingReply s;
  s.d_k = r.d_k;
  s.T = T;
  s.queries = n_q;
  s.max_entropy = std::log(static_cast<double>(T));

  // One dimension's queries and keys: stream d of the seed.
  const auto draw = [&](int d, std::vector<double>& Q, std::vector<double>& K) {
    rng::Pcg32 rng(static_cast<std::uint64_t>(r.seed), static_cast<std::uint64_t>(d));
    Q = normals(rng, n_q, d);
    K = normals(rng, T, d);
  };

  std::vector<double> Q, K;
  for (int d = 1; d <= max_d; d *= 2) {
    draw(d, Q, K);
    const std::vector<double> dots = products(Q, K, n_q, T, d);
    const SoftmaxSummary plain = mean_summary(dots, n_q, T, 1.0, tau);
    const SoftmaxSummary scaled = mean_summary(dots, n_q, T, 1.0 / std::sqrt(static_cast<double>(d)), tau);
    s.sweep_d.push_back(d);
    s.entropy_unscaled.push_back(plain.entropy);
    s.top_unscaled.push_back(plain.top);
    s.entropy_scaled.push_back(scaled.entropy);
    s.top_scaled.push_back(scaled.top);
  }

  const int d = r.d_k;
  draw(d, Q, K);
  const std::vector<double> raw = products(Q, K, n_q, T, d);
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));
  std::vector<double> scaled(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) scaled[i] = scale * raw[i];
  const Moments mr = moments(raw), ms = moments(scaled);
  std::tie(s.raw_mean, s.raw_var, s.raw_hi) = std::tie(mr.mean, mr.var, mr.hi);
  std::tie(s.scaled_mean, s.scaled_var, s.scaled_hi) = std::tie(ms.mean, ms.var, ms.hi);
  s.raw_counts = histogram(raw, mr.hi);
  s.scaled_counts = histogram(scaled, ms.hi);

  const SoftmaxSummary dot = mean_summary(raw, n_q, T, 1.0, tau, &s.weights_dot);
  const SoftmaxSummary sdot = mean_summary(raw, n_q, T, scale, tau, &s.weights_scaled_dot);
  s.entropy_dot = dot.entropy;
  s.top_dot = dot.top;
  s.entropy_scaled_dot = sdot.entropy;
  s.top_scaled_dot = sdot.top;

  // Additive on the same queries and keys: u = W_q q (h), v = W_k k (h),
  // s = sum_m w_m tanh(u_m + v_m). W entries N(0, 1/d), so u_m, v_m ~ N(0, 1); w ~ N(0, 1/h).
  const int h = kScalingAdditiveWidth;
  rng::Pcg32 rng(static_cast<std::uint64_t>(r.seed), kAdditiveStream);
  const std::vector<double> Wq = normals(rng, h, d, scale), Wk = normals(rng, h, d, scale),
                            w = normals(rng, 1, h, 1.0 / std::sqrt(static_cast<double>(h)));
  const std::vector<double> U = products(Q, Wq, n_q, h, d), V = products(K, Wk, T, h, d);  // n_q x h, T x h
  std::vector<double> add(static_cast<std::size_t>(n_q) * T);
  for (int a = 0; a < n_q; ++a)
    for (int b = 0; b < T; ++b) {
      double acc = 0;
      for (int m = 0; m < h; ++m)
        acc += w[m] * std::tanh(U[static_cast<std::size_t>(a) * h + m] + V[static_cast<std::size_t>(b) * h + m]);
      add[static_cast<std::size_t>(a) * T + b] = acc;
    }
  const SoftmaxSummary ad = mean_summary(add, n_q, T, 1.0, tau, &s.weights_additive);
  s.entropy_additive = ad.entropy;
  s.top_additive = ad.top;

  out = std::move(s);
  return Status::success();
}

}  // namespace alab::explore
