// A widget's settings schema: the keys, kinds, defaults and ranges of the settings a
// student can change, as content/widgets/NAME.json defines them. The engine checks
// settings against it with the same rules and words as the page's parser
// (web/js/settings/settings-schema.js), so the page, its links and the engine cannot disagree.
//
// Every widget's schema is compiled in from its file at build time
// (cmake/SettingsSchema.cmake) and looked up by widget name (core/widget_schemas.hpp);
// the web worker replaces them, once, with the ones its pages were built with.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"

namespace alab {

enum class SettingKind { integer, real, choice };  // "int" | "float" | "choice"

struct SettingSpec {
  std::string key, label;
  SettingKind kind = SettingKind::integer;
  double default_number = 0, min = 0, max = 0;  // integer, real
  std::vector<std::string> choices;             // choice
  std::string default_choice;                   // choice
};

struct SettingsSchema {
  std::vector<std::pair<std::string, double>> fixed;  // e.g. n_train = 2400
  std::vector<SettingSpec> settings;

  const SettingSpec* find(const std::string& key) const;
  // The fixed value called name, or `otherwise` when there is none.
  double fixed_or(const std::string& name, double otherwise) const;
};

// "a whole number from 2 to 100" | "a number from 1e-6 to 1" | "one of last, mean"
std::string range_text(const SettingSpec& spec);

// Ok, or "<label>: <why>; use <range text>." as web/js/settings/settings-schema.js words it.
Status check_number(const SettingSpec& spec, double value);
Status check_choice(const SettingSpec& spec, const std::string& value);

// A number as JavaScript's String(x) writes it (shortest round-trip digits;
// exponent form below 1e-6 and from 1e21), so messages match the page's.
std::string js_number_text(double x);

}  // namespace alab
