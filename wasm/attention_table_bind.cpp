// The live attention table (worked example 1): single-query attention,
// attention/attend_request.hpp.
//   lab.attend({score, d, dv, keys, values, query, temperature}) -> {scores, weights, context}
#include "attention/attend_request.hpp"
#include "query_fields.hpp"

using namespace emscripten;
using namespace alab;

EMSCRIPTEN_BINDINGS(attention_table) {
  wasm::single_query_fields(value_object<AttendRequest>("AttendRequest"))
      .field("dv", &AttendRequest::dv)
      .ALAB_TYPED_FIELD(AttendRequest, values);
  value_object<AttendReply>("AttendReply")
      .ALAB_TYPED_FIELD(AttendReply, scores)
      .ALAB_TYPED_FIELD(AttendReply, weights)
      .ALAB_TYPED_FIELD(AttendReply, context);
  function("attend", &wasm::reply<AttendRequest, AttendReply, &attend_request>);
}
