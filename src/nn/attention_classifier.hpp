// The module's TinySelfAttn: token + positional embedding -> one self-attention
// head -> pooling (last position by default, or mean) -> linear to 2 logits.
//
//   e = emb(x) + pos(0..T-1)     B x T x D   (pos omitted when positional = false)
//   z = pool(SelfAttention(e))   B x D       (nn/attention_pool.hpp)
//   logits = fc(z)               B x 2
#pragma once

#include <vector>

#include "nn/attention_pool.hpp"
#include "nn/classifier.hpp"

namespace alab::nn {

struct AttentionClassifierConfig {
  int vocab = 8;
  int seq_len = 30;
  int d_model = 16;
  Pooling pooling = Pooling::last;
  bool positional = true;
};

template <class Scalar>
class AttentionClassifier final : public SequenceClassifier<Scalar> {
 public:
  // PyTorch's initial weights, drawn from gen as TinySelfAttn() draws them: emb, pos, Wq,
  // Wk, Wv, fc. Without positional embeddings pos is still drawn, then dropped, so the
  // other weights are those of the module's model with the same seed.
  AttentionClassifier(const AttentionClassifierConfig& cfg, TorchGenerator& gen);

  void forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) override;
  void backward(const Mat<Scalar>& dlogits) override;
  ParamList<Scalar> params() override;
  Eigen::Index seq_len() const override { return cfg_.seq_len; }

  // The full T x T attention matrix of one sequence (tokens: T ids); row i is
  // where position i looks. With pooling "last" the logits read row T-1.
  void attention_weights(const int* tokens, Mat<Scalar>& A) const;

  Param<Scalar> emb;   // "emb.weight"  vocab x D
  Param<Scalar> pos;   // "pos.weight"  T x D (empty when not positional)
  AttentionHead<Scalar> head;
  Param<Scalar> fc_w;  // "fc.weight"   2 x D
  Param<Scalar> fc_b;  // "fc.bias"     1 x 2

 private:
  void embed(const int* tokens, Eigen::Index B, Mat<Scalar>& E) const;

  AttentionClassifierConfig cfg_;
  const int* tokens_ = nullptr;
  Eigen::Index B_ = 0;
  Mat<Scalar> E_, Z_, dZ_, dE_;
  AttentionPoolCache<Scalar> cache_;
};

}  // namespace alab::nn
