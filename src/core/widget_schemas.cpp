#include "core/widget_schemas.hpp"

#include <cstdio>
#include <cstdlib>

// compiled_widget_schemas(): content/widgets/*.json as C++, written by
// cmake/SettingsSchema.cmake into the build folder.
#include "widget_schemas.gen.hpp"

namespace alab {
namespace {

WidgetSchemas& active() {
  static WidgetSchemas schemas = compiled_widget_schemas();
  return schemas;
}

const SettingsSchema* find_in(const WidgetSchemas& all, const std::string& widget) {
  for (const auto& [name, schema] : all)
    if (name == widget) return &schema;
  return nullptr;
}

[[noreturn]] void missing(const std::string& widget, const std::string& what) {
  std::fprintf(stderr, "content/widgets/%s.json defines no %s\n", widget.c_str(), what.c_str());
  std::abort();
}

}  // namespace

const WidgetSchemas& compiled_schemas() {
  static const WidgetSchemas schemas = compiled_widget_schemas();
  return schemas;
}

const SettingsSchema& widget_schema(const std::string& widget) {
  static const SettingsSchema empty;
  const SettingsSchema* s = find_in(active(), widget);
  return s ? *s : empty;
}

void use_widget_schemas(const WidgetSchemas& schemas) {
  WidgetSchemas& all = active();
  for (const auto& [name, schema] : schemas) {
    bool replaced = false;
    for (auto& [n, s] : all)
      if (n == name) s = schema, replaced = true;
    if (!replaced) all.emplace_back(name, schema);
  }
}

const SettingSpec& widget_setting(const std::string& widget, const std::string& key) {
  if (const SettingSpec* spec = widget_schema(widget).find(key)) return *spec;
  const SettingsSchema* built_in = find_in(compiled_schemas(), widget);
  if (const SettingSpec* spec = built_in ? built_in->find(key) : nullptr) return *spec;
  missing(widget, "setting \"" + key + "\"");
}

double widget_fixed(const std::string& widget, const std::string& name) {
  for (const SettingsSchema* s : {&widget_schema(widget), find_in(compiled_schemas(), widget)})
    if (s)
      for (const auto& [n, v] : s->fixed)
        if (n == name) return v;
  missing(widget, "fixed value \"" + name + "\"");
}

Status check_setting(const std::string& widget, const std::string& key, double value) {
  return check_number(widget_setting(widget, key), value);
}

Status check_setting(const std::string& widget, const std::string& key, const std::string& word) {
  return check_choice(widget_setting(widget, key), word);
}

}  // namespace alab
