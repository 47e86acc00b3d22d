// The lab's seed S is the module's experiment with seed S: the task's data, both
// models' initial weights and every epoch's minibatch order are what the module's
// numpy and PyTorch code draws (tests/reference/rng.txt, make_rng_reference.py).
#include <catch2/catch.hpp>

#include <numeric>

#include "rng_reference.hpp"
#include "race/trainer.hpp"

using namespace alab;
using namespace alab::race;
using test::bits_of;
using test::ref_ints;

namespace {

// As make_rng_reference.py's, over the values in row-major order.
std::int64_t checksum(const int* v, std::size_t n) {
  std::int64_t s = 0;
  for (std::size_t i = 0; i < n; ++i) s += static_cast<std::int64_t>(i % 9973 + 1) * v[i];
  return s;
}

std::vector<std::int64_t> widen(const int* p, std::size_t n) { return {p, p + n}; }

// The run configs of the reference: seed T vocab d_model hidden n_train n_val batch epochs.
Settings run_settings(int which) {
  const auto c = ref_ints("run:configs");
  REQUIRE(c.size() == 18);
  const auto* r = &c[static_cast<std::size_t>(which) * 9];
  Settings s;
  s.seed = static_cast<std::uint64_t>(r[0]);
  s.T = static_cast<int>(r[1]);
  s.vocab = static_cast<int>(r[2]);
  s.dmodel = static_cast<int>(r[3]);
  s.hidden = static_cast<int>(r[4]);
  s.n_train = static_cast<int>(r[5]);
  s.n_val = static_cast<int>(r[6]);
  s.n_test = s.n_val;
  s.batch = static_cast<int>(r[7]);
  s.epochs = static_cast<int>(r[8]);
  REQUIRE(validate(s).ok);
  return s;
}

const char* key(ModelKind k) { return k == ModelKind::gru ? "gru" : "attention"; }

}  // namespace

TEST_CASE("make_task gives the module's make_balanced data for the same seed", "[train][rng]") {
  const auto c = ref_ints("task:configs");  // seed T vocab n_train n_val n_test
  REQUIRE(c.size() == 12);
  for (int k = 0; k < 2; ++k) {
    Settings s;
    s.seed = static_cast<std::uint64_t>(c[k * 6]);
    s.T = static_cast<int>(c[k * 6 + 1]);
    s.vocab = static_cast<int>(c[k * 6 + 2]);
    s.n_train = static_cast<int>(c[k * 6 + 3]);
    s.n_val = static_cast<int>(c[k * 6 + 4]);
    s.n_test = static_cast<int>(c[k * 6 + 5]);
    if (s.batch > s.n_train) s.batch = s.n_train;
    REQUIRE(validate(s).ok);
    const TaskData data = make_task(s);
    const std::pair<const char*, const Dataset*> sets[] = {{"train", &data.train}, {"val", &data.val},
                                                           {"test", &data.test}};
    for (const auto& [name, d] : sets) {
      const std::string prefix = "task:" + std::to_string(s.seed) + ":" + name + ":";
      INFO(prefix);
      CHECK(widen(d->tokens.data(), 4u * s.T) == ref_ints(prefix + "first_rows"));
      CHECK(widen(d->labels.data(), 64) == ref_ints(prefix + "first_labels"));
      const auto sums = ref_ints(prefix + "checksums");
      REQUIRE(sums.size() == 2);
      CHECK(checksum(d->tokens.data(), d->tokens.size()) == sums[0]);
      CHECK(checksum(d->labels.data(), d->labels.size()) == sums[1]);
    }
  }
}

TEST_CASE("both models start from the module's initial weights, bit for bit", "[train][rng]") {
  for (int which = 0; which < 2; ++which) {
    const Settings s = run_settings(which);
    const TaskData data = make_task(s);
    for (ModelKind kind : {ModelKind::gru, ModelKind::attention}) {
      Trainer t(kind, s, data);
      for (const auto* p : t.model().params()) {
        const std::string name = "run:" + std::to_string(s.seed) + ":" + key(kind) + ":" + p->name;
        INFO(name);
        const auto expect = ref_ints(name);
        REQUIRE(expect.size() == static_cast<std::size_t>(p->w.size()));
        CHECK(bits_of(p->w.data(), expect.size()) == expect);
      }
    }
  }
}

TEST_CASE("without positional embeddings the other weights are still the module's", "[train][rng]") {
  Settings s = run_settings(0);
  s.positions = "off";
  s.pooling = "mean";  // pooling draws nothing either
  const TaskData data = make_task(s);
  Trainer t(ModelKind::attention, s, data);
  REQUIRE(t.model().params().size() == 6u);
  for (const auto* p : t.model().params()) {
    INFO(p->name);
    CHECK(bits_of(p->w.data(), static_cast<std::size_t>(p->w.size())) ==
          ref_ints("run:" + std::to_string(s.seed) + ":attention:" + p->name));
  }
}

TEST_CASE("each epoch's minibatch order is the module's DataLoader order", "[train][rng]") {
  for (int which = 0; which < 2; ++which) {
    const Settings s = run_settings(which);
    const TaskData data = make_task(s);
    for (ModelKind kind : {ModelKind::gru, ModelKind::attention}) {
      Trainer t(kind, s, data);
      for (int epoch = 1; epoch <= 3; ++epoch) {
        const std::string name =
            "run:" + std::to_string(s.seed) + ":" + key(kind) + ":order_epoch" + std::to_string(epoch);
        INFO(name);
        const std::vector<int>& order = t.epoch_order();
        const auto head = ref_ints(name + ":head");
        REQUIRE(!head.empty());
        CHECK(widen(order.data(), head.size()) == head);
        CHECK(checksum(order.data(), order.size()) == ref_ints(name + ":checksum").at(0));
        // A permutation of the training set.
        std::vector<int> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        std::vector<int> iota(sorted.size());
        std::iota(iota.begin(), iota.end(), 0);
        CHECK(sorted == iota);
        // Training the epoch draws nothing from the generator: the next order is the same
        // whether or not the epoch trained (here it does, one batch at a time).
        while (!t.train_some(1)) {
        }
        t.end_epoch();
      }
    }
  }
}
