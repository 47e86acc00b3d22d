#include "rng/numpy_rng.hpp"

#include <numeric>

namespace alab::rng {
namespace {

// numpy/random/bit_generator.pyx (SeedSequence), constants and mixing as there.
constexpr std::uint32_t kInitA = 0x43b0d7e5, kMultA = 0x931e8875;
constexpr std::uint32_t kInitB = 0x8b51f9dd, kMultB = 0x58f38ded;
constexpr std::uint32_t kMixMultL = 0xca01f9dd, kMixMultR = 0x4973f715;
constexpr int kXShift = 16;    // 4 bytes * 8 / 2
constexpr int kPoolSize = 4;   // DEFAULT_POOL_SIZE

std::uint32_t hashmix(std::uint32_t value, std::uint32_t& hash_const) {
  value ^= hash_const;
  hash_const *= kMultA;
  value *= hash_const;
  value ^= value >> kXShift;
  return value;
}

std::uint32_t mix(std::uint32_t x, std::uint32_t y) {
  std::uint32_t result = kMixMultL * x - kMixMultR * y;
  result ^= result >> kXShift;
  return result;
}

}  // namespace

std::array<std::uint64_t, 4> seed_sequence_state(std::uint64_t entropy) {
  // _coerce_to_uint32_array: an int becomes its 32-bit words, least significant first.
  std::uint32_t words[2] = {static_cast<std::uint32_t>(entropy), static_cast<std::uint32_t>(entropy >> 32)};
  const int n_words = (entropy >> 32) ? 2 : 1;

  // mix_entropy (the pool is larger than the entropy, so only its first two loops run).
  std::uint32_t pool[kPoolSize];
  std::uint32_t hash_const = kInitA;
  for (int i = 0; i < kPoolSize; ++i) pool[i] = hashmix(i < n_words ? words[i] : 0u, hash_const);
  for (int src = 0; src < kPoolSize; ++src)
    for (int dst = 0; dst < kPoolSize; ++dst)
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], hash_const));

  // generate_state(4, np.uint64): 8 uint32 words cycling over the pool, viewed as
  // little-endian uint64 pairs (numpy byteswaps on big-endian hosts to get the same).
  std::uint32_t out[8];
  std::uint32_t hb = kInitB;
  for (int i = 0; i < 8; ++i) {
    std::uint32_t v = pool[i % kPoolSize];
    v ^= hb;
    hb *= kMultB;
    v *= hb;
    v ^= v >> kXShift;
    out[i] = v;
  }
  std::array<std::uint64_t, 4> state{};
  for (int i = 0; i < 4; ++i) state[i] = out[2 * i] | (static_cast<std::uint64_t>(out[2 * i + 1]) << 32);
  return state;
}

// _pcg64.pyx PCG64._reset_state_variables/__init__: val = generate_state(4, uint64);
// pcg64_set_seed(state, val, val + 2): initstate = val[0]:val[1], initseq = val[2]:val[3]
// (high:low), then pcg_setseq_128_srandom_r.
Pcg64::Pcg64(std::uint64_t seed) {
  const auto val = seed_sequence_state(seed);
  const u128 initstate = (static_cast<u128>(val[0]) << 64) | val[1];
  const u128 initseq = (static_cast<u128>(val[2]) << 64) | val[3];
  state_ = 0;
  inc_ = (initseq << 1) | 1;
  step();
  state_ += initstate;
  step();
}

// PCG_DEFAULT_MULTIPLIER_128 = 2549297995355413924 * 2^64 + 4865540595714422341.
void Pcg64::step() {
  const u128 mult = (static_cast<u128>(2549297995355413924ULL) << 64) | 4865540595714422341ULL;
  state_ = state_ * mult + inc_;
}

// pcg_setseq_128_xsl_rr_64_random_r: step, then rotr64(high ^ low, state >> 122).
std::uint64_t Pcg64::next_u64() {
  step();
  const auto x = static_cast<std::uint64_t>(state_ >> 64) ^ static_cast<std::uint64_t>(state_);
  const auto rot = static_cast<unsigned>(state_ >> 122);
  return (x >> rot) | (x << ((64u - rot) & 63u));
}

std::uint32_t Pcg64::next_u32() {
  if (has_u32_) {
    has_u32_ = false;
    return u32_;
  }
  const std::uint64_t next = next_u64();
  has_u32_ = true;
  u32_ = static_cast<std::uint32_t>(next >> 32);
  return static_cast<std::uint32_t>(next);
}

// _bounded_integers.pyx _rand_int64 -> random_bounded_uint64_fill(off = low,
// rng = high - 1 - low, use_masked = false): for rng < 2^32 - 1,
// buffered_bounded_lemire_uint32 (Lemire's multiply-shift with rejection) on
// next_uint32; rng == 2^32 - 1 takes next_uint32 as it is; rng == 0 draws nothing.
std::int64_t NumpyRng::integers(std::int64_t low, std::int64_t high) {
  const auto rng = static_cast<std::uint64_t>(high - low - 1);
  if (rng == 0) return low;
  if (rng == 0xFFFFFFFFULL) return low + static_cast<std::int64_t>(bits_.next_u32());
  const auto rng_excl = static_cast<std::uint32_t>(rng + 1);
  std::uint64_t m = static_cast<std::uint64_t>(bits_.next_u32()) * rng_excl;
  auto leftover = static_cast<std::uint32_t>(m);
  if (leftover < rng_excl) {
    const std::uint32_t threshold = (0xFFFFFFFFu - static_cast<std::uint32_t>(rng)) % rng_excl;
    while (leftover < threshold) {
      m = static_cast<std::uint64_t>(bits_.next_u32()) * rng_excl;
      leftover = static_cast<std::uint32_t>(m);
    }
  }
  return low + static_cast<std::int64_t>(m >> 32);
}

// distributions.c random_interval for max <= 0xffffffff: the smallest all-ones mask
// covering max, then rejection of masked next_uint32 values above max.
std::uint32_t NumpyRng::interval(std::uint32_t max) {
  if (max == 0) return 0;
  std::uint32_t mask = max;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  std::uint32_t value;
  while ((value = bits_.next_u32() & mask) > max) {
  }
  return value;
}

// _generator.pyx Generator.permutation(int n) = shuffle(arange(n)); shuffle of a
// 1-d array is _shuffle_raw: for i = n-1 down to 1, swap a[i] with a[random_interval(i)].
std::vector<int> NumpyRng::permutation(int n) {
  std::vector<int> a(static_cast<std::size_t>(n > 0 ? n : 0));
  std::iota(a.begin(), a.end(), 0);
  for (int i = n - 1; i >= 1; --i) {
    const auto j = static_cast<int>(interval(static_cast<std::uint32_t>(i)));
    std::swap(a[i], a[j]);
  }
  return a;
}

}  // namespace alab::rng
