// A trainable tensor: its value w and its gradient dw (same shape), named as
// PyTorch names the parameter (e.g. "gru.weight_ih_l0"), so reference files
// and checkpoints line up one to one. Vectors (biases) are 1 x n matrices.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "rng/torch_rng.hpp"

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

// Clips the gradient by its global L2 norm, as torch.nn.utils.clip_grad_norm_(ps, clip):
//   n = sqrt(sum over every parameter of |dw|^2);  if n > clip: dw *= clip / n.
// The squares are summed in double, parameter by parameter in the list's fixed order,
// so the same gradients give the same bits on every run. Returns n (before clipping).
template <class Scalar>
double clip_grad_norm(const ParamList<Scalar>& ps, double clip) {
  double sq = 0;
  for (auto* p : ps) sq += static_cast<double>(p->dw.squaredNorm());
  const double norm = std::sqrt(sq);
  if (norm > clip) {
    const auto scale = static_cast<Scalar>(clip / norm);
    for (auto* p : ps) p->dw *= scale;
  }
  return norm;
}

// PyTorch's default initialisers, drawn exactly as PyTorch draws them (float32
// values from the torch generator, rng/torch_rng.hpp; a double model gets the same
// values widened), in memory order of the row-major matrix = PyTorch's contiguous order.
//   nn.Embedding:        init.normal_(weight)                                   N(0, 1)
//   nn.Linear weight:    init.kaiming_uniform_(weight, a = sqrt 5)              U(-b, b)
//                          b = sqrt(3) * gain / sqrt(fan_in), gain = sqrt(2 / (1 + a^2)),
//                          i.e. 1/sqrt(fan_in) up to double rounding (computed as torch does)
//   nn.Linear bias:      init.uniform_(bias, -1/sqrt(fan_in), 1/sqrt(fan_in))
//   nn.GRU (every tensor, in registration order): init.uniform_(w, -1/sqrt(hidden), 1/sqrt(hidden))
template <class Scalar>
void init_normal(Mat<Scalar>& m, rng::TorchGenerator& gen) {
  std::vector<float> v(static_cast<std::size_t>(m.size()));
  gen.normal_(v.data(), v.size());
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<Scalar>(v[i]);
}

template <class Scalar>
void init_uniform(Mat<Scalar>& m, double bound, rng::TorchGenerator& gen) {
  std::vector<float> v(static_cast<std::size_t>(m.size()));
  gen.uniform_(v.data(), v.size(), -bound, bound);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<Scalar>(v[i]);
}

// torch.nn.init.kaiming_uniform_(w, a=math.sqrt(5)) bound, in Python's double arithmetic
// (init.py: calculate_gain('leaky_relu', a), std = gain / sqrt(fan), bound = sqrt(3) * std).
inline double kaiming_uniform_bound(Eigen::Index fan_in) {
  const double a = std::sqrt(5.0);
  const double gain = std::sqrt(2.0 / (1 + a * a));
  const double std = gain / std::sqrt(static_cast<double>(fan_in));
  return std::sqrt(3.0) * std;
}

// nn.Linear.reset_parameters: bound = 1 / math.sqrt(fan_in) (also nn.GRU's stdv with fan_in = hidden).
inline double inverse_sqrt_bound(Eigen::Index fan_in) {
  return 1.0 / std::sqrt(static_cast<double>(fan_in));
}

// nn.Linear(in, out) as PyTorch builds it: weight (out x in), then bias (1 x out), drawn
// in that order with the bounds above.
template <class Scalar>
void init_linear(Param<Scalar>& weight, Param<Scalar>& bias, Eigen::Index in, Eigen::Index out, rng::TorchGenerator& gen) {
  weight.resize(out, in);
  bias.resize(1, out);
  init_uniform(weight.w, kaiming_uniform_bound(in), gen);
  init_uniform(bias.w, inverse_sqrt_bound(in), gen);
}

}  // namespace alab::nn
