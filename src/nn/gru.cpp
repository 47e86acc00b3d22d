#include "nn/gru.hpp"

#include <cmath>

namespace alab::nn {

// nn.GRU.reset_parameters: every tensor, in registration order (weight_ih_l0, weight_hh_l0,
// bias_ih_l0, bias_hh_l0), from U(-1/sqrt(H), 1/sqrt(H)).
template <class Scalar>
void Gru<Scalar>::init(Eigen::Index D, Eigen::Index H, const std::string& prefix, TorchGenerator& gen) {
  W_ih.name = prefix + ".weight_ih_l0";
  W_hh.name = prefix + ".weight_hh_l0";
  b_ih.name = prefix + ".bias_ih_l0";
  b_hh.name = prefix + ".bias_hh_l0";
  W_ih.resize(3 * H, D);
  W_hh.resize(3 * H, H);
  b_ih.resize(1, 3 * H);
  b_hh.resize(1, 3 * H);
  const double bound = inverse_sqrt_bound(H);
  for (Param<Scalar>* p : {&W_ih, &W_hh, &b_ih, &b_hh}) init_uniform(p->w, bound, gen);
}

template <class Scalar>
void gru_forward(const Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X, Eigen::Index T,
                 Eigen::Index B, GruCache<Scalar>& c) {
  const Eigen::Index H = gru.hidden();
  c.T = T;
  c.B = B;
  c.H = H;
  auto Gi = c.Gi.view(3 * H, T * B);
  auto gates = c.gates.view(3 * H, T * B);
  auto hn_all = c.hn.view(H, T * B);
  auto Hs = c.Hs.view(H, (T + 1) * B);
  auto Gh = c.Gh.view(3 * H, B);

  // The input half of every gate for every step at once: Gi = W_ih X^T + b_ih  (3H x T*B).
  Gi.noalias() = gru.W_ih.w * X.transpose();
  Gi.colwise() += gru.b_ih.w.row(0).transpose();
  Hs.leftCols(B).setZero();

  for (Eigen::Index t = 0; t < T; ++t) {
    const auto h_prev = Hs.middleCols(t * B, B);  // H x B
    const auto gi = Gi.middleCols(t * B, B);      // 3H x B
    auto g = gates.middleCols(t * B, B);
    auto hn = hn_all.middleCols(t * B, B);

    Gh.noalias() = gru.W_hh.w * h_prev;  // 3H x B
    Gh.colwise() += gru.b_hh.w.row(0).transpose();
    // r, z = sigmoid(gi + gh): the first 2H rows in one pass.
    g.topRows(2 * H) = (gi.topRows(2 * H) + Gh.topRows(2 * H)).array().logistic();
    hn = Gh.bottomRows(H);
    const auto r = g.topRows(H).array();
    const auto z = g.middleRows(H, H).array();
    g.bottomRows(H) = (gi.bottomRows(H).array() + r * hn.array()).tanh();
    const auto n = g.bottomRows(H).array();
    // h = (1 - z) n + z h_prev = n + z (h_prev - n)   (as ATen's GRUCell computes it)
    Hs.middleCols((t + 1) * B, B) = n + z * (h_prev.array() - n);
  }
}

template <class Scalar>
void gru_backward(Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X,
                  const Eigen::Ref<const Mat<Scalar>>& dh_T, GruCache<Scalar>& c,
                  Mat<Scalar>* dX) {
  const Eigen::Index H = c.H, T = c.T, B = c.B;
  const Scalar one(1);
  const auto gates = c.gates.view(3 * H, T * B);
  const auto hn_all = c.hn.view(H, T * B);
  const auto Hs = c.Hs.view(H, (T + 1) * B);
  auto dGi = c.dGi.view(3 * H, T * B);
  auto dGh = c.dGh.view(3 * H, T * B);
  auto dh_m = c.dh.view(H, B);
  auto dh_prev = c.dh_prev.view(H, B);
  dh_m = dh_T;

  for (Eigen::Index t = T - 1; t >= 0; --t) {
    const auto g = gates.middleCols(t * B, B);
    const auto r = g.topRows(H).array();
    const auto z = g.middleRows(H, H).array();
    const auto n = g.bottomRows(H).array();
    const auto hn = hn_all.middleCols(t * B, B).array();
    const auto h_prev = Hs.middleCols(t * B, B).array();
    const auto dh = dh_m.array();
    auto dgi = dGi.middleCols(t * B, B);
    auto dgh = dGh.middleCols(t * B, B);

    // dL/da_n = dh * (1 - z) * (1 - n^2)                    (a_n: tanh's argument)
    dgi.bottomRows(H) = dh * (one - z) * (one - n.square());
    // dL/d(W_hn h + b_hn) = dL/da_n * r
    dgh.bottomRows(H) = dgi.bottomRows(H).array() * r;
    // dL/da_r = dL/da_n * hn * r (1 - r)                    (sigmoid' = s (1 - s))
    dgi.topRows(H) = dgi.bottomRows(H).array() * hn * r * (one - r);
    // dL/da_z = dh * (h_prev - n) * z (1 - z)
    dgi.middleRows(H, H) = dh * (h_prev - n) * z * (one - z);
    // r and z see x and h through the same sum: their gradients are shared.
    dgh.topRows(2 * H) = dgi.topRows(2 * H);
    // dL/dh_prev = dh * z + W_hh^T dGh
    dh_prev.noalias() = gru.W_hh.w.transpose() * dgh;
    dh_prev.array() += dh * z;
    dh_m = dh_prev;
  }

  // Parameter gradients over all steps at once:
  //   dW_ih = dGi X,  dW_hh = dGh [h_0 .. h_{T-1}]^T,  db = row sums.
  gru.W_ih.dw.noalias() += dGi * X;
  gru.b_ih.dw.row(0) += dGi.rowwise().sum().transpose();
  gru.W_hh.dw.noalias() += dGh * Hs.leftCols(T * B).transpose();
  gru.b_hh.dw.row(0) += dGh.rowwise().sum().transpose();
  if (dX) {
    dX->resize(T * B, X.cols());
    dX->noalias() = dGi.transpose() * gru.W_ih.w;  // dL/dx_t = dGi_t^T W_ih
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
