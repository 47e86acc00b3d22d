#include "rng/torch_rng.hpp"

#include <cmath>
#include <numeric>

#include "rng/torch_avx_mathfun.hpp"

namespace alab::rng {

// ATen/core/MT19937RNGEngine.h: init_with_uint32 (Knuth's 1812433253 initialisation).
Mt19937::Mt19937(std::uint64_t seed) {
  state_[0] = static_cast<std::uint32_t>(seed & 0xffffffffULL);
  for (int j = 1; j < kN; ++j)
    state_[j] = 1812433253u * (state_[j - 1] ^ (state_[j - 1] >> 30)) + static_cast<std::uint32_t>(j);
  left_ = 1;
  next_ = 0;
}

void Mt19937::twist() {
  constexpr int kM = 397;
  constexpr std::uint32_t kMatrixA = 0x9908b0dfu, kUpper = 0x80000000u, kLower = 0x7fffffffu;
  for (int i = 0; i < kN; ++i) {
    const std::uint32_t y = (state_[i] & kUpper) | (state_[(i + 1) % kN] & kLower);
    state_[i] = state_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  }
  left_ = kN;
  next_ = 0;
}

std::uint32_t Mt19937::operator()() {
  if (--left_ == 0) twist();
  std::uint32_t y = state_[next_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

// CPUGeneratorImpl::set_current_seed: a fresh engine, no cached normal sample.
TorchGenerator::TorchGenerator(std::uint64_t seed) : engine_(seed) {}

// CPUGeneratorImpl::random64: make64BitsFrom32Bits(hi = first output, lo = second).
std::uint64_t TorchGenerator::random64() {
  const std::uint64_t hi = engine_();
  const std::uint64_t lo = engine_();
  return (hi << 32) | lo;
}

// random_kernel -> uniform_int_distribution<int64_t> -> transformation::uniform_int:
// random64() % (INT64_MAX + 1).
std::int64_t TorchGenerator::random_int64() {
  return static_cast<std::int64_t>(random64() % (static_cast<std::uint64_t>(INT64_MAX) + 1));
}

// uniform_kernel (cpu/DistributionTemplates.h): from and to cast to float, then per value
// uniform_real_distribution<float>: x = (random() & (2^24 - 1)) * 2^-24, x * (to - from) + from,
// in float. PyTorch's AVX2 build fuses that multiply-add (checked against torch).
void TorchGenerator::uniform_(float* data, std::size_t n, double from_d, double to_d) {
  const auto from = static_cast<float>(from_d), to = static_cast<float>(to_d);
  const float range = to - from;
  for (std::size_t i = 0; i < n; ++i) {
    const float x = static_cast<float>(random() & 0xFFFFFFu) * 0x1.0p-24f;
    data[i] = std::fma(x, range, from);
  }
}

namespace {

// normal_fill_16_AVX2 (cpu/DistributionKernels.cpp) one lane at a time: Box-Muller on
// the uniforms data[j] and data[j + 8], j < 8.
void normal_fill_16(float* data, float mean, float std) {
  const auto two_pi = static_cast<float>(2.0f * 3.14159265358979323846);  // _mm256_set1_ps(2.0f * c10::pi<double>)
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - data[j];  // [0, 1) -> (0, 1] for log
    const float u2 = data[j + 8];
    const float radius = std::sqrt(-2.0f * avx_mathfun_log(u1));
    const float theta = two_pi * u2;
    float sin_t, cos_t;
    avx_mathfun_sincos(theta, sin_t, cos_t);
    data[j] = std::fma(radius * cos_t, std, mean);
    data[j + 8] = std::fma(radius * sin_t, std, mean);
  }
}

}  // namespace

// normal_kernel: float32, at least 16 values, contiguous -> normal_fill_AVX2 (fill every
// value with uniform(0, 1), Box-Muller in blocks of 16, and when n % 16 != 0 redraw the
// last 16 uniforms and transform them again). Fewer than 16 values -> one
// normal_distribution<double> draw per value, cast to float.
void TorchGenerator::normal_(float* data, std::size_t n, double mean_d, double std_d) {
  if (n < 16) {
    for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<float>(std::fma(normal_double(), std_d, mean_d));
    return;
  }
  const auto mean = static_cast<float>(mean_d), std = static_cast<float>(std_d);
  const auto uniform01 = [this] { return static_cast<float>(random() & 0xFFFFFFu) * 0x1.0p-24f; };
  for (std::size_t i = 0; i < n; ++i) data[i] = uniform01();
  for (std::size_t i = 0; i + 16 <= n; i += 16) normal_fill_16(data + i, mean, std);
  if (n % 16 != 0) {
    float* last = data + n - 16;
    for (int i = 0; i < 16; ++i) last[i] = uniform01();
    normal_fill_16(last, mean, std);
  }
}

// at::normal_distribution<double> (ATen/core/DistributionsHelper.h): a cached second
// sample is used first; otherwise u1, u2 = uniform_real<double>(random64()) (53 bits),
// r = sqrt(-2 log(1 - u2)), theta = 2 pi u1, cache r sin(theta), return r cos(theta).
// Double-precision libm calls: glibc and musl agree to within an ulp of a double, far
// below the float the value is rounded to.
double TorchGenerator::normal_double() {
  if (has_next_normal_) {
    has_next_normal_ = false;
    return next_normal_;
  }
  const double u1 = static_cast<double>(random64() & ((1ULL << 53) - 1)) * 0x1.0p-53;
  const double u2 = static_cast<double>(random64() & ((1ULL << 53) - 1)) * 0x1.0p-53;
  const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
  const double theta = 2.0 * 3.14159265358979323846 * u1;
  next_normal_ = r * std::sin(theta);
  has_next_normal_ = true;
  return r * std::cos(theta);
}

// randperm_cpu (native/TensorFactories.cpp): start from 0..n-1; for i < n - 1 swap
// r[i] with r[i + random() % (n - i)].
std::vector<std::int64_t> TorchGenerator::randperm(std::int64_t n) {
  std::vector<std::int64_t> r(static_cast<std::size_t>(n > 0 ? n : 0));
  std::iota(r.begin(), r.end(), std::int64_t{0});
  for (std::int64_t i = 0; i + 1 < n; ++i) {
    const auto z = static_cast<std::int64_t>(random() % static_cast<std::uint64_t>(n - i));
    std::swap(r[i], r[z + i]);
  }
  return r;
}

}  // namespace alab::rng
