#include "explore/order_probe.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "attention/positions.hpp"
#include "attention/self_attention.hpp"
#include "core/widget_schemas.hpp"
#include "core/widget_settings.hpp"
#include "rng/pcg32.hpp"

namespace alab::explore {

namespace {

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

MatD random_matrix(rng::Pcg32& rng, int rows, int cols, double sd) {
  MatD m(rows, cols);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = sd * rng.normal();
  return m;
}

Status check_tokens(const std::vector<std::string>& tokens, const char* which) {
  if (tokens.empty()) return Status::error(std::string("the ") + which + " sentence has no tokens");
  const auto max_tokens = static_cast<std::size_t>(widget_fixed("order", "maxTokens"));
  if (tokens.size() > max_tokens)
    return Status::error(std::string("the ") + which + " sentence has " + std::to_string(tokens.size()) +
                         " tokens: at most " + std::to_string(max_tokens));
  const auto max_bytes = static_cast<std::size_t>(widget_fixed("shared", "tokenBytes"));  // the page's limit too
  for (const std::string& t : tokens) {
    if (t.empty()) return Status::error(std::string("the ") + which + " sentence has an empty token");
    if (t.size() > max_bytes)
      return Status::error(std::string("a token of the ") + which + " sentence is longer than " +
                           std::to_string(max_bytes) + " bytes");
  }
  return Status::success();
}

std::vector<double> flat(const MatD& m) { return {m.data(), m.data() + m.size()}; }

}  // namespace

bool find_reordering(const std::vector<std::string>& first, const std::vector<std::string>& second,
                     std::vector<int>& perm) {
  perm.clear();
  if (first.size() != second.size()) return false;
  std::vector<bool> used(first.size(), false);
  for (const std::string& token : second) {
    std::size_t j = 0;
    while (j < first.size() && (used[j] || first[j] != token)) ++j;
    if (j == first.size()) {
      perm.clear();
      return false;
    }
    used[j] = true;
    perm.push_back(static_cast<int>(j));
  }
  return true;
}

std::vector<double> token_embedding(const std::string& text, int seed, int d) {
  rng::Pcg32 rng(static_cast<std::uint64_t>(seed), fnv1a(text));
  std::vector<double> e(d);
  for (double& x : e) x = rng.normal();
  return e;
}

Status order_probe(const OrderRequest& r, OrderReply& out) {
  if (Status st = check_tokens(r.first, "first"); !st) return st;
  if (Status st = check_tokens(r.second, "second"); !st) return st;
  if (Status st = check_settings<settings::Order>(r); !st) return st;
  const int d = r.d;
  const int T_max = static_cast<int>(std::max(r.first.size(), r.second.size()));

  // The layer's weights and the learned position table (random, as when training
  // starts: a trained table is different numbers, but any table of distinct rows
  // breaks the symmetry the same way). Stream 0 for the weights, 1 for positions.
  rng::Pcg32 rng(static_cast<std::uint64_t>(r.seed), 0);
  const double sd = 1.0 / std::sqrt(static_cast<double>(d));
  SelfAttentionWeights<double> w{random_matrix(rng, d, d, sd), random_matrix(rng, d, d, sd), random_matrix(rng, d, d, sd)};
  MatD pe = MatD::Zero(T_max, d);
  if (r.positions == "sinusoidal") {
    pe = sinusoidal_positions<double>(T_max, d);
  } else if (r.positions == "learned") {
    rng::Pcg32 pos_rng(static_cast<std::uint64_t>(r.seed), 1);
    pe = random_matrix(pos_rng, T_max, d, 1.0);
  }

  const auto run = [&](const std::vector<std::string>& tokens, std::vector<double>& Z_out,
                       std::vector<double>& A_out, std::vector<double>& pooled) {
    const int T = static_cast<int>(tokens.size());
    MatD X(T, d);
    for (int t = 0; t < T; ++t) {
      const std::vector<double> e = token_embedding(tokens[t], r.seed, d);
      for (int c = 0; c < d; ++c) X(t, c) = e[c] + pe(t, c);
    }
    SelfAttentionWorkspace<double> ws;
    MatD A, Z;
    self_attention_forward<double>(X, w, false, ws, A, Z);
    Z_out = flat(Z);
    A_out = flat(A);
    pooled.assign(d, 0.0);
    for (int t = 0; t < T; ++t)
      for (int c = 0; c < d; ++c) pooled[c] += Z(t, c) / T;
  };

  OrderReply s;
  s.T1 = static_cast<int>(r.first.size());
  s.T2 = static_cast<int>(r.second.size());
  s.d = d;
  run(r.first, s.Z_first, s.A_first, s.pooled_first);
  run(r.second, s.Z_second, s.A_second, s.pooled_second);
  s.reordering = find_reordering(r.first, r.second, s.perm);
  if (s.reordering)
    for (int i = 0; i < s.T2; ++i)
      for (int c = 0; c < d; ++c)
        s.max_difference = std::max(
            s.max_difference, std::abs(s.Z_second[static_cast<std::size_t>(i) * d + c] -
                                       s.Z_first[static_cast<std::size_t>(s.perm[i]) * d + c]));
  if (s.T1 == s.T2)
    for (int c = 0; c < d; ++c)
      s.pooled_difference = std::max(s.pooled_difference, std::abs(s.pooled_second[c] - s.pooled_first[c]));
  out = std::move(s);
  return Status::success();
}

}  // namespace alab::explore
