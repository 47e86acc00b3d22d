// Every number the lesson and the quick checks quote, held against what the engine
// computes from the widgets' own defaults (content/widgets/*.json), so that a changed
// default or a slip of the pen fails here instead of teaching a wrong number.
//
// Each section's case does two things: it checks the quoted arithmetic in the form the
// prose writes it ("\alpha_1 \approx \frac{2.718}{77.402} \approx 0.035"), and it
// requires that every number with a decimal point or a thousands separator in that
// section is one it computed (or one it names as an input or the module's own figure).
// A new number in the prose therefore needs a line here. Numbers of one training run
// (lesson 07's positions-off race) are checked by test_learning_outcomes.cpp's [story]
// cases, in the build whose arithmetic every browser shares.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attention/attend_request.hpp"
#include "attention/score_steps.hpp"
#include "attention/softmax.hpp"
#include "explore/layer_cost.hpp"
#include "lesson_text.hpp"
#include "race/settings.hpp"

using namespace alab;
using test::fixed;
using test::grouped;

namespace {

nlohmann::json widget(const std::string& name) {
  return nlohmann::json::parse(test::read_repo_file("content/widgets/" + name + ".json"));
}

// Each number of each expected phrase counts as computed; every quoted number of text
// must be among them.
void require_only_computed(const std::string& text, const std::vector<std::string>& phrases,
                           const std::set<std::string>& also = {}) {
  std::set<std::string> computed = also;
  for (const auto& p : phrases) {
    CHECK_THAT(text, Catch::Matchers::Contains(p));
    for (const auto& n : test::quoted_numbers(p)) computed.insert(n);
  }
  for (const auto& n : test::quoted_numbers(text)) {
    INFO("the prose quotes " << n << ", which nothing here computes");
    CHECK(computed.count(n) == 1);
  }
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

}  // namespace

TEST_CASE("lesson 03: the math lens worked out as the calculator works it", "[lesson][calculator]") {
  const auto calc = widget("calculator");
  ScoreStepsRequest r;
  r.d = static_cast<int>(calc["query"].size());
  r.query = calc["query"].get<std::vector<double>>();
  for (const auto& k : calc["keys"]) for (double x : k) r.keys.push_back(x);
  ScoreStepsReply s;
  REQUIRE(score_steps(r, s).ok);
  REQUIRE(s.T == 3);
  std::vector<std::string> ph;
  std::vector<std::string> exps, sum;
  double rounded_total = 0;
  for (int i = 0; i < 3; ++i) {
    const std::string e = "e^{" + std::to_string(std::lround(s.scores[i])) + "}";
    CHECK(s.scores[i] == std::round(s.scores[i]));  // the prose writes them as whole numbers
    exps.push_back(e + " \\approx " + fixed(s.exps[i], 3));
    sum.push_back(e);
    ph.push_back("\\alpha_" + std::to_string(i + 1) + " \\approx \\frac{" + fixed(s.exps[i], 3) + "}{" +
                 fixed(s.total, 3) + "} \\approx " + fixed(s.weights[i], 3));
    rounded_total += std::stod(fixed(s.weights[i], 3));
  }
  ph.push_back(join(exps, ", \\qquad "));
  ph.push_back(join(sum, " + ") + " \\approx " + fixed(s.total, 3));
  ph.push_back("The rounded weights add to " + fixed(rounded_total, 3));
  // The shifted route: subtract the largest score.
  CHECK(s.shifted_exps[2] == 1);
  ph.push_back("Subtract the largest score, " + std::to_string(std::lround(s.max_score)));
  ph.push_back("$" + fixed(s.shifted_exps[0], 3) + ", " + fixed(s.shifted_exps[1], 3) + ", 1$ with total $" +
               fixed(s.shifted_total, 3) + "$, and dividing gives the same weights $" + fixed(s.weights[0], 3) +
               ", " + fixed(s.weights[1], 3) + ", " + fixed(s.weights[2], 3) + "$");
  // The untrained additive score on the same keys, in the order it ranks them.
  r.score = "additive";
  REQUIRE(score_steps(r, s).ok);
  ph.push_back("$k_1$: " + fixed(s.scores[0], 3) + ", $k_2$: " + fixed(s.scores[1], 3) + ", $k_3$: " +
               fixed(s.scores[2], 3) + ", so $k_3$, the dot product's favourite, comes last");
  CHECK(s.scores[2] < std::min(s.scores[0], s.scores[1]));
  require_only_computed(test::lesson_section(3), ph);
}

TEST_CASE("quick check Q2: the softmax of its scores as the engine computes it", "[lesson][checks]") {
  const auto checks = nlohmann::json::parse(test::read_repo_file("content/quick-checks.json"))["checks"];
  std::string text;
  for (const auto& c : checks) if (c["id"] == "q2") text = c.dump();
  REQUIRE_THAT(text, Catch::Matchers::Contains("$[0, 2, 2]$"));
  const double s[3] = {0, 2, 2};
  double w[3];
  softmax(s, w, 3, 1.0);
  const double e2 = std::exp(2.0);
  require_only_computed(text, {"e^2 \\\\approx " + fixed(e2, 3),
                               "$1, " + fixed(e2, 3) + ", " + fixed(e2, 3) + "$ with total $" + fixed(1 + 2 * e2, 3) + "$",
                               "about $" + fixed(w[0], 3) + ", " + fixed(w[1], 3) + ", " + fixed(w[2], 3) + "$",
                               "e^{-2} \\\\approx " + fixed(w[0] / w[1], 3) + "$ times theirs: about $" + fixed(w[0], 3)});
  // No other check quotes a computed number.
  for (const auto& c : checks) if (c["id"] != "q2") require_only_computed(c.dump(), {});
}

TEST_CASE("lessons 04, 06 and 10: worked example 1 as the attention table computes it", "[lesson][attend]") {
  const auto table = widget("attention-table");
  AttendRequest a;
  std::vector<std::string> tokens;
  std::set<std::string> inputs;  // the embeddings and the query, as the prose writes them
  for (const auto& t : table["tokens"]) {
    tokens.push_back(t["token"]);
    for (double x : t["embedding"]) a.keys.push_back(x), inputs.insert(fixed(std::fabs(x), 1));
  }
  a.d = a.dv = static_cast<int>(table["query"].size());
  a.values = a.keys;
  a.query = table["query"].get<std::vector<double>>();
  for (double x : a.query) inputs.insert(fixed(x, 1));
  AttendReply r;
  REQUIRE(attend_request(a, r).ok);
  const int T = static_cast<int>(tokens.size());
  std::vector<std::string> ph;
  std::vector<std::string> exps;
  double total = 0;
  for (int i = 0; i < T; ++i) {
    const double e = std::exp(r.scores[i]);
    exps.push_back(fixed(e, 3));
    total += e;
    ph.push_back(" = " + fixed(r.scores[i], 2) + (i + 1 < T ? " \\\\" : ""));
  }
  ph.push_back("The exponentials are about $" + join(exps, ", ") + "$, and their total is about $" + fixed(total, 3) + "$");
  std::vector<int> order(T);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return r.weights[x] > r.weights[y]; });
  for (int k = 0; k < T; ++k) {
    const int i = order[k];
    ph.push_back("| " + std::to_string(k + 1) + " | " + tokens[i] + " | " + fixed(r.scores[i], 2) + " | " +
                 fixed(r.weights[i], 3) + " |");
  }
  std::vector<std::string> blend;
  for (int i = 0; i < T; ++i) blend.push_back(fixed(r.weights[i], 3) + " \\, x_{\\text{" + tokens[i] + "}}");
  const std::string context = "[" + fixed(r.context[0], 3) + ", " + fixed(r.context[1], 3) + "]";
  ph.push_back("c = " + join(blend, " + ") + " \\approx " + context);
  const int top = order[0], second = order[1];
  ph.push_back("nearly tied (" + fixed(r.weights[top], 3) + " against " + fixed(r.weights[second], 3) + ")");
  ph.push_back("differ by " + fixed(r.weights[top] - r.weights[second], 3));
  // The query placed on "not".
  AttendRequest on_not = a;
  const auto not_at = std::find(tokens.begin(), tokens.end(), "not") - tokens.begin();
  on_not.query = {a.keys[static_cast<std::size_t>(not_at) * 2], a.keys[static_cast<std::size_t>(not_at) * 2 + 1]};
  AttendReply rn;
  REQUIRE(attend_request(on_not, rn).ok);
  CHECK(std::max_element(rn.weights.begin(), rn.weights.end()) - rn.weights.begin() == not_at);
  ph.push_back("\"not\" receives about " + fixed(rn.weights[static_cast<std::size_t>(not_at)], 2) + " of the weight");
  require_only_computed(test::lesson_section(4), ph, inputs);

  // Lesson 06: the same scores, scaled.
  require_only_computed(test::lesson_section(6), {"with $d_k = " + std::to_string(a.d) + "$, each would be divided by $\\sqrt{" +
                                                  std::to_string(a.d) + "} \\approx " + fixed(std::sqrt(a.d), 3) + "$"});

  // Lesson 10: the three smaller weights together against the largest.
  const double rest = std::stod(fixed(r.weights[order[2]], 3)) + std::stod(fixed(r.weights[order[3]], 3)) +
                      std::stod(fixed(r.weights[order[4]], 3));
  require_only_computed(test::lesson_section(10),
                        {"$" + fixed(r.weights[order[2]], 3) + " + " + fixed(r.weights[order[3]], 3) + " + " +
                         fixed(r.weights[order[4]], 3) + " = " + fixed(rest, 3) + "$, against $" +
                         fixed(r.weights[top], 3) + "$"});
}

TEST_CASE("lesson 05: the module's illustrative weights as the translation page shows them", "[lesson][translate]") {
  const auto rows = widget("translate")["illustrative"]["rows"];
  std::vector<std::string> ph;
  for (const auto& [word, w] : rows.items()) {
    std::vector<std::string> cells;
    double sum = 0;
    for (double x : w) cells.push_back(fixed(x, 2)), sum += x;
    CHECK_THAT(sum, Catch::Matchers::WithinAbs(1.0, 1e-12));  // "each row ... add up to 1"
    ph.push_back("| " + word + " | " + join(cells, " | ") + " |");
  }
  require_only_computed(test::lesson_section(5), ph);
}

TEST_CASE("lesson 07: the positions-off puzzle's counting model at the race's defaults", "[lesson][race]") {
  const race::Settings s;
  const int n = s.T - 2, V = s.vocab;
  // The last symbol's count: 1 + Binomial(T - 2, 1/V) when first != last, 2 + it when equal.
  std::vector<double> b(static_cast<std::size_t>(n) + 1);
  for (int k = 0; k <= n; ++k)
    b[static_cast<std::size_t>(k)] = std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) +
                                              k * std::log(1.0 / V) + (n - k) * std::log(1 - 1.0 / V));
  const auto at = [&](int k) { return k >= 0 && k <= n ? b[static_cast<std::size_t>(k)] : 0.0; };
  double acc = 0;
  int threshold = -1;
  for (int c = 0; c <= s.T; ++c) {
    acc += 0.5 * std::max(at(c - 2), at(c - 1));
    if (threshold < 0 && at(c - 2) > at(c - 1)) threshold = c;
  }
  const std::string bin = "\\text{Binomial}(" + std::to_string(n) + ", 1/" + std::to_string(V) + ")";
  require_only_computed(test::lesson_section(7),
                        {"With $T = " + std::to_string(s.T) + "$ tokens over " + std::to_string(V) + " symbols",
                         "repeat the last symbol $" + bin + "$ times, " + fixed(static_cast<double>(n) / V, 1) + " on average",
                         "A count of " + std::to_string(threshold) + " or more", "comes to **" + fixed(acc, 3) + "**",
                         "by up to about " + fixed(acc, 2)},
                        // one run each (test_learning_outcomes.cpp, [story]); chance on two balanced classes
                        {"1.000", "0.56", "0.5"});
}

TEST_CASE("lesson 08: the multiply-adds of worked example 2's models at the race's defaults", "[lesson][cost]") {
  const race::Settings s;
  const double T = s.T, D = s.dmodel, H = s.hidden;
  const double gru_in = 3 * H * D, gru_state = 3 * H * H, gru = T * (gru_in + gru_state);
  const double proj = 3 * T * D * D, scores = T * T * D, total = proj + 2 * scores;
  // The explorer's counter (flops, 2 per multiply-add) agrees with the table's total.
  CHECK(explore::layer_forward_flops(explore::CostLayer::attention, T, D) == 2 * total);
  const double kv = 2 * T * D * D, answer = kv + D * D + 2 * T * D;
  const double answer_rounded = std::round(answer / 100) * 100;
  const double T_long = 1000;
  const double gru_long = T_long * (gru_in + gru_state);
  require_only_computed(
      test::lesson_section(8),
      {"$3H \\cdot D = " + grouped(gru_in) + "$", "$3H \\cdot H = " + grouped(gru_state) + "$",
       std::to_string(s.T) + " \\cdot (" + grouped(gru_in) + " + " + grouped(gru_state) + ") = " + std::to_string(s.T) +
           " \\cdot " + grouped(gru_in + gru_state) + " = " + grouped(gru),
       "| " + grouped(proj) + " |", "| " + grouped(scores) + " |", "| total | | " + grouped(total) + " |",
       "$2 \\cdot T \\cdot D^2 = " + grouped(kv) + "$", "($D^2 = " + grouped(D * D) + "$)",
       "($T \\cdot D = " + grouped(T * D) + "$) and one weighted sum (" + grouped(T * D) + ")",
       "about " + grouped(answer_rounded) + " multiply-adds",
       "about " + fixed(gru / total, 2) + " times the attention model's full matrix form ($" + grouped(gru) + " / " +
           grouped(total) + "$)",
       "about " + std::to_string(std::lround(gru / answer_rounded)) + " times what the attention model's answer needs ($" +
           grouped(gru) + " / " + grouped(answer_rounded) + "$)",
       "At $T = " + grouped(T_long) + "$ with the same widths, $T / d = " + fixed(T_long / D, 1) + "$",
       "to " + fixed(gru_long / 1e6, 2) + " million multiply-adds", "to " + grouped(3 * T_long * D * D),
       "$2 \\cdot " + grouped(T_long) + "^2 \\cdot " + std::to_string(s.dmodel) + " = " +
           std::to_string(std::lround(2 * T_long * T_long * D / 1e6)) + "$ million, about " +
           std::to_string(std::lround(2 * T_long * T_long * D / gru_long)) + " times the whole GRU"});
}

TEST_CASE("lesson 09 quotes only the module's own results, the glossary ln 2, 11 the patches' scores, the rest nothing",
          "[lesson]") {
  // The module's PyTorch run (its worked example 2): GRU 0.485, self-attention 1.000.
  // And chance: two balanced classes.
  require_only_computed(test::lesson_section(9), {"| GRU | 0.485 |", "| tiny self-attention | 1.000 |"}, {"0.5"});
  // The glossary's one number: a bit in nats.
  require_only_computed(test::read_repo_file("content/glossary.json"), {"ln 2 ≈ " + fixed(std::log(2.0), 3)});
  for (int n : {1, 2}) {
    INFO("lesson section " << n);
    const std::string text = test::lesson_section(n);
    REQUIRE_FALSE(text.empty());
    require_only_computed(text, {});
  }
  // Section 11's "from words to patches": a 224 x 224 photograph in 16 x 16 patches, every
  // patch scoring every patch, once per head and layer.
  const long patches = (224 / 16) * (224 / 16), scores = patches * patches;
  REQUIRE(patches == 196);
  require_only_computed(test::lesson_section(11), {std::to_string(patches) + " of them, about " +
                                                   grouped(std::lround(scores / 1000.0) * 1000.0) + " scores per head and layer"});
}
