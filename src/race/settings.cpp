#include "race/settings.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

#include "core/quote.hpp"

namespace alab::race {
namespace {

// Where each schema key lives in Settings. Numbers cross as doubles (checked to be
// whole and in range before they are stored); choices as their words.
struct Field {
  const char* key;
  double (*get)(const Settings&);
  void (*set)(Settings&, double);
  std::string (*get_word)(const Settings&);
  bool (*set_word)(Settings&, const std::string&);
};

const Field kFields[] = {
    {"T", [](const Settings& s) { return double(s.T); }, [](Settings& s, double v) { s.T = int(v); }, nullptr, nullptr},
    {"epochs", [](const Settings& s) { return double(s.epochs); }, [](Settings& s, double v) { s.epochs = int(v); }, nullptr, nullptr},
    {"lr", [](const Settings& s) { return s.lr; }, [](Settings& s, double v) { s.lr = v; }, nullptr, nullptr},
    {"seed", [](const Settings& s) { return double(s.seed); }, [](Settings& s, double v) { s.seed = static_cast<std::uint64_t>(v); }, nullptr, nullptr},
    {"batch", [](const Settings& s) { return double(s.batch); }, [](Settings& s, double v) { s.batch = int(v); }, nullptr, nullptr},
    {"hidden", [](const Settings& s) { return double(s.hidden); }, [](Settings& s, double v) { s.hidden = int(v); }, nullptr, nullptr},
    {"dmodel", [](const Settings& s) { return double(s.dmodel); }, [](Settings& s, double v) { s.dmodel = int(v); }, nullptr, nullptr},
    {"pooling", nullptr, nullptr, [](const Settings& s) { return std::string(pooling_name(s.pooling)); },
     [](Settings& s, const std::string& w) { return parse_pooling(w, s.pooling); }},
    {"positions", nullptr, nullptr, [](const Settings& s) { return std::string(s.positions ? "on" : "off"); },
     [](Settings& s, const std::string& w) {
       if (w != "on" && w != "off") return false;
       s.positions = w == "on";
       return true;
     }},
};

const Field* field(const std::string& key) {
  for (const Field& f : kFields)
    if (key == f.key) return &f;
  return nullptr;
}

// The engine can run any value of the schema's kind for these: the schema's numbers
// must also fit the field (the race's seed seeds NumPy's MT19937, which takes 32 bits;
// sizes are ints).
Status check_fits(const SettingSpec& spec, const Field& f, double v) {
  const double top = std::string(f.key) == "seed" ? double(std::numeric_limits<std::uint32_t>::max()) : 1e9;
  if (v < 0 || v > top)
    return Status::error(spec.label + ": the engine holds values from 0 to " + js_number_text(top));
  return Status::success();
}

Status unknown(const std::string& key) {
  return Status::error(quoted(key) + " is not a setting of the race");
}

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

Settings::Settings(const SettingsSchema& schema) {
  for (const Field& f : kFields) {
    const SettingSpec* spec = schema.find(f.key);
    // A schema without it: the engine's own (race.json's, or the host's) default.
    if (!spec) spec = &widget_setting("race", f.key);
    if (f.set) f.set(*this, spec->default_number);
    else f.set_word(*this, spec->default_choice);
  }
  const auto fixed = [&](const char* name) {
    return static_cast<int>(schema.fixed_or(name, widget_fixed("race", name)));
  };
  vocab = fixed("vocab");
  n_train = fixed("n_train");
  n_val = fixed("n_val");
  n_test = fixed("n_test");
}

Status assign_setting(Settings& s, const std::string& key, double value, const SettingsSchema& schema) {
  const SettingSpec* spec = schema.find(key);
  const Field* f = field(key);
  if (!spec || !f) return unknown(key);
  if (!f->set) return check_choice(*spec, js_number_text(value));
  if (!std::isfinite(value) || (spec->kind == SettingKind::integer && value != std::floor(value)))
    return check_number(*spec, value);  // the schema's words for "not a whole number"
  if (Status st = check_fits(*spec, *f, value); !st) return st;
  f->set(s, value);
  return Status::success();
}

Status assign_setting(Settings& s, const std::string& key, const std::string& value,
                      const SettingsSchema& schema) {
  const SettingSpec* spec = schema.find(key);
  const Field* f = field(key);
  if (!spec || !f) return unknown(key);
  if (!f->set_word) return check_number(*spec, std::nan(""));
  if (!f->set_word(s, value)) return check_choice(*spec, value);
  return Status::success();
}

Status set_setting(Settings& s, const std::string& key, double value, const SettingsSchema& schema) {
  if (const SettingSpec* spec = schema.find(key); spec && spec->kind != SettingKind::choice)
    if (Status st = check_number(*spec, value); !st) return st;
  return assign_setting(s, key, value, schema);
}

Status set_setting(Settings& s, const std::string& key, const std::string& value,
                   const SettingsSchema& schema) {
  if (const SettingSpec* spec = schema.find(key); spec && spec->kind == SettingKind::choice)
    if (Status st = check_choice(*spec, value); !st) return st;
  return assign_setting(s, key, value, schema);
}

Status validate(const Settings& s, const SettingsSchema& schema) {
  for (const SettingSpec& spec : schema.settings) {
    const Field* f = field(spec.key);
    if (!f) return unknown(spec.key);
    if (Status st = f->get ? check_number(spec, f->get(s)) : check_choice(spec, f->get_word(s)); !st)
      return st;
  }
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
