// The live attention table (worked example 1): single-query attention,
// attention/attend_request.hpp.
//   lab.attend({score, d, dv, keys, values, query, temperature}) -> {scores, weights, context}
#include "attention/attend_request.hpp"
#include "embind_support.hpp"

using namespace emscripten;
using namespace alab;

EMSCRIPTEN_BINDINGS(attention_table) {
  value_object<AttendRequest>("AttendRequest")
      .field("score", &AttendRequest::score)
      .field("d", &AttendRequest::d)
      .field("dv", &AttendRequest::dv)
      .ALAB_TYPED_FIELD(AttendRequest, keys)
      .ALAB_TYPED_FIELD(AttendRequest, values)
      .ALAB_TYPED_FIELD(AttendRequest, query)
      .field("temperature", &AttendRequest::temperature);
  value_object<AttendReply>("AttendReply")
      .ALAB_TYPED_FIELD(AttendReply, scores)
      .ALAB_TYPED_FIELD(AttendReply, weights)
      .ALAB_TYPED_FIELD(AttendReply, context);
  function("attend", &wasm::reply<AttendRequest, AttendReply, &attend_request>);
}
