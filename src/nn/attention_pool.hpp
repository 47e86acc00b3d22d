// One head of scaled dot-product self-attention (Vaswani et al. 2017), followed by
// the pooling the module's TinySelfAttn uses to get one vector per sequence.
//
// For sequence b with inputs E_b (T x D):
//   Q = E_b Wq^T,  K = E_b Wk^T,  V = E_b Wv^T      Wq, Wk: dk x D, Wv: dv x D (nn.Linear, no bias)
//   A = row-softmax(Q K^T / sqrt(dk))               T x T
//   pooling last:  z_b = (A V)[T-1, :] = A[T-1, :] V
//   pooling mean:  z_b = (1/T) sum_i (A V)[i, :] = abar V,  abar = (1/T) 1^T A  (column means)
//
// Only what the pooled output depends on is computed: with pooling "last" that is
// one query (the last position's) and one row of A per sequence, exactly the
// numbers PyTorch's full T x T computation feeds into the logits. The full matrix,
// for display, comes from attention_matrix: attention/self_attention.hpp's matrix
// form with these weights, the head the benchmark times.
//
// Shapes: B = batch, T = seq len, D = model dim. E is BATCH-MAJOR: B*T x D, row b*T + t.
#pragma once

#include <cmath>

#include "nn/param.hpp"

namespace alab::nn {

enum class Pooling { last, mean };

template <class Scalar>
struct AttentionHead {
  Param<Scalar> Wq, Wk, Wv;  // "Wq.weight" ...: dk x D, dk x D, dv x D

  // nn.Linear's default: U(-1/sqrt(D), 1/sqrt(D)).
  void init(Eigen::Index D, Eigen::Index dk, Eigen::Index dv, rng::TorchGenerator& gen);
  Scalar scale() const { return Scalar(1) / std::sqrt(static_cast<Scalar>(Wq.w.rows())); }
};

template <class Scalar>
struct AttentionPoolCache {
  Eigen::Index B = 0, T = 0;
  Pooling pooling = Pooling::last;
  Mat<Scalar> E_last;  // last: B x D    the last position's input of each sequence
  Mat<Scalar> Q;       // last: B x dk;  mean: B*T x dk
  Mat<Scalar> K, V;    // B*T x dk, B*T x dv
  Mat<Scalar> A;       // last: B x T (row T-1 of each A);  mean: B*T x T (each sequence's A)
  Mat<Scalar> abar;    // mean: B x T
  Mat<Scalar> dQ, dK, dV, dS;  // backward scratch
  Mat<Scalar> da;              // 1 x T scratch
  Vec<Scalar> rowdot;          // T scratch (mean pooling)
};

// Z: B x dv, pooled outputs.
template <class Scalar>
void attention_pool_forward(const AttentionHead<Scalar>& head, const Eigen::Ref<const Mat<Scalar>>& E,
                            Eigen::Index T, Eigen::Index B, Pooling pooling,
                            AttentionPoolCache<Scalar>& cache, Mat<Scalar>& Z);

// From dL/dZ (B x dv): accumulates into head's dw; dE (B*T x D, optional) is overwritten.
template <class Scalar>
void attention_pool_backward(AttentionHead<Scalar>& head, const Eigen::Ref<const Mat<Scalar>>& E,
                             const Eigen::Ref<const Mat<Scalar>>& dZ,
                             AttentionPoolCache<Scalar>& cache, Mat<Scalar>* dE);

// The same two steps from projections the caller has put in the cache: c.K, c.V
// (B*T x dk, B*T x dv) and c.Q (pooling last: B x dk, the last positions' queries;
// mean: B*T x dk). nn/attention_classifier.cpp projects by table lookup instead of
// a GEMM. The backward leaves dL/dQ, dL/dK, dL/dV in c.dQ, c.dK, c.dV (shapes as
// Q, K, V) and touches no weight gradient.
template <class Scalar>
void attention_pool_forward_projected(const AttentionHead<Scalar>& head, Eigen::Index T, Eigen::Index B,
                                      Pooling pooling, AttentionPoolCache<Scalar>& cache, Mat<Scalar>& Z);
template <class Scalar>
void attention_pool_backward_projected(const AttentionHead<Scalar>& head,
                                       const Eigen::Ref<const Mat<Scalar>>& dZ,
                                       AttentionPoolCache<Scalar>& cache);

// The full attention matrix of one sequence (E_b: T x D) -> A: T x T, rows sum to 1.
template <class Scalar>
void attention_matrix(const AttentionHead<Scalar>& head, const Eigen::Ref<const Mat<Scalar>>& E_b,
                      Mat<Scalar>& A);

}  // namespace alab::nn
