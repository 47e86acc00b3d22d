#include "nn/gru_classifier.hpp"

#include <cmath>

#include "nn/embedding.hpp"
#include "nn/linear.hpp"

namespace alab::nn {

template <class Scalar>
GruClassifier<Scalar>::GruClassifier(const GruClassifierConfig& cfg, TorchGenerator& gen) : cfg_(cfg) {
  emb.name = "emb.weight";
  emb.resize(cfg.vocab, cfg.d_model);
  init_normal(emb.w, gen);
  gru.init(cfg.d_model, cfg.hidden, "gru", gen);
  fc_w.name = "fc.weight";
  fc_b.name = "fc.bias";
  fc_w.resize(2, cfg.hidden);
  fc_b.resize(1, 2);
  init_uniform(fc_w.w, kaiming_uniform_bound(cfg.hidden), gen);
  init_uniform(fc_b.w, inverse_sqrt_bound(cfg.hidden), gen);
}

template <class Scalar>
ParamList<Scalar> GruClassifier<Scalar>::params() {
  return {&emb, &gru.W_ih, &gru.W_hh, &gru.b_ih, &gru.b_hh, &fc_w, &fc_b};
}

template <class Scalar>
void GruClassifier<Scalar>::forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) {
  const Eigen::Index T = cfg_.seq_len;
  B_ = B;
  // Batch-major ids -> time-major, the layout the GRU reads (nn/gru.hpp).
  tokens_tm_.resize(static_cast<std::size_t>(T * B));
  for (Eigen::Index b = 0; b < B; ++b)
    for (Eigen::Index t = 0; t < T; ++t) tokens_tm_[t * B + b] = tokens[b * T + t];
  embedding_forward(tokens_tm_.data(), T * B, emb.w, X_);
  gru_forward<Scalar>(gru, X_, T, B, gru_cache_);
  h_T_ = gru_cache_.last_hidden().transpose();  // B x H
  linear_forward<Scalar>(h_T_, fc_w.w, &fc_b.w, logits);
}

template <class Scalar>
void GruClassifier<Scalar>::backward(const Mat<Scalar>& dlogits) {
  zero_grads(params());
  linear_backward<Scalar>(h_T_, fc_w.w, dlogits, fc_w.dw, &fc_b.dw, &dh_T_rows_);  // B x H
  dh_T_ = dh_T_rows_.transpose();                                                   // H x B
  gru_backward<Scalar>(gru, X_, dh_T_, gru_cache_, &dX_);
  embedding_backward<Scalar>(tokens_tm_.data(), cfg_.seq_len * B_, dX_, emb.dw);
}

template class GruClassifier<float>;
template class GruClassifier<double>;

}  // namespace alab::nn
