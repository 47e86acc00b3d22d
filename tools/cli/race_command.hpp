// `alab race`: see race_command.cpp.
#pragma once

int run_race_command(int argc, char** argv);
