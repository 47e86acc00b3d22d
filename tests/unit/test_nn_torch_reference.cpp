// The classifiers against PyTorch 1.13 (tests/reference/*.txt, written by
// make_reference.py, and the comments page's two by make_comments_reference.py; found by
// the start of their names, LOADERS below): for fixed weights and a fixed batch, the logits, the loss,
// every parameter's gradient, and the loss before each of 10 Adam steps.
//
// The reference is computed in float64 from float32-representable weights, so it
// carries no rounding of its own. Tolerances (max-norm, relative to the largest
// reference value of each tensor):
//   double model  1e-10  what remains is summation order (~1e-15 per op) over a few
//                        hundred operations: orders of magnitude of headroom.
//   float model   logits, loss 1e-5; gradients 2e-5: float carries ~6e-8 per op;
//                 Eigen's float sigmoid/tanh are within a few ulp, and the GRU
//                 chains T = 7 steps, so errors of ~1e-6 are expected; a wrong
//                 term gives 1e-2 or more.
//   float Adam losses 1e-5: each step moves weights by ~lr = 0.01 along
//                 m / sqrt(v), which float rounding of the gradients changes by
//                 ~1e-6 relative; ten steps keep the loss within ~1e-6.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "nn/adam.hpp"
#include "nn/attention_classifier.hpp"
#include "nn/bag_of_words.hpp"
#include "nn/cross_entropy.hpp"
#include "nn/gru_classifier.hpp"
#include "reference_file.hpp"
#include "reference_params.hpp"

using namespace alab;
using namespace alab::nn;
using test::rel_err;

namespace {

template <class Scalar>
struct Tol;
template <>
struct Tol<double> {
  static constexpr double value = 1e-10, grad = 1e-10, adam = 1e-10;
};
template <>
struct Tol<float> {
  static constexpr double value = 1e-5, grad = 2e-5, adam = 1e-5;
};

// The classifiers' reference files, found by the start of their names, and the model
// each holds: a new file of one of these kinds is checked with no list edit.
enum class Kind { gru, attention, bag_of_words };
struct Loader {
  const char* prefix;
  Kind kind;
};
constexpr Loader LOADERS[] = {
    {"gru", Kind::gru},                   // make_reference.py
    {"attn_", Kind::attention},           // make_reference.py: pooling and positions in its config
    {"comments_attn", Kind::attention},   // make_comments_reference.py
    {"comments_bow", Kind::bag_of_words}, // make_comments_reference.py
};
// The other reference files, by the start of their names, and the tests that read them.
constexpr std::pair<const char*, const char*> READ_ELSEWHERE[] = {
    {"translate_", "test_translate_torch_reference.cpp"},
    {"vit_", "test_vision.cpp"},
    {"bag_of_patches", "test_vision.cpp"},
    {"rng", "test_rng_torch.cpp"},
};

const Loader* loader_for(const std::string& file) {
  for (const Loader& l : LOADERS)
    if (file.rfind(l.prefix, 0) == 0) return &l;
  return nullptr;
}
const char* reader_of(const std::string& file) {
  for (const auto& [prefix, test] : READ_ELSEWHERE)
    if (file.rfind(prefix, 0) == 0) return test;
  return nullptr;
}
std::vector<std::string> classifier_files() {
  std::vector<std::string> out;
  for (const std::string& f : test::reference_files())
    if (loader_for(f)) out.push_back(f);
  return out;
}

template <class Scalar>
std::unique_ptr<SequenceClassifier<Scalar>> make_model(Kind kind, const test::RefTensor& cfg) {
  const auto& c = cfg.values;  // vocab T d_model hidden batch lr pooling_is_mean positional
  rng::TorchGenerator gen(0);  // the weights are then set from the file
  switch (kind) {
    case Kind::gru:
      return std::make_unique<GruClassifier<Scalar>>(GruClassifierConfig{int(c[0]), int(c[1]), int(c[2]), int(c[3])}, gen);
    case Kind::bag_of_words:
      return std::make_unique<BagOfWords<Scalar>>(int(c[0]), int(c[1]), gen);
    case Kind::attention:
      break;
  }
  return std::make_unique<AttentionClassifier<Scalar>>(
      AttentionClassifierConfig{int(c[0]), int(c[1]), int(c[2]), c[6] != 0 ? Pooling::mean : Pooling::last,
                                c[7] != 0},
      gen);
}

template <class Scalar>
void check_against_torch(const std::string& file) {
  INFO(file);
  const auto ref = test::load_reference(file);
  REQUIRE(ref.count("config"));
  REQUIRE(ref.count("adam_loss"));
  const Loader* loader = loader_for(file);
  REQUIRE(loader);
  auto model = make_model<Scalar>(loader->kind, ref.at("config"));
  const auto& tokens_d = ref.at("tokens").values;
  const auto& labels_d = ref.at("labels").values;
  const std::vector<int> tokens(tokens_d.begin(), tokens_d.end()), labels(labels_d.begin(), labels_d.end());
  const auto B = static_cast<Eigen::Index>(labels.size());

  alab::test::load_torch_params(model->params(), ref);

  Mat<Scalar> logits, probs, dlogits;
  model->forward(tokens.data(), B, logits);
  const Scalar loss = cross_entropy_forward(logits, labels.data(), probs);
  CHECK(rel_err(logits, ref.at("logits").template mat<double>()) < Tol<Scalar>::value);
  CHECK(std::abs(loss - ref.at("loss").values[0]) / ref.at("loss").values[0] < Tol<Scalar>::value);
  cross_entropy_backward(probs, labels.data(), dlogits);
  model->backward(dlogits);
  for (Param<Scalar>* p : model->params()) {
    INFO("grad " << p->name);
    CHECK(rel_err(p->dw, ref.at("grad:" + p->name).template mat<double>()) < Tol<Scalar>::grad);
  }

  // 10 Adam steps on the same batch, from the same starting weights.
  for (Param<Scalar>* p : model->params()) p->w = ref.at("param:" + p->name).template mat<Scalar>();
  Adam<Scalar> adam(model->params(), ref.at("config").values[5]);
  const auto& expect = ref.at("adam_loss").values;
  for (std::size_t k = 0; k < expect.size(); ++k) {
    model->forward(tokens.data(), B, logits);
    const double l = cross_entropy_forward(logits, labels.data(), probs);
    INFO("Adam step " << k);
    CHECK(std::abs(l - expect[k]) / expect[k] < Tol<Scalar>::adam);
    cross_entropy_backward(probs, labels.data(), dlogits);
    model->backward(dlogits);
    adam.step();
  }
  CHECK(expect.back() < expect.front());  // the reference itself learned something
}

}  // namespace

TEMPLATE_TEST_CASE("classifiers match PyTorch: logits, loss, gradients, 10 Adam steps", "[nn][torch]", double,
                   float) {
  const std::string file = GENERATE(from_range(classifier_files()));
  check_against_torch<TestType>(file);
}

TEST_CASE("every reference file has a loader here or a test that reads it", "[nn][torch]") {
  const auto files = test::reference_files();
  REQUIRE(files.size() >= 13);
  for (const std::string& f : files) {
    INFO(f << " (tests/reference): add its kind to LOADERS or READ_ELSEWHERE in test_nn_torch_reference.cpp");
    CHECK((loader_for(f) || reader_of(f)));
  }
  // The classifiers' six, found by name; a file of an unknown kind has neither.
  CHECK(classifier_files().size() >= 6);
  CHECK_FALSE(loader_for("new_model.txt"));
  CHECK_FALSE(reader_of("new_model.txt"));
  // Every entry names files that exist, and a test that exists.
  for (const Loader& l : LOADERS) {
    INFO(l.prefix);
    CHECK_FALSE(test::reference_files(l.prefix).empty());
  }
  for (const auto& [prefix, reader] : READ_ELSEWHERE) {
    INFO(prefix << " read by " << reader);
    CHECK_FALSE(test::reference_files(prefix).empty());
    CHECK_FALSE(test::read_repo_file(std::string("tests/unit/") + reader).empty());
  }
}
