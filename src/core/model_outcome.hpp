// What a page that trains classifiers side by side (the comments and image pages) says
// of each model at the end, and the accuracy both compute it with.
//
// Page is a tag (an incomplete struct named for the page): each page's record is then a
// type of its own with its own fields, as the WebAssembly binding needs (embind declares
// a type once, under one name: CommentModelOutcome, VisionModelOutcome).
#pragma once

#include <string>
#include <vector>

namespace alab {

template <class Page>
struct TrainedModel {
  std::string kind;
  double val_acc = 0, test_acc = 0;
  int epochs_done = 0;
};

// The share of answers equal to their labels (n answers, n labels); 0 for none.
inline double accuracy(const std::vector<int>& answers, const std::vector<int>& labels) {
  long right = 0;
  for (std::size_t i = 0; i < answers.size(); ++i) right += answers[i] == labels[i];
  return answers.empty() ? 0.0 : static_cast<double>(right) / static_cast<double>(answers.size());
}

// Class 1 wherever P(class 1) > 0.5.
inline std::vector<int> answers_of(const std::vector<double>& p1) {
  std::vector<int> out(p1.size());
  for (std::size_t i = 0; i < p1.size(); ++i) out[i] = p1[i] > 0.5 ? 1 : 0;
  return out;
}

}  // namespace alab
