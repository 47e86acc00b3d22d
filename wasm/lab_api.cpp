// The C API the web worker calls: a thin layer over src/'s public headers.
//
// Arrays cross the boundary as pointers into the module's heap (the worker
// copies typed arrays in and out), never element by element. Functions that
// can refuse input return 0 on success and 1 on refusal; lab_last_error()
// then holds the reason, in words fit to show next to the field.
#include <emscripten/emscripten.h>

#include <string>

#include "attention/attend.hpp"
#include "attention/build_info.hpp"

namespace {
std::string g_last_error;
std::string g_build_info;

}  // namespace

// Shared with race_api.cpp: remember why a call was refused.
int lab_refuse(const std::string& why) {
  g_last_error = why;
  return 1;
}

extern "C" {

// JSON: which build this is, read from the compiled code itself.
EMSCRIPTEN_KEEPALIVE const char* lab_build_info() {
  const auto core = alab::core_build_info();
#ifdef __EMSCRIPTEN_PTHREADS__
  const bool threads = true;
#else
  const bool threads = false;
#endif
#ifdef __wasm_simd128__
  const bool wasm_simd = true;
#else
  const bool wasm_simd = false;
#endif
  g_build_info = std::string("{\"threads\":") + (threads ? "true" : "false") +
                 ",\"simd\":" + (wasm_simd && core.simd ? "true" : "false") +
                 ",\"eigen\":\"" + core.eigen_version + "\",\"eigen_simd\":\"" +
                 core.eigen_simd + "\",\"emscripten\":\"" +
                 std::to_string(__EMSCRIPTEN_major__) + "." +
                 std::to_string(__EMSCRIPTEN_minor__) + "." +
                 std::to_string(__EMSCRIPTEN_tiny__) + "\"}";
  return g_build_info.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* lab_last_error() { return g_last_error.c_str(); }

// Single-query attention in double precision (a teaching widget: exact numbers
// matter more than speed, and double keeps 1e30-sized inputs finite).
//   kind: 0 dot, 1 scaled dot, 2 additive
//   keys: T x d, values: T x dv, query: d           (row-major)
//   additive (kind 2 only): Wq, Wk: h x d, w: h
//   out_scores, out_weights: T; out_context: dv
EMSCRIPTEN_KEEPALIVE int lab_attend(int kind, int T, int d, int dv, const double* keys,
                                    const double* values, const double* query, double temperature,
                                    int h, const double* Wq, const double* Wk, const double* w,
                                    double* out_scores, double* out_weights, double* out_context) {
  using namespace alab;
  if (kind < 0 || kind > 2) return lab_refuse("unknown score function");
  if (T < 0 || d < 1 || dv < 1 || T > kMaxAttendTokens || d > kMaxAttendDim || dv > kMaxAttendDim) {
    // Let the core phrase the refusal for sizes it would refuse.
    if (T > kMaxAttendTokens)
      return lab_refuse("too many tokens (" + std::to_string(T) + "): at most " +
                    std::to_string(kMaxAttendTokens));
    return lab_refuse("keys must have between 1 and " + std::to_string(kMaxAttendDim) + " numbers");
  }
  const Mat<double> K = ConstMatMap<double>(keys, T, d);
  const Mat<double> V = ConstMatMap<double>(values, T, dv);
  const Vec<double> q = ConstVecMap<double>(query, d);
  AdditiveParams<double> add;
  const auto score = static_cast<ScoreKind>(kind);
  if (score == ScoreKind::additive) {
    if (h < 1 || h > kMaxAttendDim) return lab_refuse("additive scoring needs 1 to 64 hidden units");
    add.W_q = ConstMatMap<double>(Wq, h, d);
    add.W_k = ConstMatMap<double>(Wk, h, d);
    add.w = ConstVecMap<double>(w, h);
  }
  AttendResult<double> r;
  if (Status st = attend<double>(score, q, K, V, temperature,
                                 score == ScoreKind::additive ? &add : nullptr, r);
      !st)
    return lab_refuse(st.message);
  std::copy(r.scores.data(), r.scores.data() + T, out_scores);
  std::copy(r.weights.data(), r.weights.data() + T, out_weights);
  std::copy(r.context.data(), r.context.data() + dv, out_context);
  return 0;
}

}  // extern "C"
