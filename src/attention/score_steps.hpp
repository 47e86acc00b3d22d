// The module's math lens as a calculator: one query against a few keys, every
// intermediate number of the arithmetic kept, so a page can show each step
// ("s_2 = 1*1 + 2*1 = 3", then the exponentials, their total, the weights).
//
//   step 1  scores     dot:         s_i = sum_j q_j k_ij            (products p_ij = q_j k_ij)
//                      scaled_dot:  s_i = (sum_j q_j k_ij) / sqrt(d)
//                      additive:    s_i = sum_m w_m tanh(u_m + v_im),  u = W_q q, v_i = W_k k_i
//                                   (the untrained scorer of attention/score.hpp: W_q = W_k = I
//                                   and w = 1, so the terms are tanh(q_m + k_im))
//   step 2  exponentials  e_i = exp(s_i / tau)          (when none overflows; and always
//                         e'_i = exp((s_i - max_k s_k) / tau), the overflow-free route)
//   step 3  total         Z = sum_i e_i                 (Z' = sum_i e'_i)
//   step 4  weights       alpha_i = e_i / Z = e'_i / Z'
//
// Defaults (content/widgets/calculator.json) are the math lens: q = [1, 2], keys
// [1, 0], [1, 1], [0, 2]: scores 1, 3, 4 and weights 0.035, 0.259, 0.705.
// Double precision: every shown digit is exact to the last place printed.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "attention/attend.hpp"
#include "core/quote.hpp"
#include "core/widget_schemas.hpp"
#include "core/widget_settings.hpp"
#include "settings/calculator.gen.hpp"

namespace alab {

// The score function and temperature are checked against content/widgets/calculator.json,
// and so are the keys and their width (its fixed "maxKeys", "maxDim": rows a page can
// show step by step).

// The calculator's settings (content/widgets/calculator.json: score, one of dot |
// scaled_dot | additive; temperature) and the vectors typed.
struct ScoreStepsRequest : settings::Calculator {
  int d = 0;                   // entries per vector; keys.size() / d keys
  std::vector<double> query;   // d
  std::vector<double> keys;    // T x d, row-major
};

struct ScoreStepsReply {
  int T = 0, d = 0;
  std::vector<double> products;  // T x d: q_j k_ij (dot, scaled_dot); w_j tanh(u_j + v_ij) (additive)
  std::vector<double> raw;       // T: the sum of a row of products (before the 1/sqrt(d))
  std::vector<double> scores;    // T: s_i
  double scale = 1;              // 1/sqrt(d) for scaled_dot, else 1
  bool plain_exps = false;       // exps and total are finite (shown as in the lesson)
  std::vector<double> exps;      // T: exp(s_i / tau) (when plain_exps)
  double total = 0;              //    their sum
  double max_score = 0;          // max_k s_k
  std::vector<double> shifted_exps;  // T: exp((s_i - max) / tau)
  double shifted_total = 0;
  std::vector<double> weights;   // T, sum to 1
};

inline Status score_steps(const ScoreStepsRequest& r, ScoreStepsReply& out) {
  if (Status st = check_settings<settings::Calculator>(r); !st) return st;
  ScoreKind kind;
  if (!parse_score_kind(r.score, kind)) return Status::error("unknown score function " + quoted(r.score));
  const int d = r.d;
  const int max_dim = static_cast<int>(widget_fixed("calculator", "maxDim"));
  const int max_keys = static_cast<int>(widget_fixed("calculator", "maxKeys"));
  if (d < 1 || d > max_dim)
    return Status::error("vectors must have between 1 and " + std::to_string(max_dim) + " numbers");
  if (static_cast<int>(r.query.size()) != d)
    return Status::error("the query has " + std::to_string(r.query.size()) + " numbers but the keys have " +
                         std::to_string(d));
  if (r.keys.empty() || r.keys.size() % static_cast<std::size_t>(d) != 0)
    return Status::error("the keys must be whole rows of " + std::to_string(d) + " numbers, at least one");
  const int T = static_cast<int>(r.keys.size() / static_cast<std::size_t>(d));
  if (T > max_keys)
    return Status::error("too many keys (" + std::to_string(T) + "): at most " + std::to_string(max_keys));
  for (double x : r.query)
    if (!std::isfinite(x)) return Status::error("the query holds a number that is not finite");
  for (double x : r.keys)
    if (!std::isfinite(x)) return Status::error("a key holds a number that is not finite");
  if (!std::isfinite(r.temperature) || !(r.temperature > 0))
    return Status::error("temperature must be a finite number greater than 0");

  ScoreStepsReply s;
  s.T = T;
  s.d = d;
  s.products.resize(static_cast<std::size_t>(T) * d);
  s.raw.resize(T);
  s.scores.resize(T);
  s.scale = kind == ScoreKind::scaled_dot ? 1.0 / std::sqrt(static_cast<double>(d)) : 1.0;
  const AdditiveParams<double> add = untrained_additive<double>(d);
  const Vec<double> u = add.W_q * ConstVecMap<double>(r.query.data(), d);
  for (int i = 0; i < T; ++i) {
    const ConstVecMap<double> k(r.keys.data() + static_cast<std::size_t>(i) * d, d);
    const Vec<double> v = kind == ScoreKind::additive ? Vec<double>(add.W_k * k) : Vec<double>();
    double sum = 0;
    for (int j = 0; j < d; ++j) {
      const double p = kind == ScoreKind::additive ? add.w[j] * std::tanh(u[j] + v[j]) : r.query[j] * k[j];
      s.products[static_cast<std::size_t>(i) * d + j] = p;
      sum += p;
    }
    s.raw[i] = sum;
    s.scores[i] = sum * s.scale;
    if (!std::isfinite(s.scores[i])) return Status::error("the scores overflowed: the numbers are too large to multiply");
  }

  s.max_score = s.scores[0];
  for (double x : s.scores) s.max_score = std::max(s.max_score, x);
  s.shifted_exps.resize(T);
  s.exps.resize(T);
  s.plain_exps = true;
  for (int i = 0; i < T; ++i) {
    s.shifted_exps[i] = std::exp((s.scores[i] - s.max_score) / r.temperature);
    s.shifted_total += s.shifted_exps[i];
    s.exps[i] = std::exp(s.scores[i] / r.temperature);
    s.total += s.exps[i];
  }
  // The lesson's route (e^s, no shift) only while it stays finite and nonzero.
  s.plain_exps = std::isfinite(s.total) && s.total > 0 && s.total < 1e300;
  if (!s.plain_exps) s.exps.clear(), s.total = 0;
  s.weights.resize(T);
  softmax(s.scores.data(), s.weights.data(), T, r.temperature);  // the lab's softmax: e'_i / Z'
  out = std::move(s);
  return Status::success();
}

}  // namespace alab
