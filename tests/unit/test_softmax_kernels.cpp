// The SIMD row softmax against its scalar reference, at widths below, at, above
// and between the 4-float SIMD width, with and without the causal mask.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "kernels/softmax_rows.hpp"
#include "rng/pcg32.hpp"

using namespace alab::kernels;
using Catch::Matchers::WithinAbs;

namespace {
std::vector<float> random_scores(int rows, int cols, int ld, float lo, float hi, unsigned seed) {
  // The lab's own PCG32 (rng/pcg32.hpp): the same inputs natively and in WebAssembly.
  alab::rng::Pcg32 rng(seed);
  std::vector<float> S(static_cast<size_t>(rows) * ld, 12345.f);  // padding must stay untouched
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) S[r * ld + c] = static_cast<float>(rng.uniform(lo, hi));
  return S;
}
}  // namespace

TEST_CASE("a build with SIMD compiles the SIMD softmax", "[softmax][kernels]") {
  // Otherwise softmax_rows_simd is the scalar code, and comparing them tests nothing.
#if defined(__SSE4_1__) || defined(__wasm_simd128__)
  REQUIRE(have_simd_softmax());
#else
  WARN("this build has no SIMD: the SIMD softmax is the scalar reference");
#endif
}

TEST_CASE("SIMD and scalar row softmax agree", "[softmax][kernels]") {
  const int cols = GENERATE(1, 3, 4, 5, 8, 17);
  const bool causal = GENERATE(false, true);
  const float scale = GENERATE(1.f, 0.125f);
  // Scores near 90-100 make exp overflow in float without the max subtraction.
  const float lo = GENERATE(-3.f, 90.f);
  const int rows = cols + 2, ld = cols + 3;
  INFO("cols=" << cols << " causal=" << causal << " scale=" << scale << " lo=" << lo);

  auto ref = random_scores(rows, cols, ld, lo, lo + 10.f, 7u + cols);
  auto simd = ref;
  softmax_rows_scalar(ref.data(), rows, cols, ld, scale, causal);
  softmax_rows_simd(simd.data(), rows, cols, ld, scale, causal);

  for (int r = 0; r < rows; ++r) {
    double sum = 0;
    for (int c = 0; c < cols; ++c) {
      const float a = simd[r * ld + c];
      REQUIRE(std::isfinite(a));
      // exp4's polynomial is accurate to ~2 ulp; weights are <= 1, so 2e-6 absolute.
      CHECK_THAT(a, WithinAbs(ref[r * ld + c], 2e-6));
      if (causal && c > r) CHECK(a == 0.f);
      sum += a;
    }
    CHECK_THAT(sum, WithinAbs(1.0, 1e-5));
    for (int c = cols; c < ld; ++c) CHECK(simd[r * ld + c] == 12345.f);
  }
}

TEST_CASE("row softmax at extreme scores", "[softmax][kernels]") {
  float S[8] = {1e4f, -1e4f, 0.f, 1e4f, -3e38f, 3e38f, 0.f, 1.f};
  float R[8];
  std::copy(S, S + 8, R);
  softmax_rows(S, 2, 4, 4, 1.f, false);
  softmax_rows_scalar(R, 2, 4, 4, 1.f, false);
  for (int i = 0; i < 8; ++i) {
    CHECK(std::isfinite(S[i]));
    CHECK_THAT(S[i], WithinAbs(R[i], 1e-6));
  }
  CHECK_THAT(S[0], WithinAbs(0.5, 1e-6));
  CHECK(S[5] == 1.f);
}

TEST_CASE("exp in the SIMD kernel across its whole input range", "[kernels]") {
  // Two-entry rows [x, 0]: the weight of x is exp(x) / (exp(x) + 1) once x < 0.
  for (float x = -104.f; x <= 0.f; x += 0.37f) {
    float row[2] = {x, 0.f}, ref[2] = {x, 0.f};
    softmax_rows_simd(row, 1, 2, 2, 1.f, false);
    softmax_rows_scalar(ref, 1, 2, 2, 1.f, false);
    INFO("x=" << x);
    CHECK_THAT(row[0], WithinAbs(ref[0], 1e-6 * ref[0] + 1e-37));
  }
}
