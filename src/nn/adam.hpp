// Adam (Kingma & Ba 2015, arXiv:1412.6980, Algorithm 1) exactly as torch.optim.Adam
// (1.13, single-tensor path) computes it, with its defaults: betas (0.9, 0.999),
// eps 1e-8, no weight decay, no amsgrad. For step t = 1, 2, ...:
//   m = b1 m + (1 - b1) g            v = b2 v + (1 - b2) g^2
//   w -= (lr / (1 - b1^t)) * m / (sqrt(v) / sqrt(1 - b2^t) + eps)
// (eps is added after the bias correction of v, as PyTorch does.) The bias
// corrections are computed in double, as PyTorch computes them in Python floats.
#pragma once

#include <vector>

#include "nn/param.hpp"

namespace alab::nn {

template <class Scalar>
class Adam {
 public:
  Adam(ParamList<Scalar> params, double lr, double beta1 = 0.9, double beta2 = 0.999,
       double eps = 1e-8);
  void step();  // uses each parameter's dw
  void set_lr(double lr) { lr_ = lr; }  // a schedule's (the next step's step size)
  double lr() const { return lr_; }
  long steps_taken() const { return t_; }

 private:
  ParamList<Scalar> params_;
  std::vector<Mat<Scalar>> m_, v_;
  double lr_, beta1_, beta2_, eps_;
  long t_ = 0;
};

}  // namespace alab::nn
