// The comments page's engine: comments::CommentsSession as the JavaScript class
// CommentsSession (the session contract, wasm/session_bind.hpp), its records declared.
//
//   const s = new lab.CommentsSession();
//   s.start({settings: {...comments.json's keys}, grammar_json, data: 'biased' | 'remedy'}, threads)
//     -> {ok, message}
//   s.step(budgetMs);  s.poll() -> [CommentEpoch];  s.finish() -> CommentsOutcome
//   s.overview() -> {groups, planted, seq_len, n_test, vocabulary, train_hostile, test_group, test_label}
//   s.read({index, text, masked}) -> CommentReading      (index -1: the typed text)
//   s.counterfactuals({index, text, masked}) -> {groups, p1, bow_p1, group}
//   s.adversary({index, text, masked}) -> {alpha, jsd, p1, pred, learned_alpha, learned_p1, learned_pred}
//   s.audit() -> {attention: Audit, bow: Audit}
//   comments_estimate({input: {settings, grammar_json, data}, threads}) -> {seconds}: one epoch
//     timed, times the epochs
#include "comments/comments_session.hpp"
#include "session_bind.hpp"
#include "settings_input.hpp"

using namespace emscripten;
using namespace alab;
using namespace alab::comments;

namespace {
Status input_of(const val& js, CommentsInput& out) {
  if (Status st = wasm::settings_of(js["settings"], out.settings); !st) return st;
  out.grammar_json = wasm::text_of(js, "grammar_json");
  out.data = wasm::text_of(js, "data");
  return Status::success();
}
Status start(CommentsSession& s, val js, bool threads) {
  CommentsInput in;
  if (Status st = input_of(js, in); !st) return st;
  return s.start(in, threads);
}
val estimate(val js) {
  EstimateRequest in;
  CommentsEstimate out;
  Status st = input_of(js["input"], in.input);
  in.threads = js["threads"].as<bool>();
  if (st) st = estimate_comments(in, out);
  return st ? val(out) : wasm::error_reply(st);
}
// overview() and audit() take no input; the worker passes one anyway.
val overview(const CommentsSession& s, val /*unused*/) {
  CorpusOverview out;
  const Status st = s.overview(out);
  return st ? val(out) : wasm::error_reply(st);
}
val audit(CommentsSession& s, val /*unused*/) { return wasm::method_reply<CommentsSession, AuditPair, &CommentsSession::audit>(s); }
}  // namespace

EMSCRIPTEN_BINDINGS(comments) {
  value_object<CommentEpoch>("CommentEpoch")
      .field("model", &CommentEpoch::model)
      .field("epoch", &CommentEpoch::epoch)
      .field("kind", &CommentEpoch::kind)
      .field("loss", &CommentEpoch::loss)
      .field("val_acc", &CommentEpoch::val_acc)
      .field("test_acc", &CommentEpoch::test_acc)
      .field("planted_fpr", &CommentEpoch::planted_fpr)
      .field("other_fpr", &CommentEpoch::other_fpr)
      .field("wall", &CommentEpoch::wall);
  value_object<CommentModelOutcome>("CommentModelOutcome")
      .field("kind", &CommentModelOutcome::kind)
      .field("val_acc", &CommentModelOutcome::val_acc)
      .field("test_acc", &CommentModelOutcome::test_acc)
      .field("epochs_done", &CommentModelOutcome::epochs_done);
  value_object<CommentsOutcome>("CommentsOutcome")
      .ALAB_RECORDS_FIELD(CommentsOutcome, models)
      .field("data", &CommentsOutcome::data)
      .field("n_train", &CommentsOutcome::n_train)
      .field("wall", &CommentsOutcome::wall)
      .field("threads", &CommentsOutcome::threads)
      .field("stopped", &CommentsOutcome::stopped);
  value_object<CorpusOverview>("CorpusOverview")
      .ALAB_STRINGS_FIELD(CorpusOverview, groups)
      .field("planted", &CorpusOverview::planted)
      .field("seq_len", &CorpusOverview::seq_len)
      .field("n_test", &CorpusOverview::n_test)
      .ALAB_STRINGS_FIELD(CorpusOverview, vocabulary)
      .ALAB_ARRAY_FIELD(CorpusOverview, train_hostile)
      .ALAB_TYPED_FIELD(CorpusOverview, test_group)
      .ALAB_TYPED_FIELD(CorpusOverview, test_label);
  value_object<CommentRequest>("CommentRequest")
      .field("index", &CommentRequest::index)
      .field("text", &CommentRequest::text)
      .ALAB_TYPED_FIELD(CommentRequest, masked);
  value_object<CommentReading>("CommentReading")
      .ALAB_STRINGS_FIELD(CommentReading, words)
      .field("label", &CommentReading::label)
      .field("group", &CommentReading::group)
      .field("group_pos", &CommentReading::group_pos)
      .field("phrase_begin", &CommentReading::phrase_begin)
      .field("phrase_end", &CommentReading::phrase_end)
      .field("kind", &CommentReading::kind)
      .ALAB_ARRAY_FIELD(CommentReading, alpha)
      .field("p1", &CommentReading::p1)
      .field("pred", &CommentReading::pred)
      .field("bow_p1", &CommentReading::bow_p1)
      .field("bow_pred", &CommentReading::bow_pred);
  value_object<Counterfactuals>("Counterfactuals")
      .ALAB_STRINGS_FIELD(Counterfactuals, groups)
      .ALAB_ARRAY_FIELD(Counterfactuals, p1)
      .ALAB_ARRAY_FIELD(Counterfactuals, bow_p1)
      .field("group", &Counterfactuals::group);
  value_object<AdversaryAnswer>("AdversaryAnswer")
      .ALAB_ARRAY_FIELD(AdversaryAnswer, alpha)
      .field("jsd", &AdversaryAnswer::jsd)
      .field("p1", &AdversaryAnswer::p1)
      .field("pred", &AdversaryAnswer::pred)
      .ALAB_ARRAY_FIELD(AdversaryAnswer, learned_alpha)
      .field("learned_p1", &AdversaryAnswer::learned_p1)
      .field("learned_pred", &AdversaryAnswer::learned_pred);
  value_object<GroupRates>("GroupRates")
      .field("n", &GroupRates::n)
      .field("negatives", &GroupRates::negatives)
      .field("accuracy", &GroupRates::accuracy)
      .field("fpr", &GroupRates::fpr)
      .field("fpr_masked", &GroupRates::fpr_masked);
  value_object<Audit>("Audit")
      .field("test_accuracy", &Audit::test_accuracy)
      .ALAB_RECORDS_FIELD(Audit, groups)
      .field("flips", &Audit::flips)
      .field("flips_planted", &Audit::flips_planted)
      .field("phrase_masked_accuracy", &Audit::phrase_masked_accuracy)
      .field("fpr_gap", &Audit::fpr_gap);
  value_object<AuditPair>("AuditPair").field("attention", &AuditPair::attention).field("bow", &AuditPair::bow);

  value_object<CommentsEstimate>("CommentsEstimate").field("seconds", &CommentsEstimate::seconds);
  function("comments_estimate", &estimate);

  wasm::session_class<CommentsSession, CommentEpoch, CommentsOutcome>("CommentsSession", &start)
      .function("overview", &overview)
      .function("read", &wasm::const_method_reply_with<CommentsSession, const CommentRequest&, CommentReading, &CommentsSession::read>)
      .function("counterfactuals", &wasm::const_method_reply_with<CommentsSession, const CommentRequest&, Counterfactuals,
                                                                  &CommentsSession::counterfactuals>)
      .function("adversary", &wasm::const_method_reply_with<CommentsSession, const CommentRequest&, AdversaryAnswer,
                                                            &CommentsSession::adversary>)
      .function("audit", &audit);
}
