// What one layer costs over one sequence of T positions of width d, counted and
// measured: the cost explorer's numbers (lesson section 8).
//
// Work, in floating-point operations of one forward (a multiply-add counts 2):
//   self-attention (attention/self_attention.hpp, d_model = d_k = d_v = d):
//     projections  Q, K, V = X W^T        3 * 2 T d^2
//     scores       Q K^T                  2 T^2 d
//     weighted sum A V                    2 T^2 d
//     softmax      about 3 T^2 (max, exp, divide), not counted   -> 6 T d^2 + 4 T^2 d
//   GRU (nn/gru.hpp, input width = hidden = d, PyTorch's gates r, z, n):
//     input half   W_ih x_t for all t     2 T (3d) d
//     recurrence   W_hh h_{t-1}, each t   2 T (3d) d
//     gates        about 12 T d, not counted                     -> 12 T d^2
// Memory that grows with T: self-attention keeps the T x T weight matrix A (4 T^2
// bytes in float) besides Q, K, V, Z (4 * 4 T d); the GRU keeps its gates and states
// (about 8 T d floats, nn/gru.hpp's GruCache).
//
// Parallelism: every row of self-attention is independent once Q, K and V exist, so
// two threads split the rows (each projects its half, they meet, each attends from its
// half). The GRU's input half is independent per step and splits the same way, but
// its recurrence must run step after step on one thread: h_t needs h_{t-1}. The
// second thread then waits, and the speed-up is bounded by that sequential share
// (Amdahl's law), about 1 / (1/2 + 1/4) = 4/3 at best.
//
// The measurement: a warm-up round, then rounds of forwards (about 10 ms a round;
// rounds under 2 ms are only used to calibrate, since a browser may give its clock
// a 0.1 ms step) until min_seconds of timed rounds have passed; the time per forward
// is the best round's. Threads are created once per measurement and meet at a
// barrier (spin, then sleep), so thread start-up is not timed.
#pragma once

#include <string>

#include "core/status.hpp"

namespace alab::explore {

enum class CostLayer { attention, gru };

// T, d and the measuring time are checked against content/widgets/cost.json (its
// "to", "d" and "seconds" ranges: core/widget_schemas.hpp); threads against what the
// build can run.
constexpr int kCostMaxThreads = 2;

double layer_forward_flops(CostLayer layer, double T, double d);
double layer_memory_bytes(CostLayer layer, double T, double d);  // what one forward keeps
inline double weight_matrix_bytes(double T) { return 4 * T * T; }  // float A: T x T

struct CostRequest {
  std::string layer = "attention";  // attention | gru
  int T = 256;
  int d = 0;                 // cost.json's "d" (the page sends it)
  int threads = 1;           // 1 or 2 (2 only in a build with threads)
  double min_seconds = 0.1;  // how long to keep measuring (cost.json's "seconds")
  int seed = 1;
};

struct CostReply {
  std::string layer;
  int T = 0, d = 0, threads = 0, forwards = 0;  // forwards timed
  double seconds = 0;       // per forward, the best round's
  double flops = 0;         // layer_forward_flops
  double gflops = 0;        // flops / seconds / 1e9
  double weight_matrix_bytes = 0;  // attention only, else 0
  double memory_bytes = 0;  // layer_memory_bytes
  double checksum = 0;      // the sum of the last output, so the work cannot be skipped
};

// What a measurement would need, before it runs: its work and memory against what
// the build has. A page asks for the largest point of a run first and refuses the run
// before it starts when that point will not fit.
struct CostPlan {
  int available_threads = 1;
  double memory_budget = 0;
  double flops = 0, memory_bytes = 0, weight_matrix_bytes = 0;
};

bool parse_cost_layer(const std::string& name, CostLayer& out);

// The request's checks (ranges, threads, memory) and its plan; measure_layer_cost runs these first.
Status plan_layer_cost(const CostRequest& r, int available_threads, double memory_budget, CostPlan& out);

// available_threads: what the build can run (1 without threads); memory_budget: the
// bytes a forward may keep. A point that would not fit is refused with the numbers.
Status measure_layer_cost(const CostRequest& r, int available_threads, double memory_budget, CostReply& out);

}  // namespace alab::explore
