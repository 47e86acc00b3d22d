// alab vision: the image page's experiment from the command line (the seed table in
// docs/benchmarks.md, and the benchmark against PyTorch, tests/bench/vision-page.bench.mjs,
// which takes the images from --data-out).
#pragma once

#include <string>

int run_vision_command(int argc, char** argv);
std::string vision_usage();
