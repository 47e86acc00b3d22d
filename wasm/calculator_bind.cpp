// The math-lens calculator (attention/score_steps.hpp) for the web worker:
//   lab.score_steps({score, d, query, keys, temperature}) -> ScoreStepsReply | {ok: false, message}
#include "attention/score_steps.hpp"
#include "query_fields.hpp"

using namespace emscripten;
using namespace alab;

EMSCRIPTEN_BINDINGS(calculator) {
  wasm::single_query_fields(value_object<ScoreStepsRequest>("ScoreStepsRequest"));
  value_object<ScoreStepsReply>("ScoreStepsReply")
      .field("T", &ScoreStepsReply::T)
      .field("d", &ScoreStepsReply::d)
      .ALAB_TYPED_FIELD(ScoreStepsReply, products)
      .ALAB_TYPED_FIELD(ScoreStepsReply, raw)
      .ALAB_TYPED_FIELD(ScoreStepsReply, scores)
      .field("scale", &ScoreStepsReply::scale)
      .field("plain_exps", &ScoreStepsReply::plain_exps)
      .ALAB_TYPED_FIELD(ScoreStepsReply, exps)
      .field("total", &ScoreStepsReply::total)
      .field("max_score", &ScoreStepsReply::max_score)
      .ALAB_TYPED_FIELD(ScoreStepsReply, shifted_exps)
      .field("shifted_total", &ScoreStepsReply::shifted_total)
      .ALAB_TYPED_FIELD(ScoreStepsReply, weights);
  function("score_steps", &wasm::reply<ScoreStepsRequest, ScoreStepsReply, &score_steps>);
}
