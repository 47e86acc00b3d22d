// Sinusoidal positional encoding (Vaswani et al. 2017, section 3.5): position p of a
// d-dimensional model gets
//
//   PE[p, 2i]     = sin(p / 10000^(2i / d))
//   PE[p, 2i + 1] = cos(p / 10000^(2i / d))        p = 0 .. T-1, i = 0 .. ceil(d/2)-1
//
// so each pair of columns is a sinusoid of its own wavelength, from 2π (i = 0) up to
// about 10000·2π, and PE[p + k] is a fixed rotation of PE[p] in every pair: relative
// offsets are linear functions of the encoding. Added to the token embeddings, it is
// what makes self-attention's output depend on order (explore/order_probe.hpp).
// For odd d the last column is a sine of its own (the pair has no cosine).
#pragma once

#include <cmath>

#include "core/types.hpp"

namespace alab {

template <class Scalar>
Mat<Scalar> sinusoidal_positions(Eigen::Index T, Eigen::Index d) {
  Mat<Scalar> pe(T, d);
  for (Eigen::Index p = 0; p < T; ++p) {
    for (Eigen::Index c = 0; c < d; ++c) {
      const Eigen::Index i2 = c - c % 2;  // 2i
      const double angle = static_cast<double>(p) / std::pow(10000.0, static_cast<double>(i2) / static_cast<double>(d));
      pe(p, c) = static_cast<Scalar>(c % 2 == 0 ? std::sin(angle) : std::cos(angle));
    }
  }
  return pe;
}

}  // namespace alab
