#include "attention/self_attention.hpp"

#include <cmath>
#include <string>

#include "attention/softmax.hpp"
#include "kernels/softmax_rows.hpp"

namespace alab {

void row_softmax_scaled(float* S, Eigen::Index rows, Eigen::Index cols, float scale, bool causal) {
  kernels::softmax_rows(S, static_cast<int>(rows), static_cast<int>(cols), static_cast<int>(cols), scale,
                        causal);
}

void row_softmax_scaled(double* S, Eigen::Index rows, Eigen::Index cols, double scale, bool causal) {
  for (Eigen::Index r = 0; r < rows; ++r) {
    double* row = S + r * cols;
    const Eigen::Index len = causal ? std::min(r + 1, cols) : cols;
    softmax(row, row, static_cast<int>(len), 1.0 / scale);  // softmax(s / tau), tau = 1 / scale
    for (Eigen::Index j = len; j < cols; ++j) row[j] = 0;
  }
}

template <class Scalar>
Status check_self_attention(const Mat<Scalar>& W_Q, const Mat<Scalar>& W_K, const Mat<Scalar>& W_V,
                            Eigen::Index d_model) {
  if (W_Q.cols() != d_model || W_K.cols() != d_model || W_V.cols() != d_model)
    return Status::error("W_Q, W_K and W_V must each have d_model = " + std::to_string(d_model) +
                         " columns");
  if (W_Q.rows() != W_K.rows() || W_Q.rows() < 1)
    return Status::error("W_Q and W_K must have the same number (>= 1) of rows, d_k");
  if (W_V.rows() < 1) return Status::error("W_V must have at least one row, d_v");
  return Status::success();
}

template <class Scalar>
void self_attention_project_rows(const Eigen::Ref<const Mat<Scalar>>& X, const Mat<Scalar>& W_Q,
                                 const Mat<Scalar>& W_K, const Mat<Scalar>& W_V,
                                 SelfAttentionWorkspace<Scalar>& ws, Eigen::Index r0, Eigen::Index r1) {
  const Eigen::Index n = r1 - r0;
  ws.Q.middleRows(r0, n).noalias() = X.middleRows(r0, n) * W_Q.transpose();
  ws.K.middleRows(r0, n).noalias() = X.middleRows(r0, n) * W_K.transpose();
  ws.V.middleRows(r0, n).noalias() = X.middleRows(r0, n) * W_V.transpose();
}

template <class Scalar>
void self_attention_attend_rows(SelfAttentionWorkspace<Scalar>& ws, bool causal, Mat<Scalar>& A, Mat<Scalar>& Z,
                                Eigen::Index r0, Eigen::Index r1) {
  const Eigen::Index n = r1 - r0, T = ws.K.rows();
  const auto d_k = ws.Q.cols();
  A.middleRows(r0, n).noalias() = ws.Q.middleRows(r0, n) * ws.K.transpose();  // unscaled: the softmax applies 1/sqrt(d_k)
  row_softmax_scaled(A.data() + r0 * T, n, T, Scalar(1) / std::sqrt(static_cast<Scalar>(d_k)), causal);
  Z.middleRows(r0, n).noalias() = A.middleRows(r0, n) * ws.V;
}

template <class Scalar>
void self_attention_forward(const Eigen::Ref<const Mat<Scalar>>& X, const Mat<Scalar>& W_Q,
                            const Mat<Scalar>& W_K, const Mat<Scalar>& W_V, bool causal,
                            SelfAttentionWorkspace<Scalar>& ws, Mat<Scalar>& A, Mat<Scalar>& Z) {
  const auto T = X.rows();
  ws.Q.resize(T, W_Q.rows());
  ws.K.resize(T, W_K.rows());
  ws.V.resize(T, W_V.rows());
  A.resize(T, T);
  Z.resize(T, W_V.rows());
  self_attention_project_rows<Scalar>(X, W_Q, W_K, W_V, ws, 0, T);
  self_attention_attend_rows<Scalar>(ws, causal, A, Z, 0, T);
}

double self_attention_flops(long T, long d_model, long d_k, long d_v) {
  const double t = static_cast<double>(T);
  return 2.0 * t * d_model * (2.0 * d_k + d_v) + 2.0 * t * t * d_k + 2.0 * t * t * d_v;
}

#define ALAB_INSTANTIATE(S)                                                                       \
  template Status check_self_attention(const Mat<S>&, const Mat<S>&, const Mat<S>&, Eigen::Index); \
  template void self_attention_forward(const Eigen::Ref<const Mat<S>>&, const Mat<S>&,            \
                                       const Mat<S>&, const Mat<S>&, bool,                        \
                                       SelfAttentionWorkspace<S>&, Mat<S>&, Mat<S>&);           \
  template void self_attention_project_rows(const Eigen::Ref<const Mat<S>>&, const Mat<S>&,       \
                                            const Mat<S>&, const Mat<S>&, SelfAttentionWorkspace<S>&, \
                                            Eigen::Index, Eigen::Index);                          \
  template void self_attention_attend_rows(SelfAttentionWorkspace<S>&, bool, Mat<S>&, Mat<S>&,     \
                                           Eigen::Index, Eigen::Index);
ALAB_INSTANTIATE(float)
ALAB_INSTANTIATE(double)
#undef ALAB_INSTANTIATE

}  // namespace alab
