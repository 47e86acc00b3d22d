// What a trainer needs from an image classifier: logits for a minibatch of images,
// gradients of the mean loss, the parameter list. The images are square and grey,
// side x side pixels each, row-major, one after another; a model cuts them into
// patches itself (nn/patches.hpp).
#pragma once

#include <memory>

#include "nn/param.hpp"

namespace alab::nn {

template <class Scalar>
class ImageClassifier {
 public:
  virtual ~ImageClassifier() = default;
  // pixels: B images of side()^2 values; they must stay alive until backward. logits: B x 2.
  virtual void forward(const Scalar* pixels, Eigen::Index B, Mat<Scalar>& logits) = 0;
  // After forward: sets every parameter's dw to dL/dw, given dL/dlogits (B x 2).
  virtual void backward(const Mat<Scalar>& dlogits) = 0;
  virtual ParamList<Scalar> params() = 0;
  virtual int side() const = 0;
  // A model of the same shape and weights, with caches of its own: it can run a forward
  // and backward on another thread while this one runs its own (vision/image_trainer.hpp).
  virtual std::unique_ptr<ImageClassifier<Scalar>> clone() const = 0;
};

}  // namespace alab::nn
