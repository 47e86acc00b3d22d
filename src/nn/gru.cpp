#include "nn/gru.hpp"

#include <cmath>

#include "kernels/gru_cell.hpp"

namespace alab::nn {

// nn.GRU.reset_parameters: every tensor, in registration order (weight_ih_l0, weight_hh_l0,
// bias_ih_l0, bias_hh_l0), from U(-1/sqrt(H), 1/sqrt(H)).
template <class Scalar>
void Gru<Scalar>::init(Eigen::Index D, Eigen::Index H, const std::string& prefix, rng::TorchGenerator& gen) {
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
  // The input half of every gate for every step at once: Gi = W_ih X^T + b_ih  (3H x T*B).
  auto Gi = c.input_gates(H, T, B);
  Gi.noalias() = gru.W_ih.w * X.transpose();
  Gi.colwise() += gru.b_ih.w.row(0).transpose();
  gru_forward_recurrent(gru, T, B, c);
}

template <class Scalar>
void gru_forward_recurrent(const Gru<Scalar>& gru, Eigen::Index T, Eigen::Index B, GruCache<Scalar>& c) {
  const Eigen::Index H = gru.hidden();
  auto Gi = c.input_gates(H, T, B);
  auto gates = c.gates.view(3 * H, T * B);
  auto hn_all = c.hn.view(H, T * B);
  auto Hs = c.Hs.view(H, (T + 1) * B);
  auto Gh = c.Gh.view(3 * H, B);
  Hs.leftCols(B).setZero();

  kernels::GruStepForward<Scalar> step;
  step.H = static_cast<int>(H);
  step.B = static_cast<int>(B);
  step.ld_gi = step.ld_gates = step.ld_hn = T * B;
  step.ld_gh = B;
  step.ld_h = (T + 1) * B;
  step.gh = Gh.data();
  step.b_hh = gru.b_hh.w.data();
  for (Eigen::Index t = 0; t < T; ++t) {
    Gh.noalias() = gru.W_hh.w * Hs.middleCols(t * B, B);  // 3H x B
    step.gi = Gi.data() + t * B;
    step.h_prev = Hs.data() + t * B;
    step.gates = gates.data() + t * B;
    step.hn = hn_all.data() + t * B;
    step.h = Hs.data() + (t + 1) * B;
    kernels::gru_step_forward(step);  // gates, hn and h_t (kernels/gru_cell.hpp)
  }
}

template <class Scalar>
void gru_backward(Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X,
                  const Eigen::Ref<const Mat<Scalar>>& dh_T, GruCache<Scalar>& c,
                  Mat<Scalar>* dX, const Mat<Scalar>* dHs) {
  gru_backward_recurrent(gru, dh_T, c, dHs);
  // The input half over all steps at once: dW_ih = dGi X, db_ih = row sums of dGi.
  const auto dGi = c.dGi.view(3 * c.H, c.T * c.B);
  gru.W_ih.dw.noalias() += dGi * X;
  gru.b_ih.dw.row(0) += dGi.rowwise().sum().transpose();
  if (dX) {
    dX->resize(c.T * c.B, X.cols());
    dX->noalias() = dGi.transpose() * gru.W_ih.w;  // dL/dx_t = dGi_t^T W_ih
  }
}

template <class Scalar>
void gru_backward_recurrent(Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& dh_T,
                            GruCache<Scalar>& c, const Mat<Scalar>* dHs) {
  const Eigen::Index H = c.H, T = c.T, B = c.B;
  const auto gates = c.gates.view(3 * H, T * B);
  const auto hn_all = c.hn.view(H, T * B);
  const auto Hs = c.Hs.view(H, (T + 1) * B);
  auto dGi = c.dGi.view(3 * H, T * B);
  auto dGh = c.dGh.view(3 * H, T * B);
  auto dh_m = c.dh.view(H, B);
  auto dh_prev = c.dh_prev.view(H, B);
  dh_m = dh_T;

  kernels::GruStepBackward<Scalar> step;
  step.H = static_cast<int>(H);
  step.B = static_cast<int>(B);
  step.ld_gates = step.ld_hn = step.ld_dgi = step.ld_dgh = T * B;
  step.ld_h = (T + 1) * B;
  step.ld_dh = step.ld_dh_prev = B;
  step.dh = dh_m.data();
  step.dh_prev = dh_prev.data();
  for (Eigen::Index t = T - 1; t >= 0; --t) {
    if (dHs) dh_m += dHs->middleCols(t * B, B);  // what reads h_{t+1} besides the recurrence
    step.gates = gates.data() + t * B;
    step.hn = hn_all.data() + t * B;
    step.h_prev = Hs.data() + t * B;
    step.dgi = dGi.data() + t * B;
    step.dgh = dGh.data() + t * B;
    kernels::gru_step_backward(step);  // dGi, dGh of step t; dh_prev = dh z
    // dL/dh_{t-1} = dh z + W_hh^T dGh_t
    dh_prev.noalias() += gru.W_hh.w.transpose() * dGh.middleCols(t * B, B);
    dh_m = dh_prev;
  }

  // The recurrent weights' gradients over all steps at once:
  //   dW_hh = dGh [h_0 .. h_{T-1}]^T,  db_hh = row sums of dGh.
  gru.W_hh.dw.noalias() += dGh * Hs.leftCols(T * B).transpose();
  gru.b_hh.dw.row(0) += dGh.rowwise().sum().transpose();
}

#define ALAB_INSTANTIATE(S)                                                                   \
  template struct Gru<S>;                                                                     \
  template void gru_forward(const Gru<S>&, const Eigen::Ref<const Mat<S>>&, Eigen::Index,    \
                            Eigen::Index, GruCache<S>&);                                      \
  template void gru_backward(Gru<S>&, const Eigen::Ref<const Mat<S>>&,                       \
                             const Eigen::Ref<const Mat<S>>&, GruCache<S>&, Mat<S>*,         \
                             const Mat<S>*);                                                  \
  template void gru_forward_recurrent(const Gru<S>&, Eigen::Index, Eigen::Index, GruCache<S>&); \
  template void gru_backward_recurrent(Gru<S>&, const Eigen::Ref<const Mat<S>>&, GruCache<S>&, const Mat<S>*);
ALAB_INSTANTIATE(float)
ALAB_INSTANTIATE(double)
#undef ALAB_INSTANTIATE

}  // namespace alab::nn
