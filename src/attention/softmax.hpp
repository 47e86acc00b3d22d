// Numerically stable softmax with temperature, for any floating-point type.
//
//   alpha_i = exp((s_i - m) / tau) / sum_j exp((s_j - m) / tau),   m = max_j s_j
//
// Subtracting the maximum first means the largest exponent is exp(0) = 1, so the
// sum is at least 1 and nothing overflows: finite scores always give finite
// weights that sum to 1, even at s = +-1e4 (where exp(s) alone overflows
// float and double). The difference s_i - m may itself round to -inf when
// |s_i - m| exceeds the type's range; exp(-inf) = 0 is then the right weight.
// Dividing the difference (not s_i) by tau keeps a tiny tau from overflowing.
//
// The lab's one softmax: attend, the calculator, the reading page and the translation's
// display use this; self-attention's rows use its SIMD form (kernels/softmax_rows.hpp,
// with a scalar reference beside it). Three places compute their own, each for a
// reason: the cross-entropy loss (nn/cross_entropy.cpp) needs log p beside p; the
// scaling explorer's entropy (explore/scaling_stats.cpp) needs log alpha without taking
// the log of an underflowed weight; and the trained models' rounding (cross_entropy,
// translate/seq2seq.cpp's columns) is what the pinned numbers were made with.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "core/status.hpp"

namespace alab {

// s, alpha: n >= 1 values each (alpha may alias s); tau > 0. No checks: see softmax_checked.
template <class Scalar>
void softmax(const Scalar* s, Scalar* alpha, int n, Scalar tau = Scalar(1)) {
  Scalar m = s[0];
  for (int i = 1; i < n; ++i) m = std::max(m, s[i]);
  Scalar sum = 0;
  for (int i = 0; i < n; ++i) {
    alpha[i] = std::exp((s[i] - m) / tau);
    sum += alpha[i];
  }
  const Scalar inv = Scalar(1) / sum;  // sum >= 1: the maximum contributes exp(0)
  for (int i = 0; i < n; ++i) alpha[i] *= inv;
}

// Refuses what softmax cannot give a meaningful answer for.
template <class Scalar>
Status softmax_checked(const Scalar* s, Scalar* alpha, int n, Scalar tau = Scalar(1)) {
  if (n < 1) return Status::error("softmax needs at least one score");
  if (!std::isfinite(tau) || !(tau > 0))
    return Status::error("temperature must be a finite number greater than 0");
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(s[i]))
      return Status::error("score " + std::to_string(i + 1) + " is not a finite number");
  softmax(s, alpha, n, tau);
  return Status::success();
}

}  // namespace alab
