// The image page's long job (beyond text): the tiny vision transformer
// (nn/tiny_vit.hpp) and the bag of patches trained side by side on the seeded shape
// task (vision/shape_task.hpp), then questioned: a test image with the read-out's
// attention over its patches, the same image with its patches shuffled, and a count
// over the whole test set of the answers a shuffle changes. The session contract is
// core/session.hpp's. With threads, each model trains on a thread of its own, and the
// thread whose model finishes first (the bag of patches, a small part of the work)
// then computes half of each of the transformer's minibatches and evaluations
// (vision/image_trainer.hpp: the same numbers whoever computes a half).
//
//   VisionSession s;
//   s.start(settings, /*threads=*/true);            // refused in words, or started
//   while (!s.done()) for (const VisionEpoch& e : s.poll()) ...
//   VisionOutcome out; s.finish(out);
//   ImageReading r; s.read({index, shuffled}, r);   // one test image
//   ShuffleCount c; s.shuffle_count(c);             // every test image, shuffled
//
// Shuffles: test image i's patches are moved by a permutation drawn from
// Pcg32(seed, kShuffleStream + i) (never the identity), the same in every build.
//
// Models that cannot see where a patch is (the bag of patches always, the transformer
// with positions off) compute a function of the set of patches: mathematically any
// order of the patches gives the same answer, but floating-point sums in another
// order can differ in the last bit. So the session evaluates such a model on each
// image's patches sorted into one canonical order (by their pixels,
// canonical_patch_order), and an image and any shuffle of it are then the same input,
// bit for bit: with positions off, a shuffle cannot change an answer, by construction,
// not by luck of rounding. Training is untouched (minibatches in the images' own order).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/model_outcome.hpp"
#include "core/model_scheduler.hpp"
#include "core/status.hpp"
#include "core/widget_settings.hpp"
#include "settings/vision.gen.hpp"
#include "vision/image_trainer.hpp"
#include "vision/shape_task.hpp"

namespace alab::vision {

// What a student sets: content/widgets/vision.json's settings, generated as
// settings::Vision (its sizes are the file's "fixed"); the page sends {settings: {...}}.
using VisionSettings = settings::Vision;
// The defaults of the schema the engine applies (the file's, or a host's).
inline VisionSettings vision_defaults() { return schema_defaults<VisionSettings>(); }

struct VisionEpoch {
  int model = 0, epoch = 0;      // model 0: transformer, 1: bag of patches
  std::string kind;              // "transformer" | "bag of patches"
  double loss = 0, val_acc = 0, test_acc = 0;
  double wall = 0;               // seconds since start()
};

using VisionModelOutcome = TrainedModel<struct VisionPage>;

struct VisionOutcome {
  std::vector<VisionModelOutcome> models;  // transformer, bag of patches
  int n_train = 0;
  double wall = 0;
  bool threads = false, stopped = false;
};

// What the page shows beside the training: the board's sizes and every test image's
// label and the two models' answers (for "next image the transformer gets wrong").
struct VisionOverview {
  int side = 0, patch = 0, grid = 0, n_test = 0;
  std::vector<int> test_labels, pred, bag_pred;
};

struct ImageRequest {
  int index = 0;          // a test image, 0-based
  bool shuffled = false;  // its patches moved by its seeded permutation
};

// One test image as the transformer reads it. Tokens are the P patches of the image
// shown (row by row), then the class token. weights: the read-out's attention over
// the tokens: with the class-token read-out its attention row, with the mean read-out
// the mean of every token's row (the weight each token's value gets in the pooled
// output). matrix: every token's row, for "where does this patch look". With one layer
// and one head this is the whole map: attention rollout across layers would be this map.
struct ImageReading {
  int index = 0, label = 0;
  bool shuffled = false;
  std::vector<float> pixels;   // side x side, row-major, as shown (shuffled or not)
  std::vector<int> order;      // P: patch k shown is patch order[k] of the image (identity unshuffled)
  std::vector<int> plus, ring; // where the marks are in the image shown (patch indices)
  std::vector<double> weights; // P + 1, sums to 1
  std::vector<double> matrix;  // (P + 1) x (P + 1), row-major: row t is where token t looks (same order)
  double p1 = 0, bag_p1 = 0;   // P(label 1): transformer, bag of patches
  int pred = 0, bag_pred = 0;
};

// Every test image shuffled by its own permutation: how many answers change.
struct ShuffleCount {
  int n = 0;
  int changed = 0, bag_changed = 0;           // answers that differ from the unshuffled image's
  double acc = 0, acc_shuffled = 0;           // transformer, before and after
  double bag_acc = 0, bag_acc_shuffled = 0;
};

// How much memory a run needs (bytes, an upper estimate from the settings alone: the
// three image sets, both models' parameters with Adam's moments, the activations of a
// minibatch and of an evaluation chunk, floats), and whether it fits in budget bytes
// (0: no limit). Refused in words naming the settings that drive it.
double vision_memory_bytes(const VisionSettings& s);
// Every setting in its range (the schema's words), as start() checks them.
Status check_vision_settings(const VisionSettings& s);
Status check_vision_memory(const VisionSettings& s, double budget);

// How long a run of these settings takes on this computer, by doing part of it: the
// task drawn, then a few minibatches and one evaluation chunk of each model timed and
// scaled to the run; with threads the models train at once (the longer one counts).
struct VisionEstimateRequest {
  VisionSettings settings;
  bool threads = false;
};
struct VisionEstimate {
  double seconds = 0, memory_mb = 0;
};
Status estimate_vision(const VisionEstimateRequest& in, VisionEstimate& out, double budget = 0);

// The permutation that sorts an image's patches by their pixels (lexicographic, ties
// by index): patch k of the canonical image is patch order[k] of this one.
std::vector<int> canonical_patch_order(const float* image, int side, int patch);
// Test image i's seeded shuffle (never the identity).
std::vector<int> shuffle_order(std::uint64_t seed, int index, int patches);

// The two models on core/model_scheduler.hpp's schedule; with threads, the trainers
// offer halves of their work on its exchange.
class VisionSession : public ScheduledSession<VisionEpoch> {
 public:
  ~VisionSession() { halt(); }

  // Bytes a run may use (0: no limit); the threaded WebAssembly build has a fixed heap.
  void set_memory_budget(double bytes) { memory_budget_ = bytes; }

  Status start(const VisionSettings& settings, bool threads);
  Status finish(VisionOutcome& out);

  // After finish().
  Status overview(VisionOverview& out);
  Status read(const ImageRequest& in, ImageReading& out);
  Status shuffle_count(ShuffleCount& out);

  const ShapeTask& task() const { return *task_; }

 private:
  friend Status estimate_vision(const VisionEstimateRequest&, VisionEstimate&, double);
  bool epoch_step(int model, int max_batches);
  Status ready() const;
  bool position_blind(int model) const { return model == 1 || settings_.positions == "off"; }
  // Logits of one image (side^2 pixels) and the read-out's weights over its tokens,
  // as the page shows them; position-blind models read the canonical order.
  void read_image(int model, const float* image, double& p1, ImageReading* out);
  std::vector<int> predict(int model, const ImageSet& set);

  VisionSettings settings_;
  std::unique_ptr<ShapeTask> task_;
  ImageSet canonical_val_, canonical_test_;  // each image's patches in canonical order
  std::unique_ptr<ImageTrainer> trainers_[2];
  int epochs_ = 0;
  double memory_budget_ = 0;
  bool finished_ = false;
};

}  // namespace alab::vision
