// The module's TinySelfAttn: token + positional embedding -> one self-attention
// head -> pooling (last position by default, or mean) -> linear to 2 logits.
//
//   e = emb(x) + pos(0..T-1)     B x T x D   (pos omitted when positional = false)
//   z = pool(SelfAttention(e))   B x D       (nn/attention_pool.hpp)
//   logits = fc(z)               B x 2
//
// The projections go by table: every row of K = e Wk^T is Wk emb(x) + Wk pos(t), so
// with Ktok = emb Wk^T (V x dk) and Kpos = pos Wk^T (T x dk) it is Ktok[x] + Kpos[t],
// an addition of two looked-up rows instead of a D-long dot product per entry (the
// same for Q and V). The backward sums dK's rows into the tables' rows (by token and
// by position) and carries those small sums to Wk, emb and pos. For the module's
// sizes that removes most of the model's arithmetic; the results agree with the
// plain layers (nn/attention_pool.hpp) to float rounding.
#pragma once

#include <vector>
#include <xtensor/xtensor.hpp>

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
  AttentionClassifier(const AttentionClassifierConfig& cfg, rng::TorchGenerator& gen);

  void forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) override;
  void backward(const Mat<Scalar>& dlogits) override;
  ParamList<Scalar> params() override;
  Eigen::Index seq_len() const override { return cfg_.seq_len; }
  const AttentionClassifierConfig& config() const { return cfg_; }

  // The full T x T attention matrix of one sequence (tokens: T ids); row i is
  // where position i looks. With pooling "last" the logits read row T-1.
  void attention_weights(const int* tokens, Mat<Scalar>& A) const;
  // The same for B sequences at once (tokens: B x T ids) -> A (B, T, T): the batch
  // embedded once and read as a (B, T, D) tensor where it lies (attention/self_attention.hpp's
  // batched forward; map b is attention_weights of sequence b, bit for bit).
  void attention_maps(const int* tokens, Eigen::Index B, xt::xtensor<Scalar, 3>& A) const;

  Param<Scalar> emb;   // "emb.weight"  vocab x D
  Param<Scalar> pos;   // "pos.weight"  T x D (empty when not positional)
  AttentionHead<Scalar> head;
  Param<Scalar> fc_w;  // "fc.weight"   2 x D
  Param<Scalar> fc_b;  // "fc.bias"     1 x 2

 private:
  void embed(const int* tokens, Eigen::Index B, Mat<Scalar>& E) const;

  // Projection q, k, v (0, 1, 2): its weight, and where its rows go in the cache.
  const Param<Scalar>& weight(int p) const { return p == 0 ? head.Wq : p == 1 ? head.Wk : head.Wv; }
  Param<Scalar>& weight(int p) { return p == 0 ? head.Wq : p == 1 ? head.Wk : head.Wv; }

  AttentionClassifierConfig cfg_;
  const int* tokens_ = nullptr;
  Eigen::Index B_ = 0;
  Mat<Scalar> Z_, dZ_;
  AttentionPoolCache<Scalar> cache_;
  Mat<Scalar> tok_table_[3], pos_table_[3];  // V x d and T x d per projection
  Mat<Scalar> dtok_table_[3], dpos_table_[3];
};

}  // namespace alab::nn
