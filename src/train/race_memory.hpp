// How much memory a race needs, from its settings alone, so that a race that would
// not fit is refused before it starts (with the settings that drive the size named)
// instead of aborting half-way. An upper estimate of the models' caches, counted from
// the buffers they keep (floats, 4 bytes):
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
#include <cstddef>

#include "train/settings.hpp"

namespace alab::train {

inline double race_memory_bytes(const Settings& s) {
  const double T = s.seq_len, B = s.batch, H = s.hidden, D = s.d_model, E = 256;  // evaluation chunk
  const bool mean = s.pooling == nn::Pooling::mean;
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

}  // namespace alab::train
