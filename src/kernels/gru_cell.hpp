// The elementwise half of one GRU time step for a batch (the GEMMs stay Eigen's):
// nn/gru.cpp calls these once per step, forward and backward.
//
// Layout (nn/gru.hpp): feature-major blocks, row i = B contiguous numbers (one per
// sequence), row i of a block at p + i * ld. Gate blocks are 3H rows: r (0..H-1),
// z (H..2H-1), n (2H..3H-1). With a = W_ih x_t + b_ih (gi) and g = W_hh h_{t-1} (gh):
//
//   forward    r = sigmoid(a_r + g_r + b_r)   z = sigmoid(a_z + g_z + b_z)
//              hn = g_n + b_n                 n = tanh(a_n + r hn)
//              h_t = n + z (h_{t-1} - n)      (= (1 - z) n + z h_{t-1}, as ATen's GRUCell)
//   backward   from dh = dL/dh_t:
//              da_n = dh (1 - z)(1 - n^2)     dg_n = da_n r
//              da_r = da_n hn r (1 - r)       da_z = dh (h_{t-1} - n) z (1 - z)
//              dg_r = da_r, dg_z = da_z       dh_{t-1} (elementwise part) = dh z
//   (b = b_hh; d/da of sigmoid is s (1 - s), of tanh 1 - tanh^2.)
//
// Two forward implementations with one contract:
//   gru_step_forward_scalar   plain C++ with std::exp and std::tanh: the reference,
//                             and the double-precision path (gradient checks).
//   gru_step_forward_simd     a SIMD register of floats at a time (Eigen's packets:
//                             SSE/AVX/AVX-512 natively, WebAssembly SIMD under
//                             Emscripten), with Eigen's rational sigmoid and tanh,
//                             within a few ulp. A ragged end of a row is padded to a
//                             full register, so each column's result does not depend
//                             on where it sits in the batch.
// The backward has no transcendental functions: one plain loop, which compilers
// vectorize, serves both.
#pragma once

#include <cstddef>

namespace alab::kernels {

template <class Scalar>
struct GruStepForward {
  int H = 0, B = 0;
  const Scalar* gi = nullptr;  std::ptrdiff_t ld_gi = 0;     // 3H x B  in: W_ih x_t + b_ih
  const Scalar* gh = nullptr;  std::ptrdiff_t ld_gh = 0;     // 3H x B  in: W_hh h_{t-1}
  const Scalar* b_hh = nullptr;                              // 3H      in
  const Scalar* h_prev = nullptr;  std::ptrdiff_t ld_h = 0;  // H x B   in: h_{t-1}
  Scalar* gates = nullptr;  std::ptrdiff_t ld_gates = 0;     // 3H x B  out: r, z, n
  Scalar* hn = nullptr;  std::ptrdiff_t ld_hn = 0;           // H x B   out: g_n + b_n
  Scalar* h = nullptr;                                       // H x B   out: h_t (stride ld_h)
};

template <class Scalar>
struct GruStepBackward {
  int H = 0, B = 0;
  const Scalar* gates = nullptr;  std::ptrdiff_t ld_gates = 0;  // 3H x B  r, z, n of step t
  const Scalar* hn = nullptr;  std::ptrdiff_t ld_hn = 0;        // H x B
  const Scalar* h_prev = nullptr;  std::ptrdiff_t ld_h = 0;     // H x B   h_{t-1}
  const Scalar* dh = nullptr;  std::ptrdiff_t ld_dh = 0;        // H x B   in: dL/dh_t
  Scalar* dgi = nullptr;  std::ptrdiff_t ld_dgi = 0;            // 3H x B  out: dL/da
  Scalar* dgh = nullptr;  std::ptrdiff_t ld_dgh = 0;            // 3H x B  out: dL/d(g + b_hh)
  Scalar* dh_prev = nullptr;  std::ptrdiff_t ld_dh_prev = 0;    // H x B   out: dh z
};

template <class Scalar>
void gru_step_forward_scalar(const GruStepForward<Scalar>& s);

// True when this build's packets hold more than one float.
bool have_simd_gru_step();
void gru_step_forward_simd(const GruStepForward<float>& s);

// The SIMD kernel for float when the build has it; the reference otherwise.
void gru_step_forward(const GruStepForward<float>& s);
void gru_step_forward(const GruStepForward<double>& s);

template <class Scalar>
void gru_step_backward(const GruStepBackward<Scalar>& s);

}  // namespace alab::kernels
