// Exercises of each student's own (exercises/exercise.hpp) for the web worker:
//   lab.exercise({student, kind, variant}) -> ExerciseReply (no answers) | {ok: false, message}
//   lab.grade_exercise({student, kind, variant, part, typed}) -> PartGrade | {ok: false, message}
#include "embind_support.hpp"
#include "settings_input.hpp"
#include "exercises/exercise.hpp"

using namespace emscripten;
using namespace alab::exercises;

namespace {
// A grade request names its exercise as an exercise request does: {student, ...the
// exercises widget's settings (kind, variant)}.
template <class Request>
value_object<Request>& exercise_fields(value_object<Request>& record) {
  return alab::wasm::settings_fields<alab::settings::Exercises>(record).field("student", &Request::student);
}
}  // namespace

EMSCRIPTEN_BINDINGS(exercises) {
  {
    value_object<ExerciseRequest> request("ExerciseRequest");
    exercise_fields(request);
  }
  value_object<Given>("ExerciseGiven")
      .field("name", &Given::name)
      .field("rows", &Given::rows)
      .field("cols", &Given::cols)
      .ALAB_ARRAY_FIELD(Given, values);
  value_object<ExercisePartView>("ExercisePartView")
      .field("key", &ExercisePartView::key)
      .field("label", &ExercisePartView::label)
      .field("count", &ExercisePartView::count)
      .field("decimals", &ExercisePartView::decimals)
      .field("weights", &ExercisePartView::weights);
  value_object<ExerciseReply>("ExerciseReply")
      .field("kind", &ExerciseReply::kind)
      .field("prompt", &ExerciseReply::prompt)
      .field("seed", &ExerciseReply::seed)
      .ALAB_RECORDS_FIELD(ExerciseReply, givens)
      .ALAB_RECORDS_FIELD(ExerciseReply, parts);
  {
    value_object<GradeRequest> request("GradeRequest");
    exercise_fields(request).field("part", &GradeRequest::part).ALAB_ARRAY_FIELD(GradeRequest, typed);
  }
  value_object<PartGrade>("PartGrade")
      .field("right", &PartGrade::right)
      .field("mistake", &PartGrade::mistake)
      .field("message", &PartGrade::message);
  function("exercise", &alab::wasm::reply<ExerciseRequest, ExerciseReply, &exercise_for>);
  function("grade_exercise", &alab::wasm::reply<GradeRequest, PartGrade, &grade_exercise>);
}
