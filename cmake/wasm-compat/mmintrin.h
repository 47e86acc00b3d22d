/* Emscripten 3.1.6 ships no mmintrin.h, which Eigen 3.4.0's SSE path includes.
   Its xmmintrin.h (128-bit SSE lowered to WebAssembly SIMD) is all Eigen needs.
   Upstream Eigen 3.4.1 includes immintrin.h instead (Eigen issue #2742). */
#pragma once
#include <xmmintrin.h>
