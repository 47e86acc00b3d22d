// Status: how the core reports bad input without exceptions.
//
// The library is compiled to WebAssembly without exception support (catching
// costs speed and size there), so every function that can refuse its input
// returns a Status whose message names the problem in words a student can act on.
#pragma once

#include <string>
#include <utility>

namespace alab {

struct Status {
  bool ok = true;
  std::string message;  // empty when ok

  static Status success() { return {}; }
  static Status error(std::string why) { return {false, std::move(why)}; }
  explicit operator bool() const { return ok; }
};

}  // namespace alab
