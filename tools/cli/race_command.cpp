// `alab race`: a race::RaceSession with settings from flags (one flag per key of
// content/widgets/race.json, parsed with its schema as the page parses them);
// prints progress and the module's table (model, test accuracy), or everything
// as JSON. `alab schema` prints every widget's compiled-in schema as JSON.
#include "race_command.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "core/build_info.hpp"
#include "core/widget_schemas.hpp"
#include "race/race_session.hpp"

using namespace alab;
using namespace alab::race;

namespace {

int fail(const std::string& why) {
  std::fprintf(stderr, "alab race: %s\n", why.c_str());
  return 2;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void print_model_json(const char* name, const ModelOutcome& m, const std::vector<EpochRecord>& curve) {
  std::printf("{\"model\":\"%s\",\"completed\":%s,\"seconds\":%.6f,\"test_acc\":%.17g,"
              "\"confusion\":[[%d,%d],[%d,%d]],\"curve\":[",
              name, m.completed ? "true" : "false", m.seconds, m.test_acc, m.confusion[0][0],
              m.confusion[0][1], m.confusion[1][0], m.confusion[1][1]);
  for (std::size_t i = 0; i < curve.size(); ++i) {
    const auto& e = curve[i];
    std::printf("%s{\"epoch\":%d,\"train_acc\":%.17g,\"val_acc\":%.17g,\"loss\":%.17g,\"seconds\":%.6f}",
                i ? "," : "", e.epoch, e.train_acc, e.val_acc, e.loss, e.seconds);
  }
  std::printf("]}");
}

void print_json(const Settings& s, const RaceOutcome& r, const std::vector<EpochRecord> curves[2]) {
  const auto info = core_build_info();
  std::printf("{\"settings\":{\"T\":%d,\"vocab\":%d,\"dmodel\":%d,\"hidden\":%d,\"batch\":%d,"
              "\"lr\":%.17g,\"epochs\":%d,\"seed\":%llu,\"pooling\":\"%s\",\"positions\":\"%s\"},",
              s.T, s.vocab, s.dmodel, s.hidden, s.batch, s.lr, s.epochs,
              static_cast<unsigned long long>(s.seed), pooling_name(s.pooling),
              s.positions ? "on" : "off");
  std::printf("\"build\":{\"simd\":%s,\"eigen_simd\":\"%s\",\"threads_available\":%s},",
              info.simd ? "true" : "false", info.eigen_simd.c_str(),
              race_threads_available() ? "true" : "false");
  std::printf("\"threads_used\":%s,\"stopped\":%s,\"wall_seconds\":%.6f,\"models\":[",
              r.threads ? "true" : "false", r.stopped ? "true" : "false", r.wall);
  print_model_json(model_name(ModelKind::gru), r.gru, curves[0]);
  std::printf(",");
  print_model_json(model_name(ModelKind::attention), r.attention, curves[1]);
  std::printf("]}\n");
}

}  // namespace

std::string race_usage() {
  std::string text = "       alab race [--json] [--quiet] [--threads 1|2]";
  for (const SettingSpec& s : race_schema().settings) {
    const std::string def = s.kind == SettingKind::choice ? s.default_choice : js_number_text(s.default_number);
    text += "\n                 [--" + s.key + " " + def + "]  " + s.label + ": " + range_text(s);
  }
  return text + "\n";
}

namespace {
void print_schema_json(const SettingsSchema& schema) {
  std::printf("{\"fixed\":{");
  for (std::size_t i = 0; i < schema.fixed.size(); ++i)
    std::printf("%s%s:%.17g", i ? "," : "", json_string(schema.fixed[i].first).c_str(), schema.fixed[i].second);
  std::printf("},\"settings\":[");
  for (std::size_t i = 0; i < schema.settings.size(); ++i) {
    const SettingSpec& s = schema.settings[i];
    std::printf("%s{\"key\":%s,\"label\":%s,", i ? "," : "", json_string(s.key).c_str(), json_string(s.label).c_str());
    if (s.kind == SettingKind::choice) {
      std::printf("\"kind\":\"choice\",\"default\":%s,\"choices\":[", json_string(s.default_choice).c_str());
      for (std::size_t j = 0; j < s.choices.size(); ++j) std::printf("%s%s", j ? "," : "", json_string(s.choices[j]).c_str());
      std::printf("]}");
    } else {
      std::printf("\"kind\":\"%s\",\"default\":%.17g,\"min\":%.17g,\"max\":%.17g}",
                  s.kind == SettingKind::integer ? "int" : "float", s.default_number, s.min, s.max);
    }
  }
  std::printf("]}");
}
}  // namespace

// {"widgets": {NAME: {fixed, settings}}, "engine_defaults", "engine_fixed"}: every
// widget's compiled-in schema, and the race's settings as the engine starts from them.
int run_schema_command() {
  std::printf("{\"widgets\":{");
  bool first = true;
  for (const auto& [name, schema] : compiled_schemas()) {
    std::printf("%s%s:", first ? "" : ",", json_string(name).c_str());
    print_schema_json(schema);
    first = false;
  }
  std::printf("}");
  // And the settings the engine starts from when no flag is given, read back.
  const Settings d;
  std::printf(",\"engine_defaults\":{\"T\":%d,\"epochs\":%d,\"lr\":%.17g,\"seed\":%llu,\"batch\":%d,"
              "\"hidden\":%d,\"dmodel\":%d,\"pooling\":\"%s\",\"positions\":\"%s\"},"
              "\"engine_fixed\":{\"vocab\":%d,\"n_train\":%d,\"n_val\":%d,\"n_test\":%d}}\n",
              d.T, d.epochs, d.lr, static_cast<unsigned long long>(d.seed), d.batch, d.hidden,
              d.dmodel, pooling_name(d.pooling), d.positions ? "on" : "off", d.vocab, d.n_train,
              d.n_val, d.n_test);
  return 0;
}

int run_race_command(int argc, char** argv) {
  Settings s;
  bool json = false, quiet = false, threads = false;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") { json = true; continue; }
    if (arg == "--quiet") { quiet = true; continue; }
    if (arg == "--help") {
      std::printf("usage:\n%s", race_usage().c_str());
      return 0;
    }
    if (arg.rfind("--", 0) != 0) return fail("unexpected " + arg + "\nusage:\n" + race_usage());
    if (i + 1 >= argc) return fail("missing value after " + arg);
    const std::string key = arg.substr(2), val = argv[++i];
    if (key == "threads") {
      if (val != "1" && val != "2") return fail("--threads is 1 or 2");
      threads = val == "2";
      continue;
    }
    const SettingSpec* spec = race_schema().find(key);
    if (!spec) return fail("unknown option " + arg + "\nusage:\n" + race_usage());
    Status st;
    if (spec->kind == SettingKind::choice) {
      st = set_setting(s, key, val);
    } else {
      // The page's number grammar: strtod reads the whole text or it is not a number.
      char* end = nullptr;
      const double v = std::strtod(val.c_str(), &end);
      if (val.empty() || end != val.c_str() + val.size())
        st = Status::error(spec->label + ": \"" + val + "\" is not a number; use " + range_text(*spec) + ".");
      else
        st = set_setting(s, key, v);
    }
    if (!st) return fail(st.message);
  }

  RaceSession race;
  if (Status st = race.start(s, threads); !st) return fail(st.message);
  FILE* progress = quiet ? nullptr : json ? stderr : stdout;
  std::string queued;
  if (progress)
    std::fprintf(progress, "%-15s %5s %9s %9s %9s %8s\n", "model", "epoch", "loss", "train_acc",
                 "val_acc", "time_s");
  // Lines from the race's second thread wait for this thread's next report: under
  // Emscripten a thread's write to stdout is a call proxied to the main thread, and
  // the caller waits for it, while this (main) thread is busy training the GRU.
  // The session reports one epoch at a time, so the queue needs no lock of its own.
  race.run_here([&, caller = std::this_thread::get_id()](const EpochRecord& e) {
    if (!progress) return;
    char line[128];
    std::snprintf(line, sizeof line, "%-15s %5d %9.4f %9.3f %9.3f %8.3f\n",
                  model_name(e.model == 0 ? ModelKind::gru : ModelKind::attention), e.epoch, e.loss,
                  e.train_acc, e.val_acc, e.wall);
    queued += line;
    if (std::this_thread::get_id() != caller) return;
    std::fputs(queued.c_str(), progress);
    queued.clear();
  });
  if (progress) std::fputs(queued.c_str(), progress);
  std::vector<EpochRecord> curves[2];
  for (const EpochRecord& e : race.poll()) curves[e.model].push_back(e);
  RaceOutcome r;
  if (Status st = race.finish(r); !st) return fail(st.message);
  if (json) {
    print_json(s, r, curves);
    return 0;
  }
  std::printf("\n%-15s %8s\n", "model", "test_acc");
  std::printf("%-15s %8.3f\n", model_name(ModelKind::gru), r.gru.test_acc);
  std::printf("%-15s %8.3f\n", model_name(ModelKind::attention), r.attention.test_acc);
  std::printf("\nwall time %.3f s (%s)\n", r.wall,
              r.threads ? "two threads" : "one thread, models alternating by epoch");
  return 0;
}
