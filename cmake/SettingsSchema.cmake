# The race's settings schema, content/widgets/race.json, as C++ (src/race/settings.cpp
# includes it): the engine's defaults and limits are the page's, from one file.
# CMake re-runs this when the file changes (CMAKE_CONFIGURE_DEPENDS), and only
# settings.cpp recompiles. tests/cli/schema_check.mjs compares the result with the file.
#
#   alab_generate_settings_schema(<json file> <output header> <function name>)
function(alab_generate_settings_schema json_file out_file fn)
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${json_file}")
  file(READ "${json_file}" json)
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${json_file}")

  # A C++ string literal from a JSON string (quotes and backslashes escaped).
  macro(_cxx_string out value)
    string(REPLACE "\\" "\\\\" _s "${value}")
    string(REPLACE "\"" "\\\"" _s "${_s}")
    set(${out} "\"${_s}\"")
  endmacro()

  set(fixed "")
  string(JSON has_fixed ERROR_VARIABLE no_fixed GET "${json}" fixed)
  if(NOT no_fixed)
    string(JSON n_fixed LENGTH "${json}" fixed)
    math(EXPR last "${n_fixed} - 1")
    foreach(i RANGE ${last})
      string(JSON name MEMBER "${json}" fixed ${i})
      string(JSON value GET "${json}" fixed "${name}")
      string(APPEND fixed "      {\"${name}\", ${value}},\n")
    endforeach()
  endif()

  set(settings "")
  string(JSON n LENGTH "${json}" settings)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON key GET "${json}" settings ${i} key)
    string(JSON label GET "${json}" settings ${i} label)
    string(JSON kind GET "${json}" settings ${i} kind)
    _cxx_string(label_lit "${label}")
    if(kind STREQUAL "choice")
      string(JSON default GET "${json}" settings ${i} default)
      string(JSON n_choices LENGTH "${json}" settings ${i} choices)
      math(EXPR last_choice "${n_choices} - 1")
      set(choices "")
      foreach(j RANGE ${last_choice})
        string(JSON c GET "${json}" settings ${i} choices ${j})
        list(APPEND choices "\"${c}\"")
      endforeach()
      list(JOIN choices ", " choices)
      string(APPEND settings "      {\"${key}\", ${label_lit}, SettingKind::choice, 0, 0, 0, {${choices}}, \"${default}\"},\n")
    else()
      string(JSON default GET "${json}" settings ${i} default)
      string(JSON min GET "${json}" settings ${i} min)
      string(JSON max GET "${json}" settings ${i} max)
      if(kind STREQUAL "int")
        set(cxx_kind integer)
      elseif(kind STREQUAL "float")
        set(cxx_kind real)
      else()
        message(FATAL_ERROR "${rel}: setting \"${key}\": kind \"${kind}\" is not int, float or choice")
      endif()
      string(APPEND settings "      {\"${key}\", ${label_lit}, SettingKind::${cxx_kind}, ${default}, ${min}, ${max}, {}, \"\"},\n")
    endif()
  endforeach()

  file(CONFIGURE OUTPUT "${out_file}" @ONLY CONTENT "// Generated from ${rel} by cmake/SettingsSchema.cmake: edit that file, not this one.
#pragma once

#include \"core/settings_schema.hpp\"

namespace alab::race {

inline SettingsSchema ${fn}() {
  return SettingsSchema{
    {
${fixed}    },
    {
${settings}    }};
}

}  // namespace alab::race
")
endfunction()
