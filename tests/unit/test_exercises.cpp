// Exercises of each student's own (exercises/exercise.hpp): drawn the same from the same
// student and kind, differently for different students; every answer the engine's own
// single-query attention or the lesson's formulas worked independently here; every named
// mistake diagnosed when typed, and never a right answer.
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "core/widget_schemas.hpp"
#include "exercises/exercise.hpp"

using namespace alab::exercises;

namespace {

const Given& find_given(const Exercise& e, const std::string& name) {
  for (const Given& g : e.givens)
    if (g.name == name) return g;
  FAIL("no given " << name);
  return e.givens.front();
}

double at(const Given& g, int r, int c) { return g.values[static_cast<std::size_t>(r * g.cols + c)]; }

const ExercisePart& find_part(const Exercise& e, const std::string& key) {
  for (const ExercisePart& p : e.parts)
    if (p.key == key) return p;
  FAIL("no part " << key);
  return e.parts.front();
}

// Softmax weights and blend, written out here from the lesson's formulas.
std::vector<double> softmax(const std::vector<double>& s) {
  double m = s[0], sum = 0;
  for (double x : s) m = std::max(m, x);
  std::vector<double> a;
  for (double x : s) sum += std::exp(x - m);
  for (double x : s) a.push_back(std::exp(x - m) / sum);
  return a;
}

void check_close(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(got[i] == Approx(want[i]).margin(1e-12));
}

PartGrade grade(const Exercise& e, const std::string& part, const std::vector<double>& typed) {
  PartGrade g;
  REQUIRE(grade_part(e, part, typed, g).ok);
  return g;
}

}  // namespace

TEST_CASE("an exercise is drawn from the student and the kind alone", "[exercises]") {
  CHECK(normalise_student("  Ada   LOVELACE ") == "ada lovelace");
  CHECK(exercise_seed("Ada Lovelace", ExerciseKind::context) == exercise_seed(" ada  lovelace", ExerciseKind::context));
  CHECK(exercise_seed("Ada Lovelace", ExerciseKind::context) != exercise_seed("Ada Lovelace", ExerciseKind::scaled));
  for (ExerciseKind kind : kAllKinds) {
    CAPTURE(exercise_kind_name(kind));
    ExerciseKind parsed;
    REQUIRE(parse_exercise_kind(exercise_kind_name(kind), parsed));
    CHECK(parsed == kind);
    const Exercise a = make_exercise(kind, exercise_seed("Ada Lovelace", kind));
    const Exercise b = make_exercise(kind, exercise_seed("ada lovelace", kind));
    REQUIRE(a.givens.size() == b.givens.size());
    for (std::size_t i = 0; i < a.givens.size(); ++i) CHECK(a.givens[i].values == b.givens[i].values);
    // Fifty students: (almost) all with numbers of their own.
    std::set<std::vector<double>> seen;
    for (int s = 0; s < 50; ++s) {
      std::vector<double> all;
      for (const Given& g : make_exercise(kind, exercise_seed("student " + std::to_string(s), kind)).givens)
        all.insert(all.end(), g.values.begin(), g.values.end());
      seen.insert(all);
    }
    CHECK(seen.size() >= 48);
    // The part count the content states (the assignment's weights are shared out over it).
    CHECK(a.parts.size() == static_cast<std::size_t>(alab::widget_fixed("exercises", std::string("parts.") + exercise_kind_name(kind))));
  }
  ExerciseKind k;
  CHECK_FALSE(parse_exercise_kind("Context", k));
}

TEST_CASE("the answers are the lesson's formulas worked out", "[exercises]") {
  for (int s = 0; s < 20; ++s) {
    const std::string student = "student " + std::to_string(s);
    {  // context and cross-step: s_i = q . k_i (/ sqrt(d)), softmax, c = sum alpha_i v_i
      for (ExerciseKind kind : {ExerciseKind::context, ExerciseKind::scaled, ExerciseKind::cross_step}) {
        const Exercise e = make_exercise(kind, exercise_seed(student, kind));
        const bool cross = kind == ExerciseKind::cross_step;
        const Given& q = find_given(e, cross ? "s" : "q");
        const Given& K = find_given(e, cross ? "H_enc" : "K");
        const Given& V = find_given(e, cross ? "H_enc" : "V");
        const double scale = kind == ExerciseKind::context ? 1 : std::sqrt(double(q.cols));
        const double tau = kind == ExerciseKind::scaled ? find_given(e, "τ").values[0] : 1;
        std::vector<double> scores, tempered, context(V.cols, 0.0);
        for (int i = 0; i < K.rows; ++i) {
          double dot = 0;
          for (int j = 0; j < K.cols; ++j) dot += q.values[j] * at(K, i, j);
          scores.push_back(dot / scale);
          tempered.push_back(dot / scale / tau);
        }
        const std::vector<double> alpha = softmax(tempered);
        for (int i = 0; i < V.rows; ++i)
          for (int j = 0; j < V.cols; ++j) context[j] += alpha[i] * at(V, i, j);
        check_close(find_part(e, "scores").answer, scores);
        check_close(find_part(e, "weights").answer, alpha);
        check_close(find_part(e, "context").answer, context);
      }
    }
    {  // self-row: Q = X W_Q, ...; row i of S, A, Z
      const Exercise e = make_exercise(ExerciseKind::self_row, exercise_seed(student, ExerciseKind::self_row));
      const Given &X = find_given(e, "X"), &WQ = find_given(e, "W_Q"), &WK = find_given(e, "W_K"), &WV = find_given(e, "W_V");
      const int i = static_cast<int>(find_given(e, "i").values[0]) - 1, T = X.rows, d = X.cols;
      auto project = [&](const Given& W, int t) {
        std::vector<double> out(d, 0.0);
        for (int c = 0; c < d; ++c)
          for (int k = 0; k < d; ++k) out[c] += at(X, t, k) * at(W, k, c);
        return out;
      };
      const std::vector<double> q = project(WQ, i);
      std::vector<double> S;
      for (int t = 0; t < T; ++t) {
        const std::vector<double> k = project(WK, t);
        S.push_back((q[0] * k[0] + q[1] * k[1]) / std::sqrt(2.0));
      }
      const std::vector<double> a = softmax(S);
      std::vector<double> z(d, 0.0);
      for (int t = 0; t < T; ++t) {
        const std::vector<double> v = project(WV, t);
        for (int c = 0; c < d; ++c) z[c] += a[t] * v[c];
      }
      check_close(find_part(e, "q").answer, q);
      check_close(find_part(e, "scores").answer, S);
      check_close(find_part(e, "weights").answer, a);
      check_close(find_part(e, "context").answer, z);
    }
    {  // shapes: S is T x T, Z is T x d_v; T^2 d_k and T^2 d_v multiply-adds
      const Exercise e = make_exercise(ExerciseKind::shapes, exercise_seed(student, ExerciseKind::shapes));
      const double T = find_given(e, "T").values[0], dk = find_given(e, "d_k").values[0], dv = find_given(e, "d_v").values[0];
      CHECK(find_part(e, "S_shape").answer == std::vector<double>{T, T});
      CHECK(find_part(e, "Z_shape").answer == std::vector<double>{T, dv});
      CHECK(find_part(e, "qk_madds").answer == std::vector<double>{T * T * dk});
      CHECK(find_part(e, "av_madds").answer == std::vector<double>{T * T * dv});
    }
  }
}

TEST_CASE("each named mistake is diagnosed, and a right answer never is", "[exercises]") {
  std::set<std::string> diagnosed;
  for (int s = 0; s < 40; ++s)
    for (ExerciseKind kind : kAllKinds) {
      const Exercise e = make_exercise(kind, exercise_seed("student " + std::to_string(s), kind));
      for (const ExercisePart& p : e.parts) {
        CAPTURE(exercise_kind_name(kind), s, p.key);
        // The exact answer, and the answer rounded to two decimals as a student types it.
        std::vector<double> rounded;
        for (double x : p.answer) rounded.push_back(std::round(x * 100) / 100);
        for (const auto& typed : {p.answer, rounded}) {
          const PartGrade g = grade(e, p.key, typed);
          CHECK(g.right);
          CHECK(g.mistake.empty());
        }
        for (const Mistake& m : p.mistakes) {
          CAPTURE(m.key);
          const PartGrade g = grade(e, p.key, m.values);
          CHECK_FALSE(g.right);
          CHECK(g.mistake == m.key);
          CHECK(g.message == m.message);
          diagnosed.insert(m.key);
        }
      }
    }
  // Every mistake the exercises name turns up somewhere in forty students' exercises.
  for (const char* key : {"forgot_sqrt_dk", "forgot_temperature", "unnormalised_exps", "wrong_axis", "transposed",
                          "keys_as_values", "wrong_width"})
    CHECK(diagnosed.count(key) == 1);
}

TEST_CASE("weights that do not sum to 1, a number off, and refusals", "[exercises]") {
  const Exercise e = make_exercise(ExerciseKind::context, exercise_seed("Ada", ExerciseKind::context));
  std::vector<double> w = find_part(e, "weights").answer;
  w[0] += 0.2;
  PartGrade g = grade(e, "weights", w);
  CHECK_FALSE(g.right);
  CHECK(g.mistake == "weights_sum");
  CHECK_THAT(g.message, Catch::Matchers::Contains("sum to 1"));
  std::vector<double> c = find_part(e, "context").answer;
  c[1] += 0.5;
  g = grade(e, "context", c);
  CHECK_FALSE(g.right);
  CHECK(g.mistake.empty());
  CHECK(g.message == "Not right: number 2 of 2 is off.");
  CHECK_FALSE(grade_part(e, "nope", {1}, g).ok);
  const alab::Status few = grade_part(e, "context", {1}, g);
  CHECK_FALSE(few.ok);
  CHECK(few.message == "this part takes 2 numbers, and 1 were given");
  CHECK_FALSE(grade_part(e, "context", {1, NAN}, g).ok);
}

TEST_CASE("the page's requests: settings from the widget's schema, the same exercise drawn again to grade", "[exercises]") {
  ExerciseReply r;
  REQUIRE(exercise_for({"Ada Lovelace", "self-row", 1}, r).ok);
  CHECK(r.kind == "self-row");
  CHECK(r.seed == std::to_string(exercise_seed("ada lovelace", ExerciseKind::self_row, 1)));
  REQUIRE(r.parts.size() == 4);
  CHECK(r.parts[0].key == "q");
  CHECK_FALSE(r.parts[0].decimals);
  CHECK(r.parts[2].weights);
  ExerciseReply other;
  REQUIRE(exercise_for({"Ada Lovelace", "self-row", 2}, other).ok);
  CHECK(other.seed != r.seed);  // another variant, other numbers

  const Exercise e = make_exercise(ExerciseKind::self_row, exercise_seed("Ada Lovelace", ExerciseKind::self_row, 1));
  for (const ExercisePart& p : e.parts) {
    PartGrade g;
    REQUIRE(grade_exercise({"  ada lovelace", "self-row", p.key, 1, p.answer}, g).ok);
    CHECK(g.right);
    REQUIRE(grade_exercise({"Grace Hopper", "self-row", p.key, 1, p.answer}, g).ok);  // another student's numbers
    CHECK_FALSE(g.right);
  }

  CHECK(exercise_for({"Ada", "softmax", 1}, r).message ==
        "Exercise: \"softmax\" is not allowed; use one of context, scaled, self-row, shapes, cross-step.");
  CHECK(exercise_for({"Ada", "context", 100}, r).message ==
        "Variant: 100 is out of range; use a whole number from 1 to 99.");
  CHECK(exercise_for({"   ", "context", 1}, r).message ==
        "enter your name (or student ID) first: your numbers are drawn from it");
  CHECK_FALSE(exercise_for({std::string(201, 'a'), "context", 1}, r).ok);
}
