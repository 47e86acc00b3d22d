// Row-wise softmax of a float score matrix, in place: the hot kernel of
// self-attention after the two GEMMs (A = row-softmax(scale * S)).
//
// For each row r of S (rows x cols, row stride ld floats), over its first
// len(r) entries, where len(r) = cols, or min(r + 1, cols) when causal:
//   S[r, j] <- exp(scale * (S[r, j] - m_r)) / sum_k exp(scale * (S[r, k] - m_r))
// and entries j >= len(r) are set to 0 (masked: position r may not look ahead).
// scale > 0 (1/sqrt(d_k) in attention), so max(scale * s) = scale * max(s).
//
// Two implementations with one contract:
//   softmax_rows_scalar  plain C++ with std::exp: the reference.
//   softmax_rows_simd    128-bit SSE4.1 (4 floats): native with -msse4.2, and
//                        WebAssembly SIMD when Emscripten builds with
//                        -msimd128 -msse4.2 (its SSE headers lower to wasm ops).
// softmax_rows picks the SIMD one when the build has it.
#pragma once

namespace alab::kernels {

void softmax_rows_scalar(float* S, int rows, int cols, int ld, float scale, bool causal);

// True when this build compiled the SSE4.1 kernel (native SSE4.1+, or wasm SIMD).
bool have_simd_softmax();
void softmax_rows_simd(float* S, int rows, int cols, int ld, float scale, bool causal);

void softmax_rows(float* S, int rows, int cols, int ld, float scale, bool causal);

}  // namespace alab::kernels
