#include "reading/behaviour.hpp"

#include <cmath>
#include <limits>

namespace alab::reading {

namespace {
int& token(race::Dataset& d, int i, int t) { return d.tokens(i, t); }

double accuracy(const race::Dataset& d, const Predict& predict, std::vector<int>* preds = nullptr) {
  int right = 0;
  if (preds) preds->resize(d.n());
  for (int i = 0; i < d.n(); ++i) {
    const int p = predict(d.sequence(i));
    if (preds) (*preds)[i] = p;
    right += p == d.labels[i];
  }
  return d.n() ? static_cast<double>(right) / d.n() : 0;
}
}  // namespace

race::Dataset counterfactual_set(const race::Dataset& d, int vocab) {
  race::Dataset out = d;
  const int T = d.T();
  for (int i = 0; i < d.n(); ++i) {
    const int first = token(out, i, 0);
    token(out, i, T - 1) = d.labels[i] == 1 ? (first + 1) % vocab : first;
    out.labels[i] = 1 - d.labels[i];
  }
  return out;
}

race::Dataset distractor_set(const race::Dataset& d) {
  race::Dataset out = d;
  for (int i = 0; i < d.n(); ++i)
    for (int t = 1; t + 1 < d.T(); ++t) token(out, i, t) = token(out, i, 0);
  return out;
}

race::Dataset constant_middle_set(const race::Dataset& d, int vocab) {
  race::Dataset out = d;
  for (int i = 0; i < d.n(); ++i) {
    const int first = token(out, i, 0), middle = (first + 1 + i % (vocab - 1)) % vocab;  // never the first
    for (int t = 1; t + 1 < d.T(); ++t) token(out, i, t) = middle;
    token(out, i, d.T() - 1) = first;
    out.labels[i] = 1;
  }
  return out;
}

BehaviourReport behaviour_report(const race::Dataset& test, int vocab, const Predict& predict) {
  BehaviourReport r;
  std::vector<int> before, after;
  r.accuracy = accuracy(test, predict, &before);
  const race::Dataset cf = counterfactual_set(test, vocab);
  r.counterfactual_accuracy = accuracy(cf, predict, &after);
  int flips = 0;
  for (int i = 0; i < test.n(); ++i) flips += after[i] != before[i];
  r.counterfactual_flips = test.n() ? static_cast<double>(flips) / test.n() : 0;
  std::vector<int> right(vocab, 0);
  r.count_by_first.assign(vocab, 0);
  for (int i = 0; i < test.n(); ++i) {
    const int f = test.sequence(i)[0];
    ++r.count_by_first[f];
    right[f] += before[i] == test.labels[i];
  }
  r.by_first.resize(vocab);
  for (int v = 0; v < vocab; ++v)
    r.by_first[v] = r.count_by_first[v] ? static_cast<double>(right[v]) / r.count_by_first[v] : std::numeric_limits<double>::quiet_NaN();
  r.distractor_accuracy = accuracy(distractor_set(test), predict);
  r.constant_middle_accuracy = accuracy(constant_middle_set(test, vocab), predict);
  return r;
}

}  // namespace alab::reading
