// What every page may ask the module: which build this is (read from the compiled
// code itself, so the status line says what really runs), how much of its heap is
// in use, and single-query attention (the live attention table, worked example 1).
#include <malloc.h>

#include "attention/attend_request.hpp"
#include "core/build_info.hpp"
#include "embind_support.hpp"

using namespace emscripten;
using namespace alab;

namespace {

struct BuildInfo {
  bool threads = false, simd = false;
  std::string eigen, eigen_simd, emscripten;
};

BuildInfo build_info() {
  const CoreBuildInfo core = core_build_info();
  BuildInfo b;
#ifdef __EMSCRIPTEN_PTHREADS__
  b.threads = true;
#endif
#ifdef __wasm_simd128__
  b.simd = core.simd;
#endif
  b.eigen = core.eigen_version;
  b.eigen_simd = core.eigen_simd;
  b.emscripten = std::to_string(__EMSCRIPTEN_major__) + "." + std::to_string(__EMSCRIPTEN_minor__) + "." +
                 std::to_string(__EMSCRIPTEN_tiny__);
  return b;
}

// Bytes of the module's heap in use (for the memory test of repeated races).
int heap_used() { return static_cast<int>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(lab) {
  // What a session's start() returns: {ok, message}.
  value_object<Status>("Status").field("ok", &Status::ok).field("message", &Status::message);
  value_object<BuildInfo>("BuildInfo")
      .field("threads", &BuildInfo::threads)
      .field("simd", &BuildInfo::simd)
      .field("eigen", &BuildInfo::eigen)
      .field("eigen_simd", &BuildInfo::eigen_simd)
      .field("emscripten", &BuildInfo::emscripten);
  function("build_info", &build_info);
  function("heap_used", &heap_used);

  value_object<AttendRequest>("AttendRequest")
      .field("score", &AttendRequest::score)
      .field("d", &AttendRequest::d)
      .field("dv", &AttendRequest::dv)
      .ALAB_TYPED_FIELD(AttendRequest, keys)
      .ALAB_TYPED_FIELD(AttendRequest, values)
      .ALAB_TYPED_FIELD(AttendRequest, query)
      .field("temperature", &AttendRequest::temperature)
      .field("h", &AttendRequest::h)
      .ALAB_TYPED_FIELD(AttendRequest, Wq)
      .ALAB_TYPED_FIELD(AttendRequest, Wk)
      .ALAB_TYPED_FIELD(AttendRequest, w);
  value_object<AttendReply>("AttendReply")
      .ALAB_TYPED_FIELD(AttendReply, scores)
      .ALAB_TYPED_FIELD(AttendReply, weights)
      .ALAB_TYPED_FIELD(AttendReply, context);
  function("attend", &wasm::reply<AttendRequest, AttendReply, &attend_request>);
}
