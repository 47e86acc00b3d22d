// The "--flag value" arguments of the runner's training commands (race, comments,
// translate, vision), read in order. Every setting of the widget's file is a flag of
// the same name (--max_len may be written --max-len), read by setting(): no command
// lists them, so a setting added to content/widgets/NAME.json is a flag at once. A
// number is read as the pages read one: the whole text or it is refused, so "--epochs
// ten" stops the command with a message instead of training for std::atoi's 0 epochs;
// then range-checked in the schema's words (core/widget_settings.hpp).
//
//   settings::Comments s = schema_defaults<settings::Comments>();
//   CommandFlags f("comments", argc, argv, comments_usage());
//   while (f.next()) {
//     if (f.setting(s)) continue;
//     if (f.is("--quiet")) quiet = true;
//     else return f.unknown();
//   }
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "core/widget_settings.hpp"

class CommandFlags {
 public:
  // Reads argv[2..]: argv[1] is the command's name.
  CommandFlags(std::string command, int argc, char** argv, std::string usage)
      : command_(std::move(command)), usage_(std::move(usage)), argc_(argc), argv_(argv) {}

  bool next() {
    if (++i_ >= argc_) return false;
    flag_ = argv_[i_];
    return true;
  }
  bool is(const char* name) const { return flag_ == name; }

  // When the flag names one of s's settings: its value read, checked and stored (a
  // refusal stops the command with the schema's message). False for any other flag.
  template <class S>
  bool setting(S& s) {
    if (flag_.rfind("--", 0) != 0) return false;
    std::string key = flag_.substr(2);
    if (!alab::has_setting<S>(key))
      for (char& c : key) c = c == '-' ? '_' : c;
    if (!alab::has_setting<S>(key)) return false;
    if (alab::Status st = alab::set_setting(s, key, text()); !st) stop(st.message);
    return true;
  }

  // The flag's value: the next argument.
  std::string text() {
    if (i_ + 1 >= argc_) stop(flag_ + " needs a value");
    return argv_[++i_];
  }
  double number() {
    const std::string t = text();
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(v)) stop(flag_ + ": \"" + t + "\" is not a number");
    return v;
  }
  // A whole number an int holds (the sessions' settings are ints).
  int whole() {
    const std::string t = text();
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(v) || v != std::floor(v))
      stop(flag_ + ": \"" + t + "\" is not a whole number");
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) stop(flag_ + ": " + t + " is too large");
    return static_cast<int>(v);
  }

  // For the last else: names the flag, prints the usage, and is the command's exit code
  // (--help: the usage on stdout, and 0).
  int unknown() const {
    if (flag_ == "--help") {
      std::printf("usage:\n%s", usage_.c_str());
      return 0;
    }
    std::fprintf(stderr, "alab %s: unknown flag %s\nusage:\n%s", command_.c_str(), flag_.c_str(), usage_.c_str());
    return 2;
  }

  // A file's whole text (a grammar the command is given), or stop naming the flag.
  std::string read_file(const std::string& path, const char* flag) const {
    std::ifstream in(path);
    if (!in) stop("cannot read \"" + path + "\" (" + flag + " FILE)");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

  [[noreturn]] void stop(const std::string& why) const {
    std::fprintf(stderr, "alab %s: %s\n", command_.c_str(), why.c_str());
    std::exit(2);
  }

 private:
  std::string command_, usage_, flag_;
  int argc_;
  char** argv_;
  int i_ = 1;
};
