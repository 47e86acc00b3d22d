// numpy's default random generator, bit for bit: what the module's
// rng = np.random.default_rng(seed) draws in make_balanced (numpy 1.24,
// numpy/random/bit_generator.pyx, _pcg64.pyx, _generator.pyx and
// src/distributions/distributions.c). Integer arithmetic only, so every build
// (native, WebAssembly) draws the same numbers.
//
//   SeedSequence(seed).generate_state(4, uint64)  -> seed_sequence_state
//   PCG64(seed): next_uint64, next_uint32         -> Pcg64
//   Generator.integers(low, high)                 -> NumpyRng::integers
//   Generator.permutation(n)                      -> NumpyRng::permutation
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace alab::rng {

// np.random.SeedSequence(entropy).generate_state(4, np.uint64): the PCG64 seed
// material of default_rng(entropy), for an entropy of up to 64 bits and no spawn key.
std::array<std::uint64_t, 4> seed_sequence_state(std::uint64_t entropy);

// numpy's PCG64: a 128-bit LCG with the XSL-RR output (pcg64.h, "pcg_setseq_128_xsl_rr_64").
class Pcg64 {
 public:
  explicit Pcg64(std::uint64_t seed);  // np.random.PCG64(seed)

  std::uint64_t next_u64();
  // pcg64_next32: the low half of a 64-bit output; the high half is kept for the next call.
  std::uint32_t next_u32();

 private:
  __extension__ typedef unsigned __int128 u128;  // g++ and clang (also for wasm32) have it
  void step();

  u128 state_ = 0, inc_ = 0;
  bool has_u32_ = false;
  std::uint32_t u32_ = 0;
};

// The numpy.random.Generator methods make_balanced calls, on a PCG64 bit generator.
class NumpyRng {
 public:
  explicit NumpyRng(std::uint64_t seed) : bits_(seed) {}  // np.random.default_rng(seed)

  // rng.integers(low, high) with the default int64 dtype: uniform in [low, high).
  // Requires 1 <= high - low <= 2^32 (numpy then draws 32-bit words, as here).
  std::int64_t integers(std::int64_t low, std::int64_t high);
  // rng.permutation(n): a shuffled arange(n).
  std::vector<int> permutation(int n);

  Pcg64& bit_generator() { return bits_; }

 private:
  std::uint32_t interval(std::uint32_t max);  // random_interval: uniform in [0, max]

  Pcg64 bits_;
};

}  // namespace alab::rng
