#include "race/settings.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

#include "core/quote.hpp"

namespace alab::race {
namespace {

Status check_set_size(const char* what, int n) {
  constexpr int kMax = 100000;
  std::ostringstream os;
  if (n < 2 || n > kMax || n % 2 != 0) {
    os << what << " must be an even number between 2 and " << kMax
       << ", so that exactly half the examples are positive (got " << n << ")";
    return Status::error(os.str());
  }
  return Status::success();
}

}  // namespace

const char* model_name(ModelKind kind) {
  return kind == ModelKind::gru ? "GRU" : "Tiny self-attn";
}

Settings::Settings() : settings::Race(schema_defaults<settings::Race>()) {
  const auto fixed = [](const char* name) { return static_cast<int>(widget_fixed("race", name)); };
  vocab = fixed("vocab");
  n_train = fixed("n_train");
  n_val = fixed("n_val");
  n_test = fixed("n_test");
}

nn::Pooling Settings::pooling_kind() const {
  nn::Pooling p = nn::Pooling::last;
  parse_pooling(pooling, p);  // checked against the schema's words by validate()
  return p;
}

Status validate(const Settings& s) {
  if (Status st = check_settings<settings::Race>(s); !st) return st;
  nn::Pooling p;
  if (!parse_pooling(s.pooling, p)) return Status::error("Attention pooling: the engine knows last and mean, not " + quoted(s.pooling));
  if (s.positions != "on" && s.positions != "off") return Status::error("Positional embeddings: the engine knows on and off, not " + quoted(s.positions));
  if (s.vocab < 2 || s.vocab > 1000) {
    std::ostringstream os;
    os << "vocabulary size must be between 2 and 1000 (got " << s.vocab << ")";
    return Status::error(os.str());
  }
  if (Status st = check_set_size("training set size", s.n_train); !st) return st;
  if (Status st = check_set_size("validation set size", s.n_val); !st) return st;
  if (Status st = check_set_size("test set size", s.n_test); !st) return st;
  if (s.batch > s.n_train) {
    std::ostringstream os;
    os << "Batch size: " << s.batch << " is larger than the training set (" << s.n_train << ")";
    return Status::error(os.str());
  }
  return Status::success();
}

bool parse_pooling(const std::string& text, nn::Pooling& out) {
  if (text == "last") return out = nn::Pooling::last, true;
  if (text == "mean") return out = nn::Pooling::mean, true;
  return false;
}

const char* pooling_name(nn::Pooling p) { return p == nn::Pooling::last ? "last" : "mean"; }

}  // namespace alab::race
