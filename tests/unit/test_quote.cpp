// quoted (core/quote.hpp): what a student typed, named in a message, short and never cut
// inside a character.
#include <catch2/catch.hpp>

#include <string>

#include "core/quote.hpp"

using namespace alab;

TEST_CASE("quoted clips by code points, never inside a UTF-8 sequence", "[quote]") {
  CHECK(quoted("animal") == "\"animal\"");
  CHECK(quoted("") == "\"\"");
  // 24 emoji (4 bytes each) fit; a 25th is cut with an ellipsis, whole emoji kept.
  std::string emoji;
  for (int i = 0; i < 25; ++i) emoji += "\xF0\x9F\x98\x80";  // U+1F600
  CHECK(quoted(emoji) == "\"" + emoji.substr(0, 24 * 4) + "\xE2\x80\xA6\"");
  CHECK(quoted(emoji.substr(0, 24 * 4)) == "\"" + emoji.substr(0, 24 * 4) + "\"");
  // Cut after whole characters of one, two, three and four bytes.
  const std::string mixed = "a\xC3\xA9\xF0\x9F\x98\x80\xE2\x82\xAC" "b";  // a é 😀 € b
  const std::string more = "\xE2\x80\xA6\"";
  CHECK(quoted(mixed, 1) == "\"a" + more);
  CHECK(quoted(mixed, 2) == "\"a\xC3\xA9" + more);
  CHECK(quoted(mixed, 3) == "\"a\xC3\xA9\xF0\x9F\x98\x80" + more);
  CHECK(quoted(mixed, 4) == "\"a\xC3\xA9\xF0\x9F\x98\x80\xE2\x82\xAC" + more);
  CHECK(quoted(mixed, 5) == "\"" + mixed + "\"");
  // 10,000 characters become one short line.
  CHECK(quoted(std::string(10000, 'x')).size() == 24 + 2 + 3);
}

TEST_CASE("quoted isolates text that can turn the message's direction", "[quote]") {
  const std::string fsi = "\xE2\x81\xA8", pdi = "\xE2\x81\xA9";
  const std::string rlo = "\xE2\x80\xAE";          // U+202E right-to-left override
  const std::string alef = "\xD8\xA7";              // U+0627 Arabic letter alef
  CHECK(quoted(rlo + "abc") == fsi + "\"" + rlo + "abc\"" + pdi);
  CHECK(quoted("abc" + alef) == fsi + "\"abc" + alef + "\"" + pdi);
  CHECK(quoted("caf\xC3\xA9 \xF0\x9F\x98\x80") == "\"caf\xC3\xA9 \xF0\x9F\x98\x80\"");  // é and 😀 turn nothing
  // Only what is shown counts: an override past the cut is not quoted, so nothing to isolate.
  CHECK(quoted(std::string(30, 'x') + rlo) == "\"" + std::string(24, 'x') + "\xE2\x80\xA6\"");
}
