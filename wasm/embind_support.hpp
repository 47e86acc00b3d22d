// What every binding file (wasm/*_bind.cpp) shares: records cross the worker
// boundary as JavaScript objects with named fields (embind value_object), never as
// hand-counted offsets into the heap. The pattern, for a src/ function or method
// that fills a struct and returns a Status:
//
//   value_object<Out>("Out").field("x", &Out::x);                      // plain fields
//   value_object<Out>("Out").ALAB_TYPED_FIELD(Out, weights);           // std::vector<number> <-> typed array
//   value_object<Out>("Out").ALAB_TENSOR_FIELD(Out, A);                // xt::xtensor -> flat typed array
//   function("my_call", &reply<In, Out, &my_call>);                    // (In) -> Out | {ok: false, message}
//   class_<S>("S").function("result", &method_reply<S, Out, &S::result>);
//
// The worker (web/js/engine/lab-worker.js) turns {ok: false, message} into an error reply
// with that message, words a page shows next to the field. Numbers given where a
// number is expected, and so on, are the page's job; embind throws a TypeError (which
// the worker reports too) for a value of the wrong type.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>
#include <xtensor/xtensor.hpp>

#include "core/status.hpp"
#include "core/settings_schema.hpp"

namespace alab::wasm {

using emscripten::val;

// A std::vector<number> as a typed array of its own (a copy: the heap may move).
template <class T>
val typed_vector(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice");
}

inline val error_reply(const Status& st) {
  val out = val::object();
  out.set("ok", false);
  out.set("message", st.message);
  return out;
}

// A free function Status f(const In&, Out&) as (In) -> Out | {ok: false, message}.
template <class In, class Out, Status (*F)(const In&, Out&)>
val reply(const In& in) {
  Out out;
  const Status st = F(in, out);
  return st ? val(out) : error_reply(st);
}

// A method Status C::m(Out&) as (this) -> Out | {ok: false, message}.
template <class C, class Out, Status (C::*M)(Out&)>
val method_reply(C& self) {
  Out out;
  const Status st = (self.*M)(out);
  return st ? val(out) : error_reply(st);
}

// A method Status C::m(Arg, Out&) as (this, Arg) -> Out | {ok: false, message}.
template <class C, class Arg, class Out, Status (C::*M)(Arg, Out&)>
val method_reply_with(C& self, Arg arg) {
  Out out;
  const Status st = (self.*M)(arg, out);
  return st ? val(out) : error_reply(st);
}

template <class C, class Arg, class Out, Status (C::*M)(Arg, Out&) const>
val const_method_reply_with(const C& self, Arg arg) {
  Out out;
  const Status st = (self.*M)(arg, out);
  return st ? val(out) : error_reply(st);
}

// A method Status C::m(Arg) as (this, Arg) -> {ok: true} | {ok: false, message}.
template <class C, class Arg, Status (C::*M)(Arg)>
val status_method_with(C& self, Arg arg) {
  const Status st = (self.*M)(arg);
  if (!st) return error_reply(st);
  val out = val::object();
  out.set("ok", true);
  return out;
}

// A method std::vector<T> C::m() as (this) -> Array of T (T a value_object).
template <class C, class T, std::vector<T> (C::*M)()>
val array_method(C& self) {
  val out = val::array();
  for (const T& x : (self.*M)()) out.call<void>("push", val(x));
  return out;
}

// A std::vector<number> field as a typed array (a copy, so it survives the heap
// growing and can be transferred to the page), and back from any array-like.
template <class C, class T, std::vector<T> C::*M>
val typed_copy(const C& c) {
  const std::vector<T>& v = c.*M;
  return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice");
}
template <class C, class T, std::vector<T> C::*M>
void typed_assign(C& c, val v) {
  c.*M = emscripten::convertJSArrayToNumberVector<T>(v);
}
#define ALAB_TYPED_FIELD(C, name)                                                                 \
  field(#name, &::alab::wasm::typed_copy<C, decltype(C::name)::value_type, &C::name>,             \
        &::alab::wasm::typed_assign<C, decltype(C::name)::value_type, &C::name>)

// An xt::xtensor<number, N> field as one flat typed array, row-major (a copy); its shape
// travels in the record's own fields (T, source_len, ...), named where the record is
// declared. Records holding tensors only leave the engine: a typed array assigned
// back keeps its numbers as the last axis (leading axes of length 1).
template <class C, class T, std::size_t N, xt::xtensor<T, N> C::*M>
val tensor_copy(const C& c) {
  const xt::xtensor<T, N>& x = c.*M;
  return val(emscripten::typed_memory_view(x.size(), x.data())).call<val>("slice");
}
template <class C, class T, std::size_t N, xt::xtensor<T, N> C::*M>
void tensor_assign(C& c, val v) {
  const std::vector<T> flat = emscripten::convertJSArrayToNumberVector<T>(v);
  std::array<std::size_t, N> shape;
  shape.fill(1);
  shape[N - 1] = flat.size();
  c.*M = xt::xtensor<T, N>(shape);
  std::copy(flat.begin(), flat.end(), (c.*M).begin());
}
#define ALAB_TENSOR_FIELD(C, name)                                                                             \
  field(#name, &::alab::wasm::tensor_copy<C, decltype(C::name)::value_type, decltype(C::name)::rank, &C::name>, \
        &::alab::wasm::tensor_assign<C, decltype(C::name)::value_type, decltype(C::name)::rank, &C::name>)

// A std::vector<number> field as a plain Array (where the page stores or extends it),
// and back from any array.
template <class C, class T, std::vector<T> C::*M>
val array_copy(const C& c) {
  val out = val::array();
  for (const T& x : c.*M) out.call<void>("push", x);
  return out;
}
#define ALAB_ARRAY_FIELD(C, name)                                                                   \
  field(#name, &::alab::wasm::array_copy<C, decltype(C::name)::value_type, &C::name>,               \
        &::alab::wasm::typed_assign<C, decltype(C::name)::value_type, &C::name>)

// A std::vector<std::string> field as an Array of strings, and back from any array.
template <class C, std::vector<std::string> C::*M>
val strings_copy(const C& c) {
  val out = val::array();
  for (const std::string& x : c.*M) out.call<void>("push", x);
  return out;
}
template <class C, std::vector<std::string> C::*M>
void strings_assign(C& c, val v) {
  (c.*M).clear();
  for (int i = 0, n = v["length"].as<int>(); i < n; ++i) (c.*M).push_back(v[i].as<std::string>());
}
#define ALAB_STRINGS_FIELD(C, name) \
  field(#name, &::alab::wasm::strings_copy<C, &C::name>, &::alab::wasm::strings_assign<C, &C::name>)

// A 64-bit integer field as a JavaScript number (embind here has no BigInt; seeds
// below 2^53 are exact), and back.
template <class C, class T, T C::*M>
double number_copy(const C& c) {
  return static_cast<double>(c.*M);
}
template <class C, class T, T C::*M>
void number_assign(C& c, double v) {
  c.*M = static_cast<T>(v);
}
#define ALAB_NUMBER_FIELD(C, name)                                                                  \
  field(#name, &::alab::wasm::number_copy<C, decltype(C::name), &C::name>,                          \
        &::alab::wasm::number_assign<C, decltype(C::name), &C::name>)

// A std::vector of records (each a value_object) as an Array of objects; read only.
template <class C, class T, std::vector<T> C::*M>
val records_copy(const C& c) {
  val out = val::array();
  for (const T& x : c.*M) out.call<void>("push", val(x));
  return out;
}
template <class C, class T, std::vector<T> C::*M>
void records_assign(C&, val) {}
#define ALAB_RECORDS_FIELD(C, name)                                                                 \
  field(#name, &::alab::wasm::records_copy<C, decltype(C::name)::value_type, &C::name>,             \
        &::alab::wasm::records_assign<C, decltype(C::name)::value_type, &C::name>)

// A widget's settings schema as content/widgets/NAME.json has it ({fixed, settings}).
inline SettingsSchema schema_from_js(const val& js) {
  SettingsSchema schema;
  const val fixed = js["fixed"];
  const val names = fixed.isUndefined() || fixed.isNull() ? val::array() : val::global("Object").call<val>("keys", fixed);
  for (int i = 0, n = names["length"].as<int>(); i < n; ++i) {
    const std::string name = names[i].as<std::string>();
    if (fixed[name].isNumber()) schema.fixed.emplace_back(name, fixed[name].as<double>());
  }
  const val settings = js["settings"];
  if (!settings.isArray()) return schema;
  for (int i = 0, n = settings["length"].as<int>(); i < n; ++i) {
    const val s = settings[i];
    SettingSpec spec;
    spec.key = s["key"].as<std::string>();
    spec.label = s["label"].as<std::string>();
    const std::string kind = s["kind"].as<std::string>();
    if (kind == "choice") {
      spec.kind = SettingKind::choice;
      spec.default_choice = s["default"].as<std::string>();
      const val choices = s["choices"];
      for (int j = 0, m = choices["length"].as<int>(); j < m; ++j) spec.choices.push_back(choices[j].as<std::string>());
    } else {
      spec.kind = kind == "int" ? SettingKind::integer : SettingKind::real;
      spec.default_number = s["default"].as<double>();
      spec.min = s["min"].as<double>();
      spec.max = s["max"].as<double>();
    }
    schema.settings.push_back(std::move(spec));
  }
  return schema;
}

}  // namespace alab::wasm
