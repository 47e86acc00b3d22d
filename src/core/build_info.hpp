// What the compiled library can do, asked of the code itself rather than guessed:
// the page's status line and the benchmarks print this.
#pragma once

#include <string>

namespace alab {

struct CoreBuildInfo {
  bool simd = false;            // the 128-bit softmax kernel and Eigen's SSE path are compiled in
  std::string eigen_simd;       // Eigen::SimdInstructionSetsInUse(), e.g. "SSE, SSE2, ... SSE4.2"
  std::string eigen_version;    // e.g. "3.4.0"
};

CoreBuildInfo core_build_info();

}  // namespace alab
