// The code page's tests (exercises/code_tests.hpp) for the web worker:
//   lab.code_tests({student, variant, run}) -> {seed, run, shown: [{name, function, why, args, causal, expected}],
//                                               hidden: [{name, function, why, args, causal}]} | {ok: false, message}
//   lab.code_grade({student, variant, outputs: [{ok, error, rows, cols, values}]})
//                                            -> {passed: [id], total, results: [{id, pass, message}]} | {ok: false, message}
// args and expected are the exercises' givens ({name, rows, cols, values}, row-major).
// code_grade's outputs (one per hidden case, in order) are read here field by field;
// values may be any array of numbers (NaN and Infinity kept).
#include "embind_support.hpp"
#include "exercises/code_tests.hpp"

using namespace emscripten;
using namespace alab::exercises;

namespace {

val code_grade(val input) {
  CodeGradeRequest request;
  request.student = input["student"].isString() ? input["student"].as<std::string>() : std::string();
  request.variant = input["variant"].isNumber() ? input["variant"].as<int>() : 0;
  const val outputs = input["outputs"];
  if (!outputs.isArray()) return alab::wasm::error_reply(alab::Status::error("outputs: expected an array"));
  const int n = outputs["length"].as<int>();
  if (n > 1000) return alab::wasm::error_reply(alab::Status::error("outputs: too many"));
  for (int i = 0; i < n; ++i) {
    const val o = outputs[i];
    CodeOutput out;
    if (o.isNull() || o.typeOf().as<std::string>() != "object") {
      out.error = "It gave no result.";
    } else {
      out.ok = o["ok"].isTrue();
      if (o["error"].isString()) out.error = o["error"].as<std::string>();
      if (o["rows"].isNumber()) out.rows = o["rows"].as<int>();
      if (o["cols"].isNumber()) out.cols = o["cols"].as<int>();
      const val values = o["values"];
      // Only as many numbers as a case can have (the sandbox sends no more).
      if (!values.isUndefined() && !values.isNull() && values["length"].isNumber() && values["length"].as<int>() <= 4096)
        out.values = convertJSArrayToNumberVector<double>(values);
    }
    request.outputs.push_back(std::move(out));
  }
  CodeGradeReply reply;
  const alab::Status st = grade_code_tests(request, reply);
  return st ? val(reply) : alab::wasm::error_reply(st);
}

}  // namespace

EMSCRIPTEN_BINDINGS(code_tests) {
  value_object<CodeTestsRequest>("CodeTestsRequest")
      .field("student", &CodeTestsRequest::student)
      .field("variant", &CodeTestsRequest::variant)
      .field("run", &CodeTestsRequest::run);
  value_object<CodeCase>("CodeCase")
      .field("name", &CodeCase::name)
      .field("function", &CodeCase::function)
      .field("why", &CodeCase::why)
      .ALAB_RECORDS_FIELD(CodeCase, args)
      .field("causal", &CodeCase::causal)
      .field("expected", &CodeCase::expected);
  value_object<CodeInput>("CodeInput")
      .field("name", &CodeInput::name)
      .field("function", &CodeInput::function)
      .field("why", &CodeInput::why)
      .ALAB_RECORDS_FIELD(CodeInput, args)
      .field("causal", &CodeInput::causal);
  value_object<CodeTestsReply>("CodeTestsReply")
      .field("seed", &CodeTestsReply::seed)
      .field("run", &CodeTestsReply::run)
      .ALAB_RECORDS_FIELD(CodeTestsReply, shown)
      .ALAB_RECORDS_FIELD(CodeTestsReply, hidden);
  value_object<CodeVerdict>("CodeVerdict")
      .field("id", &CodeVerdict::id)
      .field("pass", &CodeVerdict::pass)
      .field("message", &CodeVerdict::message);
  value_object<CodeGradeReply>("CodeGradeReply")
      .ALAB_STRINGS_FIELD(CodeGradeReply, passed)
      .field("total", &CodeGradeReply::total)
      .ALAB_RECORDS_FIELD(CodeGradeReply, results);
  function("code_tests", &alab::wasm::reply<CodeTestsRequest, CodeTestsReply, &code_tests_for>);
  function("code_grade", &code_grade);
}
