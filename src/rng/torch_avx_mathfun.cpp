#include "rng/torch_avx_mathfun.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace alab::rng {
namespace {

std::uint32_t bits(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

float from_bits(std::uint32_t u) {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

// avx_mathfun.h constants (_ps256_*), as float.
constexpr float kSqrtHalf = 0.707106781186547524f;  // cephes_SQRTHF
constexpr float kLogP[9] = {7.0376836292E-2f,  -1.1514610310E-1f, 1.1676998740E-1f,
                            -1.2420140846E-1f, +1.4249322787E-1f, -1.6668057665E-1f,
                            +2.0000714765E-1f, -2.4999993993E-1f, +3.3333331174E-1f};
constexpr float kLogQ1 = -2.12194440e-4f, kLogQ2 = 0.693359375f;
constexpr float kMinNormPos = 1.17549435e-38f;  // 0x00800000

constexpr float kFourOverPi = 1.27323954473516f;  // cephes_FOPI
constexpr float kMinusDP1 = -0.78515625f, kMinusDP2 = -2.4187564849853515625e-4f,
                kMinusDP3 = -3.77489497744594108e-8f;
constexpr float kSinP0 = -1.9515295891E-4f, kSinP1 = 8.3321608736E-3f, kSinP2 = -1.6666654611E-1f;
constexpr float kCosP0 = 2.443315711809948E-005f, kCosP1 = -1.388731625493765E-003f,
                kCosP2 = 4.166664568298827E-002f;

}  // namespace

float avx_mathfun_log(float x) {
  if (!(x > 0)) return std::nanf("");  // invalid_mask (x <= 0 or NaN): the lane becomes NaN
  x = x < kMinNormPos ? kMinNormPos : x;  // cut off denormals (_mm256_max_ps)
  const std::uint32_t u = bits(x);
  // Exponent and mantissa: x = m 2^e, m in [0.5, 1).
  float e = static_cast<float>(static_cast<std::int32_t>(u >> 23) - 0x7f);
  x = from_bits((u & ~0x7f800000u) | bits(0.5f));
  e = e + 1.0f;
  // if (x < SQRTHF) { e -= 1; x = x + x - 1; } else { x = x - 1; }
  const bool below = x < kSqrtHalf;
  const float tmp = below ? x : 0.0f;
  x = x - 1.0f;
  if (below) e = e - 1.0f;
  x = x + tmp;

  const float z = x * x;
  float y = std::fma(kLogP[0], x, kLogP[1]);
  for (int k = 2; k < 9; ++k) y = std::fma(y, x, kLogP[k]);
  y = y * x;
  y = std::fma(y, z, e * kLogQ1);  // y*z + e*q1: GCC fuses the first product
  y = std::fma(-z, 0.5f, y);       // y - z*0.5 (exact product, so fused or not alike)
  x = x + y;
  x = std::fma(e, kLogQ2, x);
  return x;
}

void avx_mathfun_sincos(float x, float& sin_x, float& cos_x) {
  bool sin_negative = std::signbit(x);
  x = std::fabs(x);
  // Scale by 4/pi; j = (int(y) + 1) & ~1, the octant rounded up to even.
  float y = x * kFourOverPi;
  std::int32_t j = static_cast<std::int32_t>(y);  // _mm256_cvttps_epi32 (truncation)
  j = (j + 1) & ~1;
  y = static_cast<float>(j);
  const bool swap_sin_sign = (j & 4) != 0;
  const bool sin_poly_is_first = (j & 2) == 0;  // poly_mask
  // "Extended precision modular arithmetic": x = ((x - y DP1) - y DP2) - y DP3.
  x = std::fma(y, kMinusDP1, x);
  x = std::fma(y, kMinusDP2, x);
  x = std::fma(y, kMinusDP3, x);
  const bool cos_negative = ((~(j - 2)) & 4) != 0;
  sin_negative = sin_negative != swap_sin_sign;

  const float z = x * x;
  // Cosine polynomial on [0, pi/4]: 1 - z/2 + z^2 (c0 z^2 + c1 z + c2).
  float yc = std::fma(kCosP0, z, kCosP1);
  yc = std::fma(yc, z, kCosP2);
  yc = yc * z;
  yc = std::fma(yc, z, -(z * 0.5f));
  yc = yc + 1.0f;
  // Sine polynomial: x + x z (s0 z^2 + s1 z + s2).
  float ys = std::fma(kSinP0, z, kSinP1);
  ys = std::fma(ys, z, kSinP2);
  ys = ys * z;
  ys = std::fma(ys, x, x);

  float s = sin_poly_is_first ? ys : yc;
  float c = sin_poly_is_first ? yc : ys;
  sin_x = sin_negative ? -s : s;
  cos_x = cos_negative ? -c : c;
}

}  // namespace alab::rng
