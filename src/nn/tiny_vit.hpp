// A tiny vision transformer (after Dosovitskiy et al. 2021, "An Image Is Worth 16x16
// Words"): patches as tokens, one self-attention head, a class token, a small MLP head.
//
//   X = patchify(image)                          P x p^2      (nn/patches.hpp)
//   e_k = W_patch x_k + b_patch + row[r_k] + col[c_k]        (positions: learned, per row
//                                                              and per column; omitted when off)
//   E = [e_0 ... e_{P-1}; cls]                   T x D, T = P + 1: the class token last
//   z = attention row of the class token over E  (nn/attention_pool.hpp, pooling "last":
//       z = softmax(q_cls K^T / sqrt(D)) V, q_cls = Wq cls, K = E Wk^T, V = E Wv^T)
//   h = cls + z                                  the residual at the class token
//   logits = W2 relu(W1 h + b1) + b2             2 classes
//
// Placing the class token last instead of first changes nothing without a causal mask
// (its position has no embedding); it lets the model reuse the race's attention
// pooling, which computes only the class token's row, and its tested backward.
// Without positions the model cannot tell where a patch is: shuffling the patches
// permutes K and V's rows and leaves z, hence the answer, as it was.
#pragma once

#include <vector>

#include "nn/attention_pool.hpp"
#include "nn/image_classifier.hpp"

namespace alab::nn {

struct TinyVitConfig {
  int side = 12;        // image side in pixels
  int patch = 4;        // patch side
  int d_model = 32;     // token width D
  int hidden = 32;      // the MLP head's width
  bool positional = true;
  bool mean_pool = false;     // read out the mean of every token's output instead of the class token's
  // The positions' and the class token's initial scale: at 1 (nn.Embedding's) they swamp
  // what the patches hold (|W x| ~ 0.3) and training sat at chance longer; at 0.02 (ViT's)
  // they were too weak to learn from in 40 epochs. 0.3 did best of those tried.
  double position_std = 0.3;
  int grid() const { return side / patch; }
  int patches() const { return grid() * grid(); }
};

template <class Scalar>
class TinyVit final : public ImageClassifier<Scalar> {
 public:
  // PyTorch-default initial weights, drawn from gen in the order of the reference
  // module (tests/reference/make_vision_reference.py): patch, row, col, cls, Wq, Wk, Wv,
  // head1, head2. Without positions row and col are drawn, then dropped.
  TinyVit(const TinyVitConfig& cfg, rng::TorchGenerator& gen);

  void forward(const Scalar* pixels, Eigen::Index B, Mat<Scalar>& logits) override;
  void backward(const Mat<Scalar>& dlogits) override;
  ParamList<Scalar> params() override;
  int side() const override { return cfg_.side; }
  std::unique_ptr<ImageClassifier<Scalar>> clone() const override { return std::make_unique<TinyVit>(*this); }
  const TinyVitConfig& config() const { return cfg_; }

  // One image's tokens (T x D) and its full attention matrix (T x T; the class token's
  // row is the last), for display.
  void tokens(const Scalar* image, Mat<Scalar>& E) const;
  void attention(const Scalar* image, Mat<Scalar>& A) const;

  Param<Scalar> patch_w, patch_b;  // "patch.weight" D x p^2, "patch.bias" 1 x D
  Param<Scalar> row, col;          // "row.weight", "col.weight": grid x D (empty without positions)
  Param<Scalar> cls;               // "cls": 1 x D
  AttentionHead<Scalar> head;      // "Wq.weight", "Wk.weight", "Wv.weight": D x D
  Param<Scalar> w1, b1, w2, b2;    // "head1.weight" H x D, "head1.bias", "head2.weight" 2 x H, "head2.bias"

 private:
  void embed(const Mat<Scalar>& X, Eigen::Index B, Mat<Scalar>& E) const;  // patches X -> B*T x D
  TinyVitConfig cfg_;
  Eigen::Index B_ = 0;
  Mat<Scalar> X_, Ep_, E_, Z_, H_, U_;
  AttentionPoolCache<Scalar> cache_;
  Mat<Scalar> dU_, dH_, dE_, dEp_;
};

// The baseline: every patch through the same small layer, then the mean over patches
// and a linear read-out. It sees what the patches hold, never where they are, so no
// relation between two patches' places can reach it.
//
//   u_k = relu(W1 x_k + b1)   (H),   m = mean_k u_k,   logits = W2 m + b2
template <class Scalar>
class BagOfPatches final : public ImageClassifier<Scalar> {
 public:
  // "patch.weight" H x p^2, "patch.bias", "out.weight" 2 x H, "out.bias".
  BagOfPatches(int side, int patch, int hidden, rng::TorchGenerator& gen);
  void forward(const Scalar* pixels, Eigen::Index B, Mat<Scalar>& logits) override;
  void backward(const Mat<Scalar>& dlogits) override;
  ParamList<Scalar> params() override { return {&w1, &b1, &w2, &b2}; }
  int side() const override { return side_; }
  std::unique_ptr<ImageClassifier<Scalar>> clone() const override { return std::make_unique<BagOfPatches>(*this); }

  Param<Scalar> w1, b1, w2, b2;

 private:
  int side_, patch_;
  Eigen::Index B_ = 0;
  Mat<Scalar> X_, U_, M_, dM_, dU_;
};

}  // namespace alab::nn
