#include "nn/bag_of_words.hpp"

#include <algorithm>

namespace alab::nn {

template <class Scalar>
BagOfWords<Scalar>::BagOfWords(int vocab, int seq_len, rng::TorchGenerator& gen) : vocab_(vocab), seq_len_(seq_len) {
  fc_w.name = "fc.weight";
  fc_b.name = "fc.bias";
  init_linear(fc_w, fc_b, vocab, 2, gen);
}

template <class Scalar>
void BagOfWords<Scalar>::count(const int* tokens, const std::vector<int>& skip, Mat<Scalar>& row) const {
  row.setZero(1, vocab_);
  for (int t = 0; t < seq_len_; ++t)
    if (tokens[t] != 0 && std::find(skip.begin(), skip.end(), t) == skip.end()) row(0, tokens[t]) += 1;
}

template <class Scalar>
void BagOfWords<Scalar>::forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) {
  counts_.setZero(B, vocab_);
  for (Eigen::Index b = 0; b < B; ++b)
    for (int t = 0; t < seq_len_; ++t) {
      const int v = tokens[b * seq_len_ + t];
      if (v != 0) counts_(b, v) += 1;
    }
  logits.noalias() = counts_ * fc_w.w.transpose();
  logits.rowwise() += fc_b.w.row(0);
}

template <class Scalar>
void BagOfWords<Scalar>::backward(const Mat<Scalar>& dlogits) {
  fc_w.dw.noalias() = dlogits.transpose() * counts_;
  fc_b.dw = dlogits.colwise().sum();
}

template class BagOfWords<float>;
template class BagOfWords<double>;

}  // namespace alab::nn
