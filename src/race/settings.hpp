// The race's settings (the module's worked example 2). Their defaults and ranges
// are content/widgets/race.json's, the struct generated from it at build time
// (cmake/SettingsSchema.cmake): nothing here repeats them. Reading, checking and
// storing one by key is core/widget_settings.hpp's, as for every widget.
#pragma once

#include <cstdint>
#include <string>

#include "core/status.hpp"
#include "nn/attention_pool.hpp"
#include "core/settings_schema.hpp"
#include "core/widget_schemas.hpp"
#include "core/widget_settings.hpp"
#include "settings/race.gen.hpp"

namespace alab::race {

enum class ModelKind { gru, attention };
const char* model_name(ModelKind kind);  // "GRU" | "Tiny self-attn" (the module's table)

// The race's schema (content/widgets/race.json, core/widget_schemas.hpp): the settings
// T, epochs, lr, seed, batch, hidden, dmodel, pooling, positions (settings::Race,
// generated from the file) and the fixed vocab, n_train, n_val, n_test.
inline const SettingsSchema& race_schema() { return widget_schema("race"); }

struct Settings : settings::Race {
  // Every field from the defaults and fixed values of the schema the engine applies
  // (the compiled-in file's, or the one a host set: core/widget_schemas.hpp).
  Settings();

  // The file's fixed numbers.
  int vocab, n_train, n_val, n_test;

  // The words of the choices, as the models take them.
  nn::Pooling pooling_kind() const;
  bool positions_on() const { return positions == "on"; }
};

// Ok, or an error naming the first bad setting and its allowed range: every schema
// setting within its range, and the engine's own consistency rules (set sizes even,
// batch no larger than the training set, a vocabulary of 2 to 1000 symbols).
Status validate(const Settings& s);

// "last" | "mean"; false for anything else.
bool parse_pooling(const std::string& text, nn::Pooling& out);
const char* pooling_name(nn::Pooling p);

}  // namespace alab::race
