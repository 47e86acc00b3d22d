// The portable generator: the published PCG32 sequence, and our distributions' basic facts.
#include <catch2/catch.hpp>
#include <algorithm>
#include <numeric>

#include "rng/pcg32.hpp"

using namespace alab;

using alab::rng::Pcg32;

TEST_CASE("PCG32 reproduces the reference implementation's sequence", "[nn][rng]") {
  // pcg32-demo from pcg-c-basic: pcg32_srandom_r(&rng, 42u, 54u), first six outputs.
  rng::Pcg32 rng(42u, 54u);
  const std::uint32_t expect[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
  for (std::uint32_t e : expect) CHECK(rng.next_u32() == e);
}

TEST_CASE("streams and seeds give different sequences", "[nn][rng]") {
  rng::Pcg32 a(7, 1), b(7, 2), c(8, 1);
  const auto x = a.next_u32();
  CHECK(x != b.next_u32());
  CHECK(x != c.next_u32());
}

TEST_CASE("below(n) covers [0, n) evenly", "[nn][rng]") {
  rng::Pcg32 rng(1);
  const int n = GENERATE(1, 2, 3, 7, 8);
  std::vector<int> count(n, 0);
  const int draws = 7000 * n;
  for (int i = 0; i < draws; ++i) {
    const auto v = rng.below(static_cast<std::uint32_t>(n));
    REQUIRE(v < static_cast<std::uint32_t>(n));
    ++count[v];
  }
  // Each count is Binomial(draws, 1/n): mean 7000, sd < 84; 6 sd is 500.
  for (int c : count) CHECK(std::abs(c - 7000) < 500);
}

TEST_CASE("uniform01 and normal have the right moments", "[nn][rng]") {
  rng::Pcg32 rng(2);
  const int N = 200000;
  double su = 0, suu = 0, sn = 0, snn = 0, mn = 1, mx = 0;
  for (int i = 0; i < N; ++i) {
    const double u = rng.uniform01();
    mn = std::min(mn, u);
    mx = std::max(mx, u);
    su += u, suu += u * u;
    const double z = rng.normal();
    sn += z, snn += z * z;
  }
  CHECK(mn >= 0.0);
  CHECK(mx < 1.0);
  // Standard errors: mean of U(0,1) 0.00065, mean of N(0,1) 0.0022, its variance 0.0032.
  CHECK(su / N == Approx(0.5).margin(0.004));
  CHECK(suu / N - (su / N) * (su / N) == Approx(1.0 / 12).margin(0.002));
  CHECK(sn / N == Approx(0.0).margin(0.013));
  CHECK(snn / N == Approx(1.0).margin(0.02));
}

TEST_CASE("shuffle permutes, and is fixed by the seed", "[nn][rng]") {
  std::vector<int> v(100), w;
  std::iota(v.begin(), v.end(), 0);
  w = v;
  rng::Pcg32 a(3), b(3);
  alab::rng::shuffle(v, a);
  alab::rng::shuffle(w, b);
  CHECK(v == w);
  std::vector<int> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 100; ++i) CHECK(sorted[i] == i);
  int fixed = 0;
  for (int i = 0; i < 100; ++i) fixed += v[i] == i;
  CHECK(fixed < 10);  // expected 1 fixed point; 10 has probability ~1e-7
}
