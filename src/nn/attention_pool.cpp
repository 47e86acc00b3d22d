#include "nn/attention_pool.hpp"

#include <cmath>

#include "attention/self_attention.hpp"

namespace alab::nn {
namespace {

// Row softmax of scale * S in place (rows x cols, contiguous): float uses the lab's
// SIMD kernel, double the scalar reference (for gradient checks).
template <class Scalar>
void softmax_rows_scaled(Scalar* S, Eigen::Index rows, Eigen::Index cols, Scalar scale) {
  row_softmax_scaled(S, rows, cols, scale, /*causal=*/false);
}

}  // namespace

template <class Scalar>
void AttentionHead<Scalar>::init(Eigen::Index D, Eigen::Index dk, Eigen::Index dv, rng::TorchGenerator& gen) {
  Wq.name = "Wq.weight";
  Wk.name = "Wk.weight";
  Wv.name = "Wv.weight";
  Wq.resize(dk, D);
  Wk.resize(dk, D);
  Wv.resize(dv, D);
  // nn.Linear(D, ., bias=False) each, constructed in this order.
  const double bound = kaiming_uniform_bound(D);
  for (Param<Scalar>* p : {&Wq, &Wk, &Wv}) init_uniform(p->w, bound, gen);
}

template <class Scalar>
void attention_pool_forward(const AttentionHead<Scalar>& head, const Eigen::Ref<const Mat<Scalar>>& E,
                            Eigen::Index T, Eigen::Index B, Pooling pooling,
                            AttentionPoolCache<Scalar>& c, Mat<Scalar>& Z) {
  c.K.noalias() = E * head.Wk.w.transpose();  // B*T x dk
  c.V.noalias() = E * head.Wv.w.transpose();  // B*T x dv
  if (pooling == Pooling::last) {
    c.E_last.resize(B, E.cols());
    for (Eigen::Index b = 0; b < B; ++b) c.E_last.row(b) = E.row(b * T + T - 1);
    c.Q.noalias() = c.E_last * head.Wq.w.transpose();  // B x dk
  } else {
    c.Q.noalias() = E * head.Wq.w.transpose();  // B*T x dk
  }
  attention_pool_forward_projected(head, T, B, pooling, c, Z);
}

template <class Scalar>
void attention_pool_forward_projected(const AttentionHead<Scalar>& head, Eigen::Index T, Eigen::Index B,
                                      Pooling pooling, AttentionPoolCache<Scalar>& c, Mat<Scalar>& Z) {
  const Scalar scale = head.scale();
  c.B = B;
  c.T = T;
  c.pooling = pooling;
  Z.resize(B, c.V.cols());

  if (pooling == Pooling::last) {
    c.A.resize(B, T);
    for (Eigen::Index b = 0; b < B; ++b)  // raw scores s = K_b q_b
      c.A.row(b).noalias() = c.Q.row(b) * c.K.middleRows(b * T, T).transpose();
    softmax_rows_scaled(c.A.data(), B, T, scale);
    for (Eigen::Index b = 0; b < B; ++b)  // z_b = a_b V_b
      Z.row(b).noalias() = c.A.row(b) * c.V.middleRows(b * T, T);
    return;
  }

  c.A.resize(B * T, T);
  c.abar.resize(B, T);
  for (Eigen::Index b = 0; b < B; ++b)
    c.A.middleRows(b * T, T).noalias() =
        c.Q.middleRows(b * T, T) * c.K.middleRows(b * T, T).transpose();
  softmax_rows_scaled(c.A.data(), B * T, T, scale);
  for (Eigen::Index b = 0; b < B; ++b) {
    c.abar.row(b) = c.A.middleRows(b * T, T).colwise().sum() / static_cast<Scalar>(T);
    Z.row(b).noalias() = c.abar.row(b) * c.V.middleRows(b * T, T);
  }
}

template <class Scalar>
void attention_pool_backward(AttentionHead<Scalar>& head, const Eigen::Ref<const Mat<Scalar>>& E,
                             const Eigen::Ref<const Mat<Scalar>>& dZ, AttentionPoolCache<Scalar>& c,
                             Mat<Scalar>* dE) {
  const Eigen::Index B = c.B, T = c.T;
  attention_pool_backward_projected(head, dZ, c);
  if (c.pooling == Pooling::last)
    head.Wq.dw.noalias() += c.dQ.transpose() * c.E_last;  // dWq = dQ^T E_last
  else
    head.Wq.dw.noalias() += c.dQ.transpose() * E;
  head.Wk.dw.noalias() += c.dK.transpose() * E;  // dWk = dK^T E
  head.Wv.dw.noalias() += c.dV.transpose() * E;  // dWv = dV^T E

  if (dE) {
    dE->resize(E.rows(), E.cols());
    dE->noalias() = c.dK * head.Wk.w;  // dE = dK Wk + dV Wv (+ dQ Wq)
    dE->noalias() += c.dV * head.Wv.w;
    if (c.pooling == Pooling::last) {
      for (Eigen::Index b = 0; b < B; ++b) dE->row(b * T + T - 1).noalias() += c.dQ.row(b) * head.Wq.w;
    } else {
      dE->noalias() += c.dQ * head.Wq.w;
    }
  }
}

template <class Scalar>
void attention_pool_backward_projected(const AttentionHead<Scalar>& head,
                                       const Eigen::Ref<const Mat<Scalar>>& dZ,
                                       AttentionPoolCache<Scalar>& c) {
  const Eigen::Index B = c.B, T = c.T;
  const Scalar scale = head.scale();
  c.dK.resize(B * T, c.K.cols());
  c.dV.resize(B * T, c.V.cols());
  c.dQ.resize(c.Q.rows(), c.Q.cols());
  c.da.resize(1, T);

  if (c.pooling == Pooling::last) {
    for (Eigen::Index b = 0; b < B; ++b) {
      const auto a = c.A.row(b);                 // 1 x T
      const auto Kb = c.K.middleRows(b * T, T);  // T x dk
      const auto Vb = c.V.middleRows(b * T, T);  // T x dv
      c.da.noalias() = dZ.row(b) * Vb.transpose();                        // da = dz V^T
      c.dV.middleRows(b * T, T).noalias() = a.transpose() * dZ.row(b);    // dV = a^T dz
      // softmax backward: ds_j = a_j (da_j - a . da); times scale for s = scale * q . k
      const Scalar dot = a.dot(c.da.row(0));
      c.da.array() = scale * a.array() * (c.da.array() - dot);
      c.dQ.row(b).noalias() = c.da * Kb;                                  // dq = ds K
      c.dK.middleRows(b * T, T).noalias() = c.da.transpose() * c.Q.row(b);  // dK = ds^T q
    }
  } else {
    c.dS.resize(T, T);
    const Scalar inv_T = Scalar(1) / static_cast<Scalar>(T);
    for (Eigen::Index b = 0; b < B; ++b) {
      const auto Ab = c.A.middleRows(b * T, T);  // T x T
      const auto Vb = c.V.middleRows(b * T, T);
      // z = (1/T) 1^T A V  =>  dA = 1 g with g = (1/T) dz V^T, and dV = abar^T dz
      c.da.noalias() = inv_T * (dZ.row(b) * Vb.transpose());
      c.dV.middleRows(b * T, T).noalias() = c.abar.row(b).transpose() * dZ.row(b);
      // dS_ij = scale * A_ij (g_j - sum_k A_ik g_k)
      c.rowdot.noalias() = Ab * c.da.row(0).transpose();
      for (Eigen::Index i = 0; i < T; ++i)
        c.dS.row(i).array() = scale * Ab.row(i).array() * (c.da.row(0).array() - c.rowdot[i]);
      c.dQ.middleRows(b * T, T).noalias() = c.dS * c.K.middleRows(b * T, T);              // dQ = dS K
      c.dK.middleRows(b * T, T).noalias() = c.dS.transpose() * c.Q.middleRows(b * T, T);  // dK = dS^T Q
    }
  }
}

// The head's full T x T matrix is the lab's one matrix-form self-attention.
template <class Scalar>
void attention_matrix(const AttentionHead<Scalar>& head, const Eigen::Ref<const Mat<Scalar>>& E_b,
                      Mat<Scalar>& A) {
  SelfAttentionWorkspace<Scalar> ws;
  Mat<Scalar> Z;
  self_attention_forward<Scalar>(E_b, head.Wq.w, head.Wk.w, head.Wv.w, /*causal=*/false, ws, A, Z);
}

#define ALAB_INSTANTIATE(S)                                                                      \
  template struct AttentionHead<S>;                                                              \
  template void attention_pool_forward(const AttentionHead<S>&, const Eigen::Ref<const Mat<S>>&, \
                                       Eigen::Index, Eigen::Index, Pooling,                      \
                                       AttentionPoolCache<S>&, Mat<S>&);                         \
  template void attention_pool_backward(AttentionHead<S>&, const Eigen::Ref<const Mat<S>>&,      \
                                        const Eigen::Ref<const Mat<S>>&, AttentionPoolCache<S>&, \
                                        Mat<S>*);                                                \
  template void attention_pool_forward_projected(const AttentionHead<S>&, Eigen::Index,          \
                                                 Eigen::Index, Pooling, AttentionPoolCache<S>&,  \
                                                 Mat<S>&);                                       \
  template void attention_pool_backward_projected(const AttentionHead<S>&,                       \
                                                  const Eigen::Ref<const Mat<S>>&,               \
                                                  AttentionPoolCache<S>&);                       \
  template void attention_matrix(const AttentionHead<S>&, const Eigen::Ref<const Mat<S>>&,       \
                                 Mat<S>&);
ALAB_INSTANTIATE(float)
ALAB_INSTANTIATE(double)
#undef ALAB_INSTANTIATE

}  // namespace alab::nn
