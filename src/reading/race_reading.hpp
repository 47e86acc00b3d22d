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

// The reading page's race: a race (the session contract, core/session.hpp) that, once
// finished, answers the page's questions about its attention model. Each question is
// a request record in and a reply record out, the shapes the page sends and reads.
struct ReadRequest {            // a test example, with positions given no weight
  int index = 0;
  std::vector<int> masked;
};
struct SequenceRequest {        // an edited sequence of the race's length
  std::vector<int> tokens;
};
struct AdversaryRequest {       // the row furthest from the learned one that keeps the answer
  int index = 0;
  double tol = 0;  // content/widgets/reading.json's (the page sends it)
};
struct AblationRequest {        // the random position masked is drawn from this seed
  double seed = 0;              // (a JavaScript number: a whole number below 2^53)
};
struct ExampleReading {         // read(): the example itself and its classifying row
  std::vector<int> tokens;
  int label = 0;
  std::vector<double> alpha;
  double p1 = 0;
  int pred = 0;
};
struct AdversaryReading {       // adversary(): the row found, and the learned row, each with its answer
  std::vector<double> alpha, learned_alpha;
  double jsd = 0, p1 = 0, learned_p1 = 0;
  int pred = 0, learned_pred = 0;
};
struct BehaviourReports {
  BehaviourReport gru, attention;
};

class ReadableRace : public race::RaceSession {
 public:
  Status read(const ReadRequest& in, ExampleReading& out);
  Status read_sequence(const SequenceRequest& in, Reading& out);
  Status adversary(const AdversaryRequest& in, AdversaryReading& out);
  Status ablations(const AblationRequest& in, AblationSummary& out);
  Status behaviour(BehaviourReports& out);
};

}  // namespace alab::reading
