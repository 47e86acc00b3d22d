// The module's GRUClassifier: embedding -> one-layer GRU -> linear on h_T.
//
//   e = emb(x)          B x T x D
//   h_T = GRU(e)        B x H        (nn.GRU, batch_first; see nn/gru.hpp)
//   logits = fc(h_T)    B x 2
//
// The GRU's input half W_ih e + b_ih depends on the token alone, so it is computed
// once per call for each of the V tokens (a 3H x V table) and gathered, instead of a
// (3H x D)(D x T*B) GEMM; the backward scatter-adds dL/dGi into the table's V columns
// instead of two more such GEMMs (dW_ih and dL/de). For the module's sizes this is
// ~45 % of the GRU's arithmetic. The same sums in another order: results agree with
// the unfused layers (nn/gru.hpp) to float rounding.
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
  GruClassifier(const GruClassifierConfig& cfg, rng::TorchGenerator& gen);

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
  Mat<Scalar> table_, dtable_;  // 3H x V: W_ih emb(v) + b_ih for every token v, and its gradient
  GruCache<Scalar> gru_cache_;
  Mat<Scalar> h_T_, dh_T_rows_, dh_T_;  // B x H, B x H, H x B
};

}  // namespace alab::nn
