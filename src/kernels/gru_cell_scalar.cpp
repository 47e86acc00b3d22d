// The reference GRU step (contract: kernels/gru_cell.hpp), and the backward that
// float and double share.
#include <cmath>

#include "kernels/gru_cell.hpp"

namespace alab::kernels {

template <class Scalar>
void gru_step_forward_scalar(const GruStepForward<Scalar>& s) {
  const int H = s.H, B = s.B;
  const Scalar one(1);
  for (int i = 0; i < H; ++i) {
    const Scalar *ar = s.gi + i * s.ld_gi, *az = ar + H * s.ld_gi, *an = az + H * s.ld_gi;
    const Scalar *gr = s.gh + i * s.ld_gh, *gz = gr + H * s.ld_gh, *gn = gz + H * s.ld_gh;
    const Scalar br = s.b_hh[i], bz = s.b_hh[H + i], bn = s.b_hh[2 * H + i];
    const Scalar* hp = s.h_prev + i * s.ld_h;
    Scalar *r = s.gates + i * s.ld_gates, *z = r + H * s.ld_gates, *n = z + H * s.ld_gates;
    Scalar* hn = s.hn + i * s.ld_hn;
    Scalar* h = s.h + i * s.ld_h;
    for (int b = 0; b < B; ++b) {
      r[b] = one / (one + std::exp(-(ar[b] + (gr[b] + br))));
      z[b] = one / (one + std::exp(-(az[b] + (gz[b] + bz))));
      hn[b] = gn[b] + bn;
      n[b] = std::tanh(an[b] + r[b] * hn[b]);
      h[b] = n[b] + z[b] * (hp[b] - n[b]);
    }
  }
}

void gru_step_forward(const GruStepForward<double>& s) { gru_step_forward_scalar(s); }

void gru_step_forward(const GruStepForward<float>& s) {
  if (have_simd_gru_step())
    gru_step_forward_simd(s);
  else
    gru_step_forward_scalar(s);
}

namespace {

// One row i of every block. __restrict (on parameters, where GCC honours it): the
// blocks never overlap, which lets compilers vectorize over b without alias checks.
template <class Scalar>
void backward_row(std::ptrdiff_t B, const Scalar* __restrict r, const Scalar* __restrict z,
                  const Scalar* __restrict n, const Scalar* __restrict hn,
                  const Scalar* __restrict hp, const Scalar* __restrict dh,
                  Scalar* __restrict dar, Scalar* __restrict daz, Scalar* __restrict dan,
                  Scalar* __restrict dgr, Scalar* __restrict dgz, Scalar* __restrict dgn,
                  Scalar* __restrict dhp) {
  const Scalar one(1);
  for (std::ptrdiff_t b = 0; b < B; ++b) {
    const Scalar da_n = dh[b] * (one - z[b]) * (one - n[b] * n[b]);
    const Scalar da_r = da_n * hn[b] * r[b] * (one - r[b]);
    const Scalar da_z = dh[b] * (hp[b] - n[b]) * z[b] * (one - z[b]);
    dar[b] = da_r;
    daz[b] = da_z;
    dan[b] = da_n;
    dgr[b] = da_r;
    dgz[b] = da_z;
    dgn[b] = da_n * r[b];
    dhp[b] = dh[b] * z[b];
  }
}

}  // namespace

template <class Scalar>
void gru_step_backward(const GruStepBackward<Scalar>& s) {
  const int H = s.H;
  for (int i = 0; i < H; ++i) {
    const Scalar* r = s.gates + i * s.ld_gates;
    Scalar* dar = s.dgi + i * s.ld_dgi;
    Scalar* dgr = s.dgh + i * s.ld_dgh;
    backward_row<Scalar>(s.B, r, r + H * s.ld_gates, r + 2 * H * s.ld_gates, s.hn + i * s.ld_hn,
                         s.h_prev + i * s.ld_h, s.dh + i * s.ld_dh, dar, dar + H * s.ld_dgi,
                         dar + 2 * H * s.ld_dgi, dgr, dgr + H * s.ld_dgh, dgr + 2 * H * s.ld_dgh,
                         s.dh_prev + i * s.ld_dh_prev);
  }
}

template void gru_step_forward_scalar(const GruStepForward<float>&);
template void gru_step_forward_scalar(const GruStepForward<double>&);
template void gru_step_backward(const GruStepBackward<float>&);
template void gru_step_backward(const GruStepBackward<double>&);

}  // namespace alab::kernels
