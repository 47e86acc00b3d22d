#include "nn/attention_classifier.hpp"

#include <cmath>

#include "nn/embedding.hpp"
#include "nn/linear.hpp"

namespace alab::nn {

template <class Scalar>
AttentionClassifier<Scalar>::AttentionClassifier(const AttentionClassifierConfig& cfg, TorchGenerator& gen)
    : cfg_(cfg) {
  const Eigen::Index D = cfg.d_model;
  emb.name = "emb.weight";
  emb.resize(cfg.vocab, D);
  init_normal(emb.w, gen);
  pos.name = "pos.weight";
  pos.resize(cfg.seq_len, D);
  init_normal(pos.w, gen);  // drawn even when unused: the module's draw order either way
  if (!cfg.positional) pos.resize(0, 0);
  head.init(D, D, D, gen);
  fc_w.name = "fc.weight";
  fc_b.name = "fc.bias";
  fc_w.resize(2, D);
  fc_b.resize(1, 2);
  init_uniform(fc_w.w, kaiming_uniform_bound(D), gen);
  init_uniform(fc_b.w, inverse_sqrt_bound(D), gen);
}

template <class Scalar>
ParamList<Scalar> AttentionClassifier<Scalar>::params() {
  if (cfg_.positional) return {&emb, &pos, &head.Wq, &head.Wk, &head.Wv, &fc_w, &fc_b};
  return {&emb, &head.Wq, &head.Wk, &head.Wv, &fc_w, &fc_b};
}

// E[b*T + t] = emb[x_bt] + pos[t]   (B*T x D)
template <class Scalar>
void AttentionClassifier<Scalar>::embed(const int* tokens, Eigen::Index B, Mat<Scalar>& E) const {
  const Eigen::Index T = cfg_.seq_len;
  embedding_forward(tokens, B * T, emb.w, E);
  if (cfg_.positional)
    for (Eigen::Index b = 0; b < B; ++b) E.middleRows(b * T, T) += pos.w;
}

template <class Scalar>
void AttentionClassifier<Scalar>::forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) {
  tokens_ = tokens;
  B_ = B;
  embed(tokens, B, E_);
  attention_pool_forward<Scalar>(head, E_, cfg_.seq_len, B, cfg_.pooling, cache_, Z_);
  linear_forward<Scalar>(Z_, fc_w.w, &fc_b.w, logits);
}

template <class Scalar>
void AttentionClassifier<Scalar>::backward(const Mat<Scalar>& dlogits) {
  const Eigen::Index T = cfg_.seq_len;
  zero_grads(params());
  linear_backward<Scalar>(Z_, fc_w.w, dlogits, fc_w.dw, &fc_b.dw, &dZ_);
  attention_pool_backward<Scalar>(head, E_, dZ_, cache_, &dE_);
  embedding_backward<Scalar>(tokens_, B_ * T, dE_, emb.dw);
  if (cfg_.positional)  // dpos[t] = sum over the batch of dE[b, t]
    for (Eigen::Index b = 0; b < B_; ++b) pos.dw += dE_.middleRows(b * T, T);
}

template <class Scalar>
void AttentionClassifier<Scalar>::attention_weights(const int* tokens, Mat<Scalar>& A) const {
  Mat<Scalar> E;
  embed(tokens, 1, E);
  attention_matrix<Scalar>(head, E, A);
}

template class AttentionClassifier<float>;
template class AttentionClassifier<double>;

}  // namespace alab::nn
