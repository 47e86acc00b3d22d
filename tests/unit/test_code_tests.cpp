// The code page's tests (exercises/code_tests.hpp): drawn the same from the same student,
// differently for others; every expected output checked here against the formulas worked
// the long way (loops, max subtracted); and each case really catches the mistake it is
// there for (a naive softmax gives NaN on the large and very negative logits).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "core/widget_schemas.hpp"
#include "exercises/code_tests.hpp"

using namespace alab::exercises;
using M = alab::Mat<double>;

namespace {

M matrix(const Given& g) {
  M m(g.rows, g.cols);
  for (int i = 0; i < g.rows * g.cols; ++i) m.data()[i] = g.values[static_cast<std::size_t>(i)];
  return m;
}

// Z = softmax(Q K^T / sqrt(d)) V by loops, the largest score subtracted per row.
M long_way(const M& Q, const M& K, const M& V, bool causal) {
  M Z = M::Zero(Q.rows(), V.cols());
  for (int i = 0; i < Q.rows(); ++i) {
    std::vector<double> s;
    for (int j = 0; j < K.rows(); ++j) {
      if (causal && j > i) break;
      double dot = 0;
      for (int k = 0; k < Q.cols(); ++k) dot += Q(i, k) * K(j, k);
      s.push_back(dot / std::sqrt(double(Q.cols())));
    }
    double top = -std::numeric_limits<double>::infinity(), sum = 0;
    for (double x : s) top = std::max(top, x);
    for (double& x : s) sum += (x = std::exp(x - top));
    for (std::size_t j = 0; j < s.size(); ++j)
      for (int c = 0; c < V.cols(); ++c) Z(i, c) += s[j] / sum * V(int(j), c);
  }
  return Z;
}

const CodeCase& find(const std::vector<CodeCase>& cases, const std::string& fn, const std::string& name) {
  for (const CodeCase& c : cases)
    if (c.function == fn && c.name == name) return c;
  FAIL("no case " << fn << " / " << name);
  return cases.front();
}

}  // namespace

TEST_CASE("code tests are drawn from the student and the variant", "[exercises][code]") {
  CHECK(code_tests_seed("Ada Lovelace") == code_tests_seed("  ada lovelace "));
  CHECK(code_tests_seed("Ada Lovelace") != code_tests_seed("Ada Lovelace", 2));
  CHECK(code_tests_seed("Ada Lovelace") != exercise_seed("Ada Lovelace", ExerciseKind::context));
  const auto a = make_code_tests(code_tests_seed("Ada Lovelace")), b = make_code_tests(code_tests_seed("ada lovelace"));
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].expected.values == b[i].expected.values);
  CHECK(make_code_tests(code_tests_seed("Grace Hopper"))[0].args[0].values != a[0].args[0].values);
  // As many tests as the content says (the assignment's weight for code is shared over them).
  CHECK(a.size() == static_cast<std::size_t>(alab::widget_fixed("code", "tests")));
  CodeTestsReply r;
  CHECK_FALSE(code_tests_for({"   ", 1}, r));
  CHECK_FALSE(code_tests_for({"Ada", 0}, r));
  REQUIRE(code_tests_for({"Ada", 1}, r));
  CHECK(r.seed == std::to_string(code_tests_seed("Ada")));
}

TEST_CASE("every expected output is the formula worked the long way", "[exercises][code]") {
  for (int s = 0; s < 20; ++s) {
    for (const CodeCase& c : make_code_tests(code_tests_seed("student " + std::to_string(s)))) {
      CAPTURE(s, c.name);
      if (c.function == "softmax") {
        const M row = matrix(c.args[0]), got = matrix(c.expected);
        double top = row.maxCoeff(), sum = 0;
        for (int j = 0; j < row.cols(); ++j) sum += std::exp(row(0, j) - top);
        for (int j = 0; j < row.cols(); ++j) CHECK(got(0, j) == Approx(std::exp(row(0, j) - top) / sum).epsilon(1e-12));
        CHECK(got.sum() == Approx(1).epsilon(1e-12));
      } else {
        const M Q = matrix(c.args[0]), K = matrix(c.args[1]), V = matrix(c.args[2]);
        const M want = long_way(Q, K, V, c.causal), got = matrix(c.expected);
        REQUIRE(got.rows() == Q.rows());
        REQUIRE(got.cols() == V.cols());
        CHECK((got - want).cwiseAbs().maxCoeff() < 1e-12);
      }
    }
  }
}

TEST_CASE("each case catches the mistake it is there for", "[exercises][code]") {
  const auto cases = make_code_tests(code_tests_seed("Ada Lovelace"));
  // A naive softmax (no max subtracted) gives NaN where the engine gives weights.
  for (const char* name : {"large logits", "very negative logits"}) {
    // Element by element with std::exp, as JavaScript's Math.exp does it (Eigen's
    // vectorised exp clamps its argument, so its sum would stay finite).
    const M row = matrix(find(cases, "softmax", name).args[0]);
    double sum = 0;
    for (int j = 0; j < row.cols(); ++j) sum += std::exp(row(0, j));
    const double naive = std::exp(row(0, 0)) / sum;
    CHECK(std::isnan(naive));
    CHECK(matrix(find(cases, "softmax", name).expected).allFinite());
  }
  const CodeCase& large = find(cases, "attention", "large logits");
  const M S = matrix(large.args[0]) * matrix(large.args[1]).transpose() / std::sqrt(double(large.args[0].cols));
  double top = 0;
  for (Eigen::Index i = 0; i < S.size(); ++i) top = std::max(top, std::exp(S.data()[i]));
  CHECK(std::isinf(top));
  // One token: z is the value. Causal: z_1 is v_1. Equal keys: every z_i the mean of V.
  const CodeCase& one = find(cases, "attention", "one token (T = 1)");
  CHECK(one.expected.values == one.args[2].values);
  const CodeCase& causal = find(cases, "attention", "a causal mask");
  CHECK(causal.causal);
  for (int c = 0; c < causal.expected.cols; ++c) CHECK(causal.expected.values[std::size_t(c)] == Approx(causal.args[2].values[std::size_t(c)]));
  const CodeCase& same = find(cases, "attention", "keys equal to each other");
  const M mean = matrix(same.args[2]).colwise().mean();
  for (int i = 0; i < same.expected.rows; ++i) CHECK((matrix(same.expected).row(i) - mean).norm() < 1e-12);
  const CodeCase& cross = find(cases, "attention", "more keys than queries");
  CHECK(cross.args[1].rows > cross.args[0].rows);
  const CodeCase& eq = find(cases, "softmax", "equal scores");
  for (double w : eq.expected.values) CHECK(w == Approx(0.2));
}
