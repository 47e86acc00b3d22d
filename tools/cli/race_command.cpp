// `alab race`: runs train::run_race with settings from flags, prints progress and
// the module's table (model, test accuracy), or everything as JSON.
#include "race_command.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "attention/build_info.hpp"
#include "train/race.hpp"

using namespace alab;
using namespace alab::train;

namespace {

int fail(const std::string& why) {
  std::fprintf(stderr, "alab race: %s\n", why.c_str());
  return 2;
}

bool parse_long(const std::string& text, long& out) {
  char* end = nullptr;
  out = std::strtol(text.c_str(), &end, 10);
  return end != text.c_str() && *end == '\0';
}

void print_curve_json(const ModelResult& m) {
  std::printf("{\"model\":\"%s\",\"completed\":%s,\"seconds\":%.6f,\"test_acc\":%.17g,"
              "\"confusion\":[[%ld,%ld],[%ld,%ld]],\"curve\":[",
              model_name(m.kind), m.completed ? "true" : "false", m.seconds, m.test.accuracy,
              m.test.confusion[0][0], m.test.confusion[0][1], m.test.confusion[1][0],
              m.test.confusion[1][1]);
  for (std::size_t i = 0; i < m.curve.size(); ++i) {
    const auto& e = m.curve[i];
    std::printf("%s{\"epoch\":%d,\"train_acc\":%.17g,\"val_acc\":%.17g,\"loss\":%.17g,\"seconds\":%.6f}",
                i ? "," : "", e.epoch, e.train_acc, e.val_acc, e.loss, e.seconds);
  }
  std::printf("]}");
}

void print_json(const Settings& s, const RaceResult& r) {
  const auto info = core_build_info();
  std::printf("{\"settings\":{\"T\":%d,\"vocab\":%d,\"d_model\":%d,\"hidden\":%d,\"batch\":%d,"
              "\"lr\":%.17g,\"epochs\":%d,\"seed\":%llu,\"pooling\":\"%s\",\"positional\":%s},",
              s.seq_len, s.vocab, s.d_model, s.hidden, s.batch, s.lr, s.epochs,
              static_cast<unsigned long long>(s.seed), pooling_name(s.pooling),
              s.positional ? "true" : "false");
  std::printf("\"build\":{\"simd\":%s,\"eigen_simd\":\"%s\",\"threads_available\":%s},",
              info.simd ? "true" : "false", info.eigen_simd.c_str(),
              race_threads_available() ? "true" : "false");
  std::printf("\"threads_used\":%s,\"stopped\":%s,\"wall_seconds\":%.6f,\"models\":[",
              r.threads_used ? "true" : "false", r.stopped ? "true" : "false", r.wall_seconds);
  print_curve_json(r.gru);
  std::printf(",");
  print_curve_json(r.attention);
  std::printf("]}\n");
}

}  // namespace

int run_race_command(int argc, char** argv) {
  Settings s;
  RaceOptions options;
  bool json = false, quiet = false;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") { json = true; continue; }
    if (arg == "--quiet") { quiet = true; continue; }
    if (i + 1 >= argc) return fail("missing value after " + arg);
    const std::string val = argv[++i];
    long n = 0;
    const bool is_int = parse_long(val, n);
    auto need_int = [&](int& field) {
      if (!is_int || n < -1000000000L || n > 1000000000L) return false;
      field = static_cast<int>(n);
      return true;
    };
    bool ok = true;
    if (arg == "--T") ok = need_int(s.seq_len);
    else if (arg == "--vocab") ok = need_int(s.vocab);
    else if (arg == "--d-model") ok = need_int(s.d_model);
    else if (arg == "--hidden") ok = need_int(s.hidden);
    else if (arg == "--batch") ok = need_int(s.batch);
    else if (arg == "--epochs") ok = need_int(s.epochs);
    else if (arg == "--seed") {
      ok = is_int && n >= 0;
      s.seed = static_cast<std::uint64_t>(n);
    } else if (arg == "--lr") {
      char* end = nullptr;
      s.lr = std::strtod(val.c_str(), &end);
      ok = end != val.c_str() && *end == '\0';
    } else if (arg == "--pooling") ok = parse_pooling(val, s.pooling);
    else if (arg == "--positional") {
      ok = val == "on" || val == "off";
      s.positional = val == "on";
    } else if (arg == "--threads") {
      ok = is_int && (n == 1 || n == 2);
      options.threads = n == 2;
    } else return fail("unknown option " + arg);
    if (!ok) return fail("bad value for " + arg + ": " + val);
  }

  if (Status st = validate(s); !st) return fail(st.message);
  FILE* progress = quiet ? nullptr : json ? stderr : stdout;
  std::string queued;
  if (progress) {
    std::fprintf(progress, "%-15s %5s %9s %9s %9s %8s\n", "model", "epoch", "loss", "train_acc",
                 "val_acc", "time_s");
    // Lines from the race's second thread wait for this thread's next report: under
    // Emscripten a thread's write to stdout is a call proxied to the main thread, and
    // the caller waits for it, while this (main) thread is busy training the GRU.
    // Calls are serialised by the race, so the queue needs no lock of its own.
    options.on_epoch = [progress, &queued, caller = std::this_thread::get_id()](const Progress& p) {
      char line[128];
      std::snprintf(line, sizeof line, "%-15s %5d %9.4f %9.3f %9.3f %8.3f\n", model_name(p.model),
                    p.stats.epoch, p.stats.loss, p.stats.train_acc, p.stats.val_acc, p.wall_seconds);
      queued += line;
      if (std::this_thread::get_id() != caller) return;
      std::fputs(queued.c_str(), progress);
      queued.clear();
    };
  }
  RaceResult r;
  const Status st = run_race(s, options, r);
  if (progress) std::fputs(queued.c_str(), progress);
  if (!st) return fail(st.message);
  if (json) {
    print_json(s, r);
    return 0;
  }
  std::printf("\n%-15s %8s\n", "model", "test_acc");
  for (const ModelResult* m : {&r.gru, &r.attention})
    std::printf("%-15s %8.3f\n", model_name(m->kind), m->test.accuracy);
  std::printf("\nwall time %.3f s (%s)\n", r.wall_seconds,
              r.threads_used ? "two threads" : "one thread, models alternating by epoch");
  return 0;
}
