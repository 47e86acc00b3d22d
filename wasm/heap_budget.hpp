// How much of the module's heap one job (a race, a sweep's races, a cost measurement)
// may fill, written once for every binding. The threaded build's heap is fixed
// (wasm/CMakeLists.txt: INITIAL_MEMORY 256 MB, less code, stacks and the page's other
// work); the single-thread build grows to WebAssembly's 2 GB, less the same margin.
#pragma once

namespace alab::wasm {

#ifdef __EMSCRIPTEN_PTHREADS__
constexpr double kHeapBudget = 216.0 * (1 << 20);
#else
constexpr double kHeapBudget = 1800.0 * (1 << 20);
#endif

}  // namespace alab::wasm
