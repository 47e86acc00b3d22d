#include "rng/pcg32.hpp"

#include <cmath>

namespace alab::rng {

// pcg32_srandom_r: the increment must be odd; the state is advanced past the seed.
Pcg32::Pcg32(std::uint64_t seed, std::uint64_t stream) : state_(0), inc_((stream << 1u) | 1u) {
  next_u32();
  state_ += seed;
  next_u32();
}

// pcg32_random_r: 64-bit LCG step, output = xorshift-high then random rotation (XSH RR).
std::uint32_t Pcg32::next_u32() {
  const std::uint64_t old = state_;
  state_ = old * 6364136223846793005ULL + inc_;
  const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
  const auto rot = static_cast<std::uint32_t>(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

// pcg32_boundedrand_r: reject the 2^32 mod n lowest values so every residue is equally likely.
std::uint32_t Pcg32::below(std::uint32_t n) {
  const std::uint32_t threshold = (0u - n) % n;
  for (;;) {
    const std::uint32_t r = next_u32();
    if (r >= threshold) return r % n;
  }
}

double Pcg32::uniform01() {
  const std::uint64_t hi = next_u32() >> 5;  // 27 bits
  const std::uint64_t lo = next_u32() >> 6;  // 26 bits
  return static_cast<double>((hi << 26) | lo) * 0x1.0p-53;
}

// Box-Muller: u1 in (0, 1], u2 in [0, 1):  r = sqrt(-2 ln u1),  z0 = r cos(2 pi u2),  z1 = r sin(2 pi u2).
double Pcg32::normal() {
  if (have_spare_) {
    have_spare_ = false;
    return spare_;
  }
  const double u1 = 1.0 - uniform01();
  const double u2 = uniform01();
  const double r = std::sqrt(-2.0 * std::log(u1));
  const double theta = 6.283185307179586476925 * u2;
  spare_ = r * std::sin(theta);
  have_spare_ = true;
  return r * std::cos(theta);
}

}  // namespace alab::rng
