// How the race's bindings (race_bind.cpp, reading_bind.cpp) read a race's settings
// from the page: {T: 30, ...}, every key through the race's schema (the site's, which
// the worker set once at start, core/widget_schemas.hpp).
#pragma once

#include "embind_support.hpp"
#include "heap_budget.hpp"
#include "settings_input.hpp"
#include "race/race_session.hpp"

namespace alab::wasm {

// The page's settings over the schema's defaults (wasm/settings_input.hpp); the fixed
// sizes are the schema's. Range-checked once, by the session's start() (race::validate).
inline Status race_settings_of(const val& js, race::Settings& out) {
  race::Settings s;
  if (Status st = settings_of<settings::Race>(js, s); !st) return st;
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
