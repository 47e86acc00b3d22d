// The cost explorer's work counts (explore/layer_cost.hpp) against their formulas,
// and its measurement: a real forward (the same output as the layer computed
// directly), on two threads the same numbers as on one, refusals in words.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "attention/self_attention.hpp"
#include "explore/layer_cost.hpp"

using namespace alab;
using namespace alab::explore;
using Catch::Matchers::WithinRel;

namespace {
// The build's threads: two, except in a WebAssembly build without pthreads.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr int kThreads = 1;
#else
constexpr int kThreads = 2;
#endif
constexpr double kBudget = 200e6;
}  // namespace

TEST_CASE("work counts: 6Td^2 + 4T^2d for self-attention, 12Td^2 for the GRU", "[cost]") {
  CHECK(layer_forward_flops(CostLayer::attention, 30, 16) == 6 * 30 * 256 + 4 * 900 * 16);
  CHECK(layer_forward_flops(CostLayer::attention, 1024, 64) == self_attention_flops(1024, 64, 64, 64));
  CHECK(layer_forward_flops(CostLayer::gru, 30, 16) == 12 * 30 * 256);
  // Doubling T: the GRU's work doubles; attention's T^2 term quadruples.
  CHECK(layer_forward_flops(CostLayer::gru, 512, 64) == 2 * layer_forward_flops(CostLayer::gru, 256, 64));
  const double a1 = layer_forward_flops(CostLayer::attention, 2048, 16), a2 = layer_forward_flops(CostLayer::attention, 4096, 16);
  CHECK(a2 / a1 > 3.9);
  CHECK(a2 / a1 < 4.0);
  CHECK(weight_matrix_bytes(4096) == 4.0 * 4096 * 4096);  // 64 MiB of floats
  CHECK(layer_memory_bytes(CostLayer::attention, 100, 10) == 4 * (5 * 100 * 10 + 100 * 100));
}

TEST_CASE("a measurement runs the real layer: its output is the direct forward's", "[cost]") {
  CostRequest r;
  r.layer = "attention";
  r.T = 64;
  r.d = 16;
  r.min_seconds = 0.02;  // the shortest cost.json allows
  CostReply one;
  REQUIRE(measure_layer_cost(r, kThreads, kBudget, one));
  CHECK(one.seconds > 0);
  CHECK(std::isfinite(one.gflops));
  CHECK(one.forwards >= 2);
  CHECK(one.flops == layer_forward_flops(CostLayer::attention, 64, 16));
  CHECK(one.weight_matrix_bytes == 4.0 * 64 * 64);
  CHECK(std::isfinite(one.checksum));
  CHECK(one.checksum != 0);
  if (kThreads == 2) {
    r.threads = 2;
    CostReply two;
    REQUIRE(measure_layer_cost(r, kThreads, kBudget, two));
    CHECK(two.threads == 2);
    CHECK_THAT(two.checksum, WithinRel(one.checksum, 1e-5));  // the same rows, split in two
    r.layer = "gru";
    CostReply g1, g2;
    REQUIRE(measure_layer_cost(r, kThreads, kBudget, g2));
    r.threads = 1;
    REQUIRE(measure_layer_cost(r, kThreads, kBudget, g1));
    CHECK_THAT(g2.checksum, WithinRel(g1.checksum, 1e-5));
    CHECK(g1.weight_matrix_bytes == 0);
  }
}

TEST_CASE("a plan says what a point needs before it runs", "[cost]") {
  CostRequest r;
  r.T = 2048;
  r.d = 64;
  CostPlan plan;
  REQUIRE(plan_layer_cost(r, 2, kBudget, plan));
  CHECK(plan.flops == layer_forward_flops(CostLayer::attention, 2048, 64));
  CHECK(plan.memory_bytes == layer_memory_bytes(CostLayer::attention, 2048, 64));
  CHECK(plan.weight_matrix_bytes == 4.0 * 2048 * 2048);
  CHECK(plan.available_threads == 2);
  CHECK(plan.memory_budget == kBudget);
}

TEST_CASE("the cost explorer refuses what it cannot run, in words", "[cost]") {
  CostReply out;
  CostRequest r;
  r.layer = "lstm";
  CHECK(measure_layer_cost(r, 2, kBudget, out).message.find("lstm") != std::string::npos);
  r.layer = "attention";
  r.T = 8;
  CHECK(measure_layer_cost(r, 2, kBudget, out).message.find("Longest sequence T: 8 is out of range") != std::string::npos);
  r.T = 4096;
  r.d = 512;
  CHECK(measure_layer_cost(r, 2, kBudget, out).message.find("Width d: 512 is out of range") != std::string::npos);
  r.d = 256;
  // 4 (5 T d + T^2) bytes = 88 MB at T = 4096, d = 256: more than a 50 MB budget.
  const Status st = measure_layer_cost(r, 2, 50e6, out);
  CHECK(st.message.find("need 89 MB, more than the 50 MB") != std::string::npos);
  r.T = 64;
  r.threads = 2;
  CHECK(measure_layer_cost(r, 1, kBudget, out).message.find("one thread") != std::string::npos);
  r.threads = 3;
  CHECK_FALSE(measure_layer_cost(r, 2, kBudget, out));
}
