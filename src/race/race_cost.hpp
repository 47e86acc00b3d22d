// What a race costs, from its settings alone: the memory it needs, so that a race that
// would not fit is refused before it starts (with the settings that drive the size
// named) instead of aborting half-way; and its arithmetic, so that a page can tell a
// student how long a race will take before it starts (race_work, below).
//
// Memory: an upper estimate of the models' caches, counted from the buffers they keep
// (floats, 4 bytes):
//
//   GRU, per minibatch of B (nn/gru.hpp's GruCache):   Gi, gates, dGi, dGh  3H x T*B each
//                                                      hn H x T*B, Hs H x (T+1)*B
//     = 14 H T B; evaluation chunks (256 sequences) keep the forward half, 8 H T 256,
//     in the trainer's model and in its snapshot.
//   attention, per minibatch (nn/attention_pool.hpp):  K, V, dK, dV, E, dE  T*B x D each
//                                                      Q, dQ  (B or T*B) x D
//                                                      A (B x T, or T*B x T with mean pooling)
//     and the same forward half again for evaluation chunks of 256.
//   the data: 3,600 sequences of T ints.
// Checked against the heap really used (tests/unit/test_train_memory.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "race/settings.hpp"

namespace alab::race {

inline double race_memory_bytes(const Settings& s) {
  const double T = s.T, B = s.batch, H = s.hidden, D = s.dmodel, E = 256;  // evaluation chunk
  const bool mean = s.pooling_kind() == nn::Pooling::mean;
  const double gru = 14 * H * T * B + 2 * 8 * H * T * std::max(B, E);
  const auto attn_batch = [&](double b, bool backward) {
    const double q = mean ? T * b : b;
    const double a = mean ? T * b * T : b * T;
    return (backward ? 6 : 3) * T * b * D + (backward ? 2 : 1) * q * D + (backward ? 2 : 1) * a;
  };
  const double attention = attn_batch(B, true) + 2 * attn_batch(std::max(B, E), false);
  const double data = static_cast<double>(s.n_train + s.n_val + s.n_test) * T / 1.0;  // ints: the same 4 bytes
  return 4.0 * (gru + attention + data);
}

// Arithmetic, in multiply-adds, of each model's whole race, in two parts: training
// (forward, backward and Adam's steps, every epoch) and evaluation (every epoch's
// accuracy on the training and validation sets, and the final test):
//   GRU, per sequence and step:       3H x H (the recurrent product) + ~15 H elementwise;
//                                     a backward pass costs twice the forward
//   attention, per sequence:          ~5 T D by table lookups (the T x T products with mean pooling)
//   Adam, per minibatch:              ~12 per parameter
// These counts are rough (evaluation runs in chunks of 256 sequences, training in
// minibatches, at different speeds per multiply-add), so a page does not turn them into
// seconds with one rate: it times each part of each model at the module's settings
// (warm_up_race_engine, which returns a RaceWork of seconds) and scales each part by
// how much more arithmetic the chosen settings need (race_warm_up_work gives the
// warm-up's own count).
struct ModelWork {
  double train = 0, evaluate = 0;
};
struct RaceWork {
  ModelWork gru, attention;
};

namespace cost {
struct PerSequence { double gru, attention; };
inline PerSequence forward(const Settings& s) {  // one sequence through each model
  const double T = s.T, H = s.hidden, D = s.dmodel;
  const bool mean = s.pooling_kind() == nn::Pooling::mean;
  return {T * (3 * H * H + 15 * H), 5 * T * D + (mean ? 2 * T * T * D : 2 * T * D)};
}
// Training on n sequences: forward + backward (twice the forward), Adam per minibatch.
inline PerSequence train(const Settings& s, double n) {
  const double H = s.hidden, D = s.dmodel, V = s.vocab, T = s.T;
  const double steps = std::ceil(n / s.batch);
  const PerSequence f = forward(s);
  return {3 * n * f.gru + steps * 12 * (3 * H * (H + V + 2) + V * D + 2 * H + 2),
          3 * n * f.attention + steps * 12 * (V * D + T * D + 3 * D * D + 2 * D + 2)};
}
inline PerSequence evaluate(const Settings& s, double n) {
  const PerSequence f = forward(s);
  return {n * f.gru, n * f.attention};
}
}  // namespace cost

// The whole race: every epoch's training and its evaluation of the training and
// validation sets, then the test set.
inline RaceWork race_work(const Settings& s) {
  const cost::PerSequence t = cost::train(s, s.n_train), e = cost::evaluate(s, s.n_train + s.n_val),
                          x = cost::evaluate(s, s.n_test);
  return {{s.epochs * t.gru, s.epochs * e.gru + x.gru}, {s.epochs * t.attention, s.epochs * e.attention + x.attention}};
}

// The page's warm-up (warm_up_race_engine): `batches` minibatches of each model at the
// module's settings, and one evaluation of the training and validation sets.
inline RaceWork race_warm_up_work(int batches) {
  const Settings s;
  const cost::PerSequence t = cost::train(s, static_cast<double>(batches) * s.batch), e = cost::evaluate(s, s.n_train + s.n_val);
  return {{t.gru, e.gru}, {t.attention, e.attention}};
}

}  // namespace alab::race
