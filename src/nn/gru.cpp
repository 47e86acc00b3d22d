#include "nn/gru.hpp"

#include <cmath>
#include <utility>

namespace alab::nn {

template <class Scalar>
void Gru<Scalar>::init(Eigen::Index D, Eigen::Index H, const std::string& prefix, Pcg32& rng) {
  W_ih.name = prefix + ".weight_ih_l0";
  W_hh.name = prefix + ".weight_hh_l0";
  b_ih.name = prefix + ".bias_ih_l0";
  b_hh.name = prefix + ".bias_hh_l0";
  W_ih.resize(3 * H, D);
  W_hh.resize(3 * H, H);
  b_ih.resize(1, 3 * H);
  b_hh.resize(1, 3 * H);
  const double bound = 1.0 / std::sqrt(static_cast<double>(H));
  for (Param<Scalar>* p : {&W_ih, &W_hh, &b_ih, &b_hh}) init_uniform(p->w, bound, rng);
}

template <class Scalar>
void gru_forward(const Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X, Eigen::Index T,
                 Eigen::Index B, GruCache<Scalar>& c) {
  const Eigen::Index H = gru.hidden();
  c.T = T;
  c.B = B;
  c.gates.resize(T * B, 3 * H);
  c.hn.resize(T * B, H);
  c.Hs.resize((T + 1) * B, H);
  c.Gh.resize(B, 3 * H);

  // The input half of every gate for every step at once: Gi = X W_ih^T + b_ih  (T*B x 3H).
  c.Gi.resize(T * B, 3 * H);
  c.Gi.noalias() = X * gru.W_ih.w.transpose();
  c.Gi.rowwise() += gru.b_ih.w.row(0);
  c.Hs.topRows(B).setZero();

  for (Eigen::Index t = 0; t < T; ++t) {
    const auto h_prev = c.Hs.middleRows(t * B, B);
    const auto gi = c.Gi.middleRows(t * B, B);
    auto g = c.gates.middleRows(t * B, B);
    auto hn = c.hn.middleRows(t * B, B);

    c.Gh.noalias() = h_prev * gru.W_hh.w.transpose();  // B x 3H
    c.Gh.rowwise() += gru.b_hh.w.row(0);
    // r, z = sigmoid(gi + gh) over the first 2H columns in one pass.
    g.leftCols(2 * H) = (gi.leftCols(2 * H) + c.Gh.leftCols(2 * H)).array().logistic();
    hn = c.Gh.rightCols(H);
    const auto r = g.leftCols(H).array();
    const auto z = g.middleCols(H, H).array();
    g.rightCols(H) = (gi.rightCols(H).array() + r * hn.array()).tanh();
    const auto n = g.rightCols(H).array();
    // h = (1 - z) n + z h_prev = n + z (h_prev - n)   (as ATen's GRUCell computes it)
    c.Hs.middleRows((t + 1) * B, B) = n + z * (h_prev.array() - n);
  }
}

template <class Scalar>
void gru_backward(Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X,
                  const Eigen::Ref<const Mat<Scalar>>& dh_T, GruCache<Scalar>& c,
                  Mat<Scalar>* dX) {
  const Eigen::Index H = gru.hidden(), T = c.T, B = c.B;
  const Scalar one(1);
  c.dGi.resize(T * B, 3 * H);
  c.dGh.resize(T * B, 3 * H);
  c.dh = dh_T;
  c.dh_prev.resize(B, H);

  for (Eigen::Index t = T - 1; t >= 0; --t) {
    const auto g = c.gates.middleRows(t * B, B);
    const auto r = g.leftCols(H).array();
    const auto z = g.middleCols(H, H).array();
    const auto n = g.rightCols(H).array();
    const auto hn = c.hn.middleRows(t * B, B).array();
    const auto h_prev = c.Hs.middleRows(t * B, B).array();
    const auto dh = c.dh.array();
    auto dgi = c.dGi.middleRows(t * B, B);
    auto dgh = c.dGh.middleRows(t * B, B);

    // dL/da_n = dh * (1 - z) * (1 - n^2)                    (a_n: tanh's argument)
    dgi.rightCols(H) = dh * (one - z) * (one - n.square());
    // dL/d(W_hn h + b_hn) = dL/da_n * r
    dgh.rightCols(H) = dgi.rightCols(H).array() * r;
    // dL/da_r = dL/da_n * hn * r (1 - r)                    (sigmoid' = s (1 - s))
    dgi.leftCols(H) = dgi.rightCols(H).array() * hn * r * (one - r);
    // dL/da_z = dh * (h_prev - n) * z (1 - z)
    dgi.middleCols(H, H) = dh * (h_prev - n) * z * (one - z);
    // r and z see x and h through the same sum: their gradients are shared.
    dgh.leftCols(2 * H) = dgi.leftCols(2 * H);
    // dL/dh_prev = dh * z + dGh W_hh
    c.dh_prev.noalias() = dgh * gru.W_hh.w;
    c.dh_prev.array() += dh * z;
    std::swap(c.dh, c.dh_prev);
  }

  // Parameter gradients over all steps at once:
  //   dW_ih = dGi^T X,  dW_hh = dGh^T [h_0 .. h_{T-1}],  db = column sums.
  gru.W_ih.dw.noalias() += c.dGi.transpose() * X;
  gru.b_ih.dw.row(0) += c.dGi.colwise().sum();
  gru.W_hh.dw.noalias() += c.dGh.transpose() * c.Hs.topRows(T * B);
  gru.b_hh.dw.row(0) += c.dGh.colwise().sum();
  if (dX) {
    dX->resize(T * B, X.cols());
    dX->noalias() = c.dGi * gru.W_ih.w;  // dL/dx_t = dGi_t W_ih
  }
}

#define ALAB_INSTANTIATE(S)                                                                   \
  template struct Gru<S>;                                                                     \
  template void gru_forward(const Gru<S>&, const Eigen::Ref<const Mat<S>>&, Eigen::Index,    \
                            Eigen::Index, GruCache<S>&);                                      \
  template void gru_backward(Gru<S>&, const Eigen::Ref<const Mat<S>>&,                       \
                             const Eigen::Ref<const Mat<S>>&, GruCache<S>&, Mat<S>*);
ALAB_INSTANTIATE(float)
ALAB_INSTANTIATE(double)
#undef ALAB_INSTANTIATE

}  // namespace alab::nn
