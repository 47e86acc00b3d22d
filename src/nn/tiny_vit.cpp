#include "nn/tiny_vit.hpp"

#include "nn/linear.hpp"
#include "nn/patches.hpp"

namespace alab::nn {


template <class Scalar>
TinyVit<Scalar>::TinyVit(const TinyVitConfig& cfg, rng::TorchGenerator& gen) : cfg_(cfg) {
  const Eigen::Index D = cfg.d_model, H = cfg.hidden, pp = static_cast<Eigen::Index>(cfg.patch) * cfg.patch;
  patch_w.name = "patch.weight";
  patch_b.name = "patch.bias";
  row.name = "row.weight";
  col.name = "col.weight";
  cls.name = "cls";
  w1.name = "head1.weight";
  b1.name = "head1.bias";
  w2.name = "head2.weight";
  b2.name = "head2.bias";
  init_linear(patch_w, patch_b, pp, D, gen);  // nn.Linear(p^2, D)
  row.resize(cfg.grid(), D);
  col.resize(cfg.grid(), D);
  // nn.Embedding(grid, D), twice, then normal_(std=0.02) as ViT initialises its positions:
  // at N(0, 1) the positions would swamp what the patches hold (|W x| ~ 0.3) and the
  // class token could not tell a mark from the background for many epochs.
  init_normal(row.w, gen);
  init_normal(col.w, gen);
  row.w *= Scalar(cfg.position_std);
  col.w *= Scalar(cfg.position_std);
  if (!cfg.positional) {
    row.resize(0, 0);
    col.resize(0, 0);
  }
  cls.resize(1, D);
  init_normal(cls.w, gen);  // nn.Parameter(torch.randn(1, D) * 0.02)
  cls.w *= Scalar(cfg.position_std);
  head.init(D, D, D, gen);
  init_linear(w1, b1, D, H, gen);
  init_linear(w2, b2, H, 2, gen);
}

template <class Scalar>
ParamList<Scalar> TinyVit<Scalar>::params() {
  if (cfg_.positional) return {&patch_w, &patch_b, &row, &col, &cls, &head.Wq, &head.Wk, &head.Wv, &w1, &b1, &w2, &b2};
  return {&patch_w, &patch_b, &cls, &head.Wq, &head.Wk, &head.Wv, &w1, &b1, &w2, &b2};
}

// E (B*T x D): each image's P patch tokens (with their positions), then the class token.
template <class Scalar>
void TinyVit<Scalar>::embed(const Mat<Scalar>& X, Eigen::Index B, Mat<Scalar>& E) const {
  const int P = cfg_.patches(), grid = cfg_.grid();
  const Eigen::Index T = P + 1;
  Mat<Scalar> Ep;
  linear_forward<Scalar>(X, patch_w.w, &patch_b.w, Ep);
  E.resize(B * T, cfg_.d_model);
  for (Eigen::Index b = 0; b < B; ++b) {
    for (int k = 0; k < P; ++k) {
      auto e = E.row(b * T + k);
      e = Ep.row(b * P + k);
      if (cfg_.positional) e += row.w.row(k / grid) + col.w.row(k % grid);
    }
    E.row(b * T + P) = cls.w.row(0);
  }
}

template <class Scalar>
void TinyVit<Scalar>::forward(const Scalar* pixels, Eigen::Index B, Mat<Scalar>& logits) {
  B_ = B;
  patchify(pixels, B, cfg_.side, cfg_.patch, X_);
  embed(X_, B, E_);
  const Eigen::Index T = cfg_.patches() + 1;
  if (cfg_.mean_pool) {
    // Every token's output, averaged, with the residual: h = mean_t (e_t + z_t).
    attention_pool_forward<Scalar>(head, E_, T, B, Pooling::mean, cache_, Z_);
    H_ = Z_;
    for (Eigen::Index b = 0; b < B; ++b) H_.row(b) += E_.middleRows(b * T, T).colwise().mean();
  } else {
    attention_pool_forward<Scalar>(head, E_, T, B, Pooling::last, cache_, Z_);
    H_ = Z_;
    H_.rowwise() += cls.w.row(0);  // the residual at the class token
  }
  linear_forward<Scalar>(H_, w1.w, &b1.w, U_);
  U_ = U_.cwiseMax(Scalar(0));
  linear_forward<Scalar>(U_, w2.w, &b2.w, logits);
}

template <class Scalar>
void TinyVit<Scalar>::backward(const Mat<Scalar>& dlogits) {
  zero_grads(params());
  const Eigen::Index B = B_;
  const int P = cfg_.patches(), grid = cfg_.grid();
  const Eigen::Index T = P + 1;
  linear_backward<Scalar>(U_, w2.w, dlogits, w2.dw, &b2.dw, &dU_);
  dU_ = (U_.array() > Scalar(0)).select(dU_, Scalar(0));  // relu'
  linear_backward<Scalar>(H_, w1.w, dU_, w1.dw, &b1.dw, &dH_);
  if (!cfg_.mean_pool) cls.dw = dH_.colwise().sum();       // through the residual
  attention_pool_backward<Scalar>(head, E_, dH_, cache_, &dE_);  // dZ = dH
  if (cfg_.mean_pool)
    for (Eigen::Index b = 0; b < B; ++b) dE_.middleRows(b * T, T).rowwise() += dH_.row(b) / Scalar(T);
  dEp_.resize(B * P, cfg_.d_model);
  for (Eigen::Index b = 0; b < B; ++b) {
    cls.dw += dE_.row(b * T + P);
    for (int k = 0; k < P; ++k) {
      const auto g = dE_.row(b * T + k);
      dEp_.row(b * P + k) = g;
      if (cfg_.positional) {
        row.dw.row(k / grid) += g;
        col.dw.row(k % grid) += g;
      }
    }
  }
  linear_backward<Scalar>(X_, patch_w.w, dEp_, patch_w.dw, &patch_b.dw, nullptr);
}

template <class Scalar>
void TinyVit<Scalar>::tokens(const Scalar* image, Mat<Scalar>& E) const {
  Mat<Scalar> X;
  patchify(image, 1, cfg_.side, cfg_.patch, X);
  embed(X, 1, E);
}

template <class Scalar>
void TinyVit<Scalar>::attention(const Scalar* image, Mat<Scalar>& A) const {
  Mat<Scalar> E;
  tokens(image, E);
  attention_matrix<Scalar>(head, E, A);
}

template <class Scalar>
BagOfPatches<Scalar>::BagOfPatches(int side, int patch, int hidden, rng::TorchGenerator& gen) : side_(side), patch_(patch) {
  const Eigen::Index pp = static_cast<Eigen::Index>(patch) * patch;
  w1.name = "patch.weight";
  b1.name = "patch.bias";
  w2.name = "out.weight";
  b2.name = "out.bias";
  init_linear(w1, b1, pp, hidden, gen);
  init_linear(w2, b2, hidden, 2, gen);
}

template <class Scalar>
void BagOfPatches<Scalar>::forward(const Scalar* pixels, Eigen::Index B, Mat<Scalar>& logits) {
  B_ = B;
  const int P = (side_ / patch_) * (side_ / patch_);
  patchify(pixels, B, side_, patch_, X_);
  linear_forward<Scalar>(X_, w1.w, &b1.w, U_);
  U_ = U_.cwiseMax(Scalar(0));
  M_.resize(B, U_.cols());
  for (Eigen::Index b = 0; b < B; ++b) M_.row(b) = U_.middleRows(b * P, P).colwise().sum() / Scalar(P);
  linear_forward<Scalar>(M_, w2.w, &b2.w, logits);
}

template <class Scalar>
void BagOfPatches<Scalar>::backward(const Mat<Scalar>& dlogits) {
  zero_grads(params());
  const int P = (side_ / patch_) * (side_ / patch_);
  linear_backward<Scalar>(M_, w2.w, dlogits, w2.dw, &b2.dw, &dM_);
  dU_.resize(U_.rows(), U_.cols());
  for (Eigen::Index b = 0; b < B_; ++b)
    for (int k = 0; k < P; ++k) dU_.row(b * P + k) = dM_.row(b) / Scalar(P);
  dU_ = (U_.array() > Scalar(0)).select(dU_, Scalar(0));
  linear_backward<Scalar>(X_, w1.w, dU_, w1.dw, &b1.dw, nullptr);
}

template class TinyVit<float>;
template class TinyVit<double>;
template class BagOfPatches<float>;
template class BagOfPatches<double>;

}  // namespace alab::nn
