#include "nn/cross_entropy.hpp"

#include <cmath>

namespace alab::nn {

template <class Scalar>
Scalar cross_entropy_forward(const Mat<Scalar>& logits, const int* labels, Mat<Scalar>& probs) {
  const Eigen::Index B = logits.rows(), C = logits.cols();
  probs.resize(B, C);
  Scalar total = 0;
  for (Eigen::Index b = 0; b < B; ++b) {
    // log p_y = (l_y - m) - log sum_c exp(l_c - m), m = max_c l_c (no overflow).
    const Scalar m = logits.row(b).maxCoeff();
    Scalar sum = 0;
    for (Eigen::Index c = 0; c < C; ++c) sum += (probs(b, c) = std::exp(logits(b, c) - m));
    probs.row(b) /= sum;
    total -= (logits(b, labels[b]) - m) - std::log(sum);
  }
  return total / static_cast<Scalar>(B);
}

template <class Scalar>
void cross_entropy_backward(const Mat<Scalar>& probs, const int* labels, Mat<Scalar>& dlogits) {
  const Eigen::Index B = probs.rows();
  dlogits = probs;
  for (Eigen::Index b = 0; b < B; ++b) dlogits(b, labels[b]) -= Scalar(1);
  dlogits /= static_cast<Scalar>(B);
}

template <class Scalar>
int predict_row(const Mat<Scalar>& logits, Eigen::Index row) {
  int best = 0;
  for (Eigen::Index c = 1; c < logits.cols(); ++c)
    if (logits(row, c) > logits(row, best)) best = static_cast<int>(c);
  return best;
}

template float cross_entropy_forward(const Mat<float>&, const int*, Mat<float>&);
template double cross_entropy_forward(const Mat<double>&, const int*, Mat<double>&);
template void cross_entropy_backward(const Mat<float>&, const int*, Mat<float>&);
template void cross_entropy_backward(const Mat<double>&, const int*, Mat<double>&);
template int predict_row(const Mat<float>&, Eigen::Index);
template int predict_row(const Mat<double>&, Eigen::Index);

}  // namespace alab::nn
