// The whole classifiers (embedding -> GRU or attention -> linear -> cross-entropy, and
// the bag of words: counts -> linear -> cross-entropy):
// every parameter's gradient against central finite differences in double
// (tolerance kGradRelTol, reasoning in gradcheck.hpp).
#include <catch2/catch.hpp>

#include "gradcheck.hpp"
#include "nn/attention_classifier.hpp"
#include "nn/bag_of_words.hpp"
#include "nn/cross_entropy.hpp"
#include "nn/gru_classifier.hpp"
#include "nn/tiny_vit.hpp"

using namespace alab;
using namespace alab::nn;
using test::grad_rel_error;
using test::kGradRelTol;
using M = Mat<double>;

namespace {

// Cross-entropy of the model on a batch of B inputs (B * T tokens, or B * side * side
// pixels) with random labels; every parameter's gradient against finite differences.
template <class Model, class Input>
void check_params(Model& model, const std::vector<Input>& inputs, int B, rng::Pcg32& rng) {
  std::vector<int> labels(B);
  for (int& y : labels) y = static_cast<int>(rng.below(2));
  M logits, probs, dlogits;
  auto loss = [&] {
    model.forward(inputs.data(), B, logits);
    return cross_entropy_forward(logits, labels.data(), probs);
  };
  loss();
  cross_entropy_backward(probs, labels.data(), dlogits);
  model.backward(dlogits);
  for (Param<double>* p : model.params()) {
    INFO(p->name);
    REQUIRE(p->dw.rows() == p->w.rows());
    REQUIRE(p->dw.cols() == p->w.cols());
    const M analytic = p->dw;  // loss() below does not touch dw, but keep a copy anyway
    CHECK(grad_rel_error(p->w, analytic, loss) < kGradRelTol);
  }
}

// A loss over random tokens.
void check_model(SequenceClassifier<double>& model, int B, int vocab, rng::Pcg32& rng) {
  std::vector<int> tokens(B * static_cast<int>(model.seq_len()));
  for (int& t : tokens) t = static_cast<int>(rng.below(vocab));
  check_params(model, tokens, B, rng);
}

// A loss over random images (values in [-1, 1]).
template <class Model>
void check_image_model(Model& model, int B, rng::Pcg32& rng) {
  const int S = model.side();
  std::vector<double> pixels(static_cast<std::size_t>(B) * S * S);
  for (double& x : pixels) x = rng.uniform(-1, 1);
  check_params(model, pixels, B, rng);
}

}  // namespace

TEST_CASE("GRU classifier: gradients of every parameter", "[nn][gradcheck][gru]") {
  rng::Pcg32 rng(50);
  rng::TorchGenerator init(50);
  GruClassifier<double> model({5, 6, 4, 3}, init);
  CHECK(model.params().size() == 7);
  check_model(model, 4, 5, rng);
}

TEST_CASE("attention classifier: gradients of every parameter", "[nn][gradcheck][attention]") {
  const Pooling pooling = GENERATE(Pooling::last, Pooling::mean);
  const bool positional = GENERATE(true, false);
  rng::Pcg32 rng(60);
  rng::TorchGenerator init(60);
  AttentionClassifier<double> model({5, 6, 4, pooling, positional}, init);
  CHECK(model.params().size() == (positional ? 7u : 6u));
  INFO((pooling == Pooling::last ? "last" : "mean") << (positional ? " positional" : ""));
  check_model(model, 4, 5, rng);
}

TEST_CASE("bag of words: gradients of both parameters; the padding is not counted", "[nn][gradcheck][bow]") {
  rng::Pcg32 rng(70);
  rng::TorchGenerator init(70);
  BagOfWords<double> model(7, 5, init);
  CHECK(model.params().size() == 2);
  check_model(model, 4, 7, rng);
  // Token 0 (the padding) changes nothing: its column of the weights gets no gradient.
  const std::vector<int> padded = {0, 0, 3, 4, 3}, shorter = {5, 5, 3, 4, 3};
  M a, b, counts;
  model.forward(padded.data(), 1, a);
  model.count(padded.data(), {}, counts);
  CHECK(counts(0, 0) == 0);
  CHECK(counts(0, 3) == 2);
  CHECK(counts.sum() == 3);
  model.count(shorter.data(), {0, 1}, counts);  // positions 0 and 1 left out
  CHECK(counts.sum() == 3);
  CHECK(model.fc_w.dw.col(0).isZero());
}

TEST_CASE("tiny vision transformer: gradients of every parameter", "[nn][gradcheck][vision]") {
  const bool positional = GENERATE(true, false);
  INFO((positional ? "with" : "without") << " positions");
  rng::Pcg32 rng(80);
  rng::TorchGenerator init(80);
  TinyVit<double> model({8, 4, 5, 6, positional}, init);
  CHECK(model.params().size() == (positional ? 12u : 10u));
  check_image_model(model, 3, rng);
}

TEST_CASE("bag of patches: gradients of every parameter", "[nn][gradcheck][vision]") {
  rng::Pcg32 rng(81);
  rng::TorchGenerator init(81);
  BagOfPatches<double> model(8, 4, 5, init);
  check_image_model(model, 3, rng);
}
