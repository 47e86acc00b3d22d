// The GRU step kernels (kernels/gru_cell.hpp): the SIMD forward against the scalar
// reference at batch widths below, at and above the register width, with strided
// blocks as nn/gru.cpp passes them; the backward against the formulas written out.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/gru_cell.hpp"
#include "rng/pcg32.hpp"

using namespace alab::kernels;
using Catch::Matchers::WithinAbs;

namespace {

constexpr float kPad = 12345.f;  // written around every output block: must stay untouched

struct Blocks {
  int H, B;
  long ld;  // one row stride for every block, wider than B (as the T*B-wide caches)
  std::vector<float> gi, gh, bias, hp, gates, hn, h;

  Blocks(int H_, int B_, float spread, unsigned seed) : H(H_), B(B_), ld(B_ + 5) {
    alab::rng::Pcg32 rng(seed);  // the lab's own generator: the same inputs in every build
    auto u = [&](alab::rng::Pcg32& g) { return static_cast<float>(g.uniform(-spread, spread)); };
    auto fill = [&](std::vector<float>& v, long n) {
      v.assign(static_cast<size_t>(n), kPad);
      for (int r = 0; r < n / ld; ++r)
        for (int b = 0; b < B; ++b) v[r * ld + b] = u(rng);
    };
    fill(gi, 3 * H * ld);
    fill(gh, 3 * H * ld);
    fill(hp, H * ld);
    bias.resize(3 * H);
    for (float& x : bias) x = u(rng);
    gates.assign(3 * H * ld, kPad);
    hn.assign(H * ld, kPad);
    h.assign(H * ld, kPad);
  }

  // GruStepForward's fields in their order (kernels/gru_cell.hpp): a block, then its row stride
  // where it has one (all ld); b_hh has none and h shares ld_h.
  GruStepForward<float> step() {
    return {H, B, gi.data(), ld, gh.data(), ld, bias.data(), hp.data(), ld, gates.data(), ld, hn.data(), ld, h.data()};
  }
};

void check_close(const std::vector<float>& got, const std::vector<float>& want, long ld, int B) {
  for (size_t i = 0; i < got.size(); ++i) {
    if (static_cast<long>(i % ld) >= B) {
      CHECK(got[i] == kPad);
    } else {
      REQUIRE(std::isfinite(got[i]));
      // Eigen's rational sigmoid and tanh are within a few ulp of gates in [-1, 1]; hn
      // (up to ~40 here) may differ in its last bit where a compiler fuses operations.
      CHECK_THAT(got[i], WithinAbs(want[i], 2e-6 * std::max(1.f, std::fabs(want[i]))));
    }
  }
}

}  // namespace

TEST_CASE("a build with SIMD compiles the SIMD GRU step", "[gru][kernels]") {
#if defined(__SSE4_1__) || defined(__wasm_simd128__)
  REQUIRE(have_simd_gru_step());
#else
  WARN("this build has no SIMD: the SIMD GRU step is the scalar reference");
#endif
}

TEST_CASE("SIMD and scalar GRU step forward agree", "[gru][kernels]") {
  const int B = GENERATE(1, 3, 4, 5, 8, 17, 64);
  const int H = GENERATE(1, 3, 20);
  // Pre-activations up to +-20 reach both saturated ends (sigmoid below -9 takes exp).
  const float spread = GENERATE(1.f, 20.f);
  INFO("B=" << B << " H=" << H << " spread=" << spread);
  Blocks ref(H, B, spread, 11u + B), simd(H, B, spread, 11u + B);
  gru_step_forward_scalar(ref.step());
  gru_step_forward_simd(simd.step());
  check_close(simd.gates, ref.gates, ref.ld, B);
  check_close(simd.hn, ref.hn, ref.ld, B);
  check_close(simd.h, ref.h, ref.ld, B);
}

TEST_CASE("SIMD GRU step: a column's result does not depend on its place in the batch",
          "[gru][kernels]") {
  // Evaluation cuts the data into chunks, whose last may be ragged; predictions must
  // not change with the cut.
  const int H = 4, B = 7;
  Blocks full(H, B, 5.f, 3u);
  gru_step_forward_simd(full.step());
  for (int b = 0; b < B; ++b) {
    Blocks one(H, 1, 5.f, 3u);
    for (int r = 0; r < 3 * H; ++r) {
      one.gi[r * one.ld] = full.gi[r * full.ld + b];
      one.gh[r * one.ld] = full.gh[r * full.ld + b];
    }
    for (int r = 0; r < H; ++r) one.hp[r * one.ld] = full.hp[r * full.ld + b];
    one.bias = full.bias;
    gru_step_forward_simd(one.step());
    for (int r = 0; r < 3 * H; ++r) CHECK(one.gates[r * one.ld] == full.gates[r * full.ld + b]);
    for (int r = 0; r < H; ++r) CHECK(one.h[r * one.ld] == full.h[r * full.ld + b]);
  }
}

TEST_CASE("GRU step backward follows its formulas", "[gru][kernels]") {
  const int H = 3, B = 6;
  const long ld = 9;
  alab::rng::Pcg32 rng(5);
  auto u = [](alab::rng::Pcg32& g) { return g.uniform(0.05, 0.95); };
  auto v = [](alab::rng::Pcg32& g) { return g.uniform(-1, 1); };
  std::vector<double> gates(3 * H * ld), hn(H * ld), hp(H * ld), dh(H * ld);
  for (auto& x : gates) x = u(rng);
  for (auto* w : {&hn, &hp, &dh})
    for (auto& x : *w) x = v(rng);
  std::vector<double> dgi(3 * H * ld, 7.0), dgh(3 * H * ld, 7.0), dhp(H * ld, 7.0);
  GruStepBackward<double> s;
  s.H = H;
  s.B = B;
  s.gates = gates.data();
  s.hn = hn.data();
  s.h_prev = hp.data();
  s.dh = dh.data();
  s.dgi = dgi.data();
  s.dgh = dgh.data();
  s.dh_prev = dhp.data();
  s.ld_gates = s.ld_hn = s.ld_h = s.ld_dh = s.ld_dgi = s.ld_dgh = s.ld_dh_prev = ld;
  gru_step_backward(s);
  for (int i = 0; i < H; ++i)
    for (int b = 0; b < B; ++b) {
      const double r = gates[i * ld + b], z = gates[(H + i) * ld + b], n = gates[(2 * H + i) * ld + b];
      const double g = dh[i * ld + b], x = hn[i * ld + b], p = hp[i * ld + b];
      const double da_n = g * (1 - z) * (1 - n * n);
      CHECK(dgi[(2 * H + i) * ld + b] == Approx(da_n));
      CHECK(dgi[i * ld + b] == Approx(da_n * x * r * (1 - r)));
      CHECK(dgi[(H + i) * ld + b] == Approx(g * (p - n) * z * (1 - z)));
      CHECK(dgh[i * ld + b] == dgi[i * ld + b]);
      CHECK(dgh[(H + i) * ld + b] == dgi[(H + i) * ld + b]);
      CHECK(dgh[(2 * H + i) * ld + b] == Approx(da_n * r));
      CHECK(dhp[i * ld + b] == Approx(g * z));
    }
  CHECK(dgi[B] == 7.0);  // past the batch: untouched
}
