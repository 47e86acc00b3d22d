// The order a trainer walks its n training examples in, epoch after epoch, and each
// epoch's mean loss: the bookkeeping the comments and image pages' trainers share
// (comments/comment_trainer.hpp, vision/image_trainer.hpp).
//
// Each epoch's order is a Fisher-Yates shuffle from Pcg32(seed, stream): from the last
// position down, each swap partner drawn with Pcg32::below. It is cut into minibatches
// of `batch` examples (the last may be smaller), taken in turn:
//
//   while (!epochs.over()) {
//     const EpochOrder::Minibatch b = epochs.next();   // examples epochs.example(b.first + i), i < b.count
//     epochs.gather(b, table, width, labels, rows, batch_labels);   // their rows and labels
//     ... one training step on them: its mean loss ...
//     epochs.add_loss(loss, b.count);
//   }
//   const double loss = epochs.end_epoch();           // the epoch's mean; the next order drawn
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "rng/pcg32.hpp"

namespace alab {

class EpochOrder {
 public:
  struct Minibatch {
    int first = 0, count = 0;  // positions in this epoch's order
  };

  EpochOrder(int n, int batch, std::uint64_t seed, std::uint64_t stream)
      : n_(n), batch_(batch), batches_((n + batch - 1) / batch), rng_(seed, stream), order_(static_cast<std::size_t>(n)) {
    draw();
  }

  bool over() const { return next_ >= batches_; }  // this epoch has no minibatch left
  Minibatch next() {
    const int first = next_++ * batch_;
    return {first, std::min(batch_, n_ - first)};
  }
  int example(int position) const { return order_[static_cast<std::size_t>(position)]; }
  // Minibatch b's examples: their rows of a row-major table (width values a row) into
  // rows (b.count x width), their labels into batch_labels.
  template <class T>
  void gather(Minibatch b, const T* table, int width, const std::vector<int>& labels, std::vector<T>& rows,
              std::vector<int>& batch_labels) const {
    rows.resize(static_cast<std::size_t>(b.count) * width);
    batch_labels.resize(static_cast<std::size_t>(b.count));
    for (int i = 0; i < b.count; ++i) {
      const int idx = example(b.first + i);
      std::copy_n(table + static_cast<std::ptrdiff_t>(idx) * width, width, rows.begin() + static_cast<std::ptrdiff_t>(i) * width);
      batch_labels[i] = labels[idx];
    }
  }
  void add_loss(double mean, int count) { loss_sum_ += mean * count; }
  double end_epoch() {
    const double loss = loss_sum_ / n_;
    ++epochs_done_;
    draw();
    return loss;
  }
  int epochs_done() const { return epochs_done_; }

 private:
  void draw() {
    for (int i = 0; i < n_; ++i) order_[i] = i;
    for (int i = n_ - 1; i > 0; --i) std::swap(order_[i], order_[rng_.below(static_cast<std::uint32_t>(i + 1))]);
    next_ = 0;
    loss_sum_ = 0;
  }

  int n_, batch_, batches_;
  rng::Pcg32 rng_;
  std::vector<int> order_;
  int next_ = 0, epochs_done_ = 0;
  double loss_sum_ = 0;
};

}  // namespace alab
