#include "core/build_info.hpp"

#include <Eigen/Core>

#include "kernels/softmax_rows.hpp"

namespace alab {

CoreBuildInfo core_build_info() {
  CoreBuildInfo info;
  info.eigen_simd = Eigen::SimdInstructionSetsInUse();
#ifdef EIGEN_VECTORIZE
  info.simd = kernels::have_simd_softmax();
#endif
  info.eigen_version = std::to_string(EIGEN_WORLD_VERSION) + "." +
                       std::to_string(EIGEN_MAJOR_VERSION) + "." +
                       std::to_string(EIGEN_MINOR_VERSION);
  return info;
}

}  // namespace alab
