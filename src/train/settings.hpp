// The race's settings: the module's worked example 2 values are the defaults.
#pragma once

#include <cstdint>
#include <string>

#include "attention/status.hpp"
#include "nn/attention_pool.hpp"

namespace alab::train {

enum class ModelKind { gru, attention };
const char* model_name(ModelKind kind);  // "GRU" | "Tiny self-attn" (the module's table)

struct Settings {
  int seq_len = 30;        // T
  int vocab = 8;
  int d_model = 16;        // D, both models
  int hidden = 20;         // H, GRU
  int batch = 64;
  double lr = 5e-3;        // Adam
  int epochs = 35;
  std::uint64_t seed = 3151;
  nn::Pooling pooling = nn::Pooling::last;
  bool positional = true;  // learned positional embedding in the attention model
  int n_train = 2400, n_val = 600, n_test = 600;
};

// Allowed ranges: generous for teaching, small enough for a browser tab.
struct SettingLimits {
  static constexpr int seq_len_min = 2, seq_len_max = 512;
  static constexpr int vocab_min = 2, vocab_max = 1000;
  static constexpr int dim_max = 256;      // d_model and hidden, from 1
  static constexpr int epochs_max = 1000;  // from 1
  static constexpr int set_size_max = 100000;
  static constexpr double lr_max = 10.0;
};

// Ok, or an error naming the first bad setting and its allowed range.
Status validate(const Settings& s);

// "last" | "mean"; false for anything else.
bool parse_pooling(const std::string& text, nn::Pooling& out);
const char* pooling_name(nn::Pooling p);

}  // namespace alab::train
