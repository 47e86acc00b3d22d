// The training race (worked example 2): race::RaceSession as the JavaScript class
// RaceSession (the session contract, wasm/session_bind.hpp), its records declared.
//
//   const race = new lab.RaceSession();
//   race.start({settings: {T: 30, ...}}, threads) -> {ok, message}
//   race.step(budgetMs) -> true when over;   race.poll() -> [EpochRecord]
//   race.stop();  race.finish() -> RaceOutcome;  race.examples({indices}) -> {T, index, label, pred_gru, pred_attention, tokens, A: B x T x T}
//   lab.race_warm_up(batches)      -> {gru: {train, evaluate}, attention: {...}}  seconds each part took
//   lab.race_work({settings})      -> the same shape: arithmetic (race/race_cost.hpp), or the
//                                     refusal a race that does not fit gets
//   lab.race_warm_up_work(batches) -> the same shape: the warm-up's arithmetic, to turn into seconds
#include "race/race_cost.hpp"
#include "race_input.hpp"
#include "session_bind.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::race;

namespace {
Status work_of(const val& input, RaceWork& out) {
  Settings s;
  if (Status st = wasm::race_settings_of(input["settings"], s); !st) return st;
  if (Status st = validate(s); !st) return st;
  if (Status st = check_race_memory(s, wasm::kHeapBudget); !st) return st;  // refused before asked about time
  out = race_work(s);
  return Status::success();
}
}  // namespace

EMSCRIPTEN_BINDINGS(race) {
  value_object<EpochRecord>("EpochRecord")
      .field("model", &EpochRecord::model)
      .field("kind", &EpochRecord::kind)
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
  value_object<ExamplesRequest>("ExamplesRequest").ALAB_TYPED_FIELD(ExamplesRequest, indices);
  value_object<ExampleBatch>("ExampleBatch")
      .field("T", &ExampleBatch::T)
      .ALAB_TYPED_FIELD(ExampleBatch, index)
      .ALAB_TYPED_FIELD(ExampleBatch, label)
      .ALAB_TYPED_FIELD(ExampleBatch, pred_gru)
      .ALAB_TYPED_FIELD(ExampleBatch, pred_attention)
      .ALAB_TYPED_FIELD(ExampleBatch, tokens)
      .ALAB_TENSOR_FIELD(ExampleBatch, A);
  value_object<ModelWork>("ModelWork").field("train", &ModelWork::train).field("evaluate", &ModelWork::evaluate);
  value_object<RaceWork>("RaceWork").field("gru", &RaceWork::gru).field("attention", &RaceWork::attention);

  wasm::session_class<RaceSession, EpochRecord, RaceOutcome>("RaceSession", &wasm::start_race<RaceSession>)
      .function("examples", &wasm::method_reply_with<RaceSession, const ExamplesRequest&, ExampleBatch, &RaceSession::examples>);
  function("race_warm_up", &warm_up_race_engine);
  function("race_work", &wasm::reply<val, RaceWork, &work_of>);
  function("race_warm_up_work", &race_warm_up_work);
}
