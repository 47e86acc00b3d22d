// 128-bit SIMD row softmax (SSE4.1 intrinsics; WebAssembly SIMD under
// Emscripten's -msimd128 -msse4.2). Contract and reference: softmax_rows.hpp,
// softmax_rows_scalar.cpp. Tests compare the two at widths 1, 3, 4, 5, 8, 17.
//
// exp4 computes exp(x) for 4 floats with the Cephes expf method:
//   n = round(x / ln 2),  r = x - n ln 2  (|r| <= ln2 / 2, ln 2 split in two
//   parts so n * hi is exact),  exp(r) ~ 1 + r + r^2 P(r)  (degree-5 minimax),
//   exp(x) = 2^n exp(r),  with 2^n built by writing n + 127 into the exponent bits.
// The integer n is read out of the float (n + 1.5 * 2^23) instead of with
// _mm_cvtps_epi32, which Emscripten 3.1.6 lowers to a scalar loop.
// Inputs below -87.3 (where 2^n would leave the normal range) give exactly 0,
// as exp underflows there anyway; softmax only ever passes x <= 0.
#include "kernels/softmax_rows.hpp"

#if defined(__SSE4_1__)
#include <smmintrin.h>

#include <algorithm>

namespace alab::kernels {
namespace {

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

inline float hmax(__m128 v) {
  v = _mm_max_ps(v, _mm_movehl_ps(v, v));
  v = _mm_max_ss(v, _mm_shuffle_ps(v, v, 1));
  return _mm_cvtss_f32(v);
}

inline float hsum(__m128 v) {
  v = _mm_add_ps(v, _mm_movehl_ps(v, v));
  v = _mm_add_ss(v, _mm_shuffle_ps(v, v, 1));
  return _mm_cvtss_f32(v);
}

}  // namespace

bool have_simd_softmax() { return true; }

void softmax_rows_simd(float* S, int rows, int cols, int ld, float scale, bool causal) {
  const __m128 vscale = _mm_set1_ps(scale);
  for (int r = 0; r < rows; ++r) {
    float* row = S + static_cast<long>(r) * ld;
    const int len = causal ? std::min(r + 1, cols) : cols;
    const int len4 = len & ~3;

    __m128 vm = _mm_set1_ps(row[0]);
    for (int j = 0; j < len4; j += 4) vm = _mm_max_ps(vm, _mm_loadu_ps(row + j));
    float m = hmax(vm);
    for (int j = len4; j < len; ++j) m = std::max(m, row[j]);

    // e = exp(scale * (s - m)) written back in place; summed as we go.
    const __m128 vmax = _mm_set1_ps(m);
    __m128 vsum = _mm_setzero_ps();
    for (int j = 0; j < len4; j += 4) {
      const __m128 e = exp4(_mm_mul_ps(vscale, _mm_sub_ps(_mm_loadu_ps(row + j), vmax)));
      _mm_storeu_ps(row + j, e);
      vsum = _mm_add_ps(vsum, e);
    }
    float sum = hsum(vsum);
    if (len4 < len) {  // tail of 1-3 entries: pad with -inf-like values that exp4 maps to 0
      alignas(16) float tail[4] = {-1e30f, -1e30f, -1e30f, -1e30f};
      for (int j = len4; j < len; ++j) tail[j - len4] = scale * (row[j] - m);
      alignas(16) float out[4];
      _mm_store_ps(out, exp4(_mm_load_ps(tail)));
      for (int j = len4; j < len; ++j) {
        row[j] = out[j - len4];
        sum += out[j - len4];
      }
    }

    const __m128 vinv = _mm_set1_ps(1.f / sum);
    for (int j = 0; j < len4; j += 4) _mm_storeu_ps(row + j, _mm_mul_ps(_mm_loadu_ps(row + j), vinv));
    const float inv = 1.f / sum;
    for (int j = len4; j < len; ++j) row[j] *= inv;
    for (int j = len; j < cols; ++j) row[j] = 0.f;
  }
}

}  // namespace alab::kernels

#else  // no SSE4.1 in this build: the scalar kernel serves

namespace alab::kernels {
bool have_simd_softmax() { return false; }
void softmax_rows_simd(float* S, int rows, int cols, int ld, float scale, bool causal) {
  softmax_rows_scalar(S, rows, cols, ld, scale, causal);
}
}  // namespace alab::kernels

#endif
