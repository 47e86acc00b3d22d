#include "nn/attention_classifier.hpp"

#include <array>
#include <cmath>
#include <type_traits>
#include <xtensor/xadapt.hpp>

#include "attention/self_attention.hpp"
#include "nn/embedding.hpp"
#include "nn/linear.hpp"

namespace alab::nn {

template <class Scalar>
AttentionClassifier<Scalar>::AttentionClassifier(const AttentionClassifierConfig& cfg, rng::TorchGenerator& gen)
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
  init_linear(fc_w, fc_b, D, 2, gen);
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

namespace {

// out row r = tok_table[token] + pos_table[t] for the positions t of each of B
// sequences: all T, or only the last (a pooling-"last" query).
template <class Scalar>
void gather_rows(const Mat<Scalar>& tok_table, const Mat<Scalar>* pos_table, const int* tokens,
                 Eigen::Index B, Eigen::Index T, bool last_only, Mat<Scalar>& out) {
  const Eigen::Index d = tok_table.cols(), t0 = last_only ? T - 1 : 0;
  out.resize(B * (T - t0), d);
  Scalar* o = out.data();
  for (Eigen::Index b = 0; b < B; ++b)
    for (Eigen::Index t = t0; t < T; ++t, o += d) {
      const Scalar* x = tok_table.data() + tokens[b * T + t] * d;
      if (pos_table) {
        const Scalar* p = pos_table->data() + t * d;
        for (Eigen::Index k = 0; k < d; ++k) o[k] = x[k] + p[k];
      } else {
        for (Eigen::Index k = 0; k < d; ++k) o[k] = x[k];
      }
    }
}

// The gather's gradient: each row of dout added into its token's row of dtok and
// its position's row of dpos (both zeroed here).
template <class Scalar>
void scatter_rows(const Mat<Scalar>& dout, const int* tokens, Eigen::Index B, Eigen::Index T,
                  bool last_only, Eigen::Index vocab, Mat<Scalar>& dtok, Mat<Scalar>* dpos) {
  const Eigen::Index d = dout.cols(), t0 = last_only ? T - 1 : 0;
  dtok.setZero(vocab, d);
  if (dpos) dpos->setZero(T, d);
  const Scalar* g = dout.data();
  for (Eigen::Index b = 0; b < B; ++b)
    for (Eigen::Index t = t0; t < T; ++t, g += d) {
      Scalar* x = dtok.data() + tokens[b * T + t] * d;
      for (Eigen::Index k = 0; k < d; ++k) x[k] += g[k];
      if (dpos) {
        Scalar* p = dpos->data() + t * d;
        for (Eigen::Index k = 0; k < d; ++k) p[k] += g[k];
      }
    }
}

}  // namespace

template <class Scalar>
void AttentionClassifier<Scalar>::forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) {
  const Eigen::Index T = cfg_.seq_len;
  tokens_ = tokens;
  B_ = B;
  Mat<Scalar>* rows[3] = {&cache_.Q, &cache_.K, &cache_.V};
  for (int p = 0; p < 3; ++p) {
    tok_table_[p].noalias() = emb.w * weight(p).w.transpose();                    // V x d
    if (cfg_.positional) pos_table_[p].noalias() = pos.w * weight(p).w.transpose();  // T x d
    const bool last_only = p == 0 && cfg_.pooling == Pooling::last;
    gather_rows(tok_table_[p], cfg_.positional ? &pos_table_[p] : nullptr, tokens, B, T, last_only,
                *rows[p]);
  }
  attention_pool_forward_projected<Scalar>(head, T, B, cfg_.pooling, cache_, Z_);
  linear_forward<Scalar>(Z_, fc_w.w, &fc_b.w, logits);
}

template <class Scalar>
void AttentionClassifier<Scalar>::backward(const Mat<Scalar>& dlogits) {
  const Eigen::Index T = cfg_.seq_len;
  zero_grads(params());
  linear_backward<Scalar>(Z_, fc_w.w, dlogits, fc_w.dw, &fc_b.dw, &dZ_);
  attention_pool_backward_projected<Scalar>(head, dZ_, cache_);
  const Mat<Scalar>* grads[3] = {&cache_.dQ, &cache_.dK, &cache_.dV};
  for (int p = 0; p < 3; ++p) {
    const bool last_only = p == 0 && cfg_.pooling == Pooling::last;
    scatter_rows(*grads[p], tokens_, B_, T, last_only, cfg_.vocab, dtok_table_[p],
                 cfg_.positional ? &dpos_table_[p] : nullptr);
    // tok_table = emb W^T, pos_table = pos W^T:
    //   dW = dtok^T emb + dpos^T pos,  d emb = dtok W,  d pos = dpos W.
    Param<Scalar>& W = weight(p);
    W.dw.noalias() += dtok_table_[p].transpose() * emb.w;
    emb.dw.noalias() += dtok_table_[p] * W.w;
    if (cfg_.positional) {
      W.dw.noalias() += dpos_table_[p].transpose() * pos.w;
      pos.dw.noalias() += dpos_table_[p] * W.w;
    }
  }
}

template <class Scalar>
void AttentionClassifier<Scalar>::attention_weights(const int* tokens, Mat<Scalar>& A) const {
  Mat<Scalar> E;
  embed(tokens, 1, E);
  attention_matrix<Scalar>(head, E, A);
}

template <class Scalar>
void AttentionClassifier<Scalar>::attention_maps(const int* tokens, Eigen::Index B, xt::xtensor<Scalar, 3>& A) const {
  if constexpr (std::is_same_v<Scalar, float>) {
    Mat<Scalar> E;  // B*T x D, row-major: sequence b is rows b*T .. b*T + T-1
    embed(tokens, B, E);
    const std::array<std::size_t, 3> shape{static_cast<std::size_t>(B), static_cast<std::size_t>(cfg_.seq_len),
                                           static_cast<std::size_t>(E.cols())};
    const auto X = xt::adapt(E.data(), static_cast<std::size_t>(E.size()), xt::no_ownership(), shape);
    const SelfAttentionWeights<float> w{head.Wq.w, head.Wk.w, head.Wv.w};
    xt::xtensor<float, 3> Z;
    self_attention_forward_batch(X, w, /*causal=*/false, A, Z);
  } else {
    // The batched forward is float's (the pages' models); double reads one at a time.
    const auto T = cfg_.seq_len;
    A = xt::xtensor<Scalar, 3>::from_shape({static_cast<std::size_t>(B), static_cast<std::size_t>(T), static_cast<std::size_t>(T)});
    Mat<Scalar> A_b;
    for (Eigen::Index b = 0; b < B; ++b) {
      attention_weights(tokens + b * T, A_b);
      MatMap<Scalar>(A.data() + b * T * T, T, T) = A_b;
    }
  }
}

template class AttentionClassifier<float>;
template class AttentionClassifier<double>;

}  // namespace alab::nn
