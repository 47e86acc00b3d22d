// Loads PyTorch's parameters (the "param:<name>" records of a reference file) into a
// model's parameters of the same names and shapes, checking that every one of the
// model's is there and that the file holds no others.
#pragma once

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

}  // namespace alab::test
