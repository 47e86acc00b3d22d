// The module's GRUClassifier: embedding -> one-layer GRU -> linear on h_T.
//
//   e = emb(x)          B x T x D
//   h_T = GRU(e)        B x H        (nn.GRU, batch_first; see nn/gru.hpp)
//   logits = fc(h_T)    B x 2
#pragma once

#include <vector>

#include "nn/classifier.hpp"
#include "nn/gru.hpp"

namespace alab::nn {

struct GruClassifierConfig {
  int vocab = 8;
  int seq_len = 30;
  int d_model = 16;
  int hidden = 20;
};

template <class Scalar>
class GruClassifier final : public SequenceClassifier<Scalar> {
 public:
  // PyTorch's initial weights, drawn from gen as GRUClassifier() draws them: emb, gru, fc.
  GruClassifier(const GruClassifierConfig& cfg, TorchGenerator& gen);

  void forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) override;
  void backward(const Mat<Scalar>& dlogits) override;
  ParamList<Scalar> params() override;
  Eigen::Index seq_len() const override { return cfg_.seq_len; }

  Param<Scalar> emb;  // "emb.weight"  vocab x D
  Gru<Scalar> gru;    // "gru.*"
  Param<Scalar> fc_w; // "fc.weight"   2 x H
  Param<Scalar> fc_b; // "fc.bias"     1 x 2

 private:
  GruClassifierConfig cfg_;
  Eigen::Index B_ = 0;
  std::vector<int> tokens_tm_;  // T*B ids, time-major (index t*B + b)
  Mat<Scalar> X_;               // T*B x D embeddings, time-major
  GruCache<Scalar> gru_cache_;
  Mat<Scalar> h_T_, dh_T_rows_, dh_T_, dX_;  // B x H, B x H, H x B, T*B x D
};

}  // namespace alab::nn
