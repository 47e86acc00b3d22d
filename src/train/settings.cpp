#include "train/settings.hpp"

#include <cmath>
#include <sstream>

namespace alab::train {
namespace {

Status out_of_range(const char* what, long lo, long hi, long got) {
  std::ostringstream os;
  os << what << " must be between " << lo << " and " << hi << " (got " << got << ")";
  return Status::error(os.str());
}

// Each set is split exactly half positive, half negative: its size must be even.
Status check_set_size(const char* what, int n) {
  using L = SettingLimits;
  if (n < 2 || n > L::set_size_max) return out_of_range(what, 2, L::set_size_max, n);
  if (n % 2 != 0) {
    std::ostringstream os;
    os << what << " must be an even number between 2 and " << L::set_size_max
       << ", so that exactly half the examples are positive (got " << n << ")";
    return Status::error(os.str());
  }
  return Status::success();
}

}  // namespace

const char* model_name(ModelKind kind) {
  return kind == ModelKind::gru ? "GRU" : "Tiny self-attn";
}

Status validate(const Settings& s) {
  using L = SettingLimits;
  if (s.seq_len < L::seq_len_min || s.seq_len > L::seq_len_max)
    return out_of_range("sequence length T", L::seq_len_min, L::seq_len_max, s.seq_len);
  if (s.vocab < L::vocab_min || s.vocab > L::vocab_max)
    return out_of_range("vocabulary size", L::vocab_min, L::vocab_max, s.vocab);
  if (s.d_model < 1 || s.d_model > L::dim_max)
    return out_of_range("d_model", 1, L::dim_max, s.d_model);
  if (s.hidden < 1 || s.hidden > L::dim_max)
    return out_of_range("GRU hidden size", 1, L::dim_max, s.hidden);
  if (s.epochs < 1 || s.epochs > L::epochs_max)
    return out_of_range("epochs", 1, L::epochs_max, s.epochs);
  if (!std::isfinite(s.lr) || !(s.lr > 0) || s.lr > L::lr_max) {
    std::ostringstream os;
    os << "learning rate must be a finite number greater than 0 and at most " << L::lr_max
       << " (got " << s.lr << ")";
    return Status::error(os.str());
  }
  if (Status st = check_set_size("training set size", s.n_train); !st) return st;
  if (Status st = check_set_size("validation set size", s.n_val); !st) return st;
  if (Status st = check_set_size("test set size", s.n_test); !st) return st;
  if (s.batch < 1 || s.batch > s.n_train)
    return out_of_range("batch size", 1, s.n_train, s.batch);
  return Status::success();
}

bool parse_pooling(const std::string& text, nn::Pooling& out) {
  if (text == "last") return out = nn::Pooling::last, true;
  if (text == "mean") return out = nn::Pooling::mean, true;
  return false;
}

const char* pooling_name(nn::Pooling p) { return p == nn::Pooling::last ? "last" : "mean"; }

}  // namespace alab::train
