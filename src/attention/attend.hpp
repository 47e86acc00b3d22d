// Single-query attention over T keys and values (the module's "blending vectors"):
//
//   s_i = score(q, k_i),   alpha = softmax(s / tau),   c = sum_i alpha_i v_i
//
// Shapes: q in R^d; K is T x d (one key per row); V is T x d_v; s, alpha in R^T;
// c in R^{d_v}. Worked example 1 is this with K = V = X and the dot score.
#pragma once

#include <cmath>
#include <string>

#include "attention/score.hpp"
#include "attention/softmax.hpp"
#include "core/status.hpp"
#include "core/types.hpp"

namespace alab {

template <class Scalar>
struct AttendResult {
  Vec<Scalar> scores;   // T
  Vec<Scalar> weights;  // T, sums to 1
  Vec<Scalar> context;  // d_v
};

namespace detail {
template <class Derived>
bool all_finite(const Eigen::DenseBase<Derived>& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      if (!std::isfinite(m(i, j))) return false;
  return true;
}
}  // namespace detail

template <class Scalar>
Status check_attend_inputs(ScoreKind kind, const Vec<Scalar>& q, const Mat<Scalar>& K,
                           const Mat<Scalar>& V, Scalar tau, const AdditiveParams<Scalar>* add) {
  const auto T = K.rows(), d = K.cols();
  if (T < 1) return Status::error("there are no tokens: add at least one key");
  if (d < 1) return Status::error("keys must have at least one number");
  if (V.rows() != T) return Status::error("there must be one value per key");
  if (q.size() != d)
    return Status::error("the query has " + std::to_string(q.size()) +
                         " numbers but the keys have " + std::to_string(d));
  if (!detail::all_finite(q)) return Status::error("the query holds a number that is not finite");
  if (!detail::all_finite(K)) return Status::error("a key holds a number that is not finite");
  if (!detail::all_finite(V)) return Status::error("a value holds a number that is not finite");
  if (!std::isfinite(tau) || !(tau > 0))
    return Status::error("temperature must be a finite number greater than 0");
  if (kind == ScoreKind::additive) {
    if (!add) return Status::error("additive scoring needs W_q, W_k and w");
    const auto h = add->w.size();
    if (h < 1 || add->W_q.rows() != h || add->W_k.rows() != h || add->W_q.cols() != d ||
        add->W_k.cols() != d)
      return Status::error("additive parameters must be W_q, W_k: h x d and w: h");
    if (!detail::all_finite(add->W_q) || !detail::all_finite(add->W_k) ||
        !detail::all_finite(add->w))
      return Status::error("an additive parameter is not finite");
  }
  return Status::success();
}

// Fills out (resized as needed). On error, out is left as it was.
template <class Scalar>
Status attend(ScoreKind kind, const Vec<Scalar>& q, const Mat<Scalar>& K, const Mat<Scalar>& V,
              Scalar tau, const AdditiveParams<Scalar>* add, AttendResult<Scalar>& out) {
  if (Status st = check_attend_inputs(kind, q, K, V, tau, add); !st) return st;
  const auto T = K.rows();

  Vec<Scalar> s(T);
  for (Eigen::Index i = 0; i < T; ++i) {
    const Vec<Scalar> k = K.row(i).transpose();
    switch (kind) {
      case ScoreKind::dot: s[i] = dot_score(q, k); break;
      case ScoreKind::scaled_dot: s[i] = scaled_dot_score(q, k); break;
      case ScoreKind::additive: s[i] = additive_score(q, k, *add); break;
    }
  }
  if (!detail::all_finite(s))
    return Status::error("the scores overflowed: the numbers are too large to multiply");

  Vec<Scalar> alpha(T);
  softmax(s.data(), alpha.data(), static_cast<int>(T), tau);
  Vec<Scalar> c = V.transpose() * alpha;  // c = sum_i alpha_i v_i
  if (!detail::all_finite(c))
    return Status::error("the context vector overflowed: the values are too large");

  out.scores = std::move(s);
  out.weights = std::move(alpha);
  out.context = std::move(c);
  return Status::success();
}

}  // namespace alab
