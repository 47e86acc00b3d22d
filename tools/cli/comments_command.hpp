// alab comments: the comments page's experiment from the command line (the benchmark
// against PyTorch, tests/bench/comments_bench.py, runs it natively and as WebAssembly
// under Node, and the seed table in docs/benchmarks.md comes from it).
#pragma once

#include <string>

int run_comments_command(int argc, char** argv);
std::string comments_usage();
