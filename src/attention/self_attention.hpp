// Self-attention in matrix form, one head (the module's "matrix form"): the one head
// of the lab. The race's attention model (nn/attention_pool.hpp: the same weights,
// a pooled shortcut for training), its heatmaps, and the benchmark all use it.
//
// Weights follow nn.Linear's convention (PyTorch's weight shapes, which the reference
// files in tests/reference hold): W_Q, W_K: d_k x d_model, W_V: d_v x d_model, and
//
//   Q = X W_Q^T,  K = X W_K^T,  V = X W_V^T            X: T x d_model
//   S = Q K^T / sqrt(d_k)                              S, A: T x T
//   A = row-softmax(S)   (causal: S[i, j] = -inf for j > i, so A[i, j] = 0)
//   Z = A V                                            Z: T x d_v
//
// Eigen does the three projections and the two T x T GEMMs; the row softmax is the
// kernel in kernels/softmax_rows for float (scaling folded into it), its scalar
// reference for double (gradient checks). FLOPs per sequence: 2 T d_model (2 d_k +
// d_v) for the projections + 2 T^2 d_k (Q K^T) + 2 T^2 d_v (A V).
#pragma once

#include <xtensor/xtensor.hpp>

#include "core/status.hpp"
#include "core/types.hpp"

namespace alab {

template <class Scalar>
struct SelfAttentionWeights {
  Mat<Scalar> W_Q;  // d_k x d_model
  Mat<Scalar> W_K;  // d_k x d_model
  Mat<Scalar> W_V;  // d_v x d_model
};

// Intermediate results, kept between calls so repeated forwards do not allocate.
template <class Scalar>
struct SelfAttentionWorkspace {
  Mat<Scalar> Q, K, V;  // T x d_k, T x d_k, T x d_v
};

// In place, each row r of S (rows x cols, contiguous) <- softmax(scale * row), over
// its first r + 1 entries when causal (the rest set to 0).
void row_softmax_scaled(float* S, Eigen::Index rows, Eigen::Index cols, float scale, bool causal);
void row_softmax_scaled(double* S, Eigen::Index rows, Eigen::Index cols, double scale, bool causal);

template <class Scalar>
Status check_self_attention(const Mat<Scalar>& W_Q, const Mat<Scalar>& W_K, const Mat<Scalar>& W_V,
                            Eigen::Index d_model);

// One sequence. X: T x d_model (T >= 1). A: T x T and Z: T x d_v are resized.
template <class Scalar>
void self_attention_forward(const Eigen::Ref<const Mat<Scalar>>& X, const Mat<Scalar>& W_Q,
                            const Mat<Scalar>& W_K, const Mat<Scalar>& W_V, bool causal,
                            SelfAttentionWorkspace<Scalar>& ws, Mat<Scalar>& A, Mat<Scalar>& Z);

template <class Scalar>
void self_attention_forward(const Eigen::Ref<const Mat<Scalar>>& X, const SelfAttentionWeights<Scalar>& w,
                            bool causal, SelfAttentionWorkspace<Scalar>& ws, Mat<Scalar>& A, Mat<Scalar>& Z) {
  self_attention_forward<Scalar>(X, w.W_Q, w.W_K, w.W_V, causal, ws, A, Z);
}

// The same forward in two phases over a range of rows [r0, r1), so that threads can
// share one sequence (explore/layer_cost.hpp): every row's projections must be done
// before any row attends, since each query reads every key and value.
//   phase 1, project:  Q, K, V rows r0..r1-1     (ws.Q, ws.K: T x d_k, ws.V: T x d_v, sized by the caller)
//   phase 2, attend:   A rows r0..r1-1 = softmax(Q_rows K^T / sqrt(d_k)), Z rows = A_rows V
// Causal masking counts a row's position from the start of the range, so a causal
// forward must attend its rows in one range from 0 (self_attention_forward does).
template <class Scalar>
void self_attention_project_rows(const Eigen::Ref<const Mat<Scalar>>& X, const Mat<Scalar>& W_Q,
                                 const Mat<Scalar>& W_K, const Mat<Scalar>& W_V,
                                 SelfAttentionWorkspace<Scalar>& ws, Eigen::Index r0, Eigen::Index r1);
template <class Scalar>
void self_attention_attend_rows(SelfAttentionWorkspace<Scalar>& ws, bool causal, Mat<Scalar>& A, Mat<Scalar>& Z,
                                Eigen::Index r0, Eigen::Index r1);

// A batch held as xtensor: X (B, T, d_model) -> A (B, T, T), Z (B, T, d_v). X may be
// a tensor or a view over numbers held elsewhere (xt::adapt over a matrix's rows: no
// copy; nn/attention_classifier.cpp's attention_maps); it must be row-major and
// contiguous, so that sequence b is the T x d_model block at b T d_model. Each
// sequence goes through self_attention_forward, so map b is, bit for bit, what one
// sequence alone gives.
template <class Input>
Status self_attention_forward_batch(const Input& X, const SelfAttentionWeights<float>& w, bool causal,
                                    xt::xtensor<float, 3>& A, xt::xtensor<float, 3>& Z) {
  static_assert(Input::rank == 3, "X is (B, T, d_model)");
  const auto B = X.shape(0), T = X.shape(1), D = X.shape(2);
  if (T < 1) return Status::error("sequences must have at least one position");
  if (Status st = check_self_attention(w.W_Q, w.W_K, w.W_V, static_cast<Eigen::Index>(D)); !st) return st;
  const auto d_v = static_cast<std::size_t>(w.W_V.rows());
  A = xt::xtensor<float, 3>::from_shape({B, T, T});
  Z = xt::xtensor<float, 3>::from_shape({B, T, d_v});
  SelfAttentionWorkspace<float> ws;
  MatF A_b, Z_b;  // aligned storage: the products round as in a single forward (nn/buffer.hpp)
  const auto rows = static_cast<Eigen::Index>(T);
  for (std::size_t b = 0; b < B; ++b) {
    const ConstMatMap<float> X_b(X.data() + b * T * D, rows, static_cast<Eigen::Index>(D));
    self_attention_forward<float>(X_b, w.W_Q, w.W_K, w.W_V, causal, ws, A_b, Z_b);
    MatMap<float>(A.data() + b * T * T, rows, rows) = A_b;
    MatMap<float>(Z.data() + b * T * d_v, rows, static_cast<Eigen::Index>(d_v)) = Z_b;
  }
  return Status::success();
}

// Floating-point operations of one forward on one sequence (for GFLOP/s).
double self_attention_flops(long T, long d_model, long d_k, long d_v);

}  // namespace alab
