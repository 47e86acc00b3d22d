// Softmax cross-entropy averaged over the batch (nn.CrossEntropyLoss, reduction "mean").
//
//   logits: B x C, labels: B ids in [0, C)
//   p = row-softmax(logits),   L = -(1/B) sum_b log p[b, y_b]
//   dL/dlogits = (p - onehot(y)) / B
#pragma once

#include "core/types.hpp"

namespace alab::nn {

// Returns L; probs (B x C) is saved for the backward.
template <class Scalar>
Scalar cross_entropy_forward(const Mat<Scalar>& logits, const int* labels, Mat<Scalar>& probs);

template <class Scalar>
void cross_entropy_backward(const Mat<Scalar>& probs, const int* labels, Mat<Scalar>& dlogits);

// argmax per row, first maximum on ties (as torch.argmax).
template <class Scalar>
int predict_row(const Mat<Scalar>& logits, Eigen::Index row);

}  // namespace alab::nn
