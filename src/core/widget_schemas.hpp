// Every widget's settings schema, by widget name ("race", "cost", ...): the one place
// the engine looks up a widget's ranges, defaults and fixed sizes, so that no C++ file
// holds them literally. The schemas are content/widgets/NAME.json, compiled in at
// build time (cmake/SettingsSchema.cmake). A host may replace them once, before any
// engine call, with the ones its pages were built with (the web worker does, at
// start): a site rebuilt from edited content/ then applies the edited ranges in the
// engine too, without a C++ toolchain.
//
//   check_setting("scaling", "d_k", 2048)  ->  "Dimension d_k: 2048 is out of range;
//                                               use a whole number from 1 to 1024."
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/settings_schema.hpp"
#include "core/status.hpp"

namespace alab {

using WidgetSchemas = std::vector<std::pair<std::string, SettingsSchema>>;

// The schema the engine applies for `widget` (an empty one for an unknown name).
const SettingsSchema& widget_schema(const std::string& widget);

// The compiled-in schemas, whatever a host set.
const WidgetSchemas& compiled_schemas();

// Replaces the schemas of the widgets named in `schemas` (others keep the compiled-in
// one). Not thread-safe: call it before any engine work starts.
void use_widget_schemas(const WidgetSchemas& schemas);

// One setting's spec: the host's, or the compiled-in one where the host's schema lacks
// the key (the engine always has a range to apply). Aborts on a key no file defines:
// that is a programming error, caught by the first test that runs the widget.
const SettingSpec& widget_setting(const std::string& widget, const std::string& key);

// A fixed number of the widget ("maxTokens"), the same way.
double widget_fixed(const std::string& widget, const std::string& name);

// Ok, or the schema's message ("<label>: <why>; use <range>.").
Status check_setting(const std::string& widget, const std::string& key, double value);
Status check_setting(const std::string& widget, const std::string& key, const std::string& word);

}  // namespace alab
