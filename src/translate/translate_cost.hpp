// What a translation run costs, from its settings alone, so that the page can tell a
// student how long a run will take before it starts (and ask before a long one).
//
// Work units are multiply-adds of the teacher-forced forward pass (Seq2Seq::forward),
// counted per sentence of S source and L = target + 1 (<eos>) words, H hidden, E
// embedding, V target words:
//
//   encoder            S * 3H (E + H)                       the GRU's input and state products
//   decoder, per step  3H (Din + H) + V * Dout              Din = E (+ H additive), Dout = H (2H additive)
//                      + kVocab * V                         the softmax over V, its gradient, the loss
//   additive           S * H * H  once (W_h h_j), and per step H * H (W_s s) + kAttend * S * H
//   dot                per step kAttend * S * H + 2H * H (W_c)
//
// kVocab and kAttend weigh work that runs at a fraction of a matrix product's speed
// (element by element, on short vectors); they were fitted to one training epoch timed
// natively for each kind at H in {16, 32, 48, 64, 96} and longest sentences 9 and 25,
// which the formula then gives within 0.8x to 1.2x. Training is 3x the forward (forward
// + backward); each epoch's validation 2x (teacher-forced and greedy); the final test
// evaluation 2x once.
#pragma once

#include <string>
#include <vector>

#include "translate/translate_session.hpp"

namespace alab::translate {

constexpr double kVocab = 120, kAttend = 20;

double sentence_work(const Seq2SeqConfig& c, int S, int L);

// One entry a model of s.kinds: the work of the whole run (every epoch, and the test).
Status translate_work(const TranslateInput& s, std::vector<double>& per_model);

// This computer's speed: 12 minibatches of an additive model (H = 48) timed, after 3
// untimed. seconds / work is the seconds a work unit takes here (about 0.1 s natively).
// corpus_seconds: the seconds building the corpus took per sentence pair (a run's
// fixed cost, which dominates a short run's time).
Status translate_probe(const std::string& grammar_json, double& seconds, double& work, double& corpus_seconds);

// The same as records (the page's shapes): {per_model}, and {grammar_json} -> {seconds, work, corpus_seconds}.
struct TranslateWork {
  std::vector<double> per_model;
};
inline Status translate_work(const TranslateInput& s, TranslateWork& out) { return translate_work(s, out.per_model); }
struct ProbeRequest {
  std::string grammar_json;
};
struct ProbeReply {
  double seconds = 0, work = 0, corpus_seconds = 0;
};
inline Status translate_probe(const ProbeRequest& in, ProbeReply& out) {
  return translate_probe(in.grammar_json, out.seconds, out.work, out.corpus_seconds);
}

}  // namespace alab::translate
