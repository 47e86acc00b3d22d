// A bag-of-words classifier: word counts through one linear layer, the baseline the
// comments page sets beside the attention model. It has no attention and no order,
// so what it learns about a word is one number per class: if it too learns the
// planted shortcut, the shortcut came from the data, not from attention.
//
//   c[b, v] = number of times word v occurs in sequence b  (v = 0, the padding, not counted)
//   logits = c W^T + b                     B x 2     (W: 2 x vocab, "fc.weight"; b: "fc.bias")
//   dW = dlogits^T c,  db = column sums of dlogits
//
// As PyTorch: fc = nn.Linear(vocab, 2) applied to F.one_hot(x, vocab).sum(1) with the
// padding column zeroed (tests/reference/make_comments_reference.py).
#pragma once

#include <vector>

#include "nn/classifier.hpp"

namespace alab::nn {

template <class Scalar>
class BagOfWords final : public SequenceClassifier<Scalar> {
 public:
  // fc drawn from gen as nn.Linear(vocab, 2) draws it.
  BagOfWords(int vocab, int seq_len, rng::TorchGenerator& gen);

  void forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) override;
  void backward(const Mat<Scalar>& dlogits) override;
  ParamList<Scalar> params() override { return {&fc_w, &fc_b}; }
  Eigen::Index seq_len() const override { return seq_len_; }

  // The counts of one sequence with the positions in `skip` left out (a masked word).
  void count(const int* tokens, const std::vector<int>& skip, Mat<Scalar>& row) const;

  Param<Scalar> fc_w;  // 2 x vocab
  Param<Scalar> fc_b;  // 1 x 2

 private:
  int vocab_, seq_len_;
  Mat<Scalar> counts_;  // B x vocab, kept for the backward
};

}  // namespace alab::nn
