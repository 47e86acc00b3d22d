#include "core/settings_schema.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>

#include "core/quote.hpp"

namespace alab {

const SettingSpec* SettingsSchema::find(const std::string& key) const {
  for (const SettingSpec& s : settings)
    if (s.key == key) return &s;
  return nullptr;
}

double SettingsSchema::fixed_or(const std::string& name, double otherwise) const {
  for (const auto& [n, v] : fixed)
    if (n == name) return v;
  return otherwise;
}

// ECMAScript's Number::toString: the shortest digits that round-trip, then plain
// notation for exponents -7 < e < 21, else d.ddde±n.
std::string js_number_text(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x < 0 ? "-Infinity" : "Infinity";
  if (x == 0) return "0";
  char buf[40];
  int precision = 1;
  for (; precision < 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision - 1, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  std::snprintf(buf, sizeof buf, "%.*e", precision - 1, x);
  // buf: [-]d[.ddd]e±XX
  std::string text(buf);
  const bool negative = text[0] == '-';
  if (negative) text.erase(0, 1);
  const auto e_at = text.find('e');
  const int exponent = std::atoi(text.c_str() + e_at + 1);
  std::string digits = text.substr(0, e_at);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  const int n = static_cast<int>(digits.size());
  const int k = exponent + 1;  // position of the decimal point after the first k digits
  std::string out;
  if (k >= n && k <= 21) {
    out = digits + std::string(static_cast<std::size_t>(k - n), '0');
  } else if (k > 0 && k <= 21) {
    out = digits.substr(0, static_cast<std::size_t>(k)) + "." + digits.substr(static_cast<std::size_t>(k));
  } else if (k > -6 && k <= 0) {
    out = "0." + std::string(static_cast<std::size_t>(-k), '0') + digits;
  } else {
    out = digits.substr(0, 1);
    if (n > 1) out += "." + digits.substr(1);
    out += (exponent < 0 ? "e-" : "e+") + std::to_string(std::abs(exponent));
  }
  return negative ? "-" + out : out;
}

std::string range_text(const SettingSpec& s) {
  if (s.kind == SettingKind::choice) {
    std::string out = "one of ";
    for (std::size_t i = 0; i < s.choices.size(); ++i) out += (i ? ", " : "") + s.choices[i];
    return out;
  }
  return std::string(s.kind == SettingKind::integer ? "a whole number" : "a number") + " from " +
         js_number_text(s.min) + " to " + js_number_text(s.max);
}

namespace {
Status refuse(const SettingSpec& s, const std::string& why) {
  return Status::error(s.label + ": " + why + "; use " + range_text(s) + ".");
}
}  // namespace

Status check_number(const SettingSpec& s, double value) {
  const std::string shown = js_number_text(value);
  if (s.kind == SettingKind::choice) return refuse(s, shown + " is not allowed");
  if (!std::isfinite(value)) return refuse(s, "\"" + shown + "\" is too large");
  if (s.kind == SettingKind::integer && value != std::floor(value))
    return refuse(s, shown + " is not a whole number");
  if (value < s.min || value > s.max) return refuse(s, shown + " is out of range");
  return Status::success();
}

Status check_choice(const SettingSpec& s, const std::string& value) {
  if (s.kind == SettingKind::choice)
    for (const std::string& c : s.choices)
      if (c == value) return Status::success();
  if (value.empty()) return refuse(s, "empty");
  return refuse(s, quoted(value) + " is not allowed");
}

}  // namespace alab
