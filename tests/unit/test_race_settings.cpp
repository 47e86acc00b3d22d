// Settings: the module's defaults, the schema compiled in from content/widgets/race.json,
// refusals that name the setting and its range, and a schema passed at run time.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "race/settings.hpp"

using namespace alab;
using namespace alab::race;
using Catch::Matchers::Contains;

TEST_CASE("defaults are worked example 2's settings", "[train][settings]") {
  const Settings s;
  CHECK(s.T == 30);
  CHECK(s.vocab == 8);
  CHECK(s.dmodel == 16);
  CHECK(s.hidden == 20);
  CHECK(s.batch == 64);
  CHECK(s.lr == 5e-3);
  CHECK(s.epochs == 35);
  CHECK(s.seed == 3151u);
  CHECK(s.pooling == "last");
  CHECK(s.pooling_kind() == alab::nn::Pooling::last);
  CHECK(s.positions_on());
  CHECK(s.n_train == 2400);
  CHECK(s.n_val == 600);
  CHECK(s.n_test == 600);
  CHECK(validate(s).ok);
}

TEST_CASE("every schema key sets its field, with the page's words for bad values", "[train][settings]") {
  Settings s;
  CHECK(set_setting(s, "T", "12").ok);
  CHECK(set_setting(s, "dmodel", "32").ok);
  CHECK(set_setting(s, "seed", "4294967295").ok);
  CHECK(set_setting(s, "pooling", "mean").ok);
  CHECK(set_setting(s, "positions", "off").ok);
  CHECK(s.T == 12);
  CHECK(s.dmodel == 32);
  CHECK(s.seed == 4294967295u);
  CHECK(s.pooling_kind() == alab::nn::Pooling::mean);
  CHECK_FALSE(s.positions_on());
  CHECK(validate(s).ok);

  struct Case {
    const char* key;
    double value;
    const char* message;  // as web/js/settings/settings-schema.js's parseSetting words it
  };
  const Case cases[] = {
      {"T", 1, "Sequence length T: 1 is out of range; use a whole number from 2 to 100."},
      {"T", 101, "Sequence length T: 101 is out of range; use a whole number from 2 to 100."},
      {"T", 2.5, "Sequence length T: 2.5 is not a whole number; use a whole number from 2 to 100."},
      {"epochs", 0, "Epochs: 0 is out of range; use a whole number from 1 to 200."},
      {"lr", 0, "Learning rate: 0 is out of range; use a number from 0.000001 to 1."},
      {"lr", std::numeric_limits<double>::infinity(), "Learning rate: \"Infinity\" is too large; use a number from 0.000001 to 1."},
      {"seed", -1, "Seed: -1 is out of range; use a whole number from 0 to 4294967295."},
      {"batch", 513, "Batch size: 513 is out of range; use a whole number from 1 to 512."},
      {"hidden", 129, "GRU hidden size: 129 is out of range; use a whole number from 1 to 128."},
  };
  for (const Case& c : cases) {
    Settings t;
    INFO(c.key << " = " << c.value);
    const auto st = set_setting(t, c.key, c.value);
    CHECK_FALSE(st.ok);
    CHECK(st.message == c.message);
  }
  Settings t;
  CHECK(set_setting(t, "pooling", "max").message == "Attention pooling: \"max\" is not allowed; use one of last, mean.");
  CHECK(set_setting(t, "T", "ten").message == "Sequence length T: \"ten\" is not a number; use a whole number from 2 to 100.");
  CHECK(set_setting(t, "T", "").message == "Sequence length T: \"\" is not a number; use a whole number from 2 to 100.");
  CHECK_THAT(set_setting(t, "colour", "1").message, Contains("\"colour\" is not a setting of the race widget"));
  CHECK(t.T == 30);  // refused values leave the settings as they were
}

TEST_CASE("validate checks every schema range and the engine's own rules", "[train][settings]") {
  struct Case {
    void (*edit)(Settings&);
    const char* text;
  };
  const Case cases[] = {
      {[](Settings& s) { s.T = 1; }, "Sequence length T: 1 is out of range"},
      {[](Settings& s) { s.epochs = 201; }, "Epochs: 201 is out of range"},
      {[](Settings& s) { s.lr = std::numeric_limits<double>::quiet_NaN(); }, "Learning rate: \"NaN\" is too large"},
      {[](Settings& s) { s.dmodel = 0; }, "Model width d: 0 is out of range"},
      {[](Settings& s) { s.vocab = 1; }, "vocabulary size must be between 2 and 1000"},
      {[](Settings& s) { s.n_train = 2401; }, "training set size must be an even number"},
      {[](Settings& s) { s.n_val = 1; }, "validation set size must be an even number"},
      {[](Settings& s) { s.n_train = 100, s.batch = 101; }, "larger than the training set"},
  };
  for (const Case& c : cases) {
    Settings s;
    c.edit(s);
    INFO(c.text);
    CHECK_THAT(validate(s).message, Contains(c.text));
  }
}

TEST_CASE("a schema a host sets gives the defaults and the ranges", "[train][settings]") {
  const SettingsSchema compiled = race_schema();
  SettingsSchema schema = compiled;
  for (SettingSpec& spec : schema.settings)
    if (spec.key == "T") spec.max = 60, spec.default_number = 40;
  schema.fixed = {{"vocab", 6}, {"n_train", 800}, {"n_val", 200}, {"n_test", 200}};
  use_widget_schemas({{"race", schema}});
  Settings s;
  CHECK(s.T == 40);
  CHECK(s.vocab == 6);
  CHECK(s.n_train == 800);
  CHECK(validate(s).ok);
  CHECK(set_setting(s, "T", "60").ok);
  CHECK(set_setting(s, "T", "61").message == "Sequence length T: 61 is out of range; use a whole number from 2 to 60.");
  s.T = 80;  // allowed by the compiled-in schema, not by this one
  CHECK_THAT(validate(s).message, Contains("from 2 to 60"));
  // A host's range wider than the field holds is refused in words, never wrapped.
  for (SettingSpec& spec : schema.settings)
    if (spec.key == "seed") spec.max = 1e12;
  use_widget_schemas({{"race", schema}});
  CHECK(set_setting(s, "seed", "5000000000").message == "Seed: the engine holds values from 0 to 4294967295");
  use_widget_schemas({{"race", compiled}});
  s.T = 80;
  CHECK(validate(s).ok);
}

TEST_CASE("numbers are written as the page writes them", "[train][settings]") {
  CHECK(js_number_text(0.005) == "0.005");
  CHECK(js_number_text(1e-6) == "0.000001");
  CHECK(js_number_text(1e-7) == "1e-7");
  CHECK(js_number_text(4294967295.0) == "4294967295");
  CHECK(js_number_text(-2.5) == "-2.5");
  CHECK(js_number_text(1e21) == "1e+21");
  CHECK(js_number_text(123456789012345680000.0) == "123456789012345680000");
  CHECK(js_number_text(0.1 + 0.2) == "0.30000000000000004");
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
