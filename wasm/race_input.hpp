// How the race's bindings (race_bind.cpp, reading_bind.cpp) read a race's settings
// from the page: {T: 30, ...}, every key through the race's schema (the site's, which
// the worker set once at start, core/widget_schemas.hpp). Values are stored here and
// range-checked once, by the session's start() (race::validate).
#pragma once

#include "embind_support.hpp"
#include "heap_budget.hpp"
#include "race/race_session.hpp"

namespace alab::wasm {

// Numbers for int and float settings, words for choices; keys left out keep their defaults.
inline Status race_settings_of(const val& js, race::Settings& out) {
  const SettingsSchema& schema = race::race_schema();
  race::Settings s(schema);
  if (!js.isUndefined() && !js.isNull()) {
    for (const SettingSpec& spec : schema.settings) {
      const val v = js[spec.key];
      if (v.isUndefined()) continue;
      Status st;
      if (spec.kind == SettingKind::choice && v.isString())
        st = race::assign_setting(s, spec.key, v.as<std::string>(), schema);
      else if (spec.kind != SettingKind::choice && v.isNumber())
        st = race::assign_setting(s, spec.key, v.as<double>(), schema);
      else
        st = Status::error(spec.label + ": not " + (spec.kind == SettingKind::choice ? "a word" : "a number") +
                           "; use " + range_text(spec) + ".");
      if (!st) return st;
    }
  }
  out = s;
  return Status::success();
}

// A race session's start({settings}, threads), for any session class that is a race.
template <class S>
Status start_race(S& race, val input, bool threads) {
  race.set_memory_budget(kHeapBudget);
  race::Settings s;
  if (Status st = race_settings_of(input["settings"], s); !st) return st;
  return race.start(s, threads);
}

}  // namespace alab::wasm
