// Self-attention in matrix form, one head (the module's "matrix form"):
//
//   Q = X W_Q,  K = X W_K,  V = X W_V                 X: T x d_model
//   S = Q K^T / sqrt(d_k)                             S, A: T x T
//   A = row-softmax(S)   (causal: S[i, j] = -inf for j > i, so A[i, j] = 0)
//   Z = A V                                           Z: T x d_v
//
// Eigen does the three projections and the two T x T GEMMs; the row softmax is
// the kernel in kernels/softmax_rows (scaling folded into it). FLOPs per
// sequence: 2 T d_model (2 d_k + d_v) for the projections + 2 T^2 d_k (Q K^T)
// + 2 T^2 d_v (A V).
#pragma once

#include <xtensor/xtensor.hpp>

#include "attention/status.hpp"
#include "attention/types.hpp"

namespace alab {

struct SelfAttentionWeights {
  MatF W_Q;  // d_model x d_k
  MatF W_K;  // d_model x d_k
  MatF W_V;  // d_model x d_v
};

// Intermediate results, kept between calls so repeated forwards do not allocate.
struct SelfAttentionWorkspace {
  MatF Q, K, V;  // T x d_k, T x d_k, T x d_v
};

Status check_self_attention(const SelfAttentionWeights& w, Eigen::Index d_model);

// One sequence. X: T x d_model (T >= 1). A: T x T and Z: T x d_v are resized.
void self_attention_forward(const Eigen::Ref<const MatF>& X, const SelfAttentionWeights& w,
                            bool causal, SelfAttentionWorkspace& ws, MatF& A, MatF& Z);

// A batch held as xtensor: X (B, T, d_model) -> A (B, T, T), Z (B, T, d_v).
Status self_attention_forward_batch(const xt::xtensor<float, 3>& X, const SelfAttentionWeights& w,
                                    bool causal, xt::xtensor<float, 3>& A,
                                    xt::xtensor<float, 3>& Z);

// Floating-point operations of one forward on one sequence (for GFLOP/s).
double self_attention_flops(long T, long d_model, long d_k, long d_v);

}  // namespace alab
