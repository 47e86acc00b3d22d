#include "nn/adam.hpp"

#include <cmath>

namespace alab::nn {

template <class Scalar>
Adam<Scalar>::Adam(ParamList<Scalar> params, double lr, double beta1, double beta2, double eps)
    : params_(std::move(params)), lr_(lr), beta1_(beta1), beta2_(beta2), eps_(eps) {
  for (const auto* p : params_) {
    m_.push_back(Mat<Scalar>::Zero(p->w.rows(), p->w.cols()));
    v_.push_back(Mat<Scalar>::Zero(p->w.rows(), p->w.cols()));
  }
}

template <class Scalar>
void Adam<Scalar>::step() {
  ++t_;
  const double bc1 = 1.0 - std::pow(beta1_, static_cast<double>(t_));
  const double bc2 = 1.0 - std::pow(beta2_, static_cast<double>(t_));
  const auto step_size = static_cast<Scalar>(lr_ / bc1);
  const auto bc2_sqrt = static_cast<Scalar>(std::sqrt(bc2));
  const auto b1 = static_cast<Scalar>(beta1_), b2 = static_cast<Scalar>(beta2_);
  const auto one_b1 = static_cast<Scalar>(1.0 - beta1_), one_b2 = static_cast<Scalar>(1.0 - beta2_);
  const auto eps = static_cast<Scalar>(eps_);
  for (std::size_t i = 0; i < params_.size(); ++i) {
    auto g = params_[i]->dw.array();
    auto m = m_[i].array();
    auto v = v_[i].array();
    m = b1 * m + one_b1 * g;
    v = b2 * v + one_b2 * g * g;
    params_[i]->w.array() -= step_size * m / (v.sqrt() / bc2_sqrt + eps);
  }
}

template class Adam<float>;
template class Adam<double>;

}  // namespace alab::nn
