# Every widget's settings schema, content/widgets/NAME.json, as C++: the engine's
# defaults, limits and fixed sizes are the page's, from one file per widget
# (src/core/widget_schemas.cpp includes the result). CMake re-runs this when a file
# changes or one is added (CMAKE_CONFIGURE_DEPENDS), and only widget_schemas.cpp
# recompiles. tests/cli/schema_check.mjs compares the result with the files.
#
#   alab_generate_widget_schemas(<widgets folder> <output header>)
#   alab_generate_widget_settings(<widgets folder> <output folder>)
#
# A file's "settings" (int, float and choice specs) and the numbers of its "fixed"
# object are compiled in; anything else in it (help texts, examples) is the page's.
#
# The second writes, for each widget with settings, <output folder>/settings/NAME.gen.hpp
# (and settings/all.gen.hpp, which includes them all and visits each struct):
# the struct alab::settings::Name (attention-table -> AttentionTable) with one field per
# setting, named as its key, its default the file's, and fields(f), which calls
# f(key, &Name::field) for each in the file's order. Everything generic (checking,
# reading a page's object, a command's flags) loops over fields(): core/widget_settings.hpp.
# Field types: float -> double, choice -> std::string, int -> int, or std::uint32_t where
# the file's maximum passes an int's (a seed); a larger maximum no engine field holds
# is refused here.

# A C++ string literal from a JSON string (quotes and backslashes escaped).
macro(_alab_cxx_string out value)
  string(REPLACE "\\" "\\\\" _s "${value}")
  string(REPLACE "\"" "\\\"" _s "${_s}")
  set(${out} "\"${_s}\"")
endmacro()

# The indices 0 .. n-1 of the member of json named by the path (an OBJECT's members or
# an ARRAY's entries, as type says), or none where it is missing, of another type or
# empty: the loops below run over these.
function(_alab_json_indices out type json)
  set(indices "")
  string(JSON member_type ERROR_VARIABLE missing TYPE "${json}" ${ARGN})
  if(NOT missing AND member_type STREQUAL "${type}")
    string(JSON n LENGTH "${json}" ${ARGN})
    if(n GREATER 0)
      math(EXPR last "${n} - 1")
      foreach(i RANGE ${last})
        list(APPEND indices ${i})
      endforeach()
    endif()
  endif()
  set(${out} "${indices}" PARENT_SCOPE)
endfunction()

# One field of setting i of a widget (label, kind, default, min, max, choices): the
# setting's own, or, for a setting that names a "shared" entry, content/shared.json's
# (ALAB_SHARED_JSON, read by the generators below). "" when neither has it.
function(_alab_setting_get out json i field)
  string(JSON value ERROR_VARIABLE missing GET "${json}" settings ${i} ${field})
  if(missing)
    set(value "")
    string(JSON name ERROR_VARIABLE no_share GET "${json}" settings ${i} shared)
    if(NOT no_share)
      string(JSON value ERROR_VARIABLE not_there GET "${ALAB_SHARED_JSON}" settings "${name}" ${field})
      if(not_there)
        string(JSON defined ERROR_VARIABLE undefined GET "${ALAB_SHARED_JSON}" settings "${name}")
        if(undefined)
          string(JSON key GET "${json}" settings ${i} key)
          message(FATAL_ERROR "setting \"${key}\": content/shared.json has no setting \"${name}\"")
        endif()
        set(value "")
      endif()
    endif()
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# Setting i's choices as a CMake list (its own or the shared entry's).
function(_alab_setting_choices out json i)
  _alab_setting_get(array "${json}" ${i} choices)
  set(choices "")
  string(JSON n LENGTH "${array}")
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(j RANGE ${last})
      string(JSON c GET "${array}" ${j})
      list(APPEND choices "${c}")
    endforeach()
  endif()
  set(${out} "${choices}" PARENT_SCOPE)
endfunction()

# content/shared.json beside the widgets folder, as ALAB_SHARED_JSON in the caller's scope.
macro(_alab_read_shared widgets_dir)
  get_filename_component(_shared_file "${widgets_dir}/../shared.json" ABSOLUTE)
  if(NOT EXISTS "${_shared_file}")
    message(FATAL_ERROR "${_shared_file} is missing: the settings and limits every widget shares")
  endif()
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_shared_file}")
  endif()
  file(READ "${_shared_file}" ALAB_SHARED_JSON)
endmacro()

# The C++ initializer of one widget's SettingsSchema, from its JSON text.
function(_alab_schema_initializer json rel out)
  set(fixed "")
  _alab_json_indices(fixed_indices OBJECT "${json}" fixed)
  foreach(i IN LISTS fixed_indices)
    string(JSON name MEMBER "${json}" fixed ${i})
    string(JSON type TYPE "${json}" fixed "${name}")
    if(NOT type STREQUAL "NUMBER")
      message(FATAL_ERROR "${rel}: fixed value \"${name}\" is not a number")
    endif()
    string(JSON value GET "${json}" fixed "${name}")
    string(APPEND fixed "          {\"${name}\", ${value}},\n")
  endforeach()

  set(settings "")
  _alab_json_indices(setting_indices ARRAY "${json}" settings)
  foreach(i IN LISTS setting_indices)
    string(JSON key GET "${json}" settings ${i} key)
    _alab_setting_get(label "${json}" ${i} label)
    _alab_setting_get(kind "${json}" ${i} kind)
    _alab_cxx_string(label_lit "${label}")
    _alab_setting_get(default "${json}" ${i} default)
    if(kind STREQUAL "choice")
      _alab_setting_choices(choice_list "${json}" ${i})
      set(choices "")
      foreach(c IN LISTS choice_list)
        list(APPEND choices "\"${c}\"")
      endforeach()
      list(JOIN choices ", " choices)
      string(APPEND settings "          {\"${key}\", ${label_lit}, SettingKind::choice, 0, 0, 0, {${choices}}, \"${default}\"},\n")
    else()
      _alab_setting_get(min "${json}" ${i} min)
      _alab_setting_get(max "${json}" ${i} max)
      if(kind STREQUAL "int")
        set(cxx_kind integer)
      elseif(kind STREQUAL "float")
        set(cxx_kind real)
      else()
        message(FATAL_ERROR "${rel}: setting \"${key}\": kind \"${kind}\" is not int, float or choice")
      endif()
      string(APPEND settings "          {\"${key}\", ${label_lit}, SettingKind::${cxx_kind}, ${default}, ${min}, ${max}, {}, \"\"},\n")
    endif()
  endforeach()
  set(${out} "      SettingsSchema{\n        {\n${fixed}        },\n        {\n${settings}        }}" PARENT_SCOPE)
endfunction()

function(alab_generate_widget_schemas widgets_dir out_file)
  _alab_read_shared("${widgets_dir}")
  file(GLOB files CONFIGURE_DEPENDS "${widgets_dir}/*.json")
  list(SORT files)
  # content/shared.json's limits, as the schema "shared" (its settings reach the engine
  # through the widgets that name them).
  string(JSON shared_fixed GET "${ALAB_SHARED_JSON}" fixed)
  _alab_schema_initializer("{\"fixed\": ${shared_fixed}}" "content/shared.json" shared_init)
  set(entries "    {\"shared\",  // content/shared.json\n${shared_init}},\n")
  foreach(file IN LISTS files)
    set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${file}")
    file(READ "${file}" json)
    file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${file}")
    get_filename_component(name "${file}" NAME_WE)
    _alab_schema_initializer("${json}" "${rel}" init)
    string(APPEND entries "    {\"${name}\",  // ${rel}\n${init}},\n")
  endforeach()
  file(RELATIVE_PATH rel_dir "${PROJECT_SOURCE_DIR}" "${widgets_dir}")
  file(CONFIGURE OUTPUT "${out_file}" @ONLY CONTENT "// Generated from ${rel_dir}/*.json by cmake/SettingsSchema.cmake: edit those files, not this one.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include \"core/settings_schema.hpp\"

namespace alab {

inline std::vector<std::pair<std::string, SettingsSchema>> compiled_widget_schemas() {
  return {
${entries}  };
}

}  // namespace alab
")
endfunction()

# "attention-table" -> "AttentionTable"
function(_alab_struct_name out widget)
  string(REPLACE "-" ";" parts "${widget}")
  set(name "")
  foreach(p IN LISTS parts)
    string(SUBSTRING "${p}" 0 1 first)
    string(TOUPPER "${first}" first)
    string(SUBSTRING "${p}" 1 -1 rest)
    string(APPEND name "${first}${rest}")
  endforeach()
  set(${out} "${name}" PARENT_SCOPE)
endfunction()

# One widget's settings struct as a header's text, or "" when it has no settings.
function(_alab_settings_header json rel widget out)
  _alab_struct_name(name "${widget}")
  set(members "")
  set(visits "")
  _alab_json_indices(setting_indices ARRAY "${json}" settings)
  foreach(i IN LISTS setting_indices)
    string(JSON key GET "${json}" settings ${i} key)
    _alab_setting_get(kind "${json}" ${i} kind)
    _alab_setting_get(label "${json}" ${i} label)
    _alab_setting_get(default "${json}" ${i} default)
    if(NOT key MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
      message(FATAL_ERROR "${rel}: setting key \"${key}\" is not a C++ name (letters, digits, _)")
    endif()
    if(kind STREQUAL "choice")
      _alab_cxx_string(value "${default}")
      set(type "std::string")
    elseif(kind STREQUAL "float")
      set(type "double")
      set(value "${default}")
    elseif(kind STREQUAL "int")
      _alab_setting_get(max "${json}" ${i} max)
      _alab_setting_get(min "${json}" ${i} min)
      if(NOT min MATCHES "^-?[0-9]+$" OR NOT max MATCHES "^-?[0-9]+$" OR NOT default MATCHES "^-?[0-9]+$")
        message(FATAL_ERROR "${rel}: setting \"${key}\": an int's default, min and max must be whole numbers")
      endif()
      string(LENGTH "${max}" digits)
      if(digits LESS 10 OR (digits EQUAL 10 AND max STRLESS_EQUAL "2147483647"))
        set(type "int")
      elseif(min MATCHES "^-" OR digits GREATER 10 OR max STRGREATER "4294967295")
        message(FATAL_ERROR "${rel}: setting \"${key}\": the engine holds whole numbers up to 4294967295 (and from 0 above 2147483647)")
      else()
        set(type "std::uint32_t")
      endif()
      set(value "${default}")
    else()
      message(FATAL_ERROR "${rel}: setting \"${key}\": kind \"${kind}\" is not int, float or choice")
    endif()
    string(REPLACE "\n" " " label "${label}")
    string(APPEND members "  ${type} ${key} = ${value};  // ${label}\n")
    string(APPEND visits "    f(\"${key}\", &${name}::${key});\n")
  endforeach()
  if(members STREQUAL "")
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  set(${out} "// Generated from ${rel} by cmake/SettingsSchema.cmake: edit that file, not this one.
#pragma once

#include <cstdint>
#include <string>

namespace alab::settings {

struct ${name} {
  static constexpr const char* widget = \"${widget}\";
${members}
  // f(key, member pointer) for every setting, in the file's order.
  template <class F>
  static void fields(F&& f) {
${visits}  }
};

}  // namespace alab::settings
" PARENT_SCOPE)
endfunction()

# Writes only what changed, so that a configure touches no header it need not.
function(_alab_write_if_changed file text)
  if(EXISTS "${file}")
    file(READ "${file}" old)
    if(old STREQUAL text)
      return()
    endif()
  endif()
  file(WRITE "${file}" "${text}")
endfunction()

function(alab_generate_widget_settings widgets_dir out_dir)
  _alab_read_shared("${widgets_dir}")
  if(CMAKE_SCRIPT_MODE_FILE)
    file(GLOB files "${widgets_dir}/*.json")
  else()
    file(GLOB files CONFIGURE_DEPENDS "${widgets_dir}/*.json")
  endif()
  list(SORT files)
  set(includes "")
  set(calls "")
  foreach(file IN LISTS files)
    if(CMAKE_SCRIPT_MODE_FILE)
      set(rel "${file}")
    else()
      set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${file}")
      file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${file}")
    endif()
    file(READ "${file}" json)
    get_filename_component(widget "${file}" NAME_WE)
    _alab_settings_header("${json}" "${rel}" "${widget}" text)
    if(NOT text STREQUAL "")
      _alab_write_if_changed("${out_dir}/settings/${widget}.gen.hpp" "${text}")
      _alab_struct_name(name "${widget}")
      string(APPEND includes "#include \"settings/${widget}.gen.hpp\"\n")
      string(APPEND calls "  f(${name}{});\n")
    endif()
  endforeach()
  _alab_write_if_changed("${out_dir}/settings/all.gen.hpp" "// Generated by cmake/SettingsSchema.cmake: every widget's settings struct.
#pragma once

${includes}
namespace alab::settings {

// f(Name{}) for every widget with settings, its fields at their compile-time defaults.
template <class F>
void for_each_widget(F&& f) {
${calls}}

}  // namespace alab::settings
")
endfunction()

# As a script: cmake -DWIDGETS=<folder> -DOUT=<folder> -P cmake/SettingsSchema.cmake
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  alab_generate_widget_settings("${WIDGETS}" "${OUT}")
endif()
