// The float log, sine and cosine PyTorch's normal_ uses on AVX2 machines, one
// lane at a time: aten/src/ATen/native/cpu/avx_mathfun.h (Julien Pommier's
// Cephes-based log256_ps and sincos256_ps, PyTorch 1.13), as compiled there with
// -mavx2 -mfma. GCC contracts each multiply whose only use is an add into one
// fused multiply-add; those places are written as std::fma here, everything else
// is one rounded float operation, so the results are PyTorch's bit for bit
// (checked against torch.Tensor.normal_ in tests/unit/test_rng_torch.cpp).
//
// This file must be compiled without floating-point contraction (-ffp-contract=off,
// set in src/CMakeLists.txt), or the compiler could fuse further operations.
#pragma once

namespace alab::rng {

// log256_ps for x > 0 (Cephes logf: x = m 2^e with m in [sqrt(1/2), sqrt 2), polynomial in m - 1).
float avx_mathfun_log(float x);

// sincos256_ps (Cephes sinf/cosf: reduction by pi/4 in three parts, two polynomials).
void avx_mathfun_sincos(float x, float& sin_x, float& cos_x);

}  // namespace alab::rng
