// A setting added to a widget's file reaches the engine with no other edit. Built by
// tests/CMakeLists.txt from a copy of content/ whose comments.json has one setting more
// (warmup: an int from 0 to 9, default 2), through the same generators as the engine
// (cmake/SettingsSchema.cmake), and from the generic code alone: the struct, its checks,
// the reading of a value from text and of a command's flag, the help, the JSON. Nothing
// here or in src/ names "warmup" but this test. (The pages' side: the form and the link
// of a site built from such a copy, tests/browser/widget-schemas.test.mjs.)
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "../../tools/cli/command_flags.hpp"
#include "core/widget_settings.hpp"
#include "settings/comments.gen.hpp"

using namespace alab;

TEST_CASE("a setting added to a copy of comments.json is the engine's: its field, default, range, flag", "[settings]") {
  settings::Comments s = schema_defaults<settings::Comments>();
  CHECK(s.warmup == 2);  // the copy's default, in the generated struct and the compiled schema
  CHECK(settings::Comments{}.warmup == 2);
  CHECK(check_settings(s).ok);
  s.warmup = 12;
  CHECK(check_settings(s).message == "Warm-up epochs: 12 is out of range; use a whole number from 0 to 9.");
  CHECK(set_setting(s, "warmup", "5").ok);
  CHECK(s.warmup == 5);
  CHECK(set_setting(s, "warmup", "five").message == "Warm-up epochs: \"five\" is not a number; use a whole number from 0 to 9.");
  CHECK(set_setting(s, "warmup", 10.0).message == "Warm-up epochs: 10 is out of range; use a whole number from 0 to 9.");
  CHECK(s.warmup == 5);  // refused values leave it as it was

  // The runner's flags: the command reads every setting through CommandFlags::setting.
  std::vector<std::string> args = {"alab", "comments", "--warmup", "7", "--bias", "0.8"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  CommandFlags f("comments", static_cast<int>(argv.size()), argv.data(), "usage\n");
  int read = 0;
  while (f.next()) read += f.setting(s);
  CHECK(read == 2);
  CHECK(s.warmup == 7);
  CHECK(s.bias == 0.8);
  CHECK(settings_help<settings::Comments>().find("  --warmup  Warm-up epochs (a whole number from 0 to 9; default 2)") != std::string::npos);
  CHECK(settings_json(s).find("\"warmup\":7") != std::string::npos);
}
