// The GRU step's forward a SIMD register at a time, written with Eigen's packet
// primitives so that one source serves every target: 16 floats with AVX-512, 8 with
// AVX, 4 with SSE and with WebAssembly SIMD (Emscripten lowers SSE to it). Contract
// and reference: kernels/gru_cell.hpp, gru_cell_scalar.cpp;
// tests/unit/test_gru_cell_kernels.cpp compares the two at batch widths around the
// register width.
//
// sigmoid and tanh are Eigen's packet versions, rational approximations with one
// division each (within a few ulp of the true functions): cheaper than an exp and a
// division each, which matters here, as these are a third of the GRU's forward.
#include <Eigen/Core>

#include "kernels/gru_cell.hpp"

namespace alab::kernels {
namespace {

namespace ei = Eigen::internal;
using Packet = ei::packet_traits<float>::type;
constexpr int kWidth = ei::packet_traits<float>::size;

inline Packet sigmoid(const Packet& x) { return ei::scalar_logistic_op<float>().packetOp(x); }

// Columns b .. b + kWidth - 1 of row i of every block; every pointer already at column b.
struct Lanes {
  const float *ar, *az, *an, *gr, *gz, *gn, *hp;
  float *r, *z, *n, *hn, *h;

  Lanes operator+(std::ptrdiff_t k) const {
    return {ar + k, az + k, an + k, gr + k, gz + k, gn + k, hp + k, r + k, z + k, n + k, hn + k, h + k};
  }
};

inline void step(const Lanes& p, const Packet& br, const Packet& bz, const Packet& bn) {
  using ei::padd;
  using ei::ploadu;
  using ei::pmul;
  using ei::pstoreu;
  using ei::psub;
  const Packet r = sigmoid(padd(ploadu<Packet>(p.ar), padd(ploadu<Packet>(p.gr), br)));
  const Packet z = sigmoid(padd(ploadu<Packet>(p.az), padd(ploadu<Packet>(p.gz), bz)));
  const Packet hn = padd(ploadu<Packet>(p.gn), bn);
  const Packet n = ei::ptanh(padd(ploadu<Packet>(p.an), pmul(r, hn)));
  const Packet h = padd(n, pmul(z, psub(ploadu<Packet>(p.hp), n)));
  pstoreu(p.r, r);
  pstoreu(p.z, z);
  pstoreu(p.hn, hn);
  pstoreu(p.n, n);
  pstoreu(p.h, h);
}

}  // namespace

bool have_simd_gru_step() { return kWidth > 1; }

void gru_step_forward_simd(const GruStepForward<float>& s) {
  const int H = s.H, B = s.B, body = B - B % kWidth;
  for (int i = 0; i < H; ++i) {
    // Row i of each gate block (its r, z and n rows are H rows apart) and of the H-row blocks.
    const float* a = s.gi + i * s.ld_gi;
    const float* g = s.gh + i * s.ld_gh;
    float* o = s.gates + i * s.ld_gates;
    const std::ptrdiff_t da = H * s.ld_gi, dg = H * s.ld_gh, dout = H * s.ld_gates;
    const Lanes row{a, a + da, a + 2 * da, g, g + dg, g + 2 * dg, s.h_prev + i * s.ld_h,
                    o, o + dout, o + 2 * dout, s.hn + i * s.ld_hn, s.h + i * s.ld_h};
    const Packet br = ei::pset1<Packet>(s.b_hh[i]), bz = ei::pset1<Packet>(s.b_hh[H + i]),
                 bn = ei::pset1<Packet>(s.b_hh[2 * H + i]);
    for (int b = 0; b < body; b += kWidth) step(row + b, br, bz, bn);
    if (body < B) {  // a ragged end: through the same packet code, padded with zeros
      alignas(64) float in[7][kWidth] = {}, out[5][kWidth];
      const int k = B - body;
      const Lanes tail = row + body;
      const float* from[7] = {tail.ar, tail.az, tail.an, tail.gr, tail.gz, tail.gn, tail.hp};
      for (int q = 0; q < 7; ++q)
        for (int j = 0; j < k; ++j) in[q][j] = from[q][j];
      step({in[0], in[1], in[2], in[3], in[4], in[5], in[6], out[0], out[1], out[2], out[3], out[4]},
           br, bz, bn);
      float* to[5] = {tail.r, tail.z, tail.n, tail.hn, tail.h};
      for (int q = 0; q < 5; ++q)
        for (int j = 0; j < k; ++j) to[q][j] = out[q][j];
    }
  }
}

}  // namespace alab::kernels
