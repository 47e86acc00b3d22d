// A trainable tensor: its value w and its gradient dw (same shape), named as
// PyTorch names the parameter (e.g. "gru.weight_ih_l0"), so reference files
// and checkpoints line up one to one. Vectors (biases) are 1 x n matrices.
#pragma once

#include <string>
#include <vector>

#include "attention/types.hpp"
#include "nn/rng.hpp"

namespace alab::nn {

template <class Scalar>
struct Param {
  std::string name;
  Mat<Scalar> w;
  Mat<Scalar> dw;

  void resize(Eigen::Index rows, Eigen::Index cols) {
    w.setZero(rows, cols);
    dw.setZero(rows, cols);
  }
};

template <class Scalar>
using ParamList = std::vector<Param<Scalar>*>;

template <class Scalar>
void zero_grads(const ParamList<Scalar>& ps) {
  for (auto* p : ps) p->dw.setZero();
}

// PyTorch's default initialisers, drawn from our portable generator (values are
// computed in double and rounded once, so every build draws the same weights).
//   nn.Embedding:            N(0, 1)
//   nn.Linear (weight, bias): U(-1/sqrt(fan_in), 1/sqrt(fan_in))
//     (kaiming_uniform_(a = sqrt 5) gives bound sqrt(6 / ((1 + 5) fan_in)) = 1/sqrt(fan_in))
//   nn.GRU (every tensor):   U(-1/sqrt(hidden), 1/sqrt(hidden))
template <class Scalar>
void init_normal(Mat<Scalar>& m, Pcg32& rng) {
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<Scalar>(rng.normal());
}

template <class Scalar>
void init_uniform(Mat<Scalar>& m, double bound, Pcg32& rng) {
  for (Eigen::Index i = 0; i < m.size(); ++i)
    m.data()[i] = static_cast<Scalar>(rng.uniform(-bound, bound));
}

}  // namespace alab::nn
