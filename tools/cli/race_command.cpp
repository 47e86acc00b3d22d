// `alab race`: a race::RaceSession with settings from flags (one flag per key of
// content/widgets/race.json, read as every command reads them: command_flags.hpp);
// prints progress and the module's table (model, test accuracy), or everything
// as JSON. `alab schema` prints every widget's compiled-in schema as JSON.
#include "race_command.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "core/build_info.hpp"
#include "command_flags.hpp"
#include "core/widget_schemas.hpp"
#include "settings/all.gen.hpp"
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
  std::printf("{\"settings\":%s,\"vocab\":%d,", settings_json<settings::Race>(s).c_str(), s.vocab);
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
  return "       alab race [--SETTING VALUE ...] [--json] [--quiet] [--threads 1|2]\n"
         "       settings (content/widgets/race.json):\n" +
         settings_help<settings::Race>();
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
  // Every generated settings struct at its compile-time defaults, and the race's
  // settings as the engine starts from them when no flag is given, read back.
  std::printf(",\"structs\":{");
  first = true;
  settings::for_each_widget([&](const auto& s) {
    std::printf("%s%s:%s", first ? "" : ",", json_string(s.widget).c_str(), settings_json(s).c_str());
    first = false;
  });
  const Settings d;
  std::printf("},\"engine_defaults\":%s,\"engine_fixed\":{\"vocab\":%d,\"n_train\":%d,\"n_val\":%d,\"n_test\":%d}}\n",
              settings_json<settings::Race>(d).c_str(), d.vocab, d.n_train, d.n_val, d.n_test);
  return 0;
}

int run_race_command(int argc, char** argv) {
  Settings s;
  bool json = false, quiet = false, threads = false;
  CommandFlags f("race", argc, argv, race_usage());
  while (f.next()) {
    if (f.setting(s)) continue;
    if (f.is("--json")) json = true;
    else if (f.is("--quiet")) quiet = true;
    else if (f.is("--threads")) threads = f.whole() > 1;
    else return f.unknown();
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
