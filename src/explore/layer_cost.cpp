#include "explore/layer_cost.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "attention/self_attention.hpp"
#include "core/widget_schemas.hpp"
#include "nn/gru.hpp"
#include "rng/pcg32.hpp"

namespace alab::explore {

namespace {

using Clock = std::chrono::steady_clock;
constexpr double kRoundSeconds = 0.01;     // a round's length once calibrated
constexpr double kMinRoundSeconds = 0.002;  // shorter rounds are not timed: a browser's clock may step by 0.1 ms

// Sense-reversing barrier for a team of n threads: a waiter spins for a few
// microseconds (a forward's phases are usually that close together), then sleeps on a
// condition variable, so that a thread with nothing to do (the GRU's second, during
// the recurrence) gives its core back instead of competing for it. Works the same
// natively and under WebAssembly threads (atomics and futexes on shared memory).
class TeamBarrier {
 public:
  explicit TeamBarrier(int n) : n_(n), waiting_(n) {}
  void wait() {
    if (n_ == 1) return;
    const bool sense = !sense_.load(std::memory_order_acquire);
    if (waiting_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      waiting_.store(n_, std::memory_order_relaxed);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        sense_.store(sense, std::memory_order_release);
      }
      wake_.notify_all();
      return;
    }
    for (int i = 0; i < kSpins; ++i)
      if (sense_.load(std::memory_order_acquire) == sense) return;
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait(lock, [&] { return sense_.load(std::memory_order_acquire) == sense; });
  }

 private:
  static constexpr int kSpins = 4000;  // ~10 us
  const int n_;
  std::atomic<int> waiting_;
  std::atomic<bool> sense_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
};

MatF random_matrix(rng::Pcg32& rng, Eigen::Index rows, Eigen::Index cols, double sd) {
  MatF m(rows, cols);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(sd * rng.normal());
  return m;
}

// One layer's forward, split between `threads` threads: part(k) is thread k's share,
// with barrier.wait() between its phases. Returns the sum of the output.
struct Layer {
  virtual ~Layer() = default;
  virtual void part(int k, int threads, TeamBarrier& barrier) = 0;
  virtual double checksum() const = 0;
};

// Rows [k T / n, (k + 1) T / n) of T for thread k of n.
Eigen::Index lo(Eigen::Index T, int k, int n) { return T * k / n; }

struct AttentionLayer final : Layer {
  MatF X;
  SelfAttentionWeights<float> w;
  SelfAttentionWorkspace<float> ws;
  MatF A, Z;
  AttentionLayer(int T, int d, rng::Pcg32& rng)
      : X(random_matrix(rng, T, d, 1)),
        w{random_matrix(rng, d, d, 1 / std::sqrt(d)), random_matrix(rng, d, d, 1 / std::sqrt(d)),
          random_matrix(rng, d, d, 1 / std::sqrt(d))} {
    ws.Q.resize(T, d);
    ws.K.resize(T, d);
    ws.V.resize(T, d);
    A.resize(T, T);
    Z.resize(T, d);
  }
  void part(int k, int n, TeamBarrier& barrier) override {
    const Eigen::Index T = X.rows(), r0 = lo(T, k, n), r1 = lo(T, k + 1, n);
    self_attention_project_rows<float>(X, w.W_Q, w.W_K, w.W_V, ws, r0, r1);
    barrier.wait();  // every key and value is ready
    self_attention_attend_rows<float>(ws, false, A, Z, r0, r1);
  }
  double checksum() const override { return Z.cast<double>().sum(); }
};

struct GruLayer final : Layer {
  MatF X;  // T x d (batch 1: time-major = one row per step)
  nn::Gru<float> gru;
  nn::GruCache<float> cache;
  GruLayer(int T, int d, rng::Pcg32& rng) : X(random_matrix(rng, T, d, 1)) {
    const double sd = 1 / std::sqrt(d);
    gru.W_ih.w = random_matrix(rng, 3 * d, d, sd);
    gru.W_hh.w = random_matrix(rng, 3 * d, d, sd);
    gru.b_ih.w = random_matrix(rng, 1, 3 * d, sd);
    gru.b_hh.w = random_matrix(rng, 1, 3 * d, sd);
    cache.input_gates(d, T, 1);  // sizes the cache for T steps of one sequence
  }
  void part(int k, int n, TeamBarrier& barrier) override {
    const Eigen::Index T = X.rows(), H = gru.hidden(), t0 = lo(T, k, n), t1 = lo(T, k + 1, n);
    auto Gi = cache.input_gates(H, T, 1);  // 3H x T: column t = W_ih x_t + b_ih
    Gi.middleCols(t0, t1 - t0).noalias() = gru.W_ih.w * X.middleRows(t0, t1 - t0).transpose();
    Gi.middleCols(t0, t1 - t0).colwise() += gru.b_ih.w.row(0).transpose();
    barrier.wait();  // every step's input half is ready
    if (k == 0) nn::gru_forward_recurrent(gru, T, 1, cache);  // step after step, one thread
  }
  double checksum() const override { return cache.last_hidden().cast<double>().sum(); }
};

}  // namespace

bool parse_cost_layer(const std::string& name, CostLayer& out) {
  if (name == "attention") out = CostLayer::attention;
  else if (name == "gru") out = CostLayer::gru;
  else return false;
  return true;
}

double layer_forward_flops(CostLayer layer, double T, double d) {
  return layer == CostLayer::attention ? 6 * T * d * d + 4 * T * T * d : 12 * T * d * d;
}

double layer_memory_bytes(CostLayer layer, double T, double d) {
  // attention: X, Q, K, V, Z (T x d each) and A; GRU: X, Gi, gates (3 T d each), hn, Hs.
  return layer == CostLayer::attention ? 4 * (5 * T * d + T * T) : 4 * (T * d + 9 * T * d + 2 * T * d);
}

Status plan_layer_cost(const CostRequest& r, int available_threads, double memory_budget, CostPlan& out) {
  CostLayer layer;
  if (!parse_cost_layer(r.layer, layer)) return Status::error("the layer must be attention or gru, not \"" + r.layer + "\"");
  // Every point's T is within the page's longest-T range.
  if (Status st = check_setting("cost", "to", r.T); !st) return st;
  if (Status st = check_setting("cost", "d", r.d); !st) return st;
  if (Status st = check_setting("cost", "seconds", r.min_seconds); !st) return st;
  if (r.threads < 1 || r.threads > kCostMaxThreads) return Status::error("threads must be 1 or 2");
  if (r.threads > available_threads)
    return Status::error("this build runs on one thread, so it cannot time two");
  CostPlan plan;
  plan.available_threads = available_threads;
  plan.memory_budget = memory_budget;
  plan.flops = layer_forward_flops(layer, r.T, r.d);
  plan.memory_bytes = layer_memory_bytes(layer, r.T, r.d);
  plan.weight_matrix_bytes = layer == CostLayer::attention ? weight_matrix_bytes(r.T) : 0;
  if (plan.memory_bytes > memory_budget)
    return Status::error("T = " + std::to_string(r.T) + " and d = " + std::to_string(r.d) + " need " +
                         std::to_string(static_cast<long long>(std::ceil(plan.memory_bytes / 1e6))) +
                         " MB, more than the " + std::to_string(static_cast<long long>(memory_budget / 1e6)) +
                         " MB this page's engine has for it");
  out = plan;
  return Status::success();
}

Status measure_layer_cost(const CostRequest& r, int available_threads, double memory_budget, CostReply& out) {
  CostPlan plan;
  if (Status st = plan_layer_cost(r, available_threads, memory_budget, plan); !st) return st;
  CostLayer layer;
  parse_cost_layer(r.layer, layer);
  rng::Pcg32 rng(static_cast<std::uint64_t>(r.seed), 11);
  std::unique_ptr<Layer> net;
  if (layer == CostLayer::attention) net = std::make_unique<AttentionLayer>(r.T, r.d, rng);
  else net = std::make_unique<GruLayer>(r.T, r.d, rng);

  // The team: thread 0 (this one) times and decides; every round all threads run
  // `reps` forwards with a barrier after each, then meet to read the decision.
  const int n = r.threads;
  TeamBarrier barrier(n);
  std::atomic<int> reps{1};  // 0: stop
  double best = std::numeric_limits<double>::infinity(), elapsed = 0;
  int forwards = 0;
  const auto member = [&](int k) {
    for (;;) {
      barrier.wait();  // the round's reps are set
      const int m = reps.load(std::memory_order_acquire);
      if (m == 0) return;
      const auto t0 = Clock::now();
      for (int i = 0; i < m; ++i) {
        net->part(k, n, barrier);
        barrier.wait();  // this forward is done before the next one overwrites it
      }
      if (k != 0) continue;
      const double s = std::chrono::duration<double>(Clock::now() - t0).count();
      const bool warm_up = forwards == 0;
      forwards += m;
      int next;
      if (s < kMinRoundSeconds) {
        // Too short for the clock (a browser may round it to 0.1 ms): more reps, not counted.
        next = std::min(m * 4, 1 << 24);
      } else {
        if (!warm_up) {
          best = std::min(best, s / m);
          elapsed += s;
        }
        next = std::max(1, static_cast<int>(kRoundSeconds * m / s));
      }
      const bool more = !(best < std::numeric_limits<double>::infinity()) || elapsed < r.min_seconds;
      reps.store(more ? next : 0, std::memory_order_release);
    }
  };
  if (n == 1) {
    member(0);
  } else {
    std::thread helper(member, 1);
    member(0);
    helper.join();
  }

  CostReply s;
  s.layer = r.layer;
  s.T = r.T;
  s.d = r.d;
  s.threads = n;
  s.forwards = forwards;
  s.seconds = best;
  s.flops = plan.flops;
  s.gflops = s.flops / best / 1e9;
  s.weight_matrix_bytes = plan.weight_matrix_bytes;
  s.memory_bytes = plan.memory_bytes;
  s.checksum = net->checksum();
  out = std::move(s);
  return Status::success();
}

}  // namespace alab::explore
