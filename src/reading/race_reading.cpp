#include "reading/race_reading.hpp"

#include <string>

namespace alab::reading {

Status RaceReading::attach(race::RaceSession& race) {
  if (!race.finished()) return Status::error("run a race to the end first");
  const auto* attn = dynamic_cast<const nn::AttentionClassifier<float>*>(&race.trainer(1).model());
  if (!attn) return Status::error("the race has no attention model");
  if (Status st = read_model(*attn, model_); !st) return st;
  race_ = &race;
  return Status::success();
}

Status RaceReading::check_index(int index) const {
  if (!race_) return Status::error("run a race to the end first");
  const int n = race_->data().test.n;
  if (index < 0 || index >= n) return Status::error("there are test examples 1 to " + std::to_string(n) + " only");
  return Status::success();
}

std::vector<int> RaceReading::tokens(int index) const {
  const race::Dataset& test = race_->data().test;
  return std::vector<int>(test.sequence(index), test.sequence(index) + test.seq_len);
}

Status RaceReading::example(int index, const std::vector<int>& masked, Reading& out) const {
  if (Status st = check_index(index); !st) return st;
  return read_sequence(model_, tokens(index), masked, out);
}

Status RaceReading::sequence(const std::vector<int>& x, Reading& out) const {
  if (!race_) return Status::error("run a race to the end first");
  const race::Settings& s = race_->settings();
  if (static_cast<int>(x.size()) != s.seq_len)
    return Status::error("the sequence has " + std::to_string(x.size()) + " tokens; the model reads " + std::to_string(s.seq_len));
  for (int id : x)
    if (id < 0 || id >= s.vocab) return Status::error("tokens are 0 to " + std::to_string(s.vocab - 1));
  return read_sequence(model_, x, {}, out);
}

Status RaceReading::adversary(int index, double tol, Adversary& out) const {
  if (Status st = check_index(index); !st) return st;
  return adversarial_row(model_, tokens(index), tol, out);
}

Status RaceReading::ablations(std::uint64_t seed, AblationSummary& out) const {
  if (!race_) return Status::error("run a race to the end first");
  const race::Dataset& test = race_->data().test;
  return ablate_set(model_, test.tokens, test.labels, test.seq_len, seed, out);
}

Status RaceReading::behaviour(BehaviourReport out[2]) const {
  if (!race_) return Status::error("run a race to the end first");
  for (int m = 0; m < 2; ++m) {
    race::Trainer& t = race_->trainer(m);
    out[m] = behaviour_report(race_->data().test, race_->settings().vocab, [&t](const int* x) { return t.predict(x); });
  }
  return Status::success();
}

}  // namespace alab::reading
