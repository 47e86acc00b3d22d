// The training race (worked example 2) for the web worker: race::RaceSession as the
// JavaScript class RaceSession, its records as objects with named fields.
//
//   const race = new lab.RaceSession();
//   race.start({settings: {T: 30, ...}, schema}, threads) -> {ok, message}
//   race.step(budgetMs) -> true when over;   race.poll() -> [EpochRecord]
//   race.stop();  race.finish() -> RaceOutcome;  race.example(i) -> TestExample
//   lab.race_warm_up(batches) -> seconds
//   lab.race_work({settings, schema}) -> {gru, attention}   arithmetic (race/race_cost.hpp), or the
//                                                           refusal a race that does not fit gets
//   lab.race_warm_up_work(batches) -> {gru, attention}      to turn into seconds
// After finish(), the trained models read with care (reading/race_reading.hpp):
//   race.read({index, masked: [positions]}) -> {tokens, label, alpha, p1, pred}
//   race.read_sequence({tokens}) -> {alpha, p1, pred}
//   race.adversary({index, tol}) -> {alpha, jsd, p1, pred, learned_alpha, learned_p1, learned_pred}
//   race.ablations({seed}) -> {n, as_trained, top_masked, random_masked, first_masked}
//   race.behaviour() -> {gru: BehaviourReport, attention: BehaviourReport}
// Seed sweeps (reading/seed_sweep.hpp), a long job like the race:
//   const sweep = new lab.reading::SeedSweep();
//   sweep.start({settings, schema, seeds: [...]} or {schema, runs: [settings, ...]}, threads) ... poll() -> [{seed, index, test_gru,
//   test_attention, val_gru, val_attention, seconds}], finish() -> {seeds, wall, threads, stopped}
// schema: content/widgets/race.json as the page has it (the page and the engine apply
// the same ranges); without it, the one compiled in from the same file.
#include "embind_support.hpp"
#include "reading/race_reading.hpp"
#include "race/race_cost.hpp"
#include "race/race_session.hpp"
#include "reading/seed_sweep.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::race;
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
val reading_reply(const reading::Reading& r) {
  val out = val::object();
  out.set("alpha", wasm::typed_vector(r.alpha));
  out.set("p1", r.p1);
  out.set("pred", r.pred);
  return out;
}

std::vector<int> ints_of(const val& list) {
  std::vector<int> out;
  if (!list.isUndefined() && !list.isNull())
    for (int i = 0, n = list["length"].as<int>(); i < n; ++i) out.push_back(list[i].as<int>());
  return out;
}

val read(RaceSession& race, val input) {
  reading::RaceReading reading;
  reading::Reading r;
  const int index = input["index"].as<int>();
  Status st = reading.attach(race);
  if (st) st = reading.example(index, ints_of(input["masked"]), r);
  if (!st) return wasm::error_reply(st);
  val out = reading_reply(r);
  out.set("tokens", wasm::typed_vector(reading.tokens(index)));
  out.set("label", race.data().test.labels[index]);
  return out;
}

val read_sequence(RaceSession& race, val input) {
  reading::RaceReading reading;
  reading::Reading r;
  Status st = reading.attach(race);
  if (st) st = reading.sequence(ints_of(input["tokens"]), r);
  return st ? reading_reply(r) : wasm::error_reply(st);
}

val adversary(RaceSession& race, val input) {
  reading::RaceReading reading;
  reading::Adversary a;
  Status st = reading.attach(race);
  if (st) st = reading.adversary(input["index"].as<int>(), input["tol"].as<double>(), a);
  if (!st) return wasm::error_reply(st);
  val out = reading_reply(a.reading);
  out.set("jsd", a.jsd);
  out.set("learned_alpha", wasm::typed_vector(a.learned.alpha));
  out.set("learned_p1", a.learned.p1);
  out.set("learned_pred", a.learned.pred);
  return out;
}

val ablations(RaceSession& race, val input) {
  reading::RaceReading reading;
  reading::AblationSummary s;
  Status st = reading.attach(race);
  if (st) st = reading.ablations(static_cast<std::uint64_t>(input["seed"].as<double>()), s);
  if (!st) return wasm::error_reply(st);
  val out = val::object();
  out.set("n", s.n);
  out.set("as_trained", s.as_trained);
  out.set("top_masked", s.top_masked);
  out.set("random_masked", s.random_masked);
  out.set("first_masked", s.first_masked);
  return out;
}

val behaviour(RaceSession& race, val /*unused: the worker passes its input*/) {
  reading::RaceReading reading;
  reading::BehaviourReport rep[2];
  Status st = reading.attach(race);
  if (st) st = reading.behaviour(rep);
  if (!st) return wasm::error_reply(st);
  val out = val::object();
  for (int m = 0; m < 2; ++m) {
    val x = val::object();
    x.set("accuracy", rep[m].accuracy);
    x.set("counterfactual_flips", rep[m].counterfactual_flips);
    x.set("counterfactual_accuracy", rep[m].counterfactual_accuracy);
    x.set("by_first", wasm::typed_vector(rep[m].by_first));
    x.set("count_by_first", wasm::typed_vector(rep[m].count_by_first));
    x.set("distractor_accuracy", rep[m].distractor_accuracy);
    x.set("constant_middle_accuracy", rep[m].constant_middle_accuracy);
    out.set(m == 0 ? "gru" : "attention", x);
  }
  return out;
}

// The sweep: {settings, schema, seeds}, or {schema, runs: [settings, ...]} (a sweep of
// another setting: each run's whole settings); threads: as many races at once as the
// build has threads for (two: one a core of a 2-core machine; a thread pool of four).
Status sweep_start(reading::SeedSweep& sweep, val input, bool threads) {
  sweep.set_memory_budget(kRaceMemoryBudget);
  if (!input["runs"].isUndefined()) {
    const val list = input["runs"];
    std::vector<Settings> runs;
    for (int i = 0, n = list["length"].as<int>(); i < n; ++i) {
      val one = val::object();
      one.set("settings", list[i]);
      one.set("schema", input["schema"]);
      SettingsSchema schema;
      Settings s;
      if (Status st = settings_of(one, s, schema); !st) return Status::error("run " + std::to_string(i + 1) + ": " + st.message);
      runs.push_back(s);
    }
    return sweep.start(runs, threads ? 2 : 1);
  }
  SettingsSchema schema;
  Settings s;
  if (Status st = settings_of(input, s, schema); !st) return st;
  std::vector<std::uint64_t> seeds;
  const val list = input["seeds"];
  for (int i = 0, n = list["length"].as<int>(); i < n; ++i) seeds.push_back(static_cast<std::uint64_t>(list[i].as<double>()));
  return sweep.start(s, seeds, threads ? 2 : 1);
}

val seed_result(const reading::SeedResult& r) {
  val out = val::object();
  out.set("seed", static_cast<double>(r.seed));
  out.set("index", r.index);
  out.set("test_gru", r.test_acc[0]);
  out.set("test_attention", r.test_acc[1]);
  out.set("val_gru", wasm::typed_vector(r.val_acc[0]));
  out.set("val_attention", wasm::typed_vector(r.val_acc[1]));
  out.set("seconds", r.seconds);
  return out;
}

val sweep_poll(reading::SeedSweep& sweep) {
  val out = val::array();
  for (const reading::SeedResult& r : sweep.poll()) out.call<void>("push", seed_result(r));
  return out;
}

val sweep_finish(reading::SeedSweep& sweep) {
  reading::SweepOutcome o;
  const Status st = sweep.finish(o);
  if (!st) return wasm::error_reply(st);
  val out = val::object(), seeds = val::array();
  for (const reading::SeedResult& r : o.seeds) seeds.call<void>("push", seed_result(r));
  out.set("seeds", seeds);
  out.set("wall", o.wall);
  out.set("threads", o.threads);
  out.set("stopped", o.stopped);
  return out;
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
      .function("example", &wasm::method_reply_with<RaceSession, int, TestExample, &RaceSession::example>)
      .function("read", &read)
      .function("read_sequence", &read_sequence)
      .function("adversary", &adversary)
      .function("ablations", &ablations)
      .function("behaviour", &behaviour);
  class_<reading::SeedSweep>("SeedSweep")
      .constructor<>()
      .function("start", &sweep_start)
      .function("step", &reading::SeedSweep::step)
      .function("poll", &sweep_poll)
      .function("stop", &reading::SeedSweep::stop)
      .function("done", &reading::SeedSweep::done)
      .function("finish", &sweep_finish);
  function("race_warm_up", &warm_up_race_engine);
  value_object<RaceWork>("RaceWork").field("gru", &RaceWork::gru).field("attention", &RaceWork::attention);
  function("race_work", &wasm::reply<val, RaceWork, &work_of>);
  function("race_warm_up_work", &race_warm_up_work);
}
