// Tests for the attention a student writes in JavaScript (the code page): each student's
// own cases, drawn from their name and a variant as their exercises are, every expected
// output the engine's own computation in double precision.
//
//   softmax(row)              row: n numbers -> n weights summing to 1
//   attention(Q, K, V, mask)  Q: T_q x d, K: T x d, V: T x d_v, mask: null or T_q x T
//                             booleans (true: query i may attend to key j) -> Z: T_q x d_v,
//                             Z = softmax_rows(Q K^T / sqrt(d), masked entries -inf) V
//
// The cases are the ones a naive implementation fails: a row of large logits (exp
// overflows to Infinity, Infinity / Infinity is NaN), a row of very negative ones (every
// exp underflows to 0, 0 / 0), one score, equal scores; attention of random shapes, one
// token (T = 1), more keys than queries, large logits, a causal mask, keys equal to each
// other (uniform weights: each z_i the mean of the values).
//
// The page runs the student's functions on each case's inputs in a sandbox and compares
// the outputs with `expected` (web/js/code/compare.js); the gradebook draws the same
// cases again from the hand-in's name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "core/types.hpp"
#include "exercises/exercise.hpp"

namespace alab::exercises {

struct CodeCase {
  std::string name;        // short: "large logits"
  std::string function;    // "softmax" | "attention"
  std::string why;         // what it checks, in a sentence
  std::vector<Given> args; // softmax: {row}; attention: {Q, K, V}
  bool causal = false;     // attention: mask[i][j] = (j <= i); else no mask (null)
  Given expected;          // softmax: 1 x n; attention: T_q x d_v
};

// FNV-1a of the normalised student, "code" and the variant (as exercise_seed).
std::uint64_t code_tests_seed(const std::string& student, int variant = 1);
std::vector<CodeCase> make_code_tests(std::uint64_t seed);

// The scaled dot-product attention the cases expect, in double precision: the engine's
// softmax (attention/softmax.hpp) on each row of Q K^T / sqrt(d), the first i + 1 entries
// of row i when causal. Q: T_q x d, K: T x d, V: T x d_v -> T_q x d_v.
Mat<double> reference_attention(const Mat<double>& Q, const Mat<double>& K, const Mat<double>& V, bool causal);

struct CodeTestsRequest {
  std::string student;
  int variant = 1;
};
struct CodeTestsReply {
  std::string seed;        // decimal, shown so a student can quote it
  std::vector<CodeCase> cases;
};
// Refused (Status) for an empty or too long name or a variant out of range (the
// exercises widget's schema).
Status code_tests_for(const CodeTestsRequest& request, CodeTestsReply& out);

}  // namespace alab::exercises
