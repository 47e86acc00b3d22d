// Reference row softmax: clear code, std::exp, no SIMD. See softmax_rows.hpp.
#include <algorithm>
#include <cmath>

#include "kernels/softmax_rows.hpp"

namespace alab::kernels {

void softmax_rows_scalar(float* S, int rows, int cols, int ld, float scale, bool causal) {
  for (int r = 0; r < rows; ++r) {
    float* row = S + static_cast<long>(r) * ld;
    const int len = causal ? std::min(r + 1, cols) : cols;
    float m = row[0];
    for (int j = 1; j < len; ++j) m = std::max(m, row[j]);
    float sum = 0.f;
    for (int j = 0; j < len; ++j) {
      row[j] = std::exp(scale * (row[j] - m));
      sum += row[j];
    }
    const float inv = 1.f / sum;
    for (int j = 0; j < len; ++j) row[j] *= inv;
    for (int j = len; j < cols; ++j) row[j] = 0.f;
  }
}

void softmax_rows(float* S, int rows, int cols, int ld, float scale, bool causal) {
  if (have_simd_softmax())
    softmax_rows_simd(S, rows, cols, ld, scale, causal);
  else
    softmax_rows_scalar(S, rows, cols, ld, scale, causal);
}

}  // namespace alab::kernels
