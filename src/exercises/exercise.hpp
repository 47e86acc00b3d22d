// Exercises of each student's own: five kinds of hand computation from the lesson, each
// drawn from a seed that the student's name (or ID) and the kind fix, so one student
// always gets the same numbers, two students almost never do, and the gradebook can draw
// a hand-in's numbers again and re-grade it.
//
//   context     worked example 1's shape: q, three keys and values (d = 2); the dot
//               scores, the softmax weights, the context vector
//   scaled      the same with d_k = 4, scaled by sqrt(d_k), and a temperature tau
//   self-row    one row i of self-attention in matrix form (lesson section 6):
//               Q = X W_Q, K = X W_K, V = X W_V; q_i, row i of S = Q K^T / sqrt(d_k),
//               row i of A = softmax(S) (each row), z_i = row i of A V
//   shapes      the shapes of S and Z and the multiply-adds of Q K^T and A V for a T, d
//   cross-step  one step of the translation's decoder: its state s scores the encoder's
//               states h_j (keys and values), e_j = s . h_j / sqrt(H); weights; context
//
// Every answer is the engine's own computation (attention/attend.hpp). A typed answer is
// checked part by part; a wrong one is compared with what each named mistake gives for
// these numbers (the `Mistake`s of its part), so the student reads "you forgot to divide
// by sqrt(d_k)" rather than "wrong". Every named mistake is kept in every part it
// carries into (a softmax without sqrt(d_k) gives other weights and another context too):
// the generator draws again from the same seed's stream until each mistake lands outside
// the tolerance of the answer and of the part's other mistakes, and the answer is no
// trivial guess (equal weights, a one-hot; the mean of the values, one value), so a
// verdict always means what it says. (Since issue 41; numbers drawn before it differ for
// many students.)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "settings/exercises.gen.hpp"

namespace alab::exercises {

enum class ExerciseKind { context, scaled, self_row, shapes, cross_step };
constexpr ExerciseKind kAllKinds[] = {ExerciseKind::context, ExerciseKind::scaled, ExerciseKind::self_row,
                                      ExerciseKind::shapes, ExerciseKind::cross_step};
const char* exercise_kind_name(ExerciseKind kind);  // "context" | "scaled" | "self-row" | "shapes" | "cross-step"
bool parse_exercise_kind(const std::string& name, ExerciseKind& out);

// A number or matrix the exercise gives, row-major, named as the page shows it.
struct Given {
  std::string name;  // "q", "K", "W_Q", "tau", ...
  int rows = 1, cols = 1;
  std::vector<double> values;
};

// What one named mistake gives for this part.
struct Mistake {
  std::string key;      // forgot_sqrt_dk | forgot_temperature | unnormalised_exps | wrong_axis |
                        // transposed | keys_as_values | wrong_width (a key may name two ways
                        // of making one mistake: shapes' widths)
  std::string message;  // what the student did, in words
  std::vector<double> values;
};

struct ExercisePart {
  std::string key;        // "scores", "weights", "context", "q", "S_shape", ...
  std::string label;      // what to type, in words (the page adds how many numbers)
  std::vector<double> answer;
  double tolerance = 0;   // |typed - exact| allowed per number: 0 for whole numbers, < 0 for
                          // decimals (decimal_tolerance of each exact number)
  bool weights = false;   // a row of softmax weights (typed weights must sum to 1)
  std::vector<Mistake> mistakes;
};

struct Exercise {
  ExerciseKind kind = ExerciseKind::context;
  std::uint64_t seed = 0;
  std::string prompt;     // the task in words (plain text)
  std::vector<Given> givens;
  std::vector<ExercisePart> parts;
};

// The student's name or ID as the seed sees it: spaces trimmed and runs of them made one,
// ASCII letters lower-cased ("  Ada  Lovelace" and "ada lovelace" are one student).
std::string normalise_student(const std::string& student);
// FNV-1a (64 bits) of the normalised student, the kind's name and the variant
// (content/widgets/exercises.json: another term's exercises, new numbers for everyone).
std::uint64_t exercise_seed(const std::string& student, ExerciseKind kind, int variant);
// The same hash of the normalised student, any name of what is drawn, and the variant.
std::uint64_t student_seed(const std::string& student, const std::string& what, int variant);
// A name the seed can use (not empty, holding a visible character, not over the widget's
// maxStudentLength once normalised) and a variant the exercises widget allows.
Status check_student(const std::string& student, int variant);
// draws (if given): how many sets of numbers were drawn until one separated every
// mistake (1: the first), so a test can watch the acceptance rate of the ranges.
Exercise make_exercise(ExerciseKind kind, std::uint64_t seed, int* draws = nullptr);

// Two decimal places: a typed number within 0.005 + 0.5 % of the exact one is right.
double decimal_tolerance(double exact);

struct PartGrade {
  bool right = false;
  std::string mistake;  // a Mistake key, "weights_sum", or "" (right, or not diagnosed)
  std::string message;  // for the student, next to the part
};

// Refused (Status) when the part is unknown or the count of numbers is not the part's.
Status grade_part(const Exercise& exercise, const std::string& part, const std::vector<double>& typed,
                  PartGrade& out);

// The page's and the gradebook's way in (wasm/exercises_bind.cpp): the exercise for a
// student, its kind and variant checked against the widget's schema. The reply carries
// the givens and what each part asks for, never the answers; grading draws the exercise
// again from the same three fields.
// The page's settings (content/widgets/exercises.json: kind, variant) and who asks.
struct ExerciseRequest : settings::Exercises {
  std::string student;
};
struct ExercisePartView {
  std::string key, label;
  int count = 0;           // numbers to type
  bool decimals = true;    // false: whole numbers, exact
  bool weights = false;
};
struct ExerciseReply {
  std::string kind, prompt;
  std::string seed;        // the 64-bit seed in decimal (shown, so a student can quote it)
  std::vector<Given> givens;
  std::vector<ExercisePartView> parts;
};
Status exercise_for(const ExerciseRequest& request, ExerciseReply& out);

struct GradeRequest : settings::Exercises {
  std::string student, part;
  std::vector<double> typed;
};
Status grade_exercise(const GradeRequest& request, PartGrade& out);

}  // namespace alab::exercises
