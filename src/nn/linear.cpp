#include "nn/linear.hpp"

namespace alab::nn {

template <class Scalar>
void linear_forward(const Eigen::Ref<const Mat<Scalar>>& X, const Mat<Scalar>& W,
                    const Mat<Scalar>* b, Mat<Scalar>& Y) {
  Y.resize(X.rows(), W.rows());
  Y.noalias() = X * W.transpose();
  if (b) Y.rowwise() += b->row(0);
}

template <class Scalar>
void linear_backward(const Eigen::Ref<const Mat<Scalar>>& X, const Mat<Scalar>& W,
                     const Eigen::Ref<const Mat<Scalar>>& dY, Mat<Scalar>& dW, Mat<Scalar>* db,
                     Mat<Scalar>* dX) {
  dW.noalias() += dY.transpose() * X;                 // out x in
  if (db) db->row(0) += dY.colwise().sum();           // 1 x out
  if (dX) {
    dX->resize(dY.rows(), W.cols());
    dX->noalias() = dY * W;                           // n x in
  }
}

#define ALAB_INSTANTIATE(S)                                                                     \
  template void linear_forward(const Eigen::Ref<const Mat<S>>&, const Mat<S>&, const Mat<S>*,  \
                               Mat<S>&);                                                        \
  template void linear_backward(const Eigen::Ref<const Mat<S>>&, const Mat<S>&,                \
                                const Eigen::Ref<const Mat<S>>&, Mat<S>&, Mat<S>*, Mat<S>*);
ALAB_INSTANTIATE(float)
ALAB_INSTANTIATE(double)
#undef ALAB_INSTANTIATE

}  // namespace alab::nn
