#include "exercises/code_tests.hpp"

#include <cmath>

#include "attention/softmax.hpp"
#include "rng/pcg32.hpp"

namespace alab::exercises {
namespace {

using M = Mat<double>;

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

std::uint64_t code_tests_seed(const std::string& student, int variant) { return student_seed(student, "code", variant); }

std::vector<CodeCase> make_code_tests(std::uint64_t seed) {
  rng::Pcg32 rng(seed, 0x636f6465);  // stream "code"
  std::vector<CodeCase> cases;

  const int n = between(rng, 3, 6);
  cases.push_back(softmax_case("a short row", "the weights are positive and sum to 1", quarters(rng, 1, n)));
  M big = quarters(rng, 1, 4);
  big.array() += 1000;
  cases.push_back(softmax_case("large logits",
                               "exp(1000) overflows to Infinity: subtract the row's largest score before exponentiating",
                               big));
  M low = quarters(rng, 1, 4);
  low.array() -= 1000;
  cases.push_back(softmax_case("very negative logits", "every exp(-1000) underflows to 0, and 0 / 0 is NaN: subtract the largest score",
                               low));
  cases.push_back(softmax_case("one score", "a row of one number: its weight is 1", quarters(rng, 1, 1)));
  cases.push_back(softmax_case("equal scores", "equal scores: equal weights, 1/n each", M::Constant(1, 5, quarters(rng, 1, 1)(0, 0))));

  const int t = between(rng, 2, 5), d = between(rng, 1, 4), dv = between(rng, 1, 4);
  cases.push_back(attention_case("random shapes", "Q, K, V of the shapes the lesson uses: Z = softmax(Q Kᵀ / √d) V, one row per query",
                                 quarters(rng, t, d), quarters(rng, t, d), quarters(rng, t, dv)));
  cases.push_back(attention_case("one token (T = 1)", "a single key: its weight is 1, so z is its value",
                                 quarters(rng, 1, d), quarters(rng, 1, d), quarters(rng, 1, dv)));
  const int tq = between(rng, 1, 3), tk = tq + between(rng, 2, 4);
  cases.push_back(attention_case("more keys than queries", "cross-attention: T_q queries over T keys, so A is T_q × T and Z is T_q × d_v",
                                 quarters(rng, tq, d), quarters(rng, tk, d), quarters(rng, tk, dv)));
  const M Ql = quarters(rng, 3, 2, 80, 160), Kl = quarters(rng, 3, 2, 80, 160);
  cases.push_back(attention_case("large logits", "scores in the thousands: a softmax that does not subtract the largest score overflows",
                                 Ql, Kl, quarters(rng, 3, dv)));
  const int tc = between(rng, 3, 5);
  cases.push_back(attention_case("a causal mask", "mask[i][j] is false for j > i: query i may not look ahead, so z_1 is v_1",
                                 quarters(rng, tc, d), quarters(rng, tc, d), quarters(rng, tc, dv), true));
  M same(4, d);
  same.rowwise() = quarters(rng, 1, d).row(0);
  cases.push_back(attention_case("keys equal to each other", "every key the same: equal weights, so each z_i is the mean of the values",
                                 quarters(rng, 3, d), same, quarters(rng, 4, dv)));
  return cases;
}

Status code_tests_for(const CodeTestsRequest& request, CodeTestsReply& out) {
  if (Status st = check_student(request.student, request.variant); !st) return st;
  const std::uint64_t seed = code_tests_seed(request.student, request.variant);
  out = {};
  out.seed = std::to_string(seed);
  out.cases = make_code_tests(seed);
  return Status::success();
}

}  // namespace alab::exercises
