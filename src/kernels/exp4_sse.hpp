// exp(x) for 4 floats with 128-bit SSE4.1 intrinsics (WebAssembly SIMD under
// Emscripten's -msimd128 -msse4.2), for the SIMD kernels in this folder.
// Include only where __SSE4_1__ is defined.
//
// The Cephes expf method:
//   n = round(x / ln 2),  r = x - n ln 2  (|r| <= ln2 / 2, ln 2 split in two
//   parts so n * hi is exact),  exp(r) ~ 1 + r + r^2 P(r)  (degree-5 minimax),
//   exp(x) = 2^n exp(r),  with 2^n built by writing n + 127 into the exponent bits.
// Accurate to ~2 ulp. The integer n is read out of the float (n + 1.5 * 2^23)
// instead of with _mm_cvtps_epi32, which Emscripten 3.1.6 lowers to a scalar loop.
// Inputs below -87.3 (where 2^n would leave the normal range) give exactly 0, as
// expf underflows there anyway; inputs above 88.3 are clamped (exp ~ 2e38, finite).
#pragma once

#include <smmintrin.h>

namespace alab::kernels {

inline __m128 exp4(__m128 x) {
  const __m128 lo = _mm_set1_ps(-87.3f);
  const __m128 keep = _mm_cmpgt_ps(x, lo);  // lanes that do not underflow
  x = _mm_max_ps(x, lo);
  x = _mm_min_ps(x, _mm_set1_ps(88.3f));

  const __m128 n = _mm_round_ps(_mm_mul_ps(x, _mm_set1_ps(1.44269504088896341f)),
                                _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m128 r = _mm_sub_ps(x, _mm_mul_ps(n, _mm_set1_ps(0.693359375f)));
  r = _mm_sub_ps(r, _mm_mul_ps(n, _mm_set1_ps(-2.12194440e-4f)));

  __m128 p = _mm_set1_ps(1.9875691500e-4f);
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(1.3981999507e-3f));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(8.3334519073e-3f));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(4.1665795894e-2f));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(1.6666665459e-1f));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(5.0000001201e-1f));
  const __m128 r2 = _mm_mul_ps(r, r);
  const __m128 er = _mm_add_ps(_mm_add_ps(_mm_mul_ps(p, r2), r), _mm_set1_ps(1.f));

  // n + 1.5 * 2^23 has n in its low mantissa bits: bits = 0x4B400000 + n.
  const __m128i bits = _mm_castps_si128(_mm_add_ps(n, _mm_set1_ps(12582912.f)));
  const __m128i biased = _mm_add_epi32(bits, _mm_set1_epi32(127 - 0x4B400000));
  const __m128 pow2n = _mm_castsi128_ps(_mm_slli_epi32(biased, 23));
  return _mm_and_ps(_mm_mul_ps(er, pow2n), keep);
}

}  // namespace alab::kernels
