// The training race (worked example 2) for the web worker: train::RaceSession as the
// JavaScript class RaceSession, its records as objects with named fields.
//
//   const race = new lab.RaceSession();
//   race.start({settings: {T: 30, ...}, schema}, threads) -> {ok, message}
//   race.step(budgetMs) -> true when over;   race.poll() -> [EpochRecord]
//   race.stop();  race.finish() -> RaceOutcome;  race.example(i) -> TestExample
//   lab.race_warm_up(batches) -> seconds
//   lab.race_work({settings, schema}) -> {gru, attention}   arithmetic (train/race_cost.hpp), or the
//                                                           refusal a race that does not fit gets
//   lab.race_warm_up_work(batches) -> {gru, attention}      to turn into seconds
// schema: content/widgets/race.json as the page has it (the page and the engine apply
// the same ranges); without it, the one compiled in from the same file.
#include "embind_support.hpp"
#include "train/race_cost.hpp"
#include "train/race_session.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::train;
using alab::wasm::val;

namespace {

// The heap a race may fill: the threaded build's is fixed (wasm/CMakeLists.txt:
// INITIAL_MEMORY 256 MB, less code, stacks and the page's other work); the
// single-thread build grows to WebAssembly's 2 GB (less the same margin).
#ifdef __EMSCRIPTEN_PTHREADS__
constexpr double kRaceMemoryBudget = 216.0 * (1 << 20);
#else
constexpr double kRaceMemoryBudget = 1800.0 * (1 << 20);
#endif

// {settings, schema?} from the page -> Settings, through the schema the page was built with.
Status settings_of(const val& input, Settings& out, SettingsSchema& schema) {
  const val js_schema = input["schema"];
  schema = js_schema.isUndefined() ? race_schema() : wasm::schema_from_js(js_schema);
  out = Settings(schema);
  if (Status st = wasm::settings_from_js(input["settings"], schema, out); !st) return st;
  return validate(out, schema);
}

Status start(RaceSession& race, val input, bool threads) {
  race.set_memory_budget(kRaceMemoryBudget);
  SettingsSchema schema;
  Settings s;
  if (Status st = settings_of(input, s, schema); !st) return st;
  return race.start(s, threads, schema);
}

Status work_of(const val& input, RaceWork& out) {
  SettingsSchema schema;
  Settings s;
  if (Status st = settings_of(input, s, schema); !st) return st;
  if (Status st = check_race_memory(s, kRaceMemoryBudget); !st) return st;  // refused before asked about time
  out = race_work(s);
  return Status::success();
}
}  // namespace

EMSCRIPTEN_BINDINGS(race) {
  value_object<EpochRecord>("EpochRecord")
      .field("model", &EpochRecord::model)
      .field("epoch", &EpochRecord::epoch)
      .field("train_acc", &EpochRecord::train_acc)
      .field("val_acc", &EpochRecord::val_acc)
      .field("loss", &EpochRecord::loss)
      .field("seconds", &EpochRecord::seconds)
      .field("wall", &EpochRecord::wall);
  value_array<std::array<int, 2>>("ConfusionRow").element(emscripten::index<0>()).element(emscripten::index<1>());
  value_array<std::array<std::array<int, 2>, 2>>("Confusion").element(emscripten::index<0>()).element(emscripten::index<1>());
  value_object<ModelOutcome>("ModelOutcome")
      .field("test_acc", &ModelOutcome::test_acc)
      .field("confusion", &ModelOutcome::confusion)
      .field("seconds", &ModelOutcome::seconds)
      .field("epochs_done", &ModelOutcome::epochs_done)
      .field("completed", &ModelOutcome::completed);
  value_object<RaceOutcome>("RaceOutcome")
      .field("gru", &RaceOutcome::gru)
      .field("attention", &RaceOutcome::attention)
      .field("wall", &RaceOutcome::wall)
      .field("threads", &RaceOutcome::threads)
      .field("stopped", &RaceOutcome::stopped)
      .ALAB_TYPED_FIELD(RaceOutcome, test_labels);
  value_object<TestExample>("TestExample")
      .field("index", &TestExample::index)
      .field("T", &TestExample::T)
      .field("label", &TestExample::label)
      .field("pred_gru", &TestExample::pred_gru)
      .field("pred_attention", &TestExample::pred_attention)
      .ALAB_TYPED_FIELD(TestExample, tokens)
      .ALAB_TYPED_FIELD(TestExample, A);

  class_<RaceSession>("RaceSession")
      .constructor<>()
      .function("start", &start)
      .function("step", &RaceSession::step)
      .function("poll", &wasm::array_method<RaceSession, EpochRecord, &RaceSession::poll>)
      .function("stop", &RaceSession::stop)
      .function("done", &RaceSession::done)
      .function("finish", &wasm::method_reply<RaceSession, RaceOutcome, &RaceSession::finish>)
      .function("example", &wasm::method_reply_with<RaceSession, int, TestExample, &RaceSession::example>);
  function("race_warm_up", &warm_up_race_engine);
  value_object<RaceWork>("RaceWork").field("gru", &RaceWork::gru).field("attention", &RaceWork::attention);
  function("race_work", &wasm::reply<val, RaceWork, &work_of>);
  function("race_warm_up_work", &race_warm_up_work);
}
