#include "exercises/code_tests.hpp"

#include <cmath>
#include <cstdio>
#include <functional>

#include "attention/softmax.hpp"
#include "rng/pcg32.hpp"

namespace alab::exercises {
namespace {

using M = Mat<double>;

constexpr std::uint64_t kHiddenStream = 0x68696464656eull;  // "hidden"
constexpr std::uint64_t kShownStream = 0x73686f776eull;      // "shown"

// Inputs in quarters (-2, -1.75, ..., 2): exact in binary, short to read.
M quarters(rng::Pcg32& rng, int rows, int cols, int lo = -8, int hi = 8) {
  M m(rows, cols);
  for (Eigen::Index i = 0; i < m.size(); ++i)
    m.data()[i] = (lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1)))) / 4.0;
  return m;
}

Given given(const std::string& name, const M& m) {
  return {name, static_cast<int>(m.rows()), static_cast<int>(m.cols()), {m.data(), m.data() + m.size()}};
}

int between(rng::Pcg32& rng, int lo, int hi) { return lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1))); }

CodeCase softmax_case(std::string name, std::string why, const M& row) {
  M out(1, row.cols());
  softmax<double>(row.data(), out.data(), static_cast<int>(row.cols()));
  return {std::move(name), "softmax", std::move(why), {given("row", row)}, false, given("expected", out)};
}

CodeCase attention_case(std::string name, std::string why, const M& Q, const M& K, const M& V, bool causal = false) {
  return {std::move(name), "attention", std::move(why), {given("Q", Q), given("K", K), given("V", V)}, causal,
          given("expected", reference_attention(Q, K, V, causal))};
}

// One generator per kind, in the order the page lists them; each draws its own shapes.
using Kind = std::function<CodeCase(rng::Pcg32&)>;
const std::vector<Kind>& kinds() {
  static const std::vector<Kind> all = {
      [](rng::Pcg32& rng) {
        return softmax_case("a short row", "the weights are positive and sum to 1", quarters(rng, 1, between(rng, 3, 6)));
      },
      [](rng::Pcg32& rng) {
        M big = quarters(rng, 1, between(rng, 3, 5));
        big.array() += 1000;
        return softmax_case("large logits",
                            "exp(1000) overflows to Infinity: subtract the row's largest score before exponentiating", big);
      },
      [](rng::Pcg32& rng) {
        M low = quarters(rng, 1, between(rng, 3, 5));
        low.array() -= 1000;
        return softmax_case("very negative logits",
                            "every exp(-1000) underflows to 0, and 0 / 0 is NaN: subtract the largest score", low);
      },
      [](rng::Pcg32& rng) { return softmax_case("one score", "a row of one number: its weight is 1", quarters(rng, 1, 1)); },
      [](rng::Pcg32& rng) {
        const int n = between(rng, 2, 8);
        return softmax_case("equal scores", "every score the same, so every weight is 1/n", M::Constant(1, n, quarters(rng, 1, 1)(0, 0)));
      },
      [](rng::Pcg32& rng) {
        const int t = between(rng, 2, 5), d = between(rng, 1, 4), dv = between(rng, 1, 4);
        return attention_case("random shapes", "Q, K, V of the shapes the lesson uses: Z = softmax(Q Kᵀ / √d) V, one row per query",
                              quarters(rng, t, d), quarters(rng, t, d), quarters(rng, t, dv));
      },
      [](rng::Pcg32& rng) {
        const int d = between(rng, 1, 4), dv = between(rng, 1, 4);
        return attention_case("one token (T = 1)", "a single key: its weight is 1, so z is its value", quarters(rng, 1, d),
                              quarters(rng, 1, d), quarters(rng, 1, dv));
      },
      [](rng::Pcg32& rng) {
        const int d = between(rng, 1, 4), dv = between(rng, 1, 4), tq = between(rng, 1, 3), tk = tq + between(rng, 2, 4);
        return attention_case("more keys than queries", "cross-attention: T_q queries over T keys, so A is T_q × T and Z is T_q × d_v",
                              quarters(rng, tq, d), quarters(rng, tk, d), quarters(rng, tk, dv));
      },
      [](rng::Pcg32& rng) {
        const int dv = between(rng, 1, 4);
        const M Ql = quarters(rng, 3, 2, 80, 160), Kl = quarters(rng, 3, 2, 80, 160);
        return attention_case("large logits", "scores in the thousands: a softmax that does not subtract the largest score overflows",
                              Ql, Kl, quarters(rng, 3, dv));
      },
      [](rng::Pcg32& rng) {
        const int tc = between(rng, 3, 5), d = between(rng, 1, 4), dv = between(rng, 1, 4);
        return attention_case("a causal mask", "mask[i][j] is false for j > i: query i may not look ahead, so z_1 is v_1",
                              quarters(rng, tc, d), quarters(rng, tc, d), quarters(rng, tc, dv), true);
      },
      [](rng::Pcg32& rng) {
        const int d = between(rng, 1, 4), dv = between(rng, 1, 4);
        M same(4, d);
        same.rowwise() = quarters(rng, 1, d).row(0);
        return attention_case("keys equal to each other", "every key the same: equal weights, so each z_i is the mean of the values",
                              quarters(rng, 3, d), same, quarters(rng, 4, dv));
      },
  };
  return all;
}

bool same_inputs(const CodeCase& a, const CodeCase& b) {
  if (a.function != b.function || a.causal != b.causal || a.args.size() != b.args.size()) return false;
  for (std::size_t i = 0; i < a.args.size(); ++i)
    if (a.args[i].rows != b.args[i].rows || a.args[i].cols != b.args[i].cols || a.args[i].values != b.args[i].values) return false;
  return true;
}

// A one-score row's weight is 1 whatever the score: its output is the same in every set.
bool fixed_by_shape(const CodeCase& c) { return c.function == "softmax" && c.expected.values.size() == 1; }

// splitmix64's finaliser: the run number spread over 64 bits.
std::uint64_t spread(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

int count_hidden() { return static_cast<int>(kinds().size()); }

// An expected output of zeros only (values of zero, or that cancel): code that returns
// zeros, as the starter's attention does, would pass it. Drawn again.
bool trivial(const CodeCase& c) {
  for (double x : c.expected.values)
    if (std::abs(x) > 1e-3) return false;
  return true;
}

}  // namespace

M reference_attention(const M& Q, const M& K, const M& V, bool causal) {
  M S = Q * K.transpose() / std::sqrt(static_cast<double>(Q.cols()));  // T_q x T
  M A = M::Zero(S.rows(), S.cols());
  for (Eigen::Index i = 0; i < S.rows(); ++i) {
    // Row-major Mat: row i is contiguous. Causal: only keys j <= i (the rest weigh 0).
    const int n = causal ? static_cast<int>(std::min<Eigen::Index>(i + 1, S.cols())) : static_cast<int>(S.cols());
    softmax<double>(S.row(i).data(), A.row(i).data(), n);
  }
  return A * V;
}

bool answers_alike(const CodeCase& a, const CodeCase& b) {
  if (a.function != b.function || a.expected.rows != b.expected.rows || a.expected.cols != b.expected.cols) return false;
  for (std::size_t i = 0; i < a.expected.values.size(); ++i) {
    const double got = a.expected.values[i], want = b.expected.values[i];
    if (!(std::abs(got - want) <= kCodeAbsTol + kCodeRelTol * std::abs(want))) return false;
  }
  return true;
}

std::uint64_t code_tests_seed(const std::string& student, int variant) { return student_seed(student, "code", variant); }

std::vector<CodeCase> make_hidden_code_tests(std::uint64_t seed) {
  rng::Pcg32 rng(seed, kHiddenStream);
  std::vector<CodeCase> cases;
  for (const Kind& kind : kinds()) {
    CodeCase c = kind(rng);
    while (trivial(c)) c = kind(rng);
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<CodeCase> make_shown_code_tests(std::uint64_t seed, std::uint32_t run) {
  const std::vector<CodeCase> hidden = make_hidden_code_tests(seed);
  rng::Pcg32 rng(seed ^ spread(run), kShownStream);
  std::vector<CodeCase> cases;
  for (const Kind& kind : kinds()) {
    // Drawn again (from the same stream: still one run number, one set) while it shares
    // its inputs or its answer with a hidden case. Rare: a few one-number cases.
    for (;;) {
      CodeCase c = kind(rng);
      bool clash = trivial(c);
      for (const CodeCase& h : hidden)
        clash = clash || same_inputs(c, h) || (answers_alike(c, h) && !(fixed_by_shape(c) && fixed_by_shape(h)));
      if (!clash) {
        cases.push_back(std::move(c));
        break;
      }
    }
  }
  return cases;
}

Status code_tests_for(const CodeTestsRequest& request, CodeTestsReply& out) {
  if (Status st = check_student(request.student, request.variant); !st) return st;
  const std::uint64_t seed = code_tests_seed(request.student, request.variant);
  out = {};
  out.seed = std::to_string(seed);
  out.run = request.run;
  out.shown = make_shown_code_tests(seed, request.run);
  for (CodeCase& c : make_hidden_code_tests(seed))
    out.hidden.push_back({std::move(c.name), std::move(c.function), std::move(c.why), std::move(c.args), c.causal});
  return Status::success();
}

namespace {

std::string number_text(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.8g", x);
  return buf;
}

// One hidden case's verdict: the shape first, then every number; the message names the
// place and the student's number, never the expected one.
CodeVerdict grade_one(const CodeCase& c, const CodeOutput& o) {
  CodeVerdict v{c.function + ": " + c.name, false, ""};
  const int rows = c.expected.rows, cols = c.expected.cols;
  if (!o.ok) {
    v.message = o.error.empty() ? "It gave no result." : o.error.substr(0, 400);
    return v;
  }
  const bool soft = c.function == "softmax";
  if (o.rows != rows || o.cols != cols || o.values.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)) {
    const std::string got = o.cols < 0 ? std::to_string(o.rows) + " rows of different lengths"
                                       : std::to_string(o.rows) + " × " + std::to_string(o.cols);
    v.message = soft ? "Expected " + std::to_string(cols) + " weights, got " + (o.rows == 1 && o.cols >= 0 ? std::to_string(o.cols) : got) + "."
                     : "Expected a " + std::to_string(rows) + " × " + std::to_string(cols) + " result (one row per query, one column per value number), got " + got + ".";
    return v;
  }
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) {
      const std::size_t k = static_cast<std::size_t>(i) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(j);
      const double got = o.values[k], want = c.expected.values[k];
      if (std::isfinite(got) && std::abs(got - want) <= kCodeAbsTol + kCodeRelTol * std::abs(want)) continue;
      const std::string where = soft ? "weight " + std::to_string(j + 1) : "row " + std::to_string(i + 1) + ", column " + std::to_string(j + 1);
      v.message = std::isfinite(got) ? "First difference at " + where + ": yours, " + number_text(got) + ", is not the engine's answer."
                                     : "First difference at " + where + ": yours is " + number_text(got) + ".";
      return v;
    }
  }
  v.pass = true;
  v.message = "Passes.";
  return v;
}

}  // namespace

Status grade_code_tests(const CodeGradeRequest& request, CodeGradeReply& out) {
  if (Status st = check_student(request.student, request.variant); !st) return st;
  if (request.outputs.size() != static_cast<std::size_t>(count_hidden()))
    return Status::error("expected " + std::to_string(count_hidden()) + " outputs, one per hidden test; got " + std::to_string(request.outputs.size()));
  const std::vector<CodeCase> hidden = make_hidden_code_tests(code_tests_seed(request.student, request.variant));
  out = {};
  out.total = static_cast<int>(hidden.size());
  for (std::size_t k = 0; k < hidden.size(); ++k) {
    CodeVerdict v = grade_one(hidden[k], request.outputs[k]);
    if (v.pass) out.passed.push_back(v.id);
    out.results.push_back(std::move(v));
  }
  return Status::success();
}

}  // namespace alab::exercises
