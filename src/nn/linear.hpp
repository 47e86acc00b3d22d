// Fully connected layer (nn.Linear), weight stored as PyTorch stores it (out x in).
//
//   X: n x in,  W: out x in,  b: 1 x out (optional),  Y: n x out
//   forward:   Y = X W^T + b
//   backward:  dW = dY^T X,   db = sum over rows of dY,   dX = dY W
#pragma once

#include "core/types.hpp"

namespace alab::nn {

// b may be null (no bias, as W_Q, W_K, W_V).
template <class Scalar>
void linear_forward(const Eigen::Ref<const Mat<Scalar>>& X, const Mat<Scalar>& W,
                    const Mat<Scalar>* b, Mat<Scalar>& Y);

// Gradients are accumulated into dW and db; dX (optional) is overwritten.
template <class Scalar>
void linear_backward(const Eigen::Ref<const Mat<Scalar>>& X, const Mat<Scalar>& W,
                     const Eigen::Ref<const Mat<Scalar>>& dY, Mat<Scalar>& dW, Mat<Scalar>* db,
                     Mat<Scalar>* dX);

}  // namespace alab::nn
