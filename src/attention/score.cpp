#include "attention/score.hpp"

namespace alab {

bool parse_score_kind(const std::string& name, ScoreKind& out) {
  if (name == "dot") out = ScoreKind::dot;
  else if (name == "scaled_dot") out = ScoreKind::scaled_dot;
  else if (name == "additive") out = ScoreKind::additive;
  else return false;
  return true;
}

const char* score_kind_name(ScoreKind kind) {
  switch (kind) {
    case ScoreKind::dot: return "dot";
    case ScoreKind::scaled_dot: return "scaled_dot";
    case ScoreKind::additive: return "additive";
  }
  return "?";
}

}  // namespace alab
