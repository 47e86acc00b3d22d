// xtensor holds the lab's N-d data (data sets, attention and alignment maps, sweep
// results); Eigen does the products on matrix views of it (a MatMap over a tensor's
// rows; xt::adapt the other way, a matrix's rows read as a tensor: both without copies,
// as attention/self_attention.hpp's batched forward does).
// Activations inside a forward/backward stay in aligned Eigen storage (nn/buffer.hpp):
// there, alignment decides rounding. Both are row-major, so a
// tensor of shape (r, c) and a Mat<T> of r x c lay out their numbers the same way,
// and either crosses to the page as one flat typed array in that order.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <xtensor/xtensor.hpp>

#include "core/types.hpp"

namespace alab {

// A 2-D tensor holding the value of an Eigen expression. The expression is evaluated
// into an Eigen matrix first, then copied: xtensor's storage has malloc's alignment, and
// Eigen rounds an unaligned head differently from the rest (nn/buffer.hpp), so an
// expression evaluated straight into it could differ from run to run.
template <class Derived>
xt::xtensor<typename Derived::Scalar, 2> to_tensor(const Eigen::MatrixBase<Derived>& m) {
  using T = typename Derived::Scalar;
  const Mat<T> value = m;
  xt::xtensor<T, 2> out(std::array<std::size_t, 2>{static_cast<std::size_t>(value.rows()), static_cast<std::size_t>(value.cols())});
  std::copy(value.data(), value.data() + value.size(), out.data());
  return out;
}

}  // namespace alab
