// The cost explorer (explore/layer_cost.hpp) for the web worker:
//   lab.layer_cost({layer, T, d, threads, min_seconds, seed}) -> CostReply | {ok: false, message}
//   lab.layer_cost_plan({...the same}) -> CostPlan (work, memory, what the build has) | {ok: false, message}
// One measurement a call: the page asks for one point at a time, so a stop between
// points takes effect at once, and each point is bounded (the page refuses a point
// its measured rate says would take more than a few seconds).
#include "embind_support.hpp"
#include "explore/layer_cost.hpp"
#include "heap_budget.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::explore;

namespace {
// What the build can give a measurement: two threads with pthreads (a pool of four
// web workers, wasm/CMakeLists.txt), and the heap budget every job has.
#ifdef __EMSCRIPTEN_PTHREADS__
constexpr int kThreads = 2;
#else
constexpr int kThreads = 1;
#endif
constexpr double kBudget = wasm::kHeapBudget;

val layer_cost(const CostRequest& r) {
  CostReply out;
  const Status st = measure_layer_cost(r, kThreads, kBudget, out);
  return st ? val(out) : wasm::error_reply(st);
}
val layer_cost_plan(const CostRequest& r) {
  CostPlan out;
  const Status st = plan_layer_cost(r, kThreads, kBudget, out);
  return st ? val(out) : wasm::error_reply(st);
}
}  // namespace

EMSCRIPTEN_BINDINGS(cost) {
  value_object<CostRequest>("CostRequest")
      .field("layer", &CostRequest::layer)
      .field("T", &CostRequest::T)
      .field("d", &CostRequest::d)
      .field("threads", &CostRequest::threads)
      .field("min_seconds", &CostRequest::min_seconds)
      .field("seed", &CostRequest::seed);
  value_object<CostReply>("CostReply")
      .field("layer", &CostReply::layer)
      .field("T", &CostReply::T)
      .field("d", &CostReply::d)
      .field("threads", &CostReply::threads)
      .field("forwards", &CostReply::forwards)
      .field("seconds", &CostReply::seconds)
      .field("flops", &CostReply::flops)
      .field("gflops", &CostReply::gflops)
      .field("weight_matrix_bytes", &CostReply::weight_matrix_bytes)
      .field("memory_bytes", &CostReply::memory_bytes)
      .field("checksum", &CostReply::checksum);
  value_object<CostPlan>("CostPlan")
      .field("available_threads", &CostPlan::available_threads)
      .field("memory_budget", &CostPlan::memory_budget)
      .field("flops", &CostPlan::flops)
      .field("memory_bytes", &CostPlan::memory_bytes)
      .field("weight_matrix_bytes", &CostPlan::weight_matrix_bytes);
  function("layer_cost", &layer_cost);
  function("layer_cost_plan", &layer_cost_plan);
}
