// `alab race` and `alab schema`: see race_command.cpp.
#pragma once

#include <string>

int run_race_command(int argc, char** argv);
int run_schema_command();
std::string race_usage();  // the race's flags, from the compiled-in schema
