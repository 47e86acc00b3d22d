# Header-only dependencies, the same Debian packages for both targets:
#   alab::eigen     Eigen 3.4 (libeigen3-dev)
#   alab::xtensor   xtensor 0.24 + xtl (libxtensor-dev), without xsimd
#   alab::catch2    Catch2 v2 single header (catch2)
#   alab::json      nlohmann/json 3 (nlohmann-json3-dev): the translation grammar's file
#
# Natively these come from the packages' CMake configs. Under Emscripten we
# must not put /usr/include on the include path (its libc headers would shadow
# Emscripten's), so each library's own folder is exposed through a small
# include directory of symlinks, and Eigen gets the two fixes described in
# TOOLCHAIN notes (see patch_eigen_for_wasm below).

if(NOT EMSCRIPTEN)
  find_package(Eigen3 3.4 REQUIRED NO_MODULE)
  find_package(xtensor REQUIRED)
  find_package(Catch2 2 REQUIRED)
  find_package(nlohmann_json 3 REQUIRED)
  add_library(alab_eigen INTERFACE)
  target_link_libraries(alab_eigen INTERFACE Eigen3::Eigen)
  add_library(alab_xtensor INTERFACE)
  target_link_libraries(alab_xtensor INTERFACE xtensor)
  add_library(alab_catch2 INTERFACE)
  target_link_libraries(alab_catch2 INTERFACE Catch2::Catch2)
  add_library(alab_json INTERFACE)
  target_link_libraries(alab_json INTERFACE nlohmann_json::nlohmann_json)
else()
  set(ALAB_SYSTEM_INCLUDE "/usr/include" CACHE PATH "Where Debian's header-only packages live")
  set(_inc "${CMAKE_BINARY_DIR}/third_party/include")
  file(MAKE_DIRECTORY "${_inc}")
  foreach(_lib xtensor xtl catch2 nlohmann)
    if(NOT EXISTS "${ALAB_SYSTEM_INCLUDE}/${_lib}")
      message(FATAL_ERROR "${ALAB_SYSTEM_INCLUDE}/${_lib} not found: install libxtensor-dev, catch2 and nlohmann-json3-dev")
    endif()
    file(CREATE_LINK "${ALAB_SYSTEM_INCLUDE}/${_lib}" "${_inc}/${_lib}" SYMBOLIC)
  endforeach()

  # Eigen 3.4.0's SSE PacketMath.h guards x86 inline asm for pmin/pmax with
  # "EIGEN_COMP_GNUC < 63", which clang (reporting GNUC 4.2) meets. Eigen 3.4.1
  # narrowed the guard to EIGEN_COMP_GNUC_STRICT (real GCC only); we apply that
  # same change to a private copy of the headers.
  #
  # Also: Emscripten 3.1.6 lowers _mm_min_ps/_mm_max_ps to a compare and a bitselect,
  # where WebAssembly's f32x4.pmin/pmax are exactly SSE's minps/maxps (x < y ? x : y
  # with the same NaN rule), one instruction each. Eigen's float pmin/pmax (the clamps
  # in its sigmoid, tanh and exp, which the GRU's gates run on) use them directly.

  # Replaces from with to in the variable var, or stops: a patch that no longer
  # applies means another Eigen than 3.4.0.
  function(alab_patch var from to)
    string(REPLACE "${from}" "${to}" _next "${${var}}")
    if(_next STREQUAL "${${var}}")
      message(FATAL_ERROR "Eigen patch did not apply (${from}): is this Eigen 3.4.0?")
    endif()
    set(${var} "${_next}" PARENT_SCOPE)
  endfunction()

  set(_eigen_src "${ALAB_SYSTEM_INCLUDE}/eigen3")
  set(_eigen_dst "${CMAKE_BINARY_DIR}/third_party/eigen3")
  set(_pm "Eigen/src/Core/arch/SSE/PacketMath.h")
  set(_stamp "${_eigen_dst}/alab-patches-3")  # bump when the patches below change
  if(NOT EXISTS "${_stamp}")
    file(REMOVE_RECURSE "${_eigen_dst}")
    file(COPY "${_eigen_src}/Eigen" "${_eigen_src}/unsupported" DESTINATION "${_eigen_dst}")
    file(READ "${_eigen_src}/${_pm}" _patched)
    alab_patch(_patched "#if EIGEN_COMP_GNUC && EIGEN_COMP_GNUC < 63"
                        "#if EIGEN_COMP_GNUC_STRICT && EIGEN_COMP_GNUC < 63")
    alab_patch(_patched "  return _mm_min_ps(b, a);" [[
#if defined(__wasm_simd128__)
  return (Packet4f)wasm_f32x4_pmin((v128_t)a, (v128_t)b);  // = _mm_min_ps(b, a), one instruction
#else
  return _mm_min_ps(b, a);
#endif]])
    alab_patch(_patched "  return _mm_max_ps(b, a);" [[
#if defined(__wasm_simd128__)
  return (Packet4f)wasm_f32x4_pmax((v128_t)a, (v128_t)b);  // = _mm_max_ps(b, a), one instruction
#else
  return _mm_max_ps(b, a);
#endif]])
    file(WRITE "${_eigen_dst}/${_pm}" "${_patched}")
    file(TOUCH "${_stamp}")
  endif()

  add_library(alab_eigen INTERFACE)
  target_include_directories(alab_eigen SYSTEM INTERFACE
    "${CMAKE_SOURCE_DIR}/cmake/wasm-compat" "${_eigen_dst}")
  add_library(alab_xtensor INTERFACE)
  target_include_directories(alab_xtensor SYSTEM INTERFACE "${_inc}")
  add_library(alab_catch2 INTERFACE)
  target_include_directories(alab_catch2 SYSTEM INTERFACE "${_inc}")
  add_library(alab_json INTERFACE)
  target_include_directories(alab_json SYSTEM INTERFACE "${_inc}")
endif()
