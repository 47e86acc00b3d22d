// The records of tests/reference/rng.txt (make_rng_reference.py): every value an
// integer, 64-bit words as (high, low) 32-bit pairs, float32 values as bit patterns.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "reference_file.hpp"

namespace alab::test {

inline const std::map<std::string, RefTensor>& rng_reference() {
  static const auto ref = load_reference("rng.txt");
  return ref;
}

// The record's values as integers (empty when missing: callers REQUIRE a size).
inline std::vector<std::int64_t> ref_ints(const std::string& name) {
  const auto& ref = rng_reference();
  const auto it = ref.find(name);
  std::vector<std::int64_t> out;
  if (it != ref.end())
    for (double v : it->second.values) out.push_back(static_cast<std::int64_t>(v));
  return out;
}

// (hi, lo) pairs joined into 64-bit words.
inline std::vector<std::uint64_t> ref_words64(const std::string& name) {
  const auto v = ref_ints(name);
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i + 1 < v.size(); i += 2)
    out.push_back((static_cast<std::uint64_t>(v[i]) << 32) | static_cast<std::uint64_t>(v[i + 1]));
  return out;
}

inline std::uint32_t float_bits(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// Float32 values as bit patterns, to compare with a record bit for bit.
inline std::vector<std::int64_t> bits_of(const float* x, std::size_t n) {
  std::vector<std::int64_t> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = float_bits(x[i]);
  return out;
}

}  // namespace alab::test
