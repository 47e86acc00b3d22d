// How the race's bindings (race_bind.cpp, reading_bind.cpp) read a race's input from
// the page: {settings: {T: 30, ...}, schema?}, through content/widgets/race.json as
// the page has it (the page and the engine apply the same ranges), or, without it, the
// one compiled in from the same file; and how much heap a race may fill.
#pragma once

#include "embind_support.hpp"
#include "race/race_session.hpp"

namespace alab::wasm {

// The threaded build's heap is fixed (wasm/CMakeLists.txt: INITIAL_MEMORY 256 MB, less
// code, stacks and the page's other work); the single-thread build grows to
// WebAssembly's 2 GB (less the same margin).
#ifdef __EMSCRIPTEN_PTHREADS__
constexpr double kRaceMemoryBudget = 216.0 * (1 << 20);
#else
constexpr double kRaceMemoryBudget = 1800.0 * (1 << 20);
#endif

// {key: value} settings from a page, every key through the schema (race::set_setting):
// numbers for int and float settings, words for choices; keys left out keep their defaults.
inline Status settings_from_js(const val& js, const SettingsSchema& schema, race::Settings& out) {
  race::Settings s(schema);
  for (const SettingSpec& spec : schema.settings) {
    const val v = js[spec.key];
    if (v.isUndefined()) continue;
    Status st;
    if (spec.kind == SettingKind::choice && v.isString())
      st = race::set_setting(s, spec.key, v.as<std::string>(), schema);
    else if (spec.kind != SettingKind::choice && v.isNumber())
      st = race::set_setting(s, spec.key, v.as<double>(), schema);
    else
      st = Status::error(spec.label + ": not " + (spec.kind == SettingKind::choice ? "a word" : "a number") +
                         "; use " + range_text(spec) + ".");
    if (!st) return st;
  }
  out = s;
  return Status::success();
}

inline Status race_settings_of(const val& input, race::Settings& out, SettingsSchema& schema) {
  const val js_schema = input["schema"];
  schema = js_schema.isUndefined() ? race::race_schema() : schema_from_js(js_schema);
  out = race::Settings(schema);
  if (Status st = settings_from_js(input["settings"], schema, out); !st) return st;
  return race::validate(out, schema);
}

// A race session's start(input, threads), for any session class that is a race.
template <class S>
Status start_race(S& race, val input, bool threads) {
  race.set_memory_budget(kRaceMemoryBudget);
  SettingsSchema schema;
  race::Settings s;
  if (Status st = race_settings_of(input, s, schema); !st) return st;
  return race.start(s, threads, schema);
}

}  // namespace alab::wasm
