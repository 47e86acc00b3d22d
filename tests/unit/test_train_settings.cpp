// Settings: the module's defaults, and refusals that name the setting and its range.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "train/settings.hpp"

using namespace alab::train;
using Catch::Matchers::Contains;

TEST_CASE("defaults are worked example 2's settings", "[train][settings]") {
  const Settings s;
  CHECK(s.seq_len == 30);
  CHECK(s.vocab == 8);
  CHECK(s.d_model == 16);
  CHECK(s.hidden == 20);
  CHECK(s.batch == 64);
  CHECK(s.lr == 5e-3);
  CHECK(s.epochs == 35);
  CHECK(s.seed == 3151u);
  CHECK(s.pooling == alab::nn::Pooling::last);
  CHECK(s.positional);
  CHECK(s.n_train == 2400);
  CHECK(s.n_val == 600);
  CHECK(s.n_test == 600);
  CHECK(validate(s).ok);
}

TEST_CASE("bad settings are refused with the setting's name and range", "[train][settings]") {
  struct Case {
    void (*edit)(Settings&);
    const char* name;
    const char* range;
  };
  const Case cases[] = {
      {[](Settings& s) { s.seq_len = 1; }, "sequence length T", "between 2 and 512"},
      {[](Settings& s) { s.seq_len = 513; }, "sequence length T", "between 2 and 512"},
      {[](Settings& s) { s.vocab = 1; }, "vocabulary size", "between 2 and 1000"},
      {[](Settings& s) { s.epochs = 0; }, "epochs", "between 1 and 1000"},
      {[](Settings& s) { s.epochs = 1001; }, "epochs", "between 1 and 1000"},
      {[](Settings& s) { s.lr = 0; }, "learning rate", "greater than 0"},
      {[](Settings& s) { s.lr = -1e-3; }, "learning rate", "greater than 0"},
      {[](Settings& s) { s.lr = std::numeric_limits<double>::quiet_NaN(); }, "learning rate", "finite"},
      {[](Settings& s) { s.lr = std::numeric_limits<double>::infinity(); }, "learning rate", "finite"},
      {[](Settings& s) { s.batch = 0; }, "batch size", "between 1 and 2400"},
      {[](Settings& s) { s.batch = 2401; }, "batch size", "between 1 and 2400"},
      {[](Settings& s) { s.d_model = 0; }, "d_model", "between 1 and 256"},
      {[](Settings& s) { s.hidden = 257; }, "GRU hidden size", "between 1 and 256"},
      {[](Settings& s) { s.n_train = 2401; }, "training set size", "even number"},
      {[](Settings& s) { s.n_val = 1; }, "validation set size", "between 2 and 100000"},
      {[](Settings& s) { s.n_test = 7; }, "test set size", "even number"},
  };
  for (const Case& c : cases) {
    Settings s;
    c.edit(s);
    const auto st = validate(s);
    INFO(c.name);
    CHECK_FALSE(st.ok);
    CHECK_THAT(st.message, Contains(c.name) && Contains(c.range));
  }
}

TEST_CASE("pooling names round-trip", "[train][settings]") {
  alab::nn::Pooling p;
  CHECK(parse_pooling("mean", p));
  CHECK(p == alab::nn::Pooling::mean);
  CHECK(std::string(pooling_name(p)) == "mean");
  CHECK(parse_pooling("last", p));
  CHECK(p == alab::nn::Pooling::last);
  CHECK_FALSE(parse_pooling("max", p));
}
