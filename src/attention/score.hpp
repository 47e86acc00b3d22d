// Score functions: how well a query q matches a key k (worked example 1's "score" column).
//
//   dot         s = q . k
//   scaled_dot  s = q . k / sqrt(d_k)                    (Vaswani et al. 2017)
//   additive    s = w . tanh(W_q q + W_k k)              (Bahdanau et al. 2014)
//
// Shapes: q, k in R^d; for additive, W_q, W_k in R^{h x d} and w in R^h.
#pragma once

#include <cmath>
#include <string>

#include "core/types.hpp"

namespace alab {

enum class ScoreKind { dot, scaled_dot, additive };

// "dot" | "scaled_dot" | "additive"; false for anything else.
bool parse_score_kind(const std::string& name, ScoreKind& out);
const char* score_kind_name(ScoreKind kind);

template <class Scalar>
struct AdditiveParams {
  Mat<Scalar> W_q;  // h x d
  Mat<Scalar> W_k;  // h x d
  Vec<Scalar> w;    // h
};

// The additive scorer of the calculator and the attention table: untrained, and small
// enough that every term can be written out. h = d, W_q = W_k = I, w = 1, hence
//   s = sum_j tanh(q_j + k_j).
// Its terms add q and k where the dot product multiplies them, and each saturates at 1,
// so it grows with every entry of k whatever the sign of q's: it does not measure how
// well k points along q, and may rank keys opposite to q . k (lesson 03 shows a case).
// The scaling page draws W_q, W_k, w at random and the translation learns them
// (explore/scaling_stats.hpp, translate/seq2seq.hpp): the same form, other parameters.
template <class Scalar>
AdditiveParams<Scalar> untrained_additive(Eigen::Index d) {
  return {Mat<Scalar>::Identity(d, d), Mat<Scalar>::Identity(d, d), Vec<Scalar>::Ones(d)};
}

template <class Scalar>
Scalar dot_score(const Vec<Scalar>& q, const Vec<Scalar>& k) {
  return q.dot(k);
}

template <class Scalar>
Scalar scaled_dot_score(const Vec<Scalar>& q, const Vec<Scalar>& k) {
  return q.dot(k) / std::sqrt(static_cast<Scalar>(q.size()));
}

template <class Scalar>
Scalar additive_score(const Vec<Scalar>& q, const Vec<Scalar>& k, const AdditiveParams<Scalar>& p) {
  return p.w.dot((p.W_q * q + p.W_k * k).array().tanh().matrix());
}

}  // namespace alab
