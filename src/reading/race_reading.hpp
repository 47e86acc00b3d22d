// A finished race's models read with care (reading/attention_reading.hpp and
// reading/behaviour.hpp on the race's own test set): a test example's classifying row
// with positions masked, an edited sequence (tokens swapped or replaced), the
// adversarial row, the whole-set ablations, and both models' behavioural tests.
#pragma once

#include <vector>

#include "reading/attention_reading.hpp"
#include "reading/behaviour.hpp"
#include "race/race_session.hpp"

namespace alab::reading {

class RaceReading {
 public:
  // After race.finish(); the race must outlive this reading. Refuses a race whose
  // attention model pools by the mean (no single classifying row).
  Status attach(race::RaceSession& race);
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
  race::RaceSession* race_ = nullptr;
  ReadModel model_;
};

}  // namespace alab::reading
