// numpy's default_rng, bit for bit: SeedSequence, PCG64, Generator.integers and
// Generator.permutation against numpy's own output (tests/reference/rng.txt).
#include <catch2/catch.hpp>

#include "rng/numpy_rng.hpp"
#include "rng_reference.hpp"

using namespace alab;
using alab::test::ref_ints;
using alab::test::ref_words64;

TEST_CASE("SeedSequence(seed).generate_state(4, uint64) and PCG64's raw outputs are numpy's",
          "[nn][rng][numpy]") {
  for (std::uint64_t seed : {3151ULL, 7ULL, (1ULL << 40) + 123}) {
    INFO("seed " << seed);
    const auto state = ref_words64("numpy:" + std::to_string(seed) + ":seed_state");
    REQUIRE(state.size() == 4);
    const auto mine = rng::seed_sequence_state(seed);
    for (int i = 0; i < 4; ++i) CHECK(mine[i] == state[i]);

    const auto raw = ref_words64("numpy:" + std::to_string(seed) + ":raw64");
    REQUIRE(raw.size() == 6);
    rng::Pcg64 bits(seed);
    for (std::uint64_t r : raw) CHECK(bits.next_u64() == r);
  }
}

TEST_CASE("next_u32 hands out the low half of an output, then the high half", "[nn][rng][numpy]") {
  rng::Pcg64 a(3151), b(3151);
  const std::uint64_t w = a.next_u64();
  CHECK(b.next_u32() == static_cast<std::uint32_t>(w));
  CHECK(b.next_u32() == static_cast<std::uint32_t>(w >> 32));
  CHECK(b.next_u64() == a.next_u64());
}

TEST_CASE("Generator.integers draws what numpy draws, in arrays and one at a time", "[nn][rng][numpy]") {
  // One generator through all four records, so the 32-bit buffer carries over between calls.
  rng::NumpyRng rng(3151);
  const auto check = [&rng](const std::string& name, std::int64_t low, std::int64_t high) {
    INFO(name);
    const auto expect = ref_ints("numpy:3151:" + name);
    REQUIRE(!expect.empty());
    for (std::int64_t e : expect) CHECK(rng.integers(low, high) == e);
  };
  check("integers_0_8", 0, 8);
  check("integers_0_1000", 0, 1000);
  check("integers_scalar_m3_5", -3, 5);
  check("integers_0_3", 0, 3);
}

TEST_CASE("Generator.permutation is numpy's shuffle of arange(n)", "[nn][rng][numpy]") {
  const auto p2400 = ref_ints("numpy:3151:permutation_2400");
  REQUIRE(p2400.size() == 2400);
  const std::vector<int> mine = rng::NumpyRng(3151).permutation(2400);
  CHECK(std::vector<std::int64_t>(mine.begin(), mine.end()) == p2400);

  const auto p7 = ref_ints("numpy:7:permutation_7");
  const std::vector<int> mine7 = rng::NumpyRng(7).permutation(7);
  CHECK(std::vector<std::int64_t>(mine7.begin(), mine7.end()) == p7);
  CHECK(rng::NumpyRng(1).permutation(1) == std::vector<int>{0});
  CHECK(rng::NumpyRng(1).permutation(0).empty());
}

TEST_CASE("integers covers [low, high) evenly", "[nn][rng][numpy]") {
  rng::NumpyRng rng(99);
  const int n = GENERATE(1, 2, 3, 7, 8);
  std::vector<int> count(n, 0);
  for (int i = 0; i < 5000 * n; ++i) {
    const auto v = rng.integers(10, 10 + n);
    REQUIRE((v >= 10 && v < 10 + n));
    ++count[v - 10];
  }
  for (int c : count) CHECK(std::abs(c - 5000) < 400);  // > 5 sigma for n <= 8
}
