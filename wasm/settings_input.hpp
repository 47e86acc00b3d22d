// A widget's settings as a page sends them ({T: 30, pooling: "last", ...}), read into
// the struct generated from its file (settings/NAME.gen.hpp) by looping over its fields:
// no binding names a key. Keys left out keep the schema's defaults (a hand-in made
// before a setting existed still re-runs); a value of the wrong type, or out of range,
// is refused in the schema's words ("Epochs: not a number; use a whole number from 1
// to 200."). Keys the struct lacks are ignored.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "core/widget_settings.hpp"
#include "embind_support.hpp"

namespace alab::wasm {

template <class S>
Status settings_of(const val& js, S& out) {
  S s = schema_defaults<S>();
  Status st = Status::success();
  if (!js.isUndefined() && !js.isNull()) {
    S::fields([&](const char* key, auto member) {
      const val v = js[key];
      if (!st || v.isUndefined()) return;
      st = v.isNumber() ? store_setting(S::widget, key, s.*member, v.as<double>())
                        : store_setting(S::widget, key, s.*member, v.isString() ? v.as<std::string>() : std::string());
    });
  }
  if (st) out = s;
  return st;
}

// A request that carries a widget's settings flat beside its own inputs ({seed, d,
// positions, first, second}: a struct deriving from the generated one) declares the
// settings' fields by looping over them:
//
//   value_object<OrderRequest> order("OrderRequest");
//   wasm::settings_fields<settings::Order>(order).ALAB_STRINGS_FIELD(OrderRequest, first);
template <class S, class Request>
emscripten::value_object<Request>& settings_fields(emscripten::value_object<Request>& object) {
  S::fields([&](const char* key, auto member) {
    using Field = std::decay_t<decltype(std::declval<S&>().*member)>;
    object.field(key, static_cast<Field Request::*>(member));
  });
  return object;
}

// A text the page sends beside the settings (a grammar's JSON), or "" when absent.
inline std::string text_of(const val& js, const char* key) {
  const val v = js[key];
  return v.isString() ? v.as<std::string>() : std::string();
}

}  // namespace alab::wasm
