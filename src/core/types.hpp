// Matrix and tensor types shared by the library.
//
// Eigen does the matrix math (GEMM, dot products) with its SSE path, which
// Emscripten turns into WebAssembly SIMD. Matrices are row-major so that one
// token (one row) is contiguous, matching how sequences are stored everywhere
// else in the lab (xtensor batches, the page's typed arrays).
#pragma once

#include <Eigen/Core>

namespace alab {

template <class Scalar>
using Mat = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class Scalar>
using Vec = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;

template <class Scalar>
using MatMap = Eigen::Map<Mat<Scalar>>;
template <class Scalar>
using ConstMatMap = Eigen::Map<const Mat<Scalar>>;
template <class Scalar>
using ConstVecMap = Eigen::Map<const Vec<Scalar>>;

using MatF = Mat<float>;
using VecF = Vec<float>;
using MatD = Mat<double>;

}  // namespace alab
