// The reading page: a race that can be read with care once finished
// (reading::ReadableRace, as the JavaScript session class ReadingRace), and the seed
// sweep (reading::SeedSweep). Both keep the session contract (wasm/session_bind.hpp).
//
//   const race = new lab.ReadingRace();            started, driven and finished like RaceSession
//   race.read({index, masked: [positions]}) -> {tokens, label, alpha, p1, pred}
//   race.read_sequence({tokens}) -> {alpha, p1, pred}
//   race.adversary({index, tol}) -> {alpha, jsd, p1, pred, learned_alpha, learned_p1, learned_pred}
//   race.ablations({seed}) -> {n, as_trained, top_masked, random_masked, first_masked}
//   race.behaviour() -> {gru: BehaviourReport, attention: BehaviourReport}
//   const sweep = new lab.SeedSweep();
//   sweep.start({settings, seeds: [...]} or {runs: [settings, ...]}, threads)
//   sweep.poll() -> [SeedResult];  sweep.finish() -> {seeds, wall, threads, stopped}
#include "race_input.hpp"
#include "reading/race_reading.hpp"
#include "reading/seed_sweep.hpp"
#include "session_bind.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::reading;
using race::EpochRecord;
using race::RaceOutcome;

namespace {
// {settings, seeds}, or {runs: [settings, ...]} (a sweep of another setting: each
// run's whole settings); threads: as many races at once as the build has threads for
// (two: one a core of a 2-core machine; a thread pool of four).
Status sweep_start(SeedSweep& sweep, val input, bool threads) {
  sweep.set_memory_budget(wasm::kHeapBudget);
  race::Settings s;
  if (!input["runs"].isUndefined()) {
    const val list = input["runs"];
    std::vector<race::Settings> runs;
    for (int i = 0, n = list["length"].as<int>(); i < n; ++i) {
      if (Status st = wasm::race_settings_of(list[i], s); !st) return Status::error("run " + std::to_string(i + 1) + ": " + st.message);
      runs.push_back(s);
    }
    return sweep.start(runs, threads ? 2 : 1);
  }
  if (Status st = wasm::race_settings_of(input["settings"], s); !st) return st;
  std::vector<std::uint64_t> seeds;
  const val list = input["seeds"];
  for (int i = 0, n = list["length"].as<int>(); i < n; ++i) seeds.push_back(static_cast<std::uint64_t>(list[i].as<double>()));
  return sweep.start(s, seeds, threads ? 2 : 1);
}

// behaviour() takes no input; the worker passes one anyway.
val behaviour(ReadableRace& race, val /*unused*/) { return wasm::method_reply<ReadableRace, BehaviourReports, &ReadableRace::behaviour>(race); }
}  // namespace

EMSCRIPTEN_BINDINGS(reading) {
  value_object<ReadRequest>("ReadRequest").field("index", &ReadRequest::index).ALAB_TYPED_FIELD(ReadRequest, masked);
  value_object<SequenceRequest>("SequenceRequest").ALAB_TYPED_FIELD(SequenceRequest, tokens);
  value_object<AdversaryRequest>("AdversaryRequest").field("index", &AdversaryRequest::index).field("tol", &AdversaryRequest::tol);
  value_object<AblationRequest>("AblationRequest").field("seed", &AblationRequest::seed);
  value_object<ExampleReading>("ExampleReading")
      .ALAB_TYPED_FIELD(ExampleReading, tokens)
      .field("label", &ExampleReading::label)
      .ALAB_TYPED_FIELD(ExampleReading, alpha)
      .field("p1", &ExampleReading::p1)
      .field("pred", &ExampleReading::pred);
  value_object<Reading>("Reading").ALAB_TYPED_FIELD(Reading, alpha).field("p1", &Reading::p1).field("pred", &Reading::pred);
  value_object<AdversaryReading>("AdversaryReading")
      .ALAB_TYPED_FIELD(AdversaryReading, alpha)
      .field("jsd", &AdversaryReading::jsd)
      .field("p1", &AdversaryReading::p1)
      .field("pred", &AdversaryReading::pred)
      .ALAB_TYPED_FIELD(AdversaryReading, learned_alpha)
      .field("learned_p1", &AdversaryReading::learned_p1)
      .field("learned_pred", &AdversaryReading::learned_pred);
  value_object<AblationSummary>("AblationSummary")
      .field("n", &AblationSummary::n)
      .field("as_trained", &AblationSummary::as_trained)
      .field("top_masked", &AblationSummary::top_masked)
      .field("random_masked", &AblationSummary::random_masked)
      .field("first_masked", &AblationSummary::first_masked);
  value_object<BehaviourReport>("BehaviourReport")
      .field("accuracy", &BehaviourReport::accuracy)
      .field("counterfactual_flips", &BehaviourReport::counterfactual_flips)
      .field("counterfactual_accuracy", &BehaviourReport::counterfactual_accuracy)
      .ALAB_TYPED_FIELD(BehaviourReport, by_first)
      .ALAB_TYPED_FIELD(BehaviourReport, count_by_first)
      .field("distractor_accuracy", &BehaviourReport::distractor_accuracy)
      .field("constant_middle_accuracy", &BehaviourReport::constant_middle_accuracy);
  value_object<BehaviourReports>("BehaviourReports").field("gru", &BehaviourReports::gru).field("attention", &BehaviourReports::attention);

  wasm::session_class<ReadableRace, EpochRecord, RaceOutcome>("ReadingRace", &wasm::start_race<ReadableRace>)
      .function("read", &wasm::method_reply_with<ReadableRace, const ReadRequest&, ExampleReading, &ReadableRace::read>)
      .function("read_sequence", &wasm::method_reply_with<ReadableRace, const SequenceRequest&, Reading, &ReadableRace::read_sequence>)
      .function("adversary", &wasm::method_reply_with<ReadableRace, const AdversaryRequest&, AdversaryReading, &ReadableRace::adversary>)
      .function("ablations", &wasm::method_reply_with<ReadableRace, const AblationRequest&, AblationSummary, &ReadableRace::ablations>)
      .function("behaviour", &behaviour);

  value_object<SeedResult>("SeedResult")
      .ALAB_NUMBER_FIELD(SeedResult, seed)
      .field("index", &SeedResult::index)
      .field("test_gru", &SeedResult::test_gru)
      .field("test_attention", &SeedResult::test_attention)
      .ALAB_TENSOR_FIELD(SeedResult, val)  // epochs x 2, row-major: epoch e's GRU at 2e, attention at 2e + 1
      .field("seconds", &SeedResult::seconds)
      .field("completed", &SeedResult::completed);
  value_object<SweepOutcome>("SweepOutcome")
      .ALAB_RECORDS_FIELD(SweepOutcome, seeds)
      .field("wall", &SweepOutcome::wall)
      .field("threads", &SweepOutcome::threads)
      .field("stopped", &SweepOutcome::stopped);
  wasm::session_class<SeedSweep, SeedResult, SweepOutcome>("SeedSweep", &sweep_start);
}
