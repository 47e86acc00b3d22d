// Reading a trained attention model (reading/attention_reading.hpp) on a small model
// with fixed weights: the classifying row by hand, a masked position, a swap; the
// adversarial row keeps the answer within its tolerance, moves the row, and no random
// row that keeps the answer is further away; the whole-set ablation.
#include <catch2/catch.hpp>
#include <cmath>

#include "reading/attention_reading.hpp"
#include "rng/pcg32.hpp"

using namespace alab;
using namespace alab::reading;

namespace {
// Tokens 0, 1, 2 embedded as (1, 0), (0, 1), (1, 1); identity projections; the logits
// read z directly with a bias of -0.2 on class 1.
ReadModel small_model() {
  ReadModel m;
  m.emb = MatD(3, 2);
  m.emb << 1, 0, 0, 1, 1, 1;
  m.Wq = MatD::Identity(2, 2);
  m.Wk = MatD::Identity(2, 2);
  m.Wv = MatD::Identity(2, 2);
  m.fc_w = MatD::Identity(2, 2);
  m.fc_b[1] = -0.2;
  return m;
}

std::vector<double> softmax(std::vector<double> s) {
  double sum = 0;
  for (double& x : s) sum += x = std::exp(x);
  for (double& x : s) x /= sum;
  return s;
}
}  // namespace

TEST_CASE("the classifying row, a masked position and a swap, by hand", "[explore]") {
  const ReadModel m = small_model();
  const double k = 1 / std::sqrt(2.0);
  Reading r;
  // x = 0 1 2: the query is e(2) = (1, 1); the scores (1, 1, 2) / sqrt 2.
  REQUIRE(read_sequence(m, {0, 1, 2}, {}, r));
  const auto a = softmax({k, k, 2 * k});
  for (int j = 0; j < 3; ++j) CHECK(r.alpha[j] == Approx(a[j]).margin(1e-12));
  // z = a0 (1, 0) + a1 (0, 1) + a2 (1, 1); logits (z0, z1 - 0.2): z0 = z1, so class 0.
  CHECK(r.pred == 0);
  CHECK(r.p1 == Approx(1 / (1 + std::exp(0.2))));
  // Masking position 3 (the most attended): the first two share the weight equally.
  REQUIRE(read_sequence(m, {0, 1, 2}, {2}, r));
  CHECK(r.alpha[0] == Approx(0.5));
  CHECK(r.alpha[1] == Approx(0.5));
  CHECK(r.alpha[2] == 0);
  // Swapping the first and last tokens: x = 2 1 0, the query e(0) = (1, 0), scores (1, 0, 1) / sqrt 2.
  REQUIRE(read_sequence(m, {2, 1, 0}, {}, r));
  const auto b = softmax({k, 0, k});
  for (int j = 0; j < 3; ++j) CHECK(r.alpha[j] == Approx(b[j]).margin(1e-12));
  // z = b0 (1, 1) + b1 (0, 1) + b2 (1, 0): z0 = b0 + b2 > z1 - 0.2 = b0 + b1 - 0.2.
  CHECK(r.pred == 0);
  CHECK_FALSE(read_sequence(m, {0, 1, 2}, {0, 1, 2}, r));
  CHECK(read_sequence(m, {0, 1, 2}, {3}, r).message == "there is no position 4 to mask");
  CHECK_FALSE(read_sequence(m, {0, 5}, {}, r));
}

TEST_CASE("Jensen-Shannon divergence in bits", "[explore]") {
  CHECK(jensen_shannon_bits({0.5, 0.5}, {0.5, 0.5}) == Approx(0).margin(1e-15));
  CHECK(jensen_shannon_bits({1, 0}, {0, 1}) == Approx(1));
  // p = (1, 0), q = (1/2, 1/2): m = (3/4, 1/4); H(m) - (0 + 1) / 2.
  const double hm = -(0.75 * std::log2(0.75) + 0.25 * std::log2(0.25));
  CHECK(jensen_shannon_bits({1, 0}, {0.5, 0.5}) == Approx(hm - 0.5));
}

TEST_CASE("a different map with the same answer: within the tolerance, further than any random one", "[explore]") {
  ReadModel m = small_model();
  m.fc_b[1] = 0.3;  // class 1 for the sequence below
  const std::vector<int> x = {2, 0, 1, 0, 2};
  for (double tol : {0.02, 0.1, 0.3}) {
    Adversary adv;
    REQUIRE(adversarial_row(m, x, tol, adv));
    INFO("tol " << tol);
    CHECK(adv.reading.pred == adv.learned.pred);
    CHECK(std::abs(adv.reading.prob() - adv.learned.prob()) <= tol + 1e-12);
    CHECK(adv.jsd > 0.01);
    double sum = 0;
    for (double a : adv.alpha) sum += a;
    CHECK(sum == Approx(1));
    CHECK(adv.jsd == Approx(jensen_shannon_bits(adv.learned.alpha, adv.alpha)));
    // No random row on the simplex that keeps the answer is further from the learned one.
    rng::Pcg32 rng(5, 1);
    for (int k = 0; k < 3000; ++k) {
      std::vector<double> a(x.size());
      double s = 0;
      for (double& v : a) s += v = -std::log(1 - rng.uniform01()) * (k % 2 ? 1 : 0.1);  // flat and peaked rows
      for (double& v : a) v /= s;
      const Reading r = read_with_row(m, x, a);
      if (r.pred == adv.learned.pred && std::abs(r.prob() - adv.learned.prob()) <= tol)
        CHECK(jensen_shannon_bits(adv.learned.alpha, a) <= adv.jsd + 1e-9);
    }
  }
  Adversary adv;
  CHECK(adversarial_row(m, x, 1.5, adv).message == "the tolerance is a change of probability: from 0 to 1");
}

TEST_CASE("masking over a whole set: as trained, the top, a random and the first position", "[explore]") {
  const ReadModel m = small_model();
  const xt::xtensor<int, 2> tokens = {{0, 1, 2}, {2, 1, 0}, {1, 1, 0}, {2, 2, 2}};
  const std::vector<int> labels = {0, 0, 1, 1};
  AblationSummary s, again;
  REQUIRE(ablate_set(m, tokens, labels, 7, s));
  REQUIRE(ablate_set(m, tokens, labels, 7, again));
  CHECK(s.n == 4);
  CHECK(s.random_masked == again.random_masked);  // seeded
  // As trained, from the single readings.
  double right = 0;
  for (int i = 0; i < 4; ++i) {
    Reading r;
    REQUIRE(read_sequence(m, {tokens(i, 0), tokens(i, 1), tokens(i, 2)}, {}, r));
    right += r.pred == labels[i];
  }
  CHECK(s.as_trained == Approx(right / 4));
  CHECK_FALSE(ablate_set(m, tokens, {0, 0, 1}, 7, s));  // 4 sequences, 3 labels
}
