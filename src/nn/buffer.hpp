// Storage that only grows, viewed as a row-major matrix of any shape that fits.
//
// Eigen matrices reallocate whenever their size changes; the trainer alternates
// minibatches (64, then a last one of 32) with evaluation chunks, and
// reallocating the GRU's megabyte-sized caches on each switch cost more than the
// arithmetic (page faults on every fresh mapping). A view of a Buffer allocates
// only the first time a larger shape is asked for.
//
// The storage is aligned as Eigen's own matrices are (EIGEN_MAX_ALIGN_BYTES). This
// matters for determinism, not only speed: Eigen evaluates the unaligned head of
// an array with scalar code and the rest with SIMD packets, and the two round
// differently (e.g. FMA in packets only), so malloc-dependent alignment would make
// results differ from run to run.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/types.hpp"

namespace alab::nn {

template <class Scalar>
class Buffer {
 public:
  MatMap<Scalar> view(Eigen::Index rows, Eigen::Index cols) {
    const auto n = static_cast<std::size_t>(rows * cols);
    if (data_.size() < n) data_.resize(n);
    return MatMap<Scalar>(data_.data(), rows, cols);
  }
  ConstMatMap<Scalar> view(Eigen::Index rows, Eigen::Index cols) const {
    return ConstMatMap<Scalar>(data_.data(), rows, cols);  // rows * cols must fit (a prior view)
  }

 private:
  std::vector<Scalar, Eigen::aligned_allocator<Scalar>> data_;
};

}  // namespace alab::nn
