#include "nn/gru_classifier.hpp"

#include <cmath>

#include "nn/linear.hpp"

namespace alab::nn {

template <class Scalar>
GruClassifier<Scalar>::GruClassifier(const GruClassifierConfig& cfg, rng::TorchGenerator& gen) : cfg_(cfg) {
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
  const Eigen::Index T = cfg_.seq_len, H = gru.hidden(), n = T * B;
  B_ = B;
  // Batch-major ids -> time-major, the layout the GRU reads (nn/gru.hpp).
  tokens_tm_.resize(static_cast<std::size_t>(n));
  for (Eigen::Index b = 0; b < B; ++b)
    for (Eigen::Index t = 0; t < T; ++t) tokens_tm_[t * B + b] = tokens[b * T + t];
  // table(:, v) = W_ih emb(v) + b_ih; Gi(:, j) = table(:, token j).
  table_.noalias() = gru.W_ih.w * emb.w.transpose();
  table_.colwise() += gru.b_ih.w.row(0).transpose();
  auto Gi = gru_cache_.input_gates(H, T, B);
  const int* tok = tokens_tm_.data();
  for (Eigen::Index r = 0; r < 3 * H; ++r) {
    const Scalar* from = table_.row(r).data();
    Scalar* to = Gi.row(r).data();
    for (Eigen::Index j = 0; j < n; ++j) to[j] = from[tok[j]];
  }
  gru_forward_recurrent<Scalar>(gru, T, B, gru_cache_);
  h_T_ = gru_cache_.last_hidden().transpose();  // B x H
  linear_forward<Scalar>(h_T_, fc_w.w, &fc_b.w, logits);
}

template <class Scalar>
void GruClassifier<Scalar>::backward(const Mat<Scalar>& dlogits) {
  const Eigen::Index H = gru.hidden(), n = cfg_.seq_len * B_;
  zero_grads(params());
  linear_backward<Scalar>(h_T_, fc_w.w, dlogits, fc_w.dw, &fc_b.dw, &dh_T_rows_);  // B x H
  dh_T_ = dh_T_rows_.transpose();                                                   // H x B
  gru_backward_recurrent<Scalar>(gru, dh_T_, gru_cache_);
  // dL/dtable(:, v) = sum of dL/dGi(:, j) over the positions j holding token v.
  const auto dGi = gru_cache_.dGi.view(3 * H, n);
  const int* tok = tokens_tm_.data();
  dtable_.setZero(3 * H, cfg_.vocab);
  for (Eigen::Index r = 0; r < 3 * H; ++r) {
    const Scalar* from = dGi.row(r).data();
    Scalar* to = dtable_.row(r).data();
    for (Eigen::Index j = 0; j < n; ++j) to[tok[j]] += from[j];
  }
  // table = W_ih emb^T + b_ih 1^T  =>  dW_ih = dtable emb, d emb = dtable^T W_ih, db_ih = dtable 1.
  gru.W_ih.dw.noalias() += dtable_ * emb.w;
  gru.b_ih.dw.row(0) += dtable_.rowwise().sum().transpose();
  emb.dw.noalias() += dtable_.transpose() * gru.W_ih.w;
}

template class GruClassifier<float>;
template class GruClassifier<double>;

}  // namespace alab::nn
