// The code page's tests (exercises/code_tests.hpp) for the web worker:
//   lab.code_tests({student, variant}) -> {seed, cases: [{name, function, why, args, causal, expected}]}
//                                          | {ok: false, message}
// args and expected are the exercises' givens ({name, rows, cols, values}, row-major).
#include "embind_support.hpp"
#include "exercises/code_tests.hpp"

using namespace emscripten;
using namespace alab::exercises;

EMSCRIPTEN_BINDINGS(code_tests) {
  value_object<CodeTestsRequest>("CodeTestsRequest")
      .field("student", &CodeTestsRequest::student)
      .field("variant", &CodeTestsRequest::variant);
  value_object<CodeCase>("CodeCase")
      .field("name", &CodeCase::name)
      .field("function", &CodeCase::function)
      .field("why", &CodeCase::why)
      .ALAB_RECORDS_FIELD(CodeCase, args)
      .field("causal", &CodeCase::causal)
      .field("expected", &CodeCase::expected);
  value_object<CodeTestsReply>("CodeTestsReply")
      .field("seed", &CodeTestsReply::seed)
      .ALAB_RECORDS_FIELD(CodeTestsReply, cases);
  function("code_tests", &alab::wasm::reply<CodeTestsRequest, CodeTestsReply, &code_tests_for>);
}
