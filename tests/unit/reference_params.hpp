// Loads PyTorch's parameters (the "param:<name>" records of a reference file) into a
// model's parameters of the same names and shapes, checking that every one of the
// model's is there and that the file holds no others; and measures a result against
// the reference's tensor.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "nn/param.hpp"
#include "reference_file.hpp"

namespace alab::test {

template <class Scalar>
void load_torch_params(const nn::ParamList<Scalar>& params, const std::map<std::string, RefTensor>& ref) {
  long matched = 0;
  for (nn::Param<Scalar>* p : params) {
    INFO(p->name);
    REQUIRE(ref.count("param:" + p->name));
    const auto w = ref.at("param:" + p->name).template mat<Scalar>();
    REQUIRE(w.rows() == p->w.rows());
    REQUIRE(w.cols() == p->w.cols());
    p->w = w;
    ++matched;
  }
  long torch_params = 0;
  for (const auto& kv : ref) torch_params += kv.first.rfind("param:", 0) == 0;
  CHECK(matched == torch_params);
}

// max |a - ref| / max(max |ref|, 1e-3): the max-norm error relative to the largest
// reference value (the floor keeps an all-but-zero tensor from magnifying rounding).
template <class Scalar>
double rel_err(const Mat<Scalar>& a, const Mat<double>& ref) {
  REQUIRE(a.rows() == ref.rows());
  REQUIRE(a.cols() == ref.cols());
  const double scale = std::max(ref.cwiseAbs().maxCoeff(), 1e-3);
  return (a.template cast<double>() - ref).cwiseAbs().maxCoeff() / scale;
}

}  // namespace alab::test
