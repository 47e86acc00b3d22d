#include "reading/race_reading.hpp"

#include <string>

#include "core/widget_schemas.hpp"

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
  const int n = race_->data().test.n();
  if (index < 0 || index >= n) return Status::error("there are test examples 1 to " + std::to_string(n) + " only");
  return Status::success();
}

std::vector<int> RaceReading::tokens(int index) const {
  const race::Dataset& test = race_->data().test;
  return std::vector<int>(test.sequence(index), test.sequence(index) + test.T());
}

Status RaceReading::example(int index, const std::vector<int>& masked, Reading& out) const {
  if (Status st = check_index(index); !st) return st;
  return read_sequence(model_, tokens(index), masked, out);
}

Status RaceReading::sequence(const std::vector<int>& x, Reading& out) const {
  if (!race_) return Status::error("run a race to the end first");
  const race::Settings& s = race_->settings();
  if (static_cast<int>(x.size()) != s.T)
    return Status::error("the sequence has " + std::to_string(x.size()) + " tokens; the model reads " + std::to_string(s.T));
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
  return ablate_set(model_, test.tokens, test.labels, seed, out);
}

Status RaceReading::behaviour(BehaviourReport out[2]) const {
  if (!race_) return Status::error("run a race to the end first");
  for (int m = 0; m < 2; ++m) {
    race::Trainer& t = race_->trainer(m);
    out[m] = behaviour_report(race_->data().test, race_->settings().vocab, [&t](const int* x) { return t.predict(x); });
  }
  return Status::success();
}

Status ReadableRace::read(const ReadRequest& in, ExampleReading& out) {
  RaceReading reading;
  Reading r;
  Status st = reading.attach(*this);
  if (st) st = reading.example(in.index, in.masked, r);
  if (!st) return st;
  out.tokens = reading.tokens(in.index);
  out.label = data().test.labels[in.index];
  out.alpha = std::move(r.alpha);
  out.p1 = r.p1;
  out.pred = r.pred;
  return Status::success();
}

Status ReadableRace::read_sequence(const SequenceRequest& in, Reading& out) {
  RaceReading reading;
  Status st = reading.attach(*this);
  return st ? reading.sequence(in.tokens, out) : st;
}

Status ReadableRace::adversary(const AdversaryRequest& in, AdversaryReading& out) {
  RaceReading reading;
  Adversary a;
  Status st = check_setting("reading", "tol", in.tol);  // the page's range (reading.json)
  if (st) st = reading.attach(*this);
  if (st) st = reading.adversary(in.index, in.tol, a);
  if (!st) return st;
  out.alpha = std::move(a.reading.alpha);
  out.p1 = a.reading.p1;
  out.pred = a.reading.pred;
  out.jsd = a.jsd;
  out.learned_alpha = std::move(a.learned.alpha);
  out.learned_p1 = a.learned.p1;
  out.learned_pred = a.learned.pred;
  return Status::success();
}

Status ReadableRace::ablations(const AblationRequest& in, AblationSummary& out) {
  RaceReading reading;
  Status st = reading.attach(*this);
  return st ? reading.ablations(static_cast<std::uint64_t>(in.seed), out) : st;
}

Status ReadableRace::behaviour(BehaviourReports& out) {
  RaceReading reading;
  BehaviourReport rep[2];
  Status st = reading.attach(*this);
  if (st) st = reading.behaviour(rep);
  if (!st) return st;
  out.gru = std::move(rep[0]);
  out.attention = std::move(rep[1]);
  return Status::success();
}

}  // namespace alab::reading
