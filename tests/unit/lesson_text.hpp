// The lesson's prose as a test reads it (content/lesson/NN-*.md), and the numbers it
// quotes, so that tests/unit/test_lesson_numbers.cpp can hold every quoted number
// against what the engine computes.
#pragma once

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "reference_file.hpp"

namespace alab::test {

// Section n of the lesson, with KaTeX's thousands separator "64{,}800" read as "64,800".
inline std::string lesson_section(int n) {
  char prefix[8];
  std::snprintf(prefix, sizeof prefix, "%02d-", n);
  for (const auto& e : std::filesystem::directory_iterator(std::string(ALAB_SOURCE_DIR) + "/content/lesson")) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    std::string text = read_repo_file("content/lesson/" + name);
    for (std::size_t at; (at = text.find("{,}")) != std::string::npos;) text.replace(at, 3, ",");
    return text;
  }
  return {};
}

// x rounded to `places` decimals, as the prose writes it: fixed(0.0349, 3) == "0.035".
inline std::string fixed(double x, int places) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", places, x);
  return buf;
}

// A whole number with thousands separated: grouped(64800) == "64,800".
inline std::string grouped(double x) {
  std::string digits = std::to_string(static_cast<long long>(std::llround(x)));
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<std::size_t>(at), ",");
  return digits;
}

// Every number with a decimal point or a thousands separator in text ("0.335",
// "23,040", "2.16"), signs dropped; links, DOIs and arXiv ids are not quotes. Whole
// numbers without a separator (T = 30, 8 symbols, years) are settings and counts the
// prose names, not results, and are left out.
inline std::set<std::string> quoted_numbers(std::string text) {
  static const std::regex not_quotes(R"(https?://\S+|\b10\.\d{4,}/\S+|\b\d{4}\.\d{4,5}\b)");
  text = std::regex_replace(text, not_quotes, " ");
  static const std::regex number(R"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)");
  std::set<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), number), end; it != end; ++it) out.insert(it->str());
  return out;
}

}  // namespace alab::test
