// What the trainer needs from a sequence classifier: logits for a minibatch,
// gradients of the mean loss, and the parameter list for the optimiser.
#pragma once

#include "nn/param.hpp"

namespace alab::nn {

template <class Scalar>
class SequenceClassifier {
 public:
  virtual ~SequenceClassifier() = default;

  // tokens: B sequences of seq_len() ids, batch-major (sequence b at tokens + b * T);
  // they must stay alive until backward. logits: B x 2.
  virtual void forward(const int* tokens, Eigen::Index B, Mat<Scalar>& logits) = 0;
  // After forward: sets every parameter's dw to dL/dw, given dL/dlogits (B x 2).
  virtual void backward(const Mat<Scalar>& dlogits) = 0;
  virtual ParamList<Scalar> params() = 0;
  virtual Eigen::Index seq_len() const = 0;
};

}  // namespace alab::nn
