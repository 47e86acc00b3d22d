#include "exercises/exercise.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>

#include "attention/attend.hpp"
#include "core/widget_schemas.hpp"
#include "core/widget_settings.hpp"
#include "rng/pcg32.hpp"

namespace alab::exercises {
namespace {

using V = Vec<double>;
using M = Mat<double>;

int draw(rng::Pcg32& rng, int lo, int hi) { return lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1))); }

M draw_matrix(rng::Pcg32& rng, int rows, int cols, int lo, int hi) {
  M m(rows, cols);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = draw(rng, lo, hi);
  return m;
}

std::vector<double> values(const V& v) { return {v.data(), v.data() + v.size()}; }

Given given(const std::string& name, const M& m) {
  return {name, static_cast<int>(m.rows()), static_cast<int>(m.cols()), {m.data(), m.data() + m.size()}};
}
Given given(const std::string& name, const V& v) { return given(name, M(v.transpose())); }

// Single-query attention by the engine (attention/attend.hpp); the inputs are the
// generator's small whole numbers, which attend always accepts.
AttendResult<double> attend_(ScoreKind kind, const V& q, const M& K, const M& Vals, double tau = 1) {
  AttendResult<double> out;
  const Status st = attend<double>(kind, q, K, Vals, tau, nullptr, out);
  (void)st;
  return out;
}

V exps(const V& s, double tau = 1) { return (s / tau).array().exp().matrix(); }
V blend(const V& w, const M& rows) { return rows.transpose() * w; }

using Numbers = std::vector<double>;

// The tolerance of one exact number in a part: its own (whole numbers: 0) or, when the
// part's is < 0, decimal_tolerance of the number.
double tolerance_of(const ExercisePart& p, double exact) { return p.tolerance < 0 ? decimal_tolerance(exact) : p.tolerance; }

// Each number within the part's tolerance of the exact one: what the grader accepts.
bool matches(const ExercisePart& p, const Numbers& typed, const Numbers& exact) {
  if (typed.size() != exact.size()) return false;
  for (std::size_t i = 0; i < exact.size(); ++i)
    if (!(std::fabs(typed[i] - exact[i]) <= tolerance_of(p, exact[i]) + 1e-9 * std::fabs(exact[i]))) return false;
  return true;
}

// No typed answer can match both a and b: in some place they lie further apart than
// their two tolerances together. Stronger than !matches(a, b): a student who works out
// mistake a and rounds it to two decimals is still told a, never "right" (the rounded
// numbers may lie a little off a's exact ones, towards b).
bool apart(const ExercisePart& p, const Numbers& a, const Numbers& b) {
  if (a.size() != b.size()) return true;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::fabs(a[i] - b[i]) > tolerance_of(p, a[i]) + tolerance_of(p, b[i]) + 1e-9 * (std::fabs(a[i]) + std::fabs(b[i])))
      return true;
  return false;
}

// A part whose diagnosis means what it says: the answer and every mistake pairwise apart
// (each mistake is told, and told from the others), and the answer apart from each of
// the trivial answers given (a guess must not pass for the computation).
bool separated(const ExercisePart& p, const std::vector<Numbers>& trivial = {}) {
  std::vector<const Numbers*> all{&p.answer};
  for (const Mistake& m : p.mistakes) all.push_back(&m.values);
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j)
      if (!apart(p, *all[i], *all[j])) return false;
  for (const Numbers& t : trivial)
    if (!apart(p, p.answer, t)) return false;
  return true;
}

// Trivial weights over T keys: all equal (1/T each) and each one-hot.
std::vector<Numbers> trivial_weights(int T) {
  std::vector<Numbers> out{Numbers(static_cast<std::size_t>(T), 1.0 / T)};
  for (int j = 0; j < T; ++j) {
    Numbers one(static_cast<std::size_t>(T), 0.0);
    one[static_cast<std::size_t>(j)] = 1;
    out.push_back(one);
  }
  return out;
}

// Trivial contexts: the mean of the values (equal weights) and each value by itself (a one-hot).
std::vector<Numbers> trivial_contexts(const M& Vals) {
  std::vector<Numbers> out{values(V(Vals.colwise().mean().transpose()))};
  for (Eigen::Index j = 0; j < Vals.rows(); ++j) out.push_back(values(V(Vals.row(j).transpose())));
  return out;
}

// A part of decimals (tolerance < 0: decimal_tolerance per number) or of whole numbers.
ExercisePart part(std::string key, std::string label, Numbers answer, bool decimals = true) {
  ExercisePart p;
  p.key = std::move(key);
  p.label = std::move(label);
  p.answer = std::move(answer);
  p.tolerance = decimals ? -1 : 0;
  return p;
}

// Every mistake is kept, in the order the grader tries them: a draw in which one gives
// the answer (or another mistake's numbers) is not separated(), and is drawn again.
void add_mistake(ExercisePart& p, std::string key, std::string message, Numbers v) {
  p.mistakes.push_back({std::move(key), std::move(message), std::move(v)});
}

const char* kNoSqrt = "forgot_sqrt_dk";
const char* kNoTemperature = "forgot_temperature";
const char* kNoTemperatureWeights = "This is softmax(s) at τ = 1: divide the scores by τ before the softmax.";
const char* kNoTemperatureContext = "This blends the values with softmax(s) at τ = 1: divide the scores by τ before the softmax.";
const char* kExps = "unnormalised_exps";
const char* kExpsMessage =
    "These are the exponentials before dividing by their sum: softmax weights are normalised to sum to 1.";
const char* kExpsContext =
    "This blends the values with the exponentials themselves: divide them by their sum first, so the weights sum to 1.";
const char* kKeysAsValues = "keys_as_values";
const char* kKeysAsValuesMessage = "This blends the keys: the context vector blends the values, with the same weights.";

// q (d), K and V (T x d) whose scores are not all equal and whose keys are not the values.
struct QueryKeysValues {
  V q;
  M K, Vals;
};
QueryKeysValues draw_query_keys_values(rng::Pcg32& rng, int T, int d, int lo, int hi) {
  QueryKeysValues x;
  do {
    x.q = draw_matrix(rng, d, 1, lo, hi);
    x.K = draw_matrix(rng, T, d, lo, hi);
    x.Vals = draw_matrix(rng, T, d, lo, hi);
  } while ((x.K * x.q).maxCoeff() == (x.K * x.q).minCoeff() || x.K == x.Vals);
  return x;
}

// The scores and the weights of a scaled dot-product step r, each with the numbers of the
// unscaled step raw as its first mistake (the √ forgotten).
std::pair<ExercisePart, ExercisePart> scaled_scores_and_weights(const AttendResult<double>& r, const AttendResult<double>& raw,
                                                                const std::string& scores_label, const std::string& no_sqrt) {
  ExercisePart s = part("scores", scores_label, values(r.scores));
  add_mistake(s, kNoSqrt, no_sqrt, values(raw.scores));
  ExercisePart w = part("weights", "the weights α_1, α_2, α_3", values(r.weights));
  w.weights = true;
  add_mistake(w, kNoSqrt, no_sqrt, values(raw.weights));
  return {s, w};
}

// Each kind's draw_<kind> makes one exercise from the stream and says whether it is
// separated() in every part: every mistake the part names lands outside the tolerance of
// the answer and of the part's other mistakes, and the answer is no trivial guess.
// make_exercise draws until one is. Draws come one after another from the exercise's own
// PCG stream, so a seed always gives the same exercise. The share of draws kept, in the
// comments, was measured over the 10,000 seeds of tests/unit/test_exercises.cpp, which
// fails if the mean number of draws grows (ranges too narrow or too wide).

// Entries -2..2 (whole numbers, d = 2): scores from -8 to 8, small enough to exponentiate
// by hand; 83 % of draws are kept (the rest give scores so far apart that the weights are
// all but one-hot).
bool draw_context(rng::Pcg32& rng, Exercise& e) {
  const auto [q, K, Vals] = draw_query_keys_values(rng, 3, 2, -2, 2);
  e.prompt = "One query q, three keys (the rows of K) and their values (the rows of V), d = 2. Score each key "
             "with the dot product s_i = q · k_i, turn the scores into weights with the softmax (τ = 1), and "
             "blend the values into the context vector c = Σ α_i v_i.";
  e.givens = {given("q", q), given("K", K), given("V", Vals)};
  const auto r = attend_(ScoreKind::dot, q, K, Vals);
  const V ex = exps(r.scores);
  ExercisePart s = part("scores", "the scores s_1, s_2, s_3", values(r.scores), false);
  ExercisePart w = part("weights", "the weights α_1, α_2, α_3", values(r.weights));
  w.weights = true;
  add_mistake(w, kExps, kExpsMessage, values(ex));
  ExercisePart c = part("context", "the context vector c", values(r.context));
  add_mistake(c, kKeysAsValues, kKeysAsValuesMessage, values(attend_(ScoreKind::dot, q, K, K).context));
  add_mistake(c, kExps, kExpsContext, values(blend(ex, Vals)));
  e.parts = {s, w, c};
  return separated(s) && separated(w, trivial_weights(3)) && separated(c, trivial_contexts(Vals));
}

// Entries -1..1 (d_k = 4): dot products from -4 to 4, halved by √d_k. τ is 1/4 or 4, one
// sharpening, one flattening, both easy to divide by; never 1/2, 1 or 2: τ = 2 = √d_k
// makes forgetting τ and forgetting √d_k the same weights, τ = 1/2 makes forgetting both
// the right answer, τ = 1 has no temperature to forget. Entries -2..2 would saturate the
// softmax at τ = 1/4 in a third of the draws; with -1..1, 88 % of draws are kept.
bool draw_scaled(rng::Pcg32& rng, Exercise& e) {
  const auto [q, K, Vals] = draw_query_keys_values(rng, 3, 4, -1, 1);
  const double tau = draw(rng, 0, 1) ? 4.0 : 0.25;
  e.prompt = "One query q and three keys and values, d_k = 4. Score each key with the scaled dot product "
             "s_i = q · k_i / √d_k, take the softmax at temperature τ (α = softmax(s / τ)), and blend the "
             "values into c = Σ α_i v_i.";
  e.givens = {given("q", q), given("K", K), given("V", Vals), {"τ", 1, 1, {tau}}};
  const auto r = attend_(ScoreKind::scaled_dot, q, K, Vals, tau);
  const auto raw = attend_(ScoreKind::dot, q, K, Vals, tau);
  const auto cold = attend_(ScoreKind::scaled_dot, q, K, Vals, 1);
  const V ex = exps(r.scores, tau);
  const std::string no_sqrt = "This is what you get without dividing the dot products by √d_k = 2.";
  auto [s, w] = scaled_scores_and_weights(r, raw, "the scaled scores s_1, s_2, s_3", no_sqrt);
  add_mistake(w, kNoTemperature, kNoTemperatureWeights, values(cold.weights));
  add_mistake(w, kExps, kExpsMessage, values(ex));
  ExercisePart c = part("context", "the context vector c", values(r.context));
  add_mistake(c, kKeysAsValues, kKeysAsValuesMessage, values(attend_(ScoreKind::scaled_dot, q, K, K, tau).context));
  add_mistake(c, kNoSqrt, no_sqrt, values(raw.context));
  add_mistake(c, kNoTemperature, kNoTemperatureContext, values(cold.context));
  add_mistake(c, kExps, kExpsContext, values(blend(ex, Vals)));
  e.parts = {s, w, c};
  return separated(s) && separated(w, trivial_weights(3)) && separated(c, trivial_contexts(Vals));
}

// X from -1..2, the projections from -1..1 (d = 2): small whole numbers in Q, K and V.
// A W_Q with equal off-diagonal entries is drawn again at once (then x_i W_Qᵀ = x_i W_Q);
// of the rest 41 % are kept (2.4 draws on average): most rejections have a row i of S
// too close to its column i (symmetric scores), then weights all but one-hot, then an
// x_i of zeros.
bool draw_self_row(rng::Pcg32& rng, Exercise& e) {
  const int T = 3, d = 2;
  M X, WQ, WK, WV, Q, K, Vals;
  do {
    X = draw_matrix(rng, T, d, -1, 2);
    WQ = draw_matrix(rng, d, d, -1, 1);
    WK = draw_matrix(rng, d, d, -1, 1);
    WV = draw_matrix(rng, d, d, -1, 1);
    Q = X * WQ;
    K = X * WK;
    Vals = X * WV;
  } while (K == Vals || WQ == M(WQ.transpose()) || (K * Q.transpose()).maxCoeff() == (K * Q.transpose()).minCoeff());
  const int i = draw(rng, 1, T);  // 1-based, as the page numbers tokens
  const V qi = Q.row(i - 1).transpose();
  const std::string n = std::to_string(i);
  e.prompt = "Three tokens (the rows of X, d_model = 2) and the projections W_Q, W_K, W_V (d_k = d_v = 2). With "
             "Q = X W_Q, K = X W_K, V = X W_V, S = Q Kᵀ / √d_k, A = softmax of each row of S and Z = A V, "
             "compute for token " + n + ": its query q_" + n + ", row " + n + " of S, row " + n + " of A and z_" + n + ".";
  e.givens = {given("X", X), given("W_Q", WQ), given("W_K", WK), given("W_V", WV), {"i", 1, 1, {double(i)}}};
  const auto r = attend_(ScoreKind::scaled_dot, qi, K, Vals);
  const auto raw = attend_(ScoreKind::dot, qi, K, Vals);
  ExercisePart q = part("q", "q_" + n, values(qi), false);
  add_mistake(q, "transposed", "This is x_i W_Qᵀ: in the lesson's convention q_i = x_i W_Q (row times matrix).",
              values(V((X.row(i - 1) * WQ.transpose()).transpose())));
  // Every query's scaled scores: row j of S is query j against all keys.
  M S(T, T);
  for (int j = 0; j < T; ++j) S.row(j) = attend_(ScoreKind::scaled_dot, Q.row(j).transpose(), K, Vals).scores.transpose();
  const V column = S.col(i - 1);
  const std::string no_sqrt = "This is what you get without dividing Q Kᵀ by √d_k.";
  ExercisePart s = part("scores", "row " + n + " of S", values(r.scores));
  add_mistake(s, "transposed", "This is column i of S (each key k_i against every query): row i holds q_i against every key.",
              values(column));
  add_mistake(s, kNoSqrt, no_sqrt, values(raw.scores));
  // Softmax down each column of S instead of along each row: A'(i, j) = e^S(i,j) / sum_k e^S(k,j).
  const M E = S.array().exp().matrix();
  V by_column(T);
  for (int j = 0; j < T; ++j) by_column[j] = E(i - 1, j) / E.col(j).sum();
  // The softmax of column i of S (the transposed scores, carried on).
  V of_column(T);
  softmax(column.data(), of_column.data(), T);
  const V ex = exps(r.scores);
  ExercisePart a = part("weights", "row " + n + " of A", values(r.weights));
  a.weights = true;
  add_mistake(a, "wrong_axis", "This normalises each column of S; the softmax runs along each row, over the keys one query sees.",
              values(by_column));
  add_mistake(a, kNoSqrt, no_sqrt, values(raw.weights));
  add_mistake(a, kExps, kExpsMessage, values(ex));
  add_mistake(a, "transposed", "This is the softmax of column i of S: row i of A is the softmax of row i of S.", values(of_column));
  ExercisePart z = part("context", "z_" + n, values(r.context));
  add_mistake(z, kKeysAsValues, "This blends the keys (rows of K): z_i blends the values, the rows of V.",
              values(attend_(ScoreKind::scaled_dot, qi, K, K).context));
  add_mistake(z, "wrong_axis", "This blends the values with weights normalised down each column of S; the softmax runs along each row.",
              values(blend(by_column, Vals)));
  add_mistake(z, kNoSqrt, no_sqrt, values(raw.context));
  add_mistake(z, kExps, kExpsContext, values(blend(ex, Vals)));
  add_mistake(z, "transposed", "This blends the values with the softmax of column i of S: z_i uses row i of A, the softmax of row i.",
              values(blend(of_column, Vals)));
  e.parts = {q, s, a, z};
  return separated(q) && separated(s) && separated(a, trivial_weights(T)) && separated(z, trivial_contexts(Vals));
}

// T from 6 to 40, d_model a multiple of 16, d_k and d_v from 8 to 64, all different, and
// T none of the widths (else a shape with the wrong width is the right one): 96 % of
// draws are kept.
bool draw_shapes(rng::Pcg32& rng, Exercise& e) {
  const int widths[] = {8, 16, 32, 64};
  const int T = draw(rng, 6, 40), d_model = 16 * draw(rng, 1, 8);
  int d_k, d_v;
  do {
    d_k = widths[draw(rng, 0, 3)];
    d_v = widths[draw(rng, 0, 3)];
  } while (d_k == d_v || d_k == d_model || d_v == d_model);
  e.prompt = "A self-attention layer reads T = " + std::to_string(T) + " tokens of width d_model = " +
             std::to_string(d_model) + ", with d_k = " + std::to_string(d_k) + " and d_v = " + std::to_string(d_v) +
             ". Give the shapes of S = Q Kᵀ and of Z = A V (rows, columns), and the multiply-adds of the products "
             "Q Kᵀ and A V.";
  e.givens = {{"T", 1, 1, {double(T)}}, {"d_model", 1, 1, {double(d_model)}}, {"d_k", 1, 1, {double(d_k)}},
              {"d_v", 1, 1, {double(d_v)}}};
  const double t = T;
  ExercisePart S = part("S_shape", "the shape of S: rows, columns", {t, t}, false);
  add_mistake(S, "wrong_width", "S compares every query with every key: one row per query, one column per key.", {t, double(d_k)});
  ExercisePart Z = part("Z_shape", "the shape of Z: rows, columns", {t, double(d_v)}, false);
  add_mistake(Z, "transposed", "Z has one row per token, as X does: T rows of width d_v.", {double(d_v), t});
  add_mistake(Z, "wrong_width", "Z's rows are blends of the values, so they have the values' width d_v.", {t, double(d_k)});
  add_mistake(Z, "wrong_width", "Z's rows are blends of the values, so they have the values' width d_v.", {t, double(d_model)});
  ExercisePart qk = part("qk_madds", "multiply-adds of Q Kᵀ", {t * t * d_k}, false);
  add_mistake(qk, "wrong_width", "Each of the T × T scores is a dot product over d_k numbers, not d_model.", {t * t * d_model});
  add_mistake(qk, "wrong_width", "There are T × T scores, one per query and key, each over d_k numbers.", {t * d_k});
  ExercisePart av = part("av_madds", "multiply-adds of A V", {t * t * d_v}, false);
  add_mistake(av, "wrong_width", "Each of the T × d_v outputs sums T products: T × T × d_v.", {t * t * d_k});
  add_mistake(av, "wrong_width", "There are T × d_v outputs, and each sums T products: T × T × d_v.", {t * d_v});
  e.parts = {S, Z, qk, av};
  return separated(S) && separated(Z) && separated(qk) && separated(av);
}

// Entries -2..2 (H = 2): as the context exercise, scaled by √2. The encoder's states are
// the keys and the values, so there is no "keys as values" to make. 90 % of draws are kept.
bool draw_cross_step(rng::Pcg32& rng, Exercise& e) {
  const auto [s, Hk, unused] = draw_query_keys_values(rng, 3, 2, -2, 2);
  e.prompt = "One step of the translation's decoder (H = 2). Its state s is the query; the encoder's states h_1, "
             "h_2, h_3 (the rows of H_enc) are the keys and the values. Score each with e_j = s · h_j / √H, take "
             "the softmax, and blend the encoder's states into the context c = Σ α_j h_j.";
  e.givens = {given("s", s), given("H_enc", Hk)};
  const auto r = attend_(ScoreKind::scaled_dot, s, Hk, Hk);
  const auto raw = attend_(ScoreKind::dot, s, Hk, Hk);
  const V ex = exps(r.scores);
  const std::string no_sqrt = "This is what you get without dividing the dot products by √H.";
  auto [sc, w] = scaled_scores_and_weights(r, raw, "the scores e_1, e_2, e_3", no_sqrt);
  add_mistake(w, kExps, kExpsMessage, values(ex));
  ExercisePart c = part("context", "the context vector c", values(r.context));
  add_mistake(c, kNoSqrt, no_sqrt, values(raw.context));
  add_mistake(c, kExps, "This blends the encoder's states with the exponentials themselves: divide them by their sum first, so the weights sum to 1.",
              values(blend(ex, Hk)));
  e.parts = {sc, w, c};
  return separated(sc) && separated(w, trivial_weights(3)) && separated(c, trivial_contexts(Hk));
}

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

}  // namespace

const char* exercise_kind_name(ExerciseKind kind) {
  switch (kind) {
    case ExerciseKind::context: return "context";
    case ExerciseKind::scaled: return "scaled";
    case ExerciseKind::self_row: return "self-row";
    case ExerciseKind::shapes: return "shapes";
    case ExerciseKind::cross_step: return "cross-step";
  }
  return "";
}

bool parse_exercise_kind(const std::string& name, ExerciseKind& out) {
  for (ExerciseKind k : kAllKinds)
    if (name == exercise_kind_name(k)) {
      out = k;
      return true;
    }
  return false;
}

std::string normalise_student(const std::string& student) {
  std::string out;
  for (char ch : student) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isspace(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c < 128 ? static_cast<char>(std::tolower(c)) : ch;
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::uint64_t student_seed(const std::string& student, const std::string& what, int variant) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a offset basis
  auto mix = [&](const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;  // FNV prime
  };
  mix(normalise_student(student));
  mix("\x1f");
  mix(what);
  mix("\x1f" + std::to_string(variant));
  return h;
}

std::uint64_t exercise_seed(const std::string& student, ExerciseKind kind, int variant) {
  return student_seed(student, exercise_kind_name(kind), variant);
}

Exercise make_exercise(ExerciseKind kind, std::uint64_t seed, int* draws) {
  rng::Pcg32 rng(seed, static_cast<std::uint64_t>(kind));
  bool (*draw_one)(rng::Pcg32&, Exercise&) = nullptr;
  switch (kind) {
    case ExerciseKind::context: draw_one = draw_context; break;
    case ExerciseKind::scaled: draw_one = draw_scaled; break;
    case ExerciseKind::self_row: draw_one = draw_self_row; break;
    case ExerciseKind::shapes: draw_one = draw_shapes; break;
    case ExerciseKind::cross_step: draw_one = draw_cross_step; break;
  }
  Exercise e;
  int n = 0;
  do {  // draw after draw from the one stream, until one is kept
    ++n;
    e = Exercise{};
  } while (!draw_one(rng, e));
  if (draws) *draws = n;
  e.kind = kind;
  e.seed = seed;
  return e;
}

double decimal_tolerance(double exact) { return 0.005 + 0.005 * std::fabs(exact); }

Status grade_part(const Exercise& exercise, const std::string& key, const std::vector<double>& typed, PartGrade& out) {
  const ExercisePart* p = nullptr;
  for (const ExercisePart& q : exercise.parts)
    if (q.key == key) p = &q;
  if (!p) return Status::error("this exercise has no part \"" + key + "\"");
  if (typed.size() != p->answer.size())
    return Status::error("this part takes " + std::to_string(p->answer.size()) + (p->answer.size() == 1 ? " number" : " numbers") +
                         ", and " + std::to_string(typed.size()) + " were given");
  for (double x : typed)
    if (!std::isfinite(x)) return Status::error("every number must be finite");
  out = {};
  if (matches(*p, typed, p->answer)) {
    out.right = true;
    out.message = "Right.";
    return Status::success();
  }
  for (const Mistake& m : p->mistakes)
    if (matches(*p, typed, m.values)) {
      out.mistake = m.key;
      out.message = m.message;
      return Status::success();
    }
  if (p->weights) {
    double sum = 0;
    for (double x : typed) sum += x;
    if (std::fabs(sum - 1) > 0.01) {
      out.mistake = "weights_sum";
      out.message = "These weights sum to " + number(sum) + ": softmax weights always sum to 1.";
      return Status::success();
    }
  }
  for (std::size_t i = 0; i < typed.size(); ++i)
    if (!matches(*p, {typed[i]}, {p->answer[i]})) {
      out.message = "Not right: number " + std::to_string(i + 1) + " of " + std::to_string(typed.size()) + " is off.";
      break;
    }
  return Status::success();
}

namespace {

// Characters that show nothing by themselves: controls, spaces of every width, line and
// paragraph separators, format characters (zero-width spaces and joiners, the word
// joiner, the byte-order mark, soft hyphen, direction marks, embeddings, overrides and
// isolates, invisible operators, tags), variation selectors and the blank fillers (Hangul
// fillers, the Braille blank). web/js/work/exercise-work.js visibleName mirrors this list.
bool invisible(char32_t c) {
  static constexpr char32_t ranges[][2] = {
      {0x0000, 0x0020}, {0x007F, 0x00A0}, {0x00AD, 0x00AD}, {0x034F, 0x034F}, {0x061C, 0x061C},
      {0x115F, 0x1160}, {0x1680, 0x1680}, {0x180B, 0x180F}, {0x2000, 0x200F}, {0x2028, 0x202F},
      {0x205F, 0x206F}, {0x2800, 0x2800}, {0x3000, 0x3000}, {0x3164, 0x3164}, {0xFE00, 0xFE0F},
      {0xFEFF, 0xFEFF}, {0xFFA0, 0xFFA0}, {0xFFF9, 0xFFFB}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A},
      {0xE0000, 0xE007F}, {0xE0100, 0xE01EF}};
  for (const auto& r : ranges)
    if (c >= r[0] && c <= r[1]) return true;
  return false;
}

// Whether the UTF-8 text holds a character that shows. A byte that does not start a
// well-formed sequence counts as visible (it is shown as a replacement character).
bool has_visible_character(const std::string& text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char b = p[i];
    const int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > n) return true;
    char32_t c = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
    for (int k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return true;
      c = (c << 6) | (p[i + k] & 0x3F);
    }
    if (!invisible(c)) return true;
    i += static_cast<std::size_t>(len);
  }
  return false;
}

}  // namespace

Status check_student(const std::string& student, int variant) {
  if (Status st = check_setting("exercises", "variant", variant); !st) return st;
  const std::string who = normalise_student(student);
  if (who.empty()) return Status::error("enter your name (or student ID) first: your numbers are drawn from it");
  if (!has_visible_character(who))
    return Status::error("the name holds no visible character, only spaces or invisible ones (such as zero-width "
                         "spaces): type your name (or student ID)");
  if (who.size() > static_cast<std::size_t>(widget_fixed("exercises", "maxStudentLength")))
    return Status::error("the name is too long: use at most " +
                         std::to_string(static_cast<int>(widget_fixed("exercises", "maxStudentLength"))) + " characters");
  return Status::success();
}

namespace {

// The request's student and settings (kind, variant), checked: the exercise they draw.
Status draw_for(const std::string& student, const settings::Exercises& s, Exercise& out) {
  if (Status st = check_settings(s); !st) return st;
  if (Status st = check_student(student, s.variant); !st) return st;
  const std::string who = normalise_student(student);
  ExerciseKind kind;
  if (!parse_exercise_kind(s.kind, kind)) return Status::error("no exercise of kind " + quoted(s.kind));
  out = make_exercise(kind, exercise_seed(who, kind, s.variant));
  return Status::success();
}

}  // namespace

Status exercise_for(const ExerciseRequest& request, ExerciseReply& out) {
  Exercise e;
  if (Status st = draw_for(request.student, request, e); !st) return st;
  out = {};
  out.kind = exercise_kind_name(e.kind);
  out.prompt = e.prompt;
  out.seed = std::to_string(e.seed);
  out.givens = e.givens;
  for (const ExercisePart& p : e.parts)
    out.parts.push_back({p.key, p.label, static_cast<int>(p.answer.size()), p.tolerance != 0, p.weights});
  return Status::success();
}

Status grade_exercise(const GradeRequest& request, PartGrade& out) {
  Exercise e;
  if (Status st = draw_for(request.student, request, e); !st) return st;
  return grade_part(e, request.part, request.typed, out);
}

}  // namespace alab::exercises
