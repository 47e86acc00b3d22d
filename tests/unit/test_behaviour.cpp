// The behavioural tests' sets (reading/behaviour.hpp): a counterfactual changes only
// the last token and flips the label exactly (by the task's rule); distractors and
// constant middles keep or set the labels the rule gives; the report's numbers for
// a predictor that knows the rule, and for one that always says 1.
#include <catch2/catch.hpp>

#include "reading/behaviour.hpp"
#include "rng/numpy_rng.hpp"

using namespace alab;
using namespace alab::reading;

namespace {
int rule(const int* x, int T) { return x[0] == x[T - 1] ? 1 : 0; }
}  // namespace

TEST_CASE("counterfactuals change only the last token and flip the label", "[explore]") {
  rng::NumpyRng rng(11);
  const int T = 7, V = 4;
  const race::Dataset d = race::make_balanced(200, T, V, rng);
  const race::Dataset cf = counterfactual_set(d, V);
  for (int i = 0; i < d.n(); ++i) {
    for (int t = 0; t + 1 < T; ++t) CHECK(cf.sequence(i)[t] == d.sequence(i)[t]);
    CHECK(cf.labels[i] == 1 - d.labels[i]);
    CHECK(rule(cf.sequence(i), T) == cf.labels[i]);  // the rule agrees: exactly flipped
  }
  const race::Dataset dis = distractor_set(d), cm = constant_middle_set(d, V);
  for (int i = 0; i < d.n(); ++i) {
    CHECK(rule(dis.sequence(i), T) == dis.labels[i]);
    for (int t = 1; t + 1 < T; ++t) CHECK(dis.sequence(i)[t] == d.sequence(i)[0]);
    CHECK(cm.labels[i] == 1);
    CHECK(rule(cm.sequence(i), T) == 1);
    for (int t = 2; t + 1 < T; ++t) CHECK(cm.sequence(i)[t] == cm.sequence(i)[1]);
    CHECK(cm.sequence(i)[1] != cm.sequence(i)[0]);
  }
}

TEST_CASE("the behaviour report for a perfect and for a constant predictor", "[explore]") {
  rng::NumpyRng rng(3);
  const int T = 6, V = 3;
  const race::Dataset d = race::make_balanced(120, T, V, rng);
  const BehaviourReport perfect = behaviour_report(d, V, [&](const int* x) { return rule(x, T); });
  CHECK(perfect.accuracy == 1);
  CHECK(perfect.counterfactual_flips == 1);
  CHECK(perfect.distractor_accuracy == 1);
  CHECK(perfect.constant_middle_accuracy == 1);
  int counted = 0;
  for (int v = 0; v < V; ++v) {
    counted += perfect.count_by_first[v];
    if (perfect.count_by_first[v]) CHECK(perfect.by_first[v] == 1);
  }
  CHECK(counted == d.n());
  const BehaviourReport ones = behaviour_report(d, V, [](const int*) { return 1; });
  CHECK(ones.accuracy == Approx(0.5));  // balanced
  CHECK(ones.counterfactual_flips == 0);
  CHECK(ones.constant_middle_accuracy == 1);
}
