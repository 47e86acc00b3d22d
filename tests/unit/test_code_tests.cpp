// The code page's tests (exercises/code_tests.hpp): the hidden (graded) cases drawn the
// same from the same student, differently for others; the shown ones drawn afresh per run
// number and never alike a hidden one (so a table of the shown outputs answers nothing
// graded); every expected output checked here against the formulas worked the long way
// (loops, max subtracted); each case really catches the mistake it is there for (a naive
// softmax gives NaN on the large and very negative logits); the engine's grading of
// outputs (right, wrong shape, NaN, a copied table) names no expected number.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

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

TEST_CASE("hidden code tests are drawn from the student and the variant", "[exercises][code]") {
  CHECK(code_tests_seed("Ada Lovelace", 1) == code_tests_seed("  ada lovelace ", 1));
  CHECK(code_tests_seed("Ada Lovelace", 1) != code_tests_seed("Ada Lovelace", 2));
  CHECK(code_tests_seed("Ada Lovelace", 1) != exercise_seed("Ada Lovelace", ExerciseKind::context, 1));
  const auto a = make_hidden_code_tests(code_tests_seed("Ada Lovelace", 1)), b = make_hidden_code_tests(code_tests_seed("ada lovelace", 1));
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].expected.values == b[i].expected.values);
  CHECK(make_hidden_code_tests(code_tests_seed("Grace Hopper", 1))[0].args[0].values != a[0].args[0].values);
  // As many tests as the content says (the assignment's weight for code is shared over them).
  CHECK(a.size() == static_cast<std::size_t>(alab::widget_fixed("code", "tests")));
  CodeTestsReply r;
  CHECK_FALSE(code_tests_for({"   ", 1, 0}, r));
  CHECK_FALSE(code_tests_for({"Ada", 0, 0}, r));
  REQUIRE(code_tests_for({"Ada", 1, 7}, r));
  CHECK(r.seed == std::to_string(code_tests_seed("Ada", 1)));
  CHECK(r.run == 7u);
  REQUIRE(r.hidden.size() == a.size());
  REQUIRE(r.shown.size() == a.size());
  const auto hidden = make_hidden_code_tests(code_tests_seed("Ada", 1));
  for (std::size_t i = 0; i < hidden.size(); ++i) {
    // The page gets the hidden inputs, the same kinds in the same order as the shown ones.
    CHECK(r.hidden[i].name == hidden[i].name);
    CHECK(r.hidden[i].args[0].values == hidden[i].args[0].values);
    CHECK(r.shown[i].name == hidden[i].name);
    CHECK(r.shown[i].function == hidden[i].function);
  }
}

TEST_CASE("shown code tests are drawn afresh per run, the same for the same run", "[exercises][code]") {
  const std::uint64_t seed = code_tests_seed("Ada Lovelace", 1);
  const auto one = make_shown_code_tests(seed, 1), again = make_shown_code_tests(seed, 1), two = make_shown_code_tests(seed, 2);
  REQUIRE(one.size() == again.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    CHECK(one[i].args[0].values == again[i].args[0].values);
    CHECK(one[i].expected.values == again[i].expected.values);
  }
  // Another run: other inputs in every case whose inputs are more than one number or two.
  int differ = 0;
  for (std::size_t i = 0; i < one.size(); ++i) differ += one[i].args[0].values != two[i].args[0].values;
  CHECK(differ >= static_cast<int>(one.size()) - 2);
  // Over many runs, every kind gets many different inputs.
  for (std::size_t k = 0; k < one.size(); ++k) {
    std::set<std::vector<double>> seen;
    for (std::uint32_t run = 0; run < 50; ++run) seen.insert(make_shown_code_tests(seed, run * 2654435761u)[k].args[0].values);
    CAPTURE(one[k].name);
    CHECK(seen.size() >= 5);
  }
}

TEST_CASE("no shown case is alike a hidden one: a table of shown outputs answers nothing graded", "[exercises][code]") {
  for (int s = 0; s < 60; ++s) {
    const std::uint64_t seed = code_tests_seed("student " + std::to_string(s), 1);
    const auto hidden = make_hidden_code_tests(seed);
    for (std::uint32_t run : {0u, 1u, 2u, 99u, 4294967295u, static_cast<std::uint32_t>(s) * 7919u}) {
      for (const CodeCase& shown : make_shown_code_tests(seed, run)) {
        for (const CodeCase& h : hidden) {
          CAPTURE(s, run, shown.name, h.name);
          if (shown.function != h.function) continue;
          bool same_inputs = shown.causal == h.causal && shown.args.size() == h.args.size();
          for (std::size_t i = 0; same_inputs && i < shown.args.size(); ++i)
            same_inputs = shown.args[i].rows == h.args[i].rows && shown.args[i].cols == h.args[i].cols && shown.args[i].values == h.args[i].values;
          CHECK_FALSE(same_inputs);
          // One score's weight is 1 whatever the score: the one answer shared by design.
          if (shown.expected.values.size() == 1 && h.expected.values.size() == 1 && shown.function == "softmax") continue;
          CHECK_FALSE(answers_alike(shown, h));
          // Nor is any answer zeros only: returning zeros passes no case.
          double largest = 0;
          for (double x : h.expected.values) largest = std::max(largest, std::abs(x));
          CHECK(largest > 1e-3);
          largest = 0;
          for (double x : shown.expected.values) largest = std::max(largest, std::abs(x));
          CHECK(largest > 1e-3);
        }
      }
    }
  }
}

TEST_CASE("every expected output is the formula worked the long way", "[exercises][code]") {
  for (int s = 0; s < 20; ++s) {
    for (const CodeCase& c : s % 2 ? make_hidden_code_tests(code_tests_seed("student " + std::to_string(s), 1))
                                     : make_shown_code_tests(code_tests_seed("student " + std::to_string(s), 1), static_cast<std::uint32_t>(s))) {
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
  const auto cases = make_hidden_code_tests(code_tests_seed("Ada Lovelace", 1));
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
  for (double w : eq.expected.values) CHECK(w == Approx(1.0 / eq.expected.cols));
}

namespace {

// An output of a hidden case as the sandbox would send it: the numbers of a given.
CodeOutput output_of(const Given& g) { return {true, "", g.rows, g.cols, g.values}; }

}  // namespace

TEST_CASE("the engine grades hidden outputs itself and names no expected number", "[exercises][code]") {
  const auto hidden = make_hidden_code_tests(code_tests_seed("Ada Lovelace", 1));
  CodeGradeRequest right{"Ada Lovelace", 1, {}};
  for (const CodeCase& c : hidden) right.outputs.push_back(output_of(c.expected));
  CodeGradeReply r;
  REQUIRE(grade_code_tests(right, r));
  CHECK(r.total == static_cast<int>(hidden.size()));
  CHECK(r.passed.size() == hidden.size());
  CHECK(r.results[1].id == "softmax: large logits");

  // Another student's hidden outputs (right answers to other numbers) pass only what is
  // the same for everyone: one score's weight 1.
  CodeGradeReply other;
  REQUIRE(grade_code_tests({"Grace Hopper", 1, right.outputs}, other));
  CHECK(other.passed == std::vector<std::string>{"softmax: one score"});

  // A table of a run's shown outputs, in call order, answers no hidden case (one score
  // aside, whose answer is fixed by its shape); nor does the table of another run's.
  for (std::uint32_t run : {1u, 2u, 3u}) {
    CodeGradeRequest table{"Ada Lovelace", 1, {}};
    for (const CodeCase& c : make_shown_code_tests(code_tests_seed("Ada Lovelace", 1), run)) table.outputs.push_back(output_of(c.expected));
    CodeGradeReply t;
    REQUIRE(grade_code_tests(table, t));
    CHECK(t.passed == std::vector<std::string>{"softmax: one score"});
  }

  // What is wrong, in words, without the expected numbers.
  CodeGradeRequest wrong = right;
  wrong.outputs[1].values.assign(wrong.outputs[1].values.size(), std::nan(""));
  wrong.outputs[5] = {true, "", 1, 3, {1, 2, 3}};
  wrong.outputs[6] = {true, "", 4, -1, {}};
  wrong.outputs[7].values[0] += 0.01;
  wrong.outputs[8] = {false, "TypeError: x is undefined (line 3)", 0, 0, {}};
  wrong.outputs[9].values[0] = std::numeric_limits<double>::infinity();
  REQUIRE(grade_code_tests(wrong, r));
  CHECK(r.passed.size() == hidden.size() - 6);
  CHECK(r.results[1].message == "First difference at weight 1: yours is NaN.");
  CHECK(r.results[5].message.find("got 1 × 3.") != std::string::npos);
  CHECK(r.results[6].message.find("got 4 rows of different lengths.") != std::string::npos);
  CHECK(r.results[7].message.rfind("First difference at row 1, column 1: yours, ", 0) == 0);
  CHECK(r.results[8].message == "TypeError: x is undefined (line 3)");
  CHECK(r.results[9].message == "First difference at row 1, column 1: yours is Infinity.");
  for (const CodeVerdict& v : r.results) {
    std::string leaked;
    for (const CodeCase& c : hidden) {
      for (double x : c.expected.values) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", x);
        if (std::string(buf).size() > 3 && v.message.find(buf) != std::string::npos) leaked = buf;
      }
    }
    CAPTURE(v.message);
    CHECK(leaked.empty());
  }
  // Refused: a count of outputs that is not the count of hidden cases, or no name.
  wrong.outputs.pop_back();
  CHECK_FALSE(grade_code_tests(wrong, r));
  CHECK_FALSE(grade_code_tests({"  ", 1, right.outputs}, r));
}
