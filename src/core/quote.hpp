// Text a student typed, quoted in a message: in double quotes, at most `max` code points,
// cut with "…" when longer and never inside a UTF-8 sequence (a cut emoji would show as
// "�"). The pages quote with the same rule (web/js/ui/quote.js), so a 10,000-character
// word is named in one short line wherever the message comes from. The default length is
// content/shared.json's quoteLength, the pages' too.
#pragma once

#include <cstddef>
#include <string>

#include "core/widget_schemas.hpp"

namespace alab {

// Code points a message quotes: content/shared.json's quoteLength.
inline std::size_t quote_length() { return static_cast<std::size_t>(widget_fixed("shared", "quoteLength")); }

// Whether a code point can change the direction of the text after it: right-to-left
// letters (Hebrew, Arabic, Syriac, Thaana, NKo, … and their presentation forms) and the
// explicit marks, embeddings, overrides and isolates.
inline bool turns_direction(char32_t c) {
  return (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFE) ||
         c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x061C || (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF);
}

// Text that can turn the direction of the message around it is quoted inside a
// first-strong isolate (U+2068 ... U+2069), as the pages do: a right-to-left override in
// a typed comment turns only the quote, never the rest of the message.
inline std::string quoted(const std::string& text, std::size_t max = quote_length()) {
  std::size_t points = 0, end = 0;
  bool bidi = false;
  char32_t point = 0;
  for (; end < text.size(); ++end) {
    const auto byte = static_cast<unsigned char>(text[end]);
    if ((byte & 0xC0) == 0x80) {  // a continuation byte: inside the code point
      point = (point << 6) | (byte & 0x3F);
      continue;
    }
    bidi = bidi || turns_direction(point);
    if (points == max) break;
    ++points;
    point = byte < 0x80 ? byte : byte < 0xE0 ? (byte & 0x1F) : byte < 0xF0 ? (byte & 0x0F) : (byte & 0x07);
  }
  if (end == text.size()) bidi = bidi || turns_direction(point);
  const std::string q = "\"" + text.substr(0, end) + (end < text.size() ? "\xE2\x80\xA6\"" : "\"");
  return bidi ? "\xE2\x81\xA8" + q + "\xE2\x81\xA9" : q;
}

}  // namespace alab
