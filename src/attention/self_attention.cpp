#include "attention/self_attention.hpp"

#include <cmath>
#include <string>

#include "kernels/softmax_rows.hpp"

namespace alab {

Status check_self_attention(const SelfAttentionWeights& w, Eigen::Index d_model) {
  if (w.W_Q.rows() != d_model || w.W_K.rows() != d_model || w.W_V.rows() != d_model)
    return Status::error("W_Q, W_K and W_V must each have d_model = " + std::to_string(d_model) +
                         " rows");
  if (w.W_Q.cols() != w.W_K.cols() || w.W_Q.cols() < 1)
    return Status::error("W_Q and W_K must have the same number (>= 1) of columns, d_k");
  if (w.W_V.cols() < 1) return Status::error("W_V must have at least one column, d_v");
  return Status::success();
}

void self_attention_forward(const Eigen::Ref<const MatF>& X, const SelfAttentionWeights& w,
                            bool causal, SelfAttentionWorkspace& ws, MatF& A, MatF& Z) {
  const auto T = X.rows();
  const auto d_k = w.W_Q.cols();
  ws.Q.noalias() = X * w.W_Q;
  ws.K.noalias() = X * w.W_K;
  ws.V.noalias() = X * w.W_V;
  A.resize(T, T);
  A.noalias() = ws.Q * ws.K.transpose();  // unscaled: the softmax applies 1/sqrt(d_k)
  kernels::softmax_rows(A.data(), static_cast<int>(T), static_cast<int>(T), static_cast<int>(T),
                        1.f / std::sqrt(static_cast<float>(d_k)), causal);
  Z.noalias() = A * ws.V;
}

Status self_attention_forward_batch(const xt::xtensor<float, 3>& X, const SelfAttentionWeights& w,
                                    bool causal, xt::xtensor<float, 3>& A,
                                    xt::xtensor<float, 3>& Z) {
  const auto B = X.shape(0), T = X.shape(1), D = X.shape(2);
  if (T < 1) return Status::error("sequences must have at least one position");
  if (Status st = check_self_attention(w, static_cast<Eigen::Index>(D)); !st) return st;
  const auto d_v = static_cast<std::size_t>(w.W_V.cols());
  A = xt::xtensor<float, 3>::from_shape({B, T, T});
  Z = xt::xtensor<float, 3>::from_shape({B, T, d_v});

  SelfAttentionWorkspace ws;
  MatF A_b, Z_b;
  for (std::size_t b = 0; b < B; ++b) {
    // xtensor's default layout is row-major, so sequence b is a contiguous T x D block.
    const ConstMatMap<float> X_b(X.data() + b * T * D, T, D);
    self_attention_forward(X_b, w, causal, ws, A_b, Z_b);
    MatMap<float>(A.data() + b * T * T, T, T) = A_b;
    MatMap<float>(Z.data() + b * T * d_v, T, d_v) = Z_b;
  }
  return Status::success();
}

double self_attention_flops(long T, long d_model, long d_k, long d_v) {
  const double t = static_cast<double>(T);
  return 2.0 * t * d_model * (2.0 * d_k + d_v) + 2.0 * t * t * d_k + 2.0 * t * t * d_v;
}

}  // namespace alab
