// Single-query attention (attend.hpp) over flat row-major arrays, the form a page
// sends: the shapes are checked here, so a caller outside C++ cannot pass a key
// matrix that does not match its width. Double precision: a teaching widget wants
// exact numbers more than speed, and double keeps 1e30-sized inputs finite.
#pragma once

#include <string>
#include <vector>

#include "attention/attend.hpp"
#include "core/quote.hpp"
#include "core/widget_schemas.hpp"

namespace alab {

struct AttendRequest {
  std::string score = "dot";           // dot | scaled_dot | additive
  int d = 0, dv = 0;                   // key and value widths; T = keys.size() / d
  std::vector<double> keys, values;    // T x d, T x dv
  std::vector<double> query;           // d
  double temperature = 1;             // additive: the untrained scorer (attention/score.hpp)
};

struct AttendReply {
  std::vector<double> scores, weights, context;  // T, T, dv
};

inline Status attend_request(const AttendRequest& r, AttendReply& out) {
  ScoreKind kind;
  if (!parse_score_kind(r.score, kind)) return Status::error("unknown score function " + quoted(r.score));
  // The attention table's limits (content/widgets/attention-table.json, "fixed"):
  // generous for teaching, small enough that recomputing on every keystroke never stalls.
  const int max_tokens = static_cast<int>(widget_fixed("attention-table", "maxTokens"));
  const int max_dim = static_cast<int>(widget_fixed("attention-table", "maxDim"));
  if (r.d < 1 || r.d > max_dim || r.dv < 1 || r.dv > max_dim)
    return Status::error("keys and values must have between 1 and " + std::to_string(max_dim) + " numbers");
  const auto T = static_cast<Eigen::Index>(r.keys.size() / static_cast<std::size_t>(r.d));
  if (r.keys.size() != static_cast<std::size_t>(T * r.d) || r.values.size() != static_cast<std::size_t>(T * r.dv))
    return Status::error("the keys and values do not fill whole rows");
  if (T > max_tokens)
    return Status::error("too many tokens (" + std::to_string(T) + "): at most " + std::to_string(max_tokens));
  const Mat<double> K = ConstMatMap<double>(r.keys.data(), T, r.d);
  const Mat<double> V = ConstMatMap<double>(r.values.data(), T, r.dv);
  const Vec<double> q = ConstVecMap<double>(r.query.data(), static_cast<Eigen::Index>(r.query.size()));
  const AdditiveParams<double> add = untrained_additive<double>(r.d);
  AttendResult<double> res;
  if (Status st = attend<double>(kind, q, K, V, r.temperature, kind == ScoreKind::additive ? &add : nullptr, res); !st)
    return st;
  out.scores.assign(res.scores.data(), res.scores.data() + T);
  out.weights.assign(res.weights.data(), res.weights.data() + T);
  out.context.assign(res.context.data(), res.context.data() + r.dv);
  return Status::success();
}

}  // namespace alab
