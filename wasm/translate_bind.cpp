// The translation page's engine for the web worker: translate::TranslateSession as the
// JavaScript class TranslateSession.
//
//   const s = new lab.TranslateSession();
//   s.start({grammar_json, seed, hidden, embed, batch, epochs, lr, n_train, n_val, n_test,
//            max_len, clip, decay_from, lr_floor, kinds: ['none', 'additive'], watch}, threads) -> {ok, message}
//   s.step(budgetMs) -> true when over;   s.poll() -> [TranslateEpoch];   s.stop()
//   s.finish() -> {models: [{kind, test: EvalResult, epochs_done}], wall, threads, stopped}
//   s.translate({model, words: [...]}) -> Translation | {ok: false, message}
//   s.corpus_info() -> {src_vocab: [...], buckets, test: [{src, tgt, align}]}
//   s.set_watch({index}) -> {ok};   s.watch_attention({model, index}) -> {alpha}
//   translate_work(TranslateSettings) -> {per_model};   translate_probe({grammar_json}) -> {seconds, work}
#include "embind_support.hpp"
#include "translate/translate_cost.hpp"
#include "translate/translate_session.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::translate;
using alab::wasm::val;

namespace {

val eval_result(const EvalResult& r) {
  val out = val::object();
  out.set("loss", r.loss);
  out.set("token_acc", r.token_acc);
  out.set("exact_acc", r.exact_acc);
  out.set("aer", r.aer);
  out.set("chance_aer", r.chance_aer);
  val buckets = val::array();
  for (double x : r.exact_by_bucket) buckets.call<void>("push", x);
  out.set("exact_by_bucket", buckets);
  val counts = val::array();
  for (int n : r.count_by_bucket) counts.call<void>("push", n);
  out.set("count_by_bucket", counts);
  return out;
}

val finish(TranslateSession& s) {
  TranslateOutcome o;
  const Status st = s.finish(o);
  if (!st) return wasm::error_reply(st);
  val out = val::object(), models = val::array();
  for (const TranslateModelOutcome& m : o.models) {
    val x = val::object();
    x.set("kind", m.kind);
    x.set("test", eval_result(m.test));
    x.set("epochs_done", m.epochs_done);
    models.call<void>("push", x);
  }
  out.set("models", models);
  out.set("wall", o.wall);
  out.set("threads", o.threads);
  out.set("stopped", o.stopped);
  return out;
}

val translate_words(const TranslateSession& s, val input) {
  std::vector<std::string> words;
  const val list = input["words"];
  for (int i = 0, n = list["length"].as<int>(); i < n; ++i) words.push_back(list[i].as<std::string>());
  Translation t;
  const Status st = s.translate(input["model"].as<int>(), words, t);
  return st ? val(t) : wasm::error_reply(st);
}

// The chooser of the watched test sentence: {index} from now on (reported by the epochs
// to come), and {model, index} -> {alpha} (gold target words x source words) when idle.
val set_watch(TranslateSession& s, val input) {
  const Status st = s.watch(input["index"].as<int>());
  if (!st) return wasm::error_reply(st);
  val out = val::object();
  out.set("ok", true);
  return out;
}

val watch_attention(const TranslateSession& s, val input) {
  std::vector<float> alpha;
  const Status st = s.watch_attention(input["model"].as<int>(), input["index"].as<int>(), alpha);
  if (!st) return wasm::error_reply(st);
  val out = val::object();
  out.set("alpha", wasm::typed_vector(alpha));
  return out;
}

// The estimate before a run (translate/translate_cost.hpp): {per_model: [work units]},
// and this computer's speed, {seconds, work} for a timed probe.
val run_work(const TranslateSettings& s) {
  std::vector<double> per_model;
  const Status st = translate_work(s, per_model);
  if (!st) return wasm::error_reply(st);
  val out = val::object(), list = val::array();
  for (double w : per_model) list.call<void>("push", w);
  out.set("per_model", list);
  return out;
}

val speed_probe(val input) {
  double seconds = 0, work = 0;
  const Status st = translate_probe(input["grammar_json"].as<std::string>(), seconds, work);
  if (!st) return wasm::error_reply(st);
  val out = val::object();
  out.set("seconds", seconds);
  out.set("work", work);
  return out;
}

// What the page shows beside the training: the lexicon's source words, the corpus's
// buckets, and the test sentences with their gold alignments.
val corpus_info(const TranslateSession& s, val /*unused: the worker passes its input*/) {
  const Corpus& c = s.corpus();
  val out = val::object(), vocab = val::array(), buckets = val::array(), test = val::array();
  for (int i = kEos + 1; i < c.src.size(); ++i) vocab.call<void>("push", c.src.words[i]);
  for (int b : c.buckets) buckets.call<void>("push", b);
  for (const SentencePair& p : c.test) {
    val x = val::object(), src = val::array(), tgt = val::array(), align = val::array();
    for (const auto& w : p.src) src.call<void>("push", w);
    for (const auto& w : p.tgt) tgt.call<void>("push", w);
    for (const auto& [i, j] : p.align) {
      val pair = val::array();
      pair.call<void>("push", i);
      pair.call<void>("push", j);
      align.call<void>("push", pair);
    }
    x.set("src", src);
    x.set("tgt", tgt);
    x.set("align", align);
    test.call<void>("push", x);
  }
  out.set("src_vocab", vocab);
  out.set("buckets", buckets);
  out.set("test", test);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(translate) {
  value_object<TranslateSettings>("TranslateSettings")
      .field("grammar_json", &TranslateSettings::grammar_json)
      .field("seed", &TranslateSettings::seed)
      .field("hidden", &TranslateSettings::hidden)
      .field("embed", &TranslateSettings::embed)
      .field("batch", &TranslateSettings::batch)
      .field("epochs", &TranslateSettings::epochs)
      .field("lr", &TranslateSettings::lr)
      .field("n_train", &TranslateSettings::n_train)
      .field("n_val", &TranslateSettings::n_val)
      .field("n_test", &TranslateSettings::n_test)
      .field("max_len", &TranslateSettings::max_len)
      .field("clip", &TranslateSettings::clip)
      .field("decay_from", &TranslateSettings::decay_from)
      .field("lr_floor", &TranslateSettings::lr_floor)
      .ALAB_STRINGS_FIELD(TranslateSettings, kinds)
      .field("watch", &TranslateSettings::watch);
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
      .ALAB_TYPED_FIELD(TranslateEpoch, watch_alpha);
  value_object<Translation>("Translation")
      .ALAB_STRINGS_FIELD(Translation, words)
      .ALAB_TYPED_FIELD(Translation, alpha)
      .field("source_len", &Translation::source_len)
      .field("hidden", &Translation::hidden)
      .ALAB_TYPED_FIELD(Translation, queries)
      .ALAB_TYPED_FIELD(Translation, keys)
      .ALAB_TYPED_FIELD(Translation, self_alpha);
  function("translate_work", &run_work);
  function("translate_probe", &speed_probe);
  class_<TranslateSession>("TranslateSession")
      .constructor<>()
      .function("start", &TranslateSession::start)
      .function("step", &TranslateSession::step)
      .function("poll", &wasm::array_method<TranslateSession, TranslateEpoch, &TranslateSession::poll>)
      .function("stop", &TranslateSession::stop)
      .function("done", &TranslateSession::done)
      .function("finish", &finish)
      .function("translate", &translate_words)
      .function("corpus_info", &corpus_info)
      .function("set_watch", &set_watch)
      .function("watch_attention", &watch_attention);
}
