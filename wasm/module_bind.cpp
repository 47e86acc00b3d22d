// What every page may ask the module, whatever its widget: which build this is (read
// from the compiled code itself, so the status line says what really runs), how much
// of its heap is in use, the site's settings schemas, and the {ok, message} record a
// session's start() returns.
#include <malloc.h>

#include "core/build_info.hpp"
#include "core/widget_schemas.hpp"
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

// The site's widget schemas ({NAME: content/widgets/NAME.json as the site has it}),
// set once by the worker before any other call: the engine then applies the ranges
// the pages were built with (core/widget_schemas.hpp).
void use_schemas(val widgets) {
  WidgetSchemas schemas;
  const val names = val::global("Object").call<val>("keys", widgets);
  for (int i = 0, n = names["length"].as<int>(); i < n; ++i) {
    const std::string name = names[i].as<std::string>();
    schemas.emplace_back(name, wasm::schema_from_js(widgets[name]));
  }
  use_widget_schemas(schemas);
}

// Bytes of the module's heap in use (for the memory test of repeated races).
int heap_used() { return static_cast<int>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(module) {
  value_object<Status>("Status").field("ok", &Status::ok).field("message", &Status::message);
  value_object<BuildInfo>("BuildInfo")
      .field("threads", &BuildInfo::threads)
      .field("simd", &BuildInfo::simd)
      .field("eigen", &BuildInfo::eigen)
      .field("eigen_simd", &BuildInfo::eigen_simd)
      .field("emscripten", &BuildInfo::emscripten);
  function("build_info", &build_info);
  function("heap_used", &heap_used);
  function("use_schemas", &use_schemas);
}
