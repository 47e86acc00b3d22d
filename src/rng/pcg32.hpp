// A small, portable random number generator: PCG32 (O'Neill 2014, pcg-random.org,
// "pcg32_random_r" of the minimal C library) plus our own uniform, normal and shuffle.
//
// Why not <random>'s distributions: std::uniform_real_distribution,
// std::normal_distribution and std::shuffle are implementation-defined, and
// libstdc++ (native) and libc++ (Emscripten) give different numbers from the
// same engine. Everything here is specified bit for bit, so a seed gives the
// same numbers in every build.
//
// The race itself draws what the module draws (rng/numpy_rng.hpp for the data,
// rng/torch_rng.hpp for weights and batch order); this generator is for tests and
// tools that need reproducible random inputs of their own.
#pragma once

#include <cstdint>
#include <vector>

namespace alab::rng {

class Pcg32 {
 public:
  // seed picks the starting point, stream one of 2^63 independent sequences.
  explicit Pcg32(std::uint64_t seed = 0, std::uint64_t stream = 0);

  std::uint32_t next_u32();
  // Uniform integer in [0, n), n >= 1, without modulo bias (rejection sampling).
  std::uint32_t below(std::uint32_t n);
  // Uniform double in [0, 1) with 53 random bits.
  double uniform01();
  // Uniform double in [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform01(); }
  // Standard normal N(0, 1) by the Box-Muller transform (both outputs used in turn).
  double normal();

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 1;
  bool have_spare_ = false;
  double spare_ = 0;
};

// Fisher-Yates (Durstenfeld): every permutation of v is equally likely.
template <class T>
void shuffle(std::vector<T>& v, Pcg32& rng) {
  for (std::size_t i = v.size(); i > 1; --i) {
    const std::size_t j = rng.below(static_cast<std::uint32_t>(i));
    std::swap(v[i - 1], v[j]);
  }
}

}  // namespace alab::rng
