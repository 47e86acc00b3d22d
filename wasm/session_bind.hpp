// The session contract (src/core/session.hpp) declared for JavaScript once: a class
// with start, step, poll, stop, pause, done and finish, which web/js/engine/lab-worker.js drives.
// A widget's binding file adds its own methods to what this returns:
//
//   wasm::session_class<RaceSession, EpochRecord, RaceOutcome>("RaceSession", &start)
//       .function("example", ...);
//
// start: (S&, val input, bool threads) -> Status, the widget's reading of its input.
// Records and the outcome cross as declared records (value_object), or, where a reply
// is built by hand, finish may be given as a function (S&) -> val.
#pragma once

#include "embind_support.hpp"

namespace alab::wasm {

// poll() as an Array of records (each a value_object).
template <class S, class Record>
val poll_records(S& s) {
  val out = val::array();
  for (const Record& r : s.poll()) out.call<void>("push", val(r));
  return out;
}

// finish() as the outcome record, or {ok: false, message}.
template <class S, class Outcome>
val finish_record(S& s) {
  Outcome out;
  const Status st = s.finish(out);
  return st ? val(out) : error_reply(st);
}

template <class S, class Record, class Outcome, class Start>
emscripten::class_<S> session_class(const char* name, Start start) {
  return emscripten::class_<S>(name)
      .template constructor<>()
      .function("start", start)
      .function("step", emscripten::optional_override([](S& s, double budget_ms) { return s.step(budget_ms); }))
      .function("poll", &poll_records<S, Record>)
      .function("stop", emscripten::optional_override([](S& s) { s.stop(); }))
      .function("pause", emscripten::optional_override([](S& s, bool on) { s.pause(on); }))
      .function("done", emscripten::optional_override([](const S& s) { return s.done(); }))
      .function("finish", &finish_record<S, Outcome>);
}

}  // namespace alab::wasm
