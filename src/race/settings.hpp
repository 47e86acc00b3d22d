// The race's settings (the module's worked example 2). Their defaults and ranges
// are content/widgets/race.json's, compiled in at build time (settings_schema.hpp):
// nothing here repeats them.
#pragma once

#include <cstdint>
#include <string>

#include "core/status.hpp"
#include "nn/attention_pool.hpp"
#include "core/settings_schema.hpp"
#include "core/widget_schemas.hpp"

namespace alab::race {

enum class ModelKind { gru, attention };
const char* model_name(ModelKind kind);  // "GRU" | "Tiny self-attn" (the module's table)

// The race's schema (content/widgets/race.json, core/widget_schemas.hpp): the keys
// T, epochs, lr, seed, batch, hidden, dmodel, pooling, positions; fixed vocab, n_train,
// n_val, n_test. Settings has a field of the same name for each.
inline const SettingsSchema& race_schema() { return widget_schema("race"); }

struct Settings {
  // Every field from the schema's defaults and fixed values.
  explicit Settings(const SettingsSchema& schema = race_schema());

  // Named as the schema's keys (race.json, the page, links, hand-ins): one name a setting.
  int T;              // sequence length
  int vocab;
  int dmodel;         // D: embedding width of both models, and the attention model's d_k
  int hidden;         // H, GRU
  int batch;
  double lr;          // Adam
  int epochs;
  std::uint64_t seed;
  nn::Pooling pooling;
  bool positions;     // learned positional embedding in the attention model ("on")
  int n_train, n_val, n_test;
};

// One setting by its schema key, stored without its range check (validate, which a
// session's start runs, checks every range once): refused when the key is unknown,
// the kind wrong, or the value one the engine cannot hold; s is unchanged then.
Status assign_setting(Settings& s, const std::string& key, double value,
                      const SettingsSchema& schema = race_schema());
Status assign_setting(Settings& s, const std::string& key, const std::string& value,
                      const SettingsSchema& schema = race_schema());

// The same, range checked at once, for a caller that reports each key as it reads it
// (the command-line runner): the schema's message when the value is out of range.
Status set_setting(Settings& s, const std::string& key, double value,
                   const SettingsSchema& schema = race_schema());
Status set_setting(Settings& s, const std::string& key, const std::string& value,
                   const SettingsSchema& schema = race_schema());

// Ok, or an error naming the first bad setting and its allowed range: every schema
// setting within its range, and the engine's own consistency rules (set sizes even,
// batch no larger than the training set, a vocabulary of 2 to 1000 symbols).
Status validate(const Settings& s, const SettingsSchema& schema = race_schema());

// "last" | "mean"; false for anything else.
bool parse_pooling(const std::string& text, nn::Pooling& out);
const char* pooling_name(nn::Pooling p);

}  // namespace alab::race
