// The translation page's engine: translate::TranslateSession as the JavaScript class
// TranslateSession (the session contract, wasm/session_bind.hpp), its records declared.
//
//   const s = new lab.TranslateSession();
//   s.start({settings: {...translate.json's keys}, grammar_json, kinds: ['none', 'additive'], watch}, threads)
//     -> {ok, message}     (the fixed sizes are the schema's: the site's, which the worker set)
//   s.step(budgetMs) -> true when over;   s.poll() -> [TranslateEpoch];   s.stop()
//   s.finish() -> {models: [{kind, test: EvalResult, epochs_done}], wall, threads, stopped}
//   s.translate({model, words: [...]}) -> Translation | {ok: false, message}
//   s.corpus_info() -> {src_vocab: [...], buckets, test: [{src, tgt, align: [[i, j], ...]}]}
//   s.set_watch({index}) -> {ok};   s.watch_attention({model, index}) -> {alpha}
//   translate_work(the same input) -> {per_model};   translate_probe({grammar_json}) -> {seconds, work, corpus_seconds}
#include "session_bind.hpp"
#include "settings_input.hpp"
#include "translate/translate_cost.hpp"
#include "translate/translate_session.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::translate;

namespace {
Status input_of(const val& js, TranslateInput& out) {
  if (Status st = wasm::settings_of(js["settings"], out.settings); !st) return st;
  out.grammar_json = wasm::text_of(js, "grammar_json");
  const val kinds = js["kinds"];
  out.kinds.clear();
  if (kinds.isArray())
    for (int i = 0, n = kinds["length"].as<int>(); i < n; ++i) out.kinds.push_back(kinds[i].as<std::string>());
  out.watch = js["watch"].isNumber() ? js["watch"].as<int>() : 0;
  return Status::success();
}
Status start(TranslateSession& s, val js, bool threads) {
  TranslateInput in;
  if (Status st = input_of(js, in); !st) return st;
  return s.start(in, threads);
}
val work(val js) {
  TranslateInput in;
  TranslateWork out;
  Status st = input_of(js, in);
  if (st) st = translate_work(in, out);
  return st ? val(out) : wasm::error_reply(st);
}
// corpus_info() takes no input; the worker passes one anyway.
val corpus_info(const TranslateSession& s, val /*unused*/) {
  CorpusInfo out;
  const Status st = s.corpus_info(out);
  return st ? val(out) : wasm::error_reply(st);
}
}  // namespace

EMSCRIPTEN_BINDINGS(translate) {
  value_object<TranslateEpoch>("TranslateEpoch")
      .field("model", &TranslateEpoch::model)
      .field("epoch", &TranslateEpoch::epoch)
      .field("kind", &TranslateEpoch::kind)
      .field("loss", &TranslateEpoch::loss)
      .field("val_token_acc", &TranslateEpoch::val_token_acc)
      .field("val_exact", &TranslateEpoch::val_exact)
      .field("val_aer", &TranslateEpoch::val_aer)
      .ALAB_TYPED_FIELD(TranslateEpoch, val_exact_by_bucket)
      .field("wall", &TranslateEpoch::wall)
      .field("watch", &TranslateEpoch::watch)
      .ALAB_TYPED_FIELD(TranslateEpoch, watch_out)
      .ALAB_TENSOR_FIELD(TranslateEpoch, watch_alpha);
  value_object<Translation>("Translation")
      .ALAB_STRINGS_FIELD(Translation, words)
      .ALAB_TENSOR_FIELD(Translation, alpha)
      .field("source_len", &Translation::source_len)
      .field("hidden", &Translation::hidden)
      .ALAB_TENSOR_FIELD(Translation, queries)
      .ALAB_TENSOR_FIELD(Translation, keys)
      .ALAB_TENSOR_FIELD(Translation, self_alpha);
  value_object<EvalResult>("EvalResult")
      .field("loss", &EvalResult::loss)
      .field("token_acc", &EvalResult::token_acc)
      .field("exact_acc", &EvalResult::exact_acc)
      .field("aer", &EvalResult::aer)
      .field("chance_aer", &EvalResult::chance_aer)
      .ALAB_ARRAY_FIELD(EvalResult, exact_by_bucket)
      .ALAB_ARRAY_FIELD(EvalResult, count_by_bucket);
  value_object<TranslateModelOutcome>("TranslateModelOutcome")
      .field("kind", &TranslateModelOutcome::kind)
      .field("test", &TranslateModelOutcome::test)
      .field("epochs_done", &TranslateModelOutcome::epochs_done);
  value_object<TranslateOutcome>("TranslateOutcome")
      .ALAB_RECORDS_FIELD(TranslateOutcome, models)
      .field("wall", &TranslateOutcome::wall)
      .field("threads", &TranslateOutcome::threads)
      .field("stopped", &TranslateOutcome::stopped);
  value_object<TranslateRequest>("TranslateRequest")
      .field("model", &TranslateRequest::model)
      .ALAB_STRINGS_FIELD(TranslateRequest, words);
  value_object<WatchRequest>("WatchRequest").field("index", &WatchRequest::index);
  value_object<WatchAttentionRequest>("WatchAttentionRequest")
      .field("model", &WatchAttentionRequest::model)
      .field("index", &WatchAttentionRequest::index);
  value_object<WatchAttention>("WatchAttention").ALAB_TENSOR_FIELD(WatchAttention, alpha);
  value_array<std::pair<int, int>>("Link").element(&std::pair<int, int>::first).element(&std::pair<int, int>::second);
  value_object<SentencePair>("SentencePair")
      .ALAB_STRINGS_FIELD(SentencePair, src)
      .ALAB_STRINGS_FIELD(SentencePair, tgt)
      .ALAB_RECORDS_FIELD(SentencePair, align);
  value_object<CorpusInfo>("CorpusInfo")
      .ALAB_STRINGS_FIELD(CorpusInfo, src_vocab)
      .ALAB_ARRAY_FIELD(CorpusInfo, buckets)
      .ALAB_RECORDS_FIELD(CorpusInfo, test);
  value_object<TranslateWork>("TranslateWork").ALAB_ARRAY_FIELD(TranslateWork, per_model);
  value_object<ProbeRequest>("ProbeRequest").field("grammar_json", &ProbeRequest::grammar_json);
  value_object<ProbeReply>("ProbeReply")
      .field("seconds", &ProbeReply::seconds)
      .field("work", &ProbeReply::work)
      .field("corpus_seconds", &ProbeReply::corpus_seconds);
  function("translate_work", &work);
  function("translate_probe", &wasm::reply<ProbeRequest, ProbeReply, &translate_probe>);
  wasm::session_class<TranslateSession, TranslateEpoch, TranslateOutcome>("TranslateSession", &start)
      .function("translate", &wasm::const_method_reply_with<TranslateSession, const TranslateRequest&, Translation,
                                                      &TranslateSession::translate>)
      .function("corpus_info", &corpus_info)
      .function("set_watch", &wasm::status_method_with<TranslateSession, const WatchRequest&, &TranslateSession::watch>)
      .function("watch_attention", &wasm::const_method_reply_with<TranslateSession, const WatchAttentionRequest&, WatchAttention,
                                                            &TranslateSession::watch_attention>);
}
