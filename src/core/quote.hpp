// Text a student typed, quoted in a message: in double quotes, at most `max` code points,
// cut with "…" when longer and never inside a UTF-8 sequence (a cut emoji would show as
// "�"). The pages quote with the same rule (web/js/ui/quote.js), so a 10,000-character
// word is named in one short line wherever the message comes from.
#pragma once

#include <cstddef>
#include <string>

namespace alab {

inline constexpr std::size_t kQuotedMax = 24;  // code points

inline std::string quoted(const std::string& text, std::size_t max = kQuotedMax) {
  std::size_t points = 0, end = 0;
  for (; end < text.size(); ++end) {
    const auto byte = static_cast<unsigned char>(text[end]);
    if ((byte & 0xC0) == 0x80) continue;  // a continuation byte: inside the code point
    if (points == max) break;
    ++points;
  }
  return "\"" + text.substr(0, end) + (end < text.size() ? "\xE2\x80\xA6\"" : "\"");
}

}  // namespace alab
