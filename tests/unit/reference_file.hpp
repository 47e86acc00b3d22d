// Reads the reference files written by tests/reference/make_reference.py:
// records of two lines, "<name> <ndims> <dims...>" then the row-major values.
#pragma once

#include <dirent.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/types.hpp"

#ifndef ALAB_SOURCE_DIR
#error "ALAB_SOURCE_DIR (the repository root) must be defined by the build"
#endif

namespace alab::test {

// A file of the repository as text (content/translation/grammar.json, ...); empty if missing.
inline std::string read_repo_file(const std::string& path) {
  std::ifstream in(std::string(ALAB_SOURCE_DIR) + "/" + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The names of the reference files, tests/reference/*.txt, that start with prefix, in
// order: a test finds its files by name, so a new file needs no list edit.
inline std::vector<std::string> reference_files(const std::string& prefix = "") {
  std::vector<std::string> out;
  if (DIR* dir = opendir((std::string(ALAB_SOURCE_DIR) + "/tests/reference").c_str())) {
    while (const dirent* e = readdir(dir)) {
      const std::string name = e->d_name;
      if (name.size() > 4 && name.compare(name.size() - 4, 4, ".txt") == 0 && name.rfind(prefix, 0) == 0) out.push_back(name);
    }
    closedir(dir);
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct RefTensor {
  std::vector<long> dims;
  std::vector<double> values;
  long rows() const { return dims.empty() ? 1 : dims[0]; }
  long cols() const { return dims.size() < 2 ? 1 : dims[1]; }
  template <class Scalar>
  Mat<Scalar> mat() const {  // 1-d tensors become 1 x n, as biases are stored
    const long r = dims.size() < 2 ? 1 : dims[0], c = dims.size() < 2 ? static_cast<long>(values.size()) : dims[1];
    Mat<Scalar> m(r, c);
    for (long i = 0; i < r * c; ++i) m.data()[i] = static_cast<Scalar>(values[i]);
    return m;
  }
};

// Empty map when the file is missing or malformed (the caller REQUIREs what it needs).
inline std::map<std::string, RefTensor> load_reference(const std::string& name) {
  std::map<std::string, RefTensor> out;
  std::ifstream in(std::string(ALAB_SOURCE_DIR) + "/tests/reference/" + name);
  std::string header, values;
  while (std::getline(in, header)) {
    if (header.empty() || header[0] == '#') continue;
    if (!std::getline(in, values)) return {};
    std::istringstream hs(header), vs(values);
    std::string key;
    int ndims = 0;
    hs >> key >> ndims;
    RefTensor t;
    long n = 1;
    for (int i = 0; i < ndims; ++i) {
      long d = 0;
      hs >> d;
      t.dims.push_back(d);
      n *= d;
    }
    double v;
    while (vs >> v) t.values.push_back(v);
    if (!hs || static_cast<long>(t.values.size()) != n) return {};
    out[key] = std::move(t);
  }
  return out;
}

}  // namespace alab::test
