// The image page's parts (src/vision/, src/nn/tiny_vit.hpp): patches cut as the
// vision transformer's formula says, hand-checked on tiny images; 2-D positions; the
// task's rule in every image; both models against PyTorch (tests/reference/vit_*.txt,
// bag_of_patches.txt, written by make_vision_reference.py; gradients against finite
// differences are in test_nn_models_gradcheck.cpp); and order-blindness over patches:
// without positions, shuffling the patches permutes the attention and leaves the answer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "nn/adam.hpp"
#include "nn/cross_entropy.hpp"
#include "nn/tiny_vit.hpp"
#include "reference_file.hpp"
#include "reference_params.hpp"
#include "rng/pcg32.hpp"
#include "vision/patches.hpp"
#include "vision/shape_task.hpp"

using namespace alab;
using namespace alab::nn;
using namespace alab::vision;

TEST_CASE("patches: a 4 x 4 image cut into 2 x 2 patches, by hand", "[vision]") {
  // pixel (y, x) = 10 y + x
  std::vector<double> img(16);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) img[y * 4 + x] = 10 * y + x;
  Mat<double> X;
  patchify(img.data(), 1, 4, 2, X);
  REQUIRE(X.rows() == 4);
  REQUIRE(X.cols() == 4);
  Mat<double> expect(4, 4);
  expect << 0, 1, 10, 11,     // patch (0, 0)
            2, 3, 12, 13,     // patch (0, 1)
            20, 21, 30, 31,   // patch (1, 0)
            22, 23, 32, 33;   // patch (1, 1)
  CHECK(X == expect);
  // permute_patches moves whole patches: patch k of the result is patch order[k].
  std::vector<float> f(img.begin(), img.end()), out(16);
  permute_patches(f.data(), 4, 2, {3, 2, 1, 0}, out.data());
  CHECK(out[0] == 22);
  CHECK(out[1] == 23);
  CHECK(out[4] == 32);
  CHECK(out[15] == 11);
}

TEST_CASE("2-D positions: a token is its patch's embedding plus its row's and its column's vectors", "[vision]") {
  rng::TorchGenerator gen(5);
  TinyVit<double> vit({8, 4, 3, 2, true}, gen);
  vit.patch_w.w.setZero();
  vit.patch_b.w << 1, 2, 3;
  std::vector<double> img(64, 0.5);
  Mat<double> E;
  vit.tokens(img.data(), E);
  REQUIRE(E.rows() == 5);  // 4 patches, then the class token
  for (int k = 0; k < 4; ++k) {
    INFO("patch " << k);
    const Mat<double> expect = vit.patch_b.w + vit.row.w.row(k / 2) + vit.col.w.row(k % 2);
    CHECK((E.row(k) - expect).cwiseAbs().maxCoeff() < 1e-15);
  }
  CHECK(E.row(4) == vit.cls.w.row(0));
}

TEST_CASE("shape task: the rule holds in every image; sets balanced and different", "[vision]") {
  ShapeTaskSettings s;
  s.n_train = 300;
  ShapeTask task;
  REQUIRE(make_shape_task(s, task).ok);
  const int grid = s.side / s.patch;
  const std::vector<float> plus = plus_glyph(s.patch), ring = ring_glyph(s.patch);
  for (const ImageSet* set : {&task.train, &task.val, &task.test}) {
    int positives = 0;
    for (int i = 0; i < set->n(); ++i) {
      const Marks& m = set->marks[i];
      REQUIRE(m.plus[0] != m.plus[1]);
      REQUIRE(m.ring != m.plus[0]);
      REQUIRE(m.ring != m.plus[1]);
      REQUIRE(set->labels[i] == (m.plus[0] / grid == m.plus[1] / grid ? 1 : 0));
      positives += set->labels[i];
      // The marks are drawn where the marks say: every glyph pixel is 1 there.
      Mat<float> X;
      patchify(set->image(i), 1, s.side, s.patch, X);
      for (int j = 0; j < s.patch * s.patch; ++j) {
        if (plus[j] == 1) REQUIRE(X(m.plus[0], j) == 1);
        if (ring[j] == 1) REQUIRE(X(m.ring, j) == 1);
      }
    }
    CHECK(positives * 2 == set->n());
  }
  CHECK(task.train.pixels != task.test.pixels);
  ShapeTaskSettings bad = s;
  bad.patch = 5;
  CHECK(make_shape_task(bad, task).message == "the patch side must divide the image side into at least 3 x 3 patches");
}

namespace {
template <class Model>
void check_image_against_torch(const std::string& file, Model& model) {
  INFO(file);
  const auto ref = test::load_reference(file);
  REQUIRE(ref.count("pixels"));
  test::load_torch_params(model.params(), ref);
  const auto& px = ref.at("pixels").values;
  const auto& lab = ref.at("labels").values;
  const std::vector<double> pixels(px.begin(), px.end());
  const std::vector<int> labels(lab.begin(), lab.end());
  const auto B = static_cast<Eigen::Index>(labels.size());
  Mat<double> logits, probs, dlogits;
  model.forward(pixels.data(), B, logits);
  const double loss = cross_entropy_forward(logits, labels.data(), probs);
  const Mat<double> ref_logits = ref.at("logits").mat<double>();
  CHECK((logits - ref_logits).cwiseAbs().maxCoeff() < 1e-10);
  CHECK(std::abs(loss - ref.at("loss").values[0]) < 1e-10);
  cross_entropy_backward(probs, labels.data(), dlogits);
  model.backward(dlogits);
  for (Param<double>* p : model.params()) {
    INFO("grad " << p->name);
    const Mat<double> g = ref.at("grad:" + p->name).mat<double>();
    CHECK((p->dw - g).cwiseAbs().maxCoeff() <= 1e-10 * std::max(1.0, g.cwiseAbs().maxCoeff()));
  }
  test::load_torch_params(model.params(), ref);
  Adam<double> adam(model.params(), ref.at("config").values[5]);
  const auto& expect = ref.at("adam_loss").values;
  for (std::size_t k = 0; k < expect.size(); ++k) {
    model.forward(pixels.data(), B, logits);
    INFO("Adam step " << k);
    CHECK(std::abs(cross_entropy_forward(logits, labels.data(), probs) - expect[k]) < 1e-10);
    cross_entropy_backward(probs, labels.data(), dlogits);
    model.backward(dlogits);
    adam.step();
  }
}
}  // namespace

TEST_CASE("the image models match PyTorch: logits, loss, gradients, 10 Adam steps", "[vision][torch]") {
  rng::TorchGenerator gen(0);  // the weights come from the files
  TinyVitConfig cfg{8, 4, 5, 6, true};
  TinyVit<double> cls_model(cfg, gen);
  check_image_against_torch("vit_cls.txt", cls_model);
  cfg.mean_pool = true;
  TinyVit<double> mean_model(cfg, gen);
  check_image_against_torch("vit_mean.txt", mean_model);
  BagOfPatches<double> bag(8, 4, 6, gen);
  check_image_against_torch("bag_of_patches.txt", bag);
}

TEST_CASE("order-blindness over patches: without positions, shuffled patches give permuted attention, the same answer",
          "[vision]") {
  const bool mean_pool = GENERATE(false, true);
  INFO((mean_pool ? "mean pooling" : "class token"));
  rng::TorchGenerator gen(9);
  TinyVit<double> vit({16, 4, 8, 6, /*positional=*/false, mean_pool}, gen);
  ShapeTaskSettings s;
  s.side = 16;  // a 4 x 4 board: 16 patches
  s.n_train = s.n_val = s.n_test = 8;
  ShapeTask task;
  REQUIRE(make_shape_task(s, task).ok);
  rng::Pcg32 rng(3);
  for (int i = 0; i < task.test.n(); ++i) {
    std::vector<int> order(16);
    std::iota(order.begin(), order.end(), 0);
    for (int k = 15; k > 0; --k) std::swap(order[k], order[rng.below(k + 1)]);
    std::vector<double> img(task.test.image(i), task.test.image(i) + 256);
    std::vector<float> moved_f(256);
    permute_patches(task.test.image(i), 16, 4, order, moved_f.data());
    const std::vector<double> moved(moved_f.begin(), moved_f.end());
    Mat<double> a, b, A, Am;
    vit.forward(img.data(), 1, a);
    vit.forward(moved.data(), 1, b);
    CHECK((a - b).cwiseAbs().maxCoeff() < 1e-12);
    CHECK(predict_row(a, 0) == predict_row(b, 0));
    // The attention matrix is permuted with the patches: token k of the shuffled image is
    // token order[k] of the original; the class token (last) stays where it is.
    vit.attention(img.data(), A);
    vit.attention(moved.data(), Am);
    std::vector<int> idx(order);
    idx.push_back(16);
    for (int r = 0; r < 17; ++r)
      for (int c = 0; c < 17; ++c) REQUIRE(std::abs(Am(r, c) - A(idx[r], idx[c])) < 1e-12);
  }
}
