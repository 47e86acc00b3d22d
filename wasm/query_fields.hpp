// The inputs of single-query attention that the attention table (attention_table_bind.cpp,
// attend) and the math-lens calculator (calculator_bind.cpp, score_steps) both take:
// {score, d, query, keys, temperature}, declared once so that the two records read the
// same keys from the page. Each binding adds its own fields after these.
#pragma once

#include "embind_support.hpp"

namespace alab::wasm {

template <class Request>
emscripten::value_object<Request>& single_query_fields(emscripten::value_object<Request>&& record) {
  using R = Request;
  return record.field("score", &R::score)
      .field("d", &R::d)
      .field("query", &typed_copy<R, double, &R::query>, &typed_assign<R, double, &R::query>)
      .field("keys", &typed_copy<R, double, &R::keys>, &typed_assign<R, double, &R::keys>)
      .field("temperature", &R::temperature);
}

}  // namespace alab::wasm
