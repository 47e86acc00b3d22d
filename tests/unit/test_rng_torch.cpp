// PyTorch's CPU generator, bit for bit: mt19937 seeding, int64 random_(), randperm,
// uniform_ and normal_ on float32 tensors, against torch 1.13's own output
// (tests/reference/rng.txt).
//
// Every float is compared bit for bit. That holds even for normal_, whose AVX2 kernel
// uses vectorised log/sin/cos: rng/torch_avx_mathfun.cpp replays those functions'
// float operations one by one, with the fused multiply-adds GCC makes there, instead
// of calling libm (whose logf/cosf differ from them by 1-2 ulp in ~15% of values).
// The reference comes from an AVX2 machine; PyTorch on a machine without AVX2 uses
// libm's functions and would differ from it (and from us) in the last bits.
#include <catch2/catch.hpp>

#include <cmath>

#include "rng/torch_rng.hpp"
#include "rng_reference.hpp"

using namespace alab;
using alab::test::bits_of;
using alab::test::ref_ints;
using alab::test::ref_words64;

TEST_CASE("mt19937 with the standard seeding gives the published 10000th output", "[nn][rng][torch]") {
  rng::Mt19937 mt(5489);  // C++11 [rand.predef]: the 10000th output of default-seeded mt19937
  std::uint32_t x = 0;
  for (int i = 0; i < 10000; ++i) x = mt();
  CHECK(x == 4123659995u);
}

TEST_CASE("int64 random_() is random64() % 2^63, the first output in the high half", "[nn][rng][torch]") {
  for (std::uint64_t seed : {3151ULL, (1ULL << 40) + 17}) {  // only the low 32 bits seed mt19937
    INFO("seed " << seed);
    const auto expect = ref_words64("torch:" + std::to_string(seed) + ":random_int64");
    REQUIRE(expect.size() == 6);
    rng::TorchGenerator gen(seed);
    for (std::uint64_t e : expect) CHECK(static_cast<std::uint64_t>(gen.random_int64()) == e);
  }
  rng::TorchGenerator a(3151), b(3151);
  const std::uint64_t hi = a.random(), lo = a.random();
  CHECK(b.random64() == ((hi << 32) | lo));
}

TEST_CASE("randperm(n, generator) is torch's", "[nn][rng][torch]") {
  const auto p = ref_ints("torch:3151:randperm_2400");
  REQUIRE(p.size() == 2400);
  CHECK(rng::TorchGenerator(3151).randperm(2400) == p);
  CHECK(rng::TorchGenerator(5).randperm(7) == ref_ints("torch:5:randperm_7"));
}

TEST_CASE("uniform_(from, to) on float32 is torch's, bit for bit", "[nn][rng][torch]") {
  rng::TorchGenerator gen(3151);  // both records from one generator, in order
  std::vector<float> v(50);
  gen.uniform_(v.data(), v.size(), -0.25, 0.25);
  CHECK(bits_of(v.data(), v.size()) == ref_ints("torch:3151:uniform_m0.25_0.25"));
  // A range that is not a power of two: only a fused multiply-add gives torch's values.
  const double b = 1 / std::sqrt(20.0);
  gen.uniform_(v.data(), v.size(), -b, b);
  CHECK(bits_of(v.data(), v.size()) == ref_ints("torch:3151:uniform_1oversqrt20"));
}

TEST_CASE("normal_ on float32 is torch's, bit for bit, on both of its code paths", "[nn][rng][torch]") {
  // Sizes below 16 take the double Box-Muller whose second value waits in the generator;
  // 16 and more the AVX2 float kernel; in this order on one generator, as recorded.
  const auto sizes = ref_ints("torch:3151:normal_sizes");
  REQUIRE(sizes.size() == 7);
  rng::TorchGenerator gen(3151);
  for (std::int64_t n : sizes) {
    INFO("normal_ of " << n << " values");
    std::vector<float> v(static_cast<std::size_t>(n));
    gen.normal_(v.data(), v.size());
    const auto expect = ref_ints("torch:3151:normal_" + std::to_string(n));
    REQUIRE(expect.size() == v.size());
    const auto mine = bits_of(v.data(), v.size());
    int differ = 0;
    for (std::size_t i = 0; i < v.size(); ++i) differ += mine[i] != expect[i];
    CHECK(differ == 0);
  }
  std::vector<float> w(200);
  rng::TorchGenerator(3151).normal_(w.data(), w.size(), 2.0, 3.0);
  CHECK(bits_of(w.data(), w.size()) == ref_ints("torch:3151:normal_200_mean2_std3"));
}
