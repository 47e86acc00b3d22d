// A finished race's models read with care (explore/attention_reading.hpp and
// explore/behaviour.hpp on the race's own test set): a test example's classifying row
// with positions masked, an edited sequence (tokens swapped or replaced), the
// adversarial row, the whole-set ablations, and both models' behavioural tests.
#pragma once

#include <vector>

#include "explore/attention_reading.hpp"
#include "explore/behaviour.hpp"
#include "train/race_session.hpp"

namespace alab::explore {

class RaceReading {
 public:
  // After race.finish(); the race must outlive this reading. Refuses a race whose
  // attention model pools by the mean (no single classifying row).
  Status attach(train::RaceSession& race);
  // Test example `index` (its tokens), with the positions in `masked` given no weight.
  Status example(int index, const std::vector<int>& masked, Reading& out) const;
  // Any sequence of the race's length over its vocabulary (an edited example).
  Status sequence(const std::vector<int>& tokens, Reading& out) const;
  Status adversary(int index, double tol, Adversary& out) const;
  Status ablations(std::uint64_t seed, AblationSummary& out) const;
  // [0] the GRU, [1] the attention model.
  Status behaviour(BehaviourReport out[2]) const;
  std::vector<int> tokens(int index) const;

 private:
  Status check_index(int index) const;
  train::RaceSession* race_ = nullptr;
  ReadModel model_;
};

}  // namespace alab::explore
