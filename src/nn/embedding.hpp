// Embedding lookup (nn.Embedding): row i of the output is row tokens[i] of W.
//
//   W: V x D (V = vocabulary or positions, D = model dim); tokens: n ids in [0, V)
//   forward:  out[i, :] = W[tokens[i], :]                      out: n x D
//   backward: dW[tokens[i], :] += dout[i, :]   (a lookup's gradient is a scatter-add)
#pragma once

#include "core/types.hpp"

namespace alab::nn {

template <class Scalar>
void embedding_forward(const int* tokens, Eigen::Index n, const Mat<Scalar>& W, Mat<Scalar>& out);

// Accumulates into dW (callers zero it once per backward).
template <class Scalar>
void embedding_backward(const int* tokens, Eigen::Index n, const Eigen::Ref<const Mat<Scalar>>& dout,
                        Mat<Scalar>& dW);

}  // namespace alab::nn
