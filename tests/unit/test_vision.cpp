// The image page's parts (src/vision/, src/nn/tiny_vit.hpp): patches cut as the
// vision transformer's formula says, hand-checked on tiny images; 2-D positions; the
// task's rule in every image; both models against PyTorch (tests/reference/vit_*.txt,
// bag_of_patches.txt, written by make_vision_reference.py; gradients against finite
// differences are in test_nn_models_gradcheck.cpp); and order-blindness over patches:
// without positions, shuffling the patches permutes the attention and leaves the answer.
// Then the page's session: its refusals, readings, shuffles, threads and stop.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <thread>

#include "nn/adam.hpp"
#include "nn/cross_entropy.hpp"
#include "nn/tiny_vit.hpp"
#include "reference_file.hpp"
#include "reference_params.hpp"
#include "rng/pcg32.hpp"
#include "nn/patches.hpp"
#include "vision/shape_task.hpp"
#include "vision/vision_session.hpp"

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

// ---- the image page's session (src/vision/vision_session.hpp) ---------------------------

namespace {

VisionSettings small_run() {  // the page's defaults, short
  VisionSettings s = vision_defaults();
  s.epochs = 2;
  s.images = 300;
  return s;
}

struct VisionRun {
  std::vector<VisionEpoch> epochs;
  VisionOutcome outcome;
};

VisionRun run_to_end(VisionSession& session, const VisionSettings& s, bool threads) {
  REQUIRE(session.start(s, threads).ok);
  VisionRun r;
  while (!session.step(1000)) {
    for (VisionEpoch& e : session.poll()) r.epochs.push_back(std::move(e));
    if (threads) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  for (VisionEpoch& e : session.poll()) r.epochs.push_back(std::move(e));
  REQUIRE(session.finish(r.outcome).ok);
  // Threads finish in either order; compare model by model, epoch by epoch.
  std::stable_sort(r.epochs.begin(), r.epochs.end(), [](const VisionEpoch& a, const VisionEpoch& b) {
    return a.model != b.model ? a.model < b.model : a.epoch < b.epoch;
  });
  return r;
}

double sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

}  // namespace

TEST_CASE("vision session: its settings refused in the schema's words, before anything starts", "[vision][session]") {
  VisionSession session;
  VisionSettings s = small_run();
  s.epochs = 0;
  CHECK(session.start(s, false).message == "Epochs: 0 is out of range; use a whole number from 1 to 200.");
  s = small_run();
  s.dmodel = 1000;
  CHECK(session.start(s, false).message == "Token width D: 1000 is out of range; use a whole number from 4 to 128.");
  s = small_run();
  s.positions = "sometimes";
  CHECK_FALSE(session.start(s, false).ok);
  s = small_run();
  s.pooling = "max";
  CHECK_FALSE(session.start(s, false).ok);
  s = small_run();
  s.lr = std::nan("");
  CHECK_FALSE(session.start(s, false).ok);
  // A run that would not fit in the memory a build has is refused, with the settings to lower.
  s = vision_defaults();
  s.images = 100000;
  CHECK(vision_memory_bytes(s) > 5 * vision_memory_bytes(small_run()));
  session.set_memory_budget(vision_memory_bytes(s) / 2);
  const Status st = session.start(s, false);
  CHECK_FALSE(st.ok);
  CHECK(st.message.find("MB of memory") != std::string::npos);
  CHECK(st.message.find("training images") != std::string::npos);
  VisionEstimate e;
  CHECK(estimate_vision({s, false}, e, vision_memory_bytes(s) / 2).message == st.message);
  // Nothing to read before a run has finished.
  VisionSession idle;
  ImageReading r;
  CHECK(idle.read({0, false}, r).message == "train the models first");
  ShuffleCount c;
  CHECK(idle.shuffle_count(c).message == "train the models first");
}

TEST_CASE("vision session: the estimate and the memory count grow with the run", "[vision][session]") {
  VisionEstimate a, b;
  VisionSettings s = small_run();
  s.epochs = 20;
  REQUIRE(estimate_vision({s, false}, a).ok);
  s.epochs = 200;
  REQUIRE(estimate_vision({s, false}, b).ok);
  CHECK(a.seconds > 0);
  CHECK(b.seconds > 3 * a.seconds);  // ten times the epochs; timed, so with room for a noisy clock
  CHECK(a.memory_mb > 0);
  s.dmodel = 128;
  CHECK(vision_memory_bytes(s) > vision_memory_bytes(small_run()));
  s.epochs = -1;
  CHECK_FALSE(estimate_vision({s, false}, a).ok);
}

TEST_CASE("canonical patch order sorts patches by their pixels; shuffles are seeded and move something",
          "[vision][session]") {
  // A 4 x 4 image of 2 x 2 patches whose first pixels are 3, 1, 2, 0.
  std::vector<float> img(16, 0.0f);
  const float first[4] = {3, 1, 2, 0};
  for (int k = 0; k < 4; ++k) img[(k / 2) * 2 * 4 + (k % 2) * 2] = first[k];
  CHECK(canonical_patch_order(img.data(), 4, 2) == std::vector<int>{3, 1, 2, 0});
  // Any shuffle of an image has the same canonical image.
  std::vector<float> moved(16), a(16), b(16);
  permute_patches(img.data(), 4, 2, {2, 0, 3, 1}, moved.data());
  permute_patches(img.data(), 4, 2, canonical_patch_order(img.data(), 4, 2), a.data());
  permute_patches(moved.data(), 4, 2, canonical_patch_order(moved.data(), 4, 2), b.data());
  CHECK(a == b);
  for (int i = 0; i < 50; ++i) {
    std::vector<int> order = shuffle_order(7, i, 9), sorted = order;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> identity(9);
    std::iota(identity.begin(), identity.end(), 0);
    CHECK(sorted == identity);
    CHECK(order != identity);
    CHECK(order == shuffle_order(7, i, 9));
  }
  CHECK(shuffle_order(7, 0, 9) != shuffle_order(8, 0, 9));
}

TEST_CASE("vision session: one thread and two give the same records, outcome and readings", "[vision][session]") {
  const VisionSettings s = small_run();
  VisionSession one, two;
  const VisionRun a = run_to_end(one, s, false), b = run_to_end(two, s, true);
  REQUIRE(a.epochs.size() == 4);
  REQUIRE(b.epochs.size() == 4);
  for (std::size_t i = 0; i < a.epochs.size(); ++i) {
    CHECK(a.epochs[i].kind == b.epochs[i].kind);
    CHECK(a.epochs[i].loss == b.epochs[i].loss);
    CHECK(a.epochs[i].val_acc == b.epochs[i].val_acc);
    CHECK(a.epochs[i].test_acc == b.epochs[i].test_acc);
  }
  for (int m = 0; m < 2; ++m) {
    CHECK(a.outcome.models[m].test_acc == b.outcome.models[m].test_acc);
    CHECK(a.outcome.models[m].epochs_done == 2);
  }
  CHECK(a.outcome.models[0].kind == "transformer");
  CHECK(a.outcome.models[1].kind == "bag of patches");
  CHECK(a.outcome.n_train == 300);
  CHECK_FALSE(a.outcome.stopped);
  ImageReading ra, rb;
  REQUIRE(one.read({5, true}, ra).ok);
  REQUIRE(two.read({5, true}, rb).ok);
  CHECK(ra.weights == rb.weights);
  CHECK(ra.p1 == rb.p1);
  ShuffleCount ca, cb;
  REQUIRE(one.shuffle_count(ca).ok);
  REQUIRE(two.shuffle_count(cb).ok);
  CHECK(ca.changed == cb.changed);
  CHECK(ca.acc_shuffled == cb.acc_shuffled);
}

TEST_CASE("vision session: stop ends a run before its next minibatch", "[vision][session]") {
  VisionSettings s = vision_defaults();
  VisionSession session;
  REQUIRE(session.start(s, false).ok);
  session.step(5);
  session.stop();
  CHECK(session.done());
  VisionOutcome out;
  REQUIRE(session.finish(out).ok);
  CHECK(out.stopped);
  CHECK(out.models[0].epochs_done < s.epochs);
}

TEST_CASE("vision session: a test image read, its map over the patches, and the same image shuffled",
          "[vision][session]") {
  const std::string pooling = GENERATE(std::string("mean"), std::string("cls"));
  INFO("pooling " << pooling);
  VisionSettings s = small_run();
  s.pooling = pooling;
  VisionSession session;
  run_to_end(session, s, false);
  const ShapeTask& task = session.task();
  VisionOverview o;
  REQUIRE(session.overview(o).ok);
  CHECK(o.grid == 3);
  CHECK(o.n_test == task.test.n());
  CHECK(o.test_labels == task.test.labels);
  for (int i : {0, 7, o.n_test - 1}) {
    ImageReading r, sh;
    REQUIRE(session.read({i, false}, r).ok);
    REQUIRE(session.read({i, true}, sh).ok);
    CHECK(r.label == task.test.labels[i]);
    CHECK(r.pred == o.pred[i]);
    CHECK(r.bag_pred == o.bag_pred[i]);
    CHECK(std::vector<float>(task.test.image(i), task.test.image(i) + 144) == r.pixels);
    REQUIRE(r.weights.size() == 10);
    REQUIRE(r.matrix.size() == 100);
    CHECK(std::abs(sum(r.weights) - 1) < 1e-6);
    for (int t = 0; t < 10; ++t) {
      double row = 0, col = 0;
      for (int u = 0; u < 10; ++u) row += r.matrix[t * 10 + u], col += r.matrix[u * 10 + t] / 10;
      CHECK(std::abs(row - 1) < 1e-6);
      // The read-out's weights: the class token's row, or every row's mean.
      CHECK(std::abs(r.weights[t] - (pooling == "cls" ? r.matrix[90 + t] : col)) < 1e-6);
    }
    CHECK(r.plus[0] == task.test.marks[i].plus[0]);
    CHECK(r.ring[0] == task.test.marks[i].ring);
    // The shuffled image: its pixels moved patch by patch, its marks where they went.
    std::vector<float> moved(144);
    permute_patches(task.test.image(i), 12, 4, sh.order, moved.data());
    CHECK(sh.pixels == moved);
    CHECK(sh.order == shuffle_order(static_cast<std::uint64_t>(s.seed), i, 9));
    CHECK(sh.order[sh.plus[0]] == task.test.marks[i].plus[0]);
    CHECK(sh.order[sh.plus[1]] == task.test.marks[i].plus[1]);
    CHECK(sh.order[sh.ring[0]] == task.test.marks[i].ring);
  }
  ImageReading r;
  CHECK(session.read({o.n_test, false}, r).message == "no test image 401; there are 400");
  CHECK(session.read({-1, false}, r).message == "no test image 0; there are 400");
}

TEST_CASE("vision session: with positions off a shuffle changes no answer, exactly; with them on it moves the map",
          "[vision][session]") {
  const std::string pooling = GENERATE(std::string("mean"), std::string("cls"));
  INFO("pooling " << pooling);
  VisionSettings s = small_run();
  s.pooling = pooling;
  s.positions = "off";
  VisionSession off;
  run_to_end(off, s, false);
  ShuffleCount c;
  REQUIRE(off.shuffle_count(c).ok);
  CHECK(c.n == 400);
  CHECK(c.changed == 0);
  CHECK(c.bag_changed == 0);
  CHECK(c.acc == c.acc_shuffled);
  CHECK(c.bag_acc == c.bag_acc_shuffled);
  for (int i = 0; i < 20; ++i) {
    ImageReading r, sh;
    REQUIRE(off.read({i, false}, r).ok);
    REQUIRE(off.read({i, true}, sh).ok);
    // The same probability bit for bit, and the map moved with the patches, bit for bit.
    CHECK(r.p1 == sh.p1);
    CHECK(r.bag_p1 == sh.bag_p1);
    for (int k = 0; k < 9; ++k) CHECK(sh.weights[k] == r.weights[sh.order[k]]);
    CHECK(sh.weights[9] == r.weights[9]);
  }
  s.positions = "on";
  VisionSession on;
  run_to_end(on, s, false);
  int moved = 0;
  for (int i = 0; i < 20; ++i) {
    ImageReading r, sh;
    REQUIRE(on.read({i, false}, r).ok);
    REQUIRE(on.read({i, true}, sh).ok);
    moved += r.p1 != sh.p1;
    CHECK(r.bag_p1 == sh.bag_p1);  // the bag never sees where a patch is
  }
  CHECK(moved > 0);
  REQUIRE(on.shuffle_count(c).ok);
  CHECK(c.bag_changed == 0);
}
