// Tests for the attention a student writes in JavaScript (the code page), every expected
// output the engine's own computation in double precision.
//
//   softmax(row)              row: n numbers -> n weights summing to 1
//   attention(Q, K, V, mask)  Q: T_q x d, K: T x d, V: T x d_v, mask: null or T_q x T
//                             booleans (true: query i may attend to key j) -> Z: T_q x d_v,
//                             Z = softmax_rows(Q K^T / sqrt(d), masked entries -inf) V
//
// The kinds are the ones a naive implementation fails: a row of large logits (exp
// overflows to Infinity, Infinity / Infinity is NaN), a row of very negative ones (every
// exp underflows to 0, 0 / 0), one score, equal scores; attention of random shapes, one
// token (T = 1), more keys than queries, large logits, a causal mask, keys equal to each
// other (uniform weights: each z_i the mean of the values).
//
// Two sets of each kind, so that an answer copied from the page passes nothing:
//   shown   drawn afresh for every run (the student's seed mixed with a run number the
//           page chooses and records with the run); the page shows each one in full,
//           expected output included, and they count for nothing.
//   hidden  drawn once per student and variant (stream "hidden"); the grade. The page
//           gets their inputs only (CodeInput): the sandbox runs the code on them and the
//           engine compares the outputs itself (grade_code_tests), naming what is wrong
//           but never the expected numbers. The gradebook draws them again from the
//           hand-in's name.
// No case's expected output is zeros only (returning zeros passes nothing). Every shown
// case differs from every hidden case of its function, in its inputs and
// in its expected output beyond the tolerance (the one exception: one score, whose
// weight is 1 whatever the score), so a table of the shown outputs answers no hidden case.
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

// A hidden case as the page gets it: the inputs, never the expected output.
struct CodeInput {
  std::string name, function, why;
  std::vector<Given> args;
  bool causal = false;
};

// FNV-1a of the normalised student, "code" and the variant (as exercise_seed).
std::uint64_t code_tests_seed(const std::string& student, int variant);
// The graded cases of a student (code_tests_seed), the same on every call.
std::vector<CodeCase> make_hidden_code_tests(std::uint64_t seed);
// The cases shown for run `run` of that student: other numbers for another run, each
// redrawn until it differs from every hidden case of its function (see above).
std::vector<CodeCase> make_shown_code_tests(std::uint64_t seed, std::uint32_t run);

// Whether a table of a's expected output could answer b: the same function, and b's
// expected output within the compare tolerance of a's (same shape, every number).
bool answers_alike(const CodeCase& a, const CodeCase& b);

// The scaled dot-product attention the cases expect, in double precision: the engine's
// softmax (attention/softmax.hpp) on each row of Q K^T / sqrt(d), the first i + 1 entries
// of row i when causal. Q: T_q x d, K: T x d, V: T x d_v -> T_q x d_v.
Mat<double> reference_attention(const Mat<double>& Q, const Mat<double>& K, const Mat<double>& V, bool causal);

struct CodeTestsRequest {
  std::string student;
  int variant = 0;  // content/widgets/exercises.json\'s (the page sends it)
  std::uint32_t run = 0;  // the run number the page chose (any 32-bit number)
};
struct CodeTestsReply {
  std::string seed;               // the student's, decimal, shown so a student can quote it
  std::uint32_t run = 0;
  std::vector<CodeCase> shown;    // this run's, expected outputs included
  std::vector<CodeInput> hidden;  // the graded ones: inputs only
};
// Refused (Status) for an empty or too long name or a variant out of range (the
// exercises widget's schema).
Status code_tests_for(const CodeTestsRequest& request, CodeTestsReply& out);

// What the student's function returned for one hidden case, as the sandbox reports it:
// ok with the numbers (row-major, rows x cols), ok with a shape only (cols -1: rows of
// different lengths; values then empty: the sandbox does not send numbers of a wrong
// shape), or an error in words ("TypeError: ... (line 3)", "not run: ...").
struct CodeOutput {
  bool ok = false;
  std::string error;
  int rows = 0, cols = 0;
  std::vector<double> values;
};
struct CodeGradeRequest {
  std::string student;
  int variant = 0;
  std::vector<CodeOutput> outputs;  // one per hidden case, in order
};
struct CodeVerdict {
  std::string id;       // "softmax: large logits"
  bool pass = false;
  std::string message;  // what is wrong, never the expected numbers
};
struct CodeGradeReply {
  std::vector<std::string> passed;  // ids of the hidden cases passed
  int total = 0;
  std::vector<CodeVerdict> results;
};
// Compares outputs with the student's hidden cases, drawn again here. Refused for a
// wrong name or variant, or a count of outputs that is not the count of hidden cases.
Status grade_code_tests(const CodeGradeRequest& request, CodeGradeReply& out);

// The tolerance of every comparison (the page's code/compare.js uses the same):
// |got - want| <= abs + rel |want|.
inline constexpr double kCodeAbsTol = 1e-6, kCodeRelTol = 1e-6;

}  // namespace alab::exercises
