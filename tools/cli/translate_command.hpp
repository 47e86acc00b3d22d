// alab translate: the translation page's experiment from the command line (the
// benchmark against PyTorch, tests/bench/translate_bench.py, runs it natively and as
// WebAssembly under Node).
#pragma once

#include <string>

int run_translate_command(int argc, char** argv);
std::string translate_usage();
