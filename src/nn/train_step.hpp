// One minibatch step, the same for every model the lab trains on the classification
// tasks: forward, the mean cross-entropy (nn/cross_entropy.hpp), backward, one Adam step.
//
//   const float loss = nn::train_step(model, inputs, labels, count, adam, scratch);
//
// Model: anything with forward(const Input*, B, logits) and backward(dlogits) (a
// SequenceClassifier over token ids, an ImageClassifier over pixels).
#pragma once

#include "nn/adam.hpp"
#include "nn/cross_entropy.hpp"

namespace alab::nn {

struct StepScratch {
  MatF logits, probs, dlogits;
};

// Forward, the mean cross-entropy over the count inputs, and every parameter's dw; no step.
template <class Model, class Input>
float loss_and_gradients(Model& model, const Input* inputs, const int* labels, Eigen::Index count, StepScratch& s) {
  model.forward(inputs, count, s.logits);
  const float loss = cross_entropy_forward(s.logits, labels, s.probs);
  cross_entropy_backward(s.probs, labels, s.dlogits);
  model.backward(s.dlogits);
  return loss;
}

template <class Model, class Input>
float train_step(Model& model, const Input* inputs, const int* labels, Eigen::Index count, Adam<float>& adam,
                 StepScratch& s) {
  const float loss = loss_and_gradients(model, inputs, labels, count, s);
  adam.step();
  return loss;
}

}  // namespace alab::nn
