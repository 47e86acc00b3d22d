// What every widget's settings struct can do, written once. The structs themselves are
// generated from content/widgets/NAME.json (cmake/SettingsSchema.cmake writes
// settings/NAME.gen.hpp): alab::settings::Comments has a field per setting, named as its
// key, and fields(f), which calls f(key, &Comments::key) for each. Nothing below names
// a key: a setting added to a widget's file is checked, read from a page's object and
// read from a command's flags with no other edit.
//
//   settings::Comments s = schema_defaults<settings::Comments>();   // the schema's defaults
//   set_setting(s, "bias", "0.8");             // a command's flag: parsed, checked, stored
//   check_settings(s);                         // every field in its range, or the message
//
// Ranges and defaults come from the schema the engine applies (core/widget_schemas.hpp:
// the compiled-in file, or the one a host set), so they are the page's. A field's C++
// type bounds what it can hold (an int, a 32-bit seed): a host's schema that allows more
// is refused here in words, never wrapped around.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "core/quote.hpp"
#include "core/settings_schema.hpp"
#include "core/status.hpp"
#include "core/widget_schemas.hpp"

namespace alab {

namespace detail {

template <class T>
constexpr bool is_word = std::is_same_v<T, std::string>;

// Whether v fits the field's type (after the schema's check: whole where it must be).
template <class T>
bool fits(double v) {
  if constexpr (std::is_same_v<T, double>) return true;
  else return v >= double(std::numeric_limits<T>::lowest()) && v <= double(std::numeric_limits<T>::max());
}

}  // namespace detail

// A setting's value as a number (words are not numbers).
template <class T>
Status store_setting(const char* widget, const char* key, T& field, double v) {
  if constexpr (detail::is_word<T>) {
    (void)v, (void)field;
    const SettingSpec& spec = widget_setting(widget, key);
    return Status::error(spec.label + ": not a word; use " + range_text(spec) + ".");
  } else {
    if (Status st = check_setting(widget, key, v); !st) return st;
    if (!detail::fits<T>(v))
      return Status::error(widget_setting(widget, key).label + ": the engine holds values from " +
                           js_number_text(double(std::numeric_limits<T>::lowest())) + " to " +
                           js_number_text(double(std::numeric_limits<T>::max())));
    field = static_cast<T>(v);
    return Status::success();
  }
}

// A setting's value as a word (a choice).
template <class T>
Status store_setting(const char* widget, const char* key, T& field, const std::string& word) {
  const SettingSpec& spec = widget_setting(widget, key);
  if constexpr (detail::is_word<T>) {
    if (Status st = check_choice(spec, word); !st) return st;
    field = word;
    return Status::success();
  } else {
    (void)field, (void)word;
    return Status::error(spec.label + ": not a number; use " + range_text(spec) + ".");
  }
}

// Every setting at the defaults of the schema the engine applies.
template <class S>
S schema_defaults() {
  S s;
  S::fields([&](const char* key, auto member) {
    const SettingSpec& spec = widget_setting(S::widget, key);
    auto& field = s.*member;
    if constexpr (detail::is_word<std::decay_t<decltype(field)>>) field = spec.default_choice;
    else field = static_cast<std::decay_t<decltype(field)>>(spec.default_number);
  });
  return s;
}

// Ok, or the first setting out of its range in the schema's words.
template <class S>
Status check_settings(const S& s) {
  Status out = Status::success();
  S::fields([&](const char* key, auto member) {
    if (!out) return;
    const auto& field = s.*member;
    if constexpr (detail::is_word<std::decay_t<decltype(field)>>) out = check_setting(S::widget, key, field);
    else out = check_setting(S::widget, key, static_cast<double>(field));
  });
  return out;
}

template <class S>
bool has_setting(const std::string& key) {
  bool found = false;
  S::fields([&](const char* k, auto) { found = found || key == k; });
  return found;
}

// One setting by key, from text as a page reads a typed field or a link (a number must
// be the whole text), or from a number as a page's object gives one; range-checked,
// then stored. s is unchanged when it is refused.
template <class S>
Status set_setting(S& s, const std::string& key, const std::string& text) {
  Status out = Status::error(quoted(key) + " is not a setting of the " + S::widget + " widget");
  S::fields([&](const char* k, auto member) {
    if (key != k) return;
    auto& field = s.*member;
    if constexpr (detail::is_word<std::decay_t<decltype(field)>>) {
      out = store_setting(S::widget, k, field, text);
    } else {
      char* end = nullptr;
      const double v = std::strtod(text.c_str(), &end);
      if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
        out = Status::error(widget_setting(S::widget, k).label + ": " + quoted(text) + " is not a number; use " +
                            range_text(widget_setting(S::widget, k)) + ".");
      else
        out = store_setting(S::widget, k, field, v);
    }
  });
  return out;
}

template <class S>
Status set_setting(S& s, const std::string& key, double value) {
  Status out = Status::error(quoted(key) + " is not a setting of the " + S::widget + " widget");
  S::fields([&](const char* k, auto member) {
    if (key == k) out = store_setting(S::widget, k, s.*member, value);
  });
  return out;
}

// "  --bias  How often ... (a number from 0.5 to 1; 0.9)\n" for every setting: a
// command's help, from the schema.
template <class S>
std::string settings_help() {
  std::string out;
  S::fields([&](const char* key, auto) {
    const SettingSpec& spec = widget_setting(S::widget, key);
    const std::string def = spec.kind == SettingKind::choice ? spec.default_choice : js_number_text(spec.default_number);
    out += std::string("  --") + key + "  " + spec.label + " (" + range_text(spec) + "; default " + def + ")\n";
  });
  return out;
}

// {"T":30,"pooling":"last",...}: the settings as JSON, numbers as the page writes them.
template <class S>
std::string settings_json(const S& s) {
  std::string out = "{";
  S::fields([&](const char* key, auto member) {
    const auto& field = s.*member;
    out += (out.size() > 1 ? ",\"" : "\"") + std::string(key) + "\":";
    if constexpr (detail::is_word<std::decay_t<decltype(field)>>) {
      out += '"';
      for (char c : field) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
      out += '"';
    } else {
      out += js_number_text(static_cast<double>(field));
    }
  });
  return out + "}";
}

}  // namespace alab
