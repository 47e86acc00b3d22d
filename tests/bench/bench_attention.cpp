// Self-attention forward throughput, one sequence at a time, d_model = d_k = d_v = 64:
// attention/self_attention.hpp, the head the race's heatmaps come from.
// Prints one JSON object per line: {"T":..,"gflops":..,"ms":..,"simd":..,"eigen_simd":..},
// then the cost explorer's own measurement: {"explorer":true,"T":1024,"gflops":..}.
// tests/bench/attention.bench.mjs runs this binary in each build and prints the ratios.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "core/build_info.hpp"
#include "attention/self_attention.hpp"
#include "explore/layer_cost.hpp"
#include "rng/pcg32.hpp"

using namespace alab;

namespace {
MatF random_mat(Eigen::Index r, Eigen::Index c, rng::Pcg32& rng) {
  MatF m(r, c);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(0.2 * rng.normal());
  return m;
}
}  // namespace

int main() {
  const int d = 64;
  rng::Pcg32 rng(3151);
  const SelfAttentionWeights<float> w{random_mat(d, d, rng), random_mat(d, d, rng), random_mat(d, d, rng)};
  const auto info = core_build_info();
  for (int T : {64, 256, 1024}) {
    const MatF X = random_mat(T, d, rng);
    SelfAttentionWorkspace<float> ws;
    MatF A, Z;
    self_attention_forward<float>(X, w, false, ws, A, Z);  // warm up, allocate
    // Calibrate to ~60 ms per sample, then take the median of 7 samples.
    using clock = std::chrono::steady_clock;
    int reps = 1;
    for (;;) {
      const auto t0 = clock::now();
      for (int i = 0; i < reps; ++i) self_attention_forward<float>(X, w, false, ws, A, Z);
      const double s = std::chrono::duration<double>(clock::now() - t0).count();
      if (s > 0.06) break;
      reps *= 2;
    }
    std::vector<double> per_call;
    for (int k = 0; k < 7; ++k) {
      const auto t0 = clock::now();
      for (int i = 0; i < reps; ++i) self_attention_forward<float>(X, w, false, ws, A, Z);
      per_call.push_back(std::chrono::duration<double>(clock::now() - t0).count() / reps);
    }
    std::sort(per_call.begin(), per_call.end());
    const double sec = per_call[per_call.size() / 2];
    const double gflops = self_attention_flops(T, d, d, d) / sec * 1e-9;
    std::printf(
        "{\"T\":%d,\"d\":%d,\"ms\":%.4f,\"gflops\":%.3f,\"simd\":%s,\"eigen_simd\":\"%s\","
        "\"checksum\":%.6g}\n",
        T, d, sec * 1e3, gflops, info.simd ? "true" : "false", info.eigen_simd.c_str(),
        static_cast<double>(Z.sum()));
  }
  // The cost explorer's measurement (explore/layer_cost.hpp), as the page runs it:
  // one thread, T = 1024, d = 64, best round of 0.5 s.
  explore::CostRequest r;
  r.layer = "attention";
  r.T = 1024;
  r.d = 64;
  r.min_seconds = 0.5;
  explore::CostReply c;
  if (explore::measure_layer_cost(r, 1, 1e9, c))
    std::printf("{\"explorer\":true,\"T\":%d,\"d\":%d,\"ms\":%.4f,\"gflops\":%.3f}\n", c.T, c.d, c.seconds * 1e3, c.gflops);
  return 0;
}
