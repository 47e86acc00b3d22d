// Central finite differences in double precision, for checking hand-written backward passes.
//
//   dL/dw_i ~ (L(w + h e_i) - L(w - h e_i)) / (2h)
//
// Error budget with h = 1e-5 and L of order 1: truncation O(h^2 L''') ~ 1e-10,
// rounding O(eps L / h) ~ 1e-11 (eps = 2.2e-16). Gradients here are of order
// 1e-3..1, so the max-norm relative error of a correct backward stays below ~1e-7;
// a wrong one (a missing term, a transposed weight) is off by 1e-2 or more.
// Hence the bound kGradRelTol = 1e-6 used by every check.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/types.hpp"
#include "rng/pcg32.hpp"

namespace alab::test {

constexpr double kGradRelTol = 1e-6;

// max_i |a_i - n_i| / max(max_i |a_i|, max_i |n_i|, 1e-12)
template <class LossFn>
double grad_rel_error(Mat<double>& w, const Mat<double>& analytic, LossFn loss, double h = 1e-5) {
  double max_diff = 0, max_mag = 1e-12;
  for (Eigen::Index i = 0; i < w.size(); ++i) {
    const double saved = w.data()[i];
    w.data()[i] = saved + h;
    const double lp = loss();
    w.data()[i] = saved - h;
    const double lm = loss();
    w.data()[i] = saved;
    const double numeric = (lp - lm) / (2 * h);
    const double a = analytic.data()[i];
    max_diff = std::max(max_diff, std::abs(a - numeric));
    max_mag = std::max({max_mag, std::abs(a), std::abs(numeric)});
  }
  return max_diff / max_mag;
}

inline Mat<double> random_mat(Eigen::Index r, Eigen::Index c, rng::Pcg32& rng, double scale = 1.0) {
  Mat<double> m(r, c);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = scale * rng.normal();
  return m;
}

// L = sum(out * G): a loss whose gradient with respect to out is G.
inline double dot_loss(const Mat<double>& out, const Mat<double>& G) {
  return (out.array() * G.array()).sum();
}

}  // namespace alab::test
