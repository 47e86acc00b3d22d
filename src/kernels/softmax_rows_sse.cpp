// 128-bit SIMD row softmax (SSE4.1 intrinsics; WebAssembly SIMD under
// Emscripten's -msimd128 -msse4.2). Contract and reference: softmax_rows.hpp,
// softmax_rows_scalar.cpp. Tests compare the two at widths 1, 3, 4, 5, 8, 17.
//
// exp4: kernels/exp4_sse.hpp.
#include "kernels/softmax_rows.hpp"

#if defined(__SSE4_1__)
#include <smmintrin.h>

#include <algorithm>

#include "kernels/exp4_sse.hpp"

namespace alab::kernels {
namespace {

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
