#include "nn/embedding.hpp"

namespace alab::nn {

template <class Scalar>
void embedding_forward(const int* tokens, Eigen::Index n, const Mat<Scalar>& W, Mat<Scalar>& out) {
  out.resize(n, W.cols());
  for (Eigen::Index i = 0; i < n; ++i) out.row(i) = W.row(tokens[i]);
}

template <class Scalar>
void embedding_backward(const int* tokens, Eigen::Index n, const Eigen::Ref<const Mat<Scalar>>& dout,
                        Mat<Scalar>& dW) {
  for (Eigen::Index i = 0; i < n; ++i) dW.row(tokens[i]) += dout.row(i);
}

template void embedding_forward(const int*, Eigen::Index, const Mat<float>&, Mat<float>&);
template void embedding_forward(const int*, Eigen::Index, const Mat<double>&, Mat<double>&);
template void embedding_backward(const int*, Eigen::Index, const Eigen::Ref<const Mat<float>>&,
                                 Mat<float>&);
template void embedding_backward(const int*, Eigen::Index, const Eigen::Ref<const Mat<double>>&,
                                 Mat<double>&);

}  // namespace alab::nn
