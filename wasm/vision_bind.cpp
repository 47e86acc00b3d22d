// The image page's engine: vision::VisionSession as the JavaScript class VisionSession
// (the session contract, wasm/session_bind.hpp), its records declared.
//
//   const s = new lab.VisionSession();
//   s.start({settings: {...vision.json's keys}}, threads) -> {ok, message}
//   s.step(budgetMs);  s.poll() -> [VisionEpoch];  s.finish() -> VisionOutcome
//   s.overview() -> {side, patch, grid, n_test, test_labels, pred, bag_pred}
//   s.read({index, shuffled}) -> ImageReading       (pixels, order, marks, weights, matrix, answers)
//   s.shuffle_count() -> {n, changed, bag_changed, acc, acc_shuffled, bag_acc, bag_acc_shuffled}
//   vision_estimate({input: {settings}, threads}) -> {seconds, memory_mb}
// A run that would not fit in this build's heap is refused before it starts.
#include "heap_budget.hpp"
#include "session_bind.hpp"
#include "settings_input.hpp"
#include "vision/vision_session.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::vision;

namespace {
Status start(VisionSession& s, val js, bool threads) {
  VisionSettings settings;
  if (Status st = wasm::settings_of(js["settings"], settings); !st) return st;
  s.set_memory_budget(wasm::kHeapBudget);
  return s.start(settings, threads);
}
val estimate(val js) {
  VisionEstimateRequest in;
  VisionEstimate out;
  Status st = wasm::settings_of(js["input"]["settings"], in.settings);
  in.threads = js["threads"].as<bool>();
  if (st) st = estimate_vision(in, out, wasm::kHeapBudget);
  return st ? val(out) : wasm::error_reply(st);
}
// overview() and shuffle_count() take no input; the worker passes one anyway.
val overview(VisionSession& s, val /*unused*/) { return wasm::method_reply<VisionSession, VisionOverview, &VisionSession::overview>(s); }
val shuffle_count(VisionSession& s, val /*unused*/) {
  return wasm::method_reply<VisionSession, ShuffleCount, &VisionSession::shuffle_count>(s);
}
}  // namespace

EMSCRIPTEN_BINDINGS(vision) {
  value_object<VisionEpoch>("VisionEpoch")
      .field("model", &VisionEpoch::model)
      .field("epoch", &VisionEpoch::epoch)
      .field("kind", &VisionEpoch::kind)
      .field("loss", &VisionEpoch::loss)
      .field("val_acc", &VisionEpoch::val_acc)
      .field("test_acc", &VisionEpoch::test_acc)
      .field("wall", &VisionEpoch::wall);
  value_object<VisionModelOutcome>("VisionModelOutcome")
      .field("kind", &VisionModelOutcome::kind)
      .field("val_acc", &VisionModelOutcome::val_acc)
      .field("test_acc", &VisionModelOutcome::test_acc)
      .field("epochs_done", &VisionModelOutcome::epochs_done);
  value_object<VisionOutcome>("VisionOutcome")
      .ALAB_RECORDS_FIELD(VisionOutcome, models)
      .field("n_train", &VisionOutcome::n_train)
      .field("wall", &VisionOutcome::wall)
      .field("threads", &VisionOutcome::threads)
      .field("stopped", &VisionOutcome::stopped);
  value_object<VisionOverview>("VisionOverview")
      .field("side", &VisionOverview::side)
      .field("patch", &VisionOverview::patch)
      .field("grid", &VisionOverview::grid)
      .field("n_test", &VisionOverview::n_test)
      .ALAB_TYPED_FIELD(VisionOverview, test_labels)
      .ALAB_TYPED_FIELD(VisionOverview, pred)
      .ALAB_TYPED_FIELD(VisionOverview, bag_pred);
  value_object<ImageRequest>("ImageRequest")
      .field("index", &ImageRequest::index)
      .field("shuffled", &ImageRequest::shuffled);
  value_object<ImageReading>("ImageReading")
      .field("index", &ImageReading::index)
      .field("label", &ImageReading::label)
      .field("shuffled", &ImageReading::shuffled)
      .ALAB_TYPED_FIELD(ImageReading, pixels)
      .ALAB_TYPED_FIELD(ImageReading, order)
      .ALAB_TYPED_FIELD(ImageReading, plus)
      .ALAB_TYPED_FIELD(ImageReading, ring)
      .ALAB_TYPED_FIELD(ImageReading, weights)
      .ALAB_TYPED_FIELD(ImageReading, matrix)
      .field("p1", &ImageReading::p1)
      .field("bag_p1", &ImageReading::bag_p1)
      .field("pred", &ImageReading::pred)
      .field("bag_pred", &ImageReading::bag_pred);
  value_object<ShuffleCount>("ShuffleCount")
      .field("n", &ShuffleCount::n)
      .field("changed", &ShuffleCount::changed)
      .field("bag_changed", &ShuffleCount::bag_changed)
      .field("acc", &ShuffleCount::acc)
      .field("acc_shuffled", &ShuffleCount::acc_shuffled)
      .field("bag_acc", &ShuffleCount::bag_acc)
      .field("bag_acc_shuffled", &ShuffleCount::bag_acc_shuffled);

  value_object<VisionEstimate>("VisionEstimate")
      .field("seconds", &VisionEstimate::seconds)
      .field("memory_mb", &VisionEstimate::memory_mb);
  function("vision_estimate", &estimate);

  wasm::session_class<VisionSession, VisionEpoch, VisionOutcome>("VisionSession", &start)
      .function("overview", &overview)
      .function("read", &wasm::method_reply_with<VisionSession, const ImageRequest&, ImageReading, &VisionSession::read>)
      .function("shuffle_count", &shuffle_count);
}
