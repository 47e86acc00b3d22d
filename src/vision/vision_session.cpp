#include "vision/vision_session.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/widget_schemas.hpp"
#include "nn/cross_entropy.hpp"
#include "nn/tiny_vit.hpp"
#include "rng/pcg32.hpp"
#include "rng/torch_rng.hpp"

namespace alab::vision {
namespace {

constexpr int kSlice = 8;  // minibatches between looks at the clock and the stop flag
constexpr int kEvalChunk = 256;  // image_trainer.cpp's evaluation chunk
// Streams of the seed's Pcg32 the session draws from, apart from the task's (11-13) and
// the trainers' (17): test image i's shuffle is stream kShuffleStream + i.
constexpr std::uint64_t kShuffleStream = std::uint64_t{1} << 32;
const char* const kKinds[2] = {"transformer", "bag of patches"};

double fixed(const char* name) { return widget_fixed("vision", name); }
int fixed_int(const char* name) { return static_cast<int>(fixed(name)); }

ShapeTaskSettings task_settings(const VisionSettings& s) {
  ShapeTaskSettings t;
  t.seed = static_cast<std::uint64_t>(s.seed);
  t.n_train = s.images;
  t.n_val = fixed_int("n_val");
  t.n_test = fixed_int("n_test");
  t.side = fixed_int("side");
  t.patch = fixed_int("patch");
  t.noise = s.noise;
  return t;
}

nn::TinyVitConfig vit_config(const VisionSettings& s) {
  nn::TinyVitConfig c;
  c.side = fixed_int("side");
  c.patch = fixed_int("patch");
  c.d_model = s.dmodel;
  c.hidden = fixed_int("hidden");
  c.positional = s.positions == "on";
  c.mean_pool = s.pooling == "mean";
  c.position_std = fixed("position_std");
  return c;
}

// Both models' initial weights, as torch.manual_seed(seed); TinyVit(...); BagOfPatches(...)
// would draw them (tests/reference/make_vision_reference.py's order).
void make_models(const VisionSettings& s, std::unique_ptr<nn::ImageClassifier<float>> out[2]) {
  rng::TorchGenerator gen(static_cast<std::uint64_t>(s.seed));
  out[0] = std::make_unique<nn::TinyVit<float>>(vit_config(s), gen);
  out[1] = std::make_unique<nn::BagOfPatches<float>>(fixed_int("side"), fixed_int("patch"), fixed_int("hidden"), gen);
}

// A set with each image's patches in canonical order.
ImageSet canonical_set(const ImageSet& set, int patch) {
  ImageSet out = set;
  const int px = set.side * set.side;
  for (int i = 0; i < set.n(); ++i)
    permute_patches(set.image(i), set.side, patch, canonical_patch_order(set.image(i), set.side, patch),
                    out.pixels.data() + static_cast<std::size_t>(i) * px);
  return out;
}

double p_one(const MatF& logits, int row) {  // softmax of two logits, class 1
  return 1.0 / (1.0 + std::exp(static_cast<double>(logits(row, 0)) - static_cast<double>(logits(row, 1))));
}

std::string mb(double bytes) { return std::to_string(static_cast<long>(std::ceil(bytes / (1 << 20)))); }

}  // namespace

std::vector<int> canonical_patch_order(const float* image, int side, int patch) {
  const int grid = side / patch, P = grid * grid;
  std::vector<int> order(static_cast<std::size_t>(P));
  std::iota(order.begin(), order.end(), 0);
  const auto pixel = [&](int k, int t) {  // patch k's pixel t, row by row
    const int r = k / grid, c = k % grid, i = t / patch, j = t % patch;
    return image[(r * patch + i) * side + (c * patch + j)];
  };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    for (int t = 0; t < patch * patch; ++t) {
      const float x = pixel(a, t), y = pixel(b, t);
      if (x != y) return x < y;
    }
    return false;
  });
  return order;
}

std::vector<int> shuffle_order(std::uint64_t seed, int index, int patches) {
  rng::Pcg32 rng(seed, kShuffleStream + static_cast<std::uint64_t>(index));
  std::vector<int> order(static_cast<std::size_t>(patches));
  std::iota(order.begin(), order.end(), 0);
  bool moved = false;
  while (!moved && patches > 1) {  // a shuffle that moves nothing tests nothing
    rng::shuffle(order, rng);
    for (int k = 0; k < patches; ++k) moved = moved || order[k] != k;
  }
  return order;
}

double vision_memory_bytes(const VisionSettings& s) {
  const double side = fixed("side"), p = fixed("patch"), grid = side / p, P = grid * grid, T = P + 1;
  const double D = s.dmodel, H = fixed("hidden"), n_val = fixed("n_val"), n_test = fixed("n_test");
  const double B = std::max(fixed("batch"), static_cast<double>(kEvalChunk));  // the largest batch a model sees
  // The three sets, and the canonical copies of validation and test (floats), plus
  // labels and marks (4 ints each).
  const double images = (s.images + 3 * (n_val + n_test)) * side * side + (s.images + n_val + n_test) * 4;
  // Parameters, each with its gradient and Adam's two moments.
  const double vit = D * p * p + D + 2 * grid * D + D + 3 * D * D + H * D + H + 2 * H + 2;
  const double bag = H * p * p + H + 2 * H + 2;
  // The transformer's buffers for B images (nn/tiny_vit.hpp, nn/attention_pool.hpp):
  // patches, tokens, their gradients, Q, K, V and theirs, the scores, the head's.
  const double vit_act = B * (P * p * p + T * (12 * D + 4 * T) + 6 * (D + H));
  const double bag_act = B * (P * (p * p + 3 * H) + 4 * H);
  return 4 * (images + 4 * (vit + bag) + vit_act + bag_act + 2 * B * side * side);
}

Status check_vision_memory(const VisionSettings& s, double budget) {
  const double need = vision_memory_bytes(s);
  if (budget <= 0 || need <= budget) return Status::success();
  return Status::error("These settings need about " + mb(need) + " MB of memory, more than the " + mb(budget) +
                       " MB this page can use; lower the training images or the token width.");
}

Status check_vision_settings(const VisionSettings& s) { return check_settings(s); }

Status VisionSession::start(const VisionSettings& s, bool threads) {
  halt();
  begin();  // the clock from here: the wall time the student waits, corpus included, as the estimate counts it
  finished_ = false;
  if (Status st = check_vision_settings(s); !st) return st;
  if (Status st = check_vision_memory(s, memory_budget_); !st) return st;

  auto task = std::make_unique<ShapeTask>();
  if (Status st = make_shape_task(task_settings(s), *task); !st) return st;
  settings_ = s;
  task_ = std::move(task);
  const int patch = fixed_int("patch");
  canonical_val_ = canonical_set(task_->val, patch);
  canonical_test_ = canonical_set(task_->test, patch);
  epochs_ = s.epochs;
  std::unique_ptr<nn::ImageClassifier<float>> models[2];
  make_models(s, models);
  const int batch = fixed_int("batch");
  for (int m = 0; m < 2; ++m)
    trainers_[m] = std::make_unique<ImageTrainer>(std::move(models[m]), task_->train, batch, s.lr, static_cast<std::uint64_t>(s.seed));
  // With threads, the thread whose model finishes first (the bag of patches) computes
  // halves of the transformer's minibatches and evaluations (image_trainer.hpp).
  ModelSlices work;
  work.models = 2;
  work.advance = [this](int m) { return epoch_step(m, kSlice); };
  work.finished = [this](int m) { return trainers_[m]->epochs_done() >= epochs_; };
  work.retire = [this](int m) { trainers_[m]->set_exchange(nullptr); };
  schedule(std::move(work), threads);
  if (scheduler_.threaded())
    for (auto& t : trainers_) t->set_exchange(&scheduler_.exchange());
  scheduler_.launch();
  return Status::success();
}

std::vector<int> VisionSession::predict(int model, const ImageSet& set) {
  const bool canonical = position_blind(model);
  const ImageSet& in = &set == &task_->val && canonical ? canonical_val_ : &set == &task_->test && canonical ? canonical_test_ : set;
  return trainers_[model]->predict(in);
}

bool VisionSession::epoch_step(int model, int max_batches) {
  ImageTrainer& t = *trainers_[model];
  if (!t.train_some(max_batches, &stop_) || stopping()) return false;
  VisionEpoch e;
  e.model = model;
  e.kind = kKinds[model];
  e.loss = t.end_epoch();
  e.epoch = t.epochs_done();
  const bool canonical = position_blind(model);
  std::vector<int> pv, pt;
  t.predict_pair(canonical ? canonical_val_ : task_->val, canonical ? canonical_test_ : task_->test, pv, pt);
  e.val_acc = accuracy(pv, task_->val.labels);
  e.test_acc = accuracy(pt, task_->test.labels);
  e.wall = elapsed();
  publish(std::move(e));
  return true;
}

Status VisionSession::finish(VisionOutcome& out) {
  if (!task_) return Status::error("nothing was started");
  scheduler_.join();
  out = VisionOutcome{};
  out.n_train = task_->train.n();
  out.wall = elapsed();
  out.threads = scheduler_.threaded();
  out.stopped = stopping();
  for (int m = 0; m < 2; ++m) {
    const auto acc = [&](const ImageSet& set) { return accuracy(predict(m, set), set.labels); };
    out.models.push_back({kKinds[m], acc(task_->val), acc(task_->test), trainers_[m]->epochs_done()});
  }
  finished_ = true;
  return Status::success();
}

Status VisionSession::ready() const { return finished_ ? Status::success() : Status::error("train the models first"); }

Status VisionSession::overview(VisionOverview& out) {
  if (Status st = ready(); !st) return st;
  out = VisionOverview{};
  out.side = task_->test.side;
  out.patch = fixed_int("patch");
  out.grid = out.side / out.patch;
  out.n_test = task_->test.n();
  out.test_labels = task_->test.labels;
  out.pred = predict(0, task_->test);
  out.bag_pred = predict(1, task_->test);
  return Status::success();
}

void VisionSession::read_image(int model, const float* image, double& p1, ImageReading* out) {
  const int side = task_->test.side, patch = fixed_int("patch"), P = (side / patch) * (side / patch);
  std::vector<int> order(static_cast<std::size_t>(P));
  std::iota(order.begin(), order.end(), 0);
  std::vector<float> in(image, image + side * side);
  if (position_blind(model)) {
    order = canonical_patch_order(image, side, patch);
    permute_patches(image, side, patch, order, in.data());
  }
  MatF logits;
  nn::ImageClassifier<float>& m = trainers_[model]->model();
  m.forward(in.data(), 1, logits);
  p1 = p_one(logits, 0);
  if (!out) return;
  // The attention as read (token s read patch order[s]), put back in the image's patch order.
  const auto& vit = dynamic_cast<const nn::TinyVit<float>&>(m);
  MatF A;
  vit.attention(in.data(), A);
  const Eigen::Index T = A.rows();
  const auto at = [&](Eigen::Index s) { return static_cast<std::size_t>(s < P ? order[s] : s); };
  out->matrix.assign(static_cast<std::size_t>(T * T), 0.0);
  out->weights.assign(static_cast<std::size_t>(T), 0.0);
  for (Eigen::Index t = 0; t < T; ++t)
    for (Eigen::Index s = 0; s < T; ++s) out->matrix[at(t) * T + at(s)] = A(t, s);
  for (Eigen::Index s = 0; s < T; ++s) {
    double w = 0;
    if (vit.config().mean_pool)
      for (Eigen::Index t = 0; t < T; ++t) w += A(t, s) / static_cast<double>(T);
    else
      w = A(T - 1, s);
    out->weights[at(s)] = w;
  }
}

Status VisionSession::read(const ImageRequest& in, ImageReading& out) {
  if (Status st = ready(); !st) return st;
  const ImageSet& test = task_->test;
  if (in.index < 0 || in.index >= test.n())
    return Status::error("no test image " + std::to_string(in.index + 1) + "; there are " + std::to_string(test.n()));
  const int side = test.side, patch = fixed_int("patch"), P = (side / patch) * (side / patch);
  out = ImageReading{};
  out.index = in.index;
  out.label = test.labels[in.index];
  out.shuffled = in.shuffled;
  out.order.resize(static_cast<std::size_t>(P));
  std::iota(out.order.begin(), out.order.end(), 0);
  if (in.shuffled) out.order = shuffle_order(static_cast<std::uint64_t>(settings_.seed), in.index, P);
  out.pixels.resize(static_cast<std::size_t>(side) * side);
  permute_patches(test.image(in.index), side, patch, out.order, out.pixels.data());
  // Where the marks went: the mark in image patch j is shown at k with order[k] == j.
  const Marks& m = test.marks[in.index];
  const auto shown_at = [&](int j) { return static_cast<int>(std::find(out.order.begin(), out.order.end(), j) - out.order.begin()); };
  out.plus = {shown_at(m.plus[0]), shown_at(m.plus[1])};
  out.ring = {shown_at(m.ring)};
  read_image(0, out.pixels.data(), out.p1, &out);
  read_image(1, out.pixels.data(), out.bag_p1, nullptr);
  out.pred = out.p1 > 0.5 ? 1 : 0;
  out.bag_pred = out.bag_p1 > 0.5 ? 1 : 0;
  return Status::success();
}

Status VisionSession::shuffle_count(ShuffleCount& out) {
  if (Status st = ready(); !st) return st;
  const ImageSet& test = task_->test;
  const int side = test.side, patch = fixed_int("patch"), P = (side / patch) * (side / patch), px = side * side;
  ImageSet shuffled = test;
  for (int i = 0; i < test.n(); ++i)
    permute_patches(test.image(i), side, patch, shuffle_order(static_cast<std::uint64_t>(settings_.seed), i, P),
                    shuffled.pixels.data() + static_cast<std::size_t>(i) * px);
  out = ShuffleCount{};
  out.n = test.n();
  for (int m = 0; m < 2; ++m) {
    const std::vector<int> before = predict(m, test);
    const std::vector<int> after = trainers_[m]->predict(position_blind(m) ? canonical_set(shuffled, patch) : shuffled);
    int changed = 0, right = 0, right_after = 0;
    for (int i = 0; i < test.n(); ++i) {
      changed += before[i] != after[i];
      right += before[i] == test.labels[i];
      right_after += after[i] == test.labels[i];
    }
    (m == 0 ? out.changed : out.bag_changed) = changed;
    (m == 0 ? out.acc : out.bag_acc) = static_cast<double>(right) / test.n();
    (m == 0 ? out.acc_shuffled : out.bag_acc_shuffled) = static_cast<double>(right_after) / test.n();
  }
  return Status::success();
}

Status estimate_vision(const VisionEstimateRequest& in, VisionEstimate& out, double budget) {
  const VisionSettings& s = in.settings;
  out = VisionEstimate{};
  out.memory_mb = vision_memory_bytes(s) / (1 << 20);
  // A run's checks and refusals, on a small task of the same settings (drawing the
  // images is timed on it and scaled; the models' arithmetic does not depend on n).
  VisionSettings small = s;
  constexpr int kDrawn = 256;
  small.images = std::min(s.images, kDrawn);
  VisionSession session;
  if (Status st = check_vision_settings(s); !st) return st;
  if (Status st = check_vision_memory(s, budget); !st) return st;
  const double t0 = steady_seconds();
  if (Status st = session.start(small, false); !st) return st;
  const double per_image_drawn = (steady_seconds() - t0) / (small.images + fixed("n_val") + fixed("n_test"));
  const int batch = fixed_int("batch"), batches = (s.images + batch - 1) / batch;
  const double evaluated = fixed("n_val") + fixed("n_test");  // per epoch: both sets
  // Minibatches are timed in short windows until their speed settles: a browser runs new
  // WebAssembly in a baseline compiler at first and optimizes the hot functions later, in
  // the background (timed before that, a run was estimated at three times its length), and
  // on a page that has just started, the threaded build's workers starting beside it can
  // hold that back well past the 0.2 s it usually takes (an estimate of 3.6 times the run
  // was seen). So: windows of kWindow seconds, for kWarm seconds at least (the first
  // estimate of a module longer: its code is the coldest), then on while a window is more
  // than 10 % faster than the best so far, kMost seconds at most; the best window's time
  // per minibatch is the estimate's. A page without cross-origin isolation reads a clock
  // coarsened to 0.1 ms: a window holds many of its ticks.
  static std::atomic<bool> warmed{false};
  const double kWarm = warmed.exchange(true) ? 0.04 : 0.6, kWindow = 0.02, kMost = 1.5;
  double model_seconds[2] = {0, 0};
  for (int m = 0; m < 2; ++m) {
    ImageTrainer& t = *session.trainers_[m];
    const double started = steady_seconds();
    double per_batch = std::numeric_limits<double>::infinity();
    for (;;) {
      int timed = 0;
      const double t1 = steady_seconds();
      double spent = 0;
      do {
        if (t.train_some(1)) t.end_epoch();  // the small task's epoch over: on to the next
        ++timed;
        spent = steady_seconds() - t1;
      } while (spent < kWindow || timed < 2);
      const bool faster = spent / timed < 0.9 * per_batch;
      per_batch = std::min(per_batch, spent / timed);
      const double elapsed = steady_seconds() - started;
      if ((!faster && elapsed >= (m == 0 ? kWarm : 0.04)) || elapsed >= kMost) break;
    }
    const double t1 = steady_seconds();
    session.predict(m, session.task_->val);
    const double per_eval_image = (steady_seconds() - t1) / session.task_->val.n();
    model_seconds[m] = s.epochs * (batches * per_batch + evaluated * per_eval_image);
  }
  const double draw = per_image_drawn * (s.images + fixed("n_val") + fixed("n_test"));
  const bool threads = in.threads && threads_available();
  out.seconds = draw + (threads ? std::max(model_seconds[0], model_seconds[1]) : model_seconds[0] + model_seconds[1]);
  return Status::success();
}

}  // namespace alab::vision
