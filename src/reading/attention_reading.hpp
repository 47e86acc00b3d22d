// Reading a trained attention model with care (the module's last learning outcome):
// what its classifying attention row says, what happens when the input or the row is
// changed, and whether a very different row would give the same answer.
//
// The model is the race's attention classifier (nn/attention_classifier.hpp) with
// pooling "last": for a sequence x of T tokens,
//   e_t = emb[x_t] + pos[t]             (pos omitted without positional embeddings)
//   q = Wq e_{T-1},  k_j = Wk e_j,  v_j = Wv e_j
//   alpha = softmax_j(q . k_j / sqrt(dk))  the classifying (last) position's row
//   z = sum_j alpha_j v_j,  logits = fc_w z + fc_b,  p = softmax(logits)
// computed here in double from the trained float weights.
//
// Ablations: a masked position gets score -inf (the others renormalised); a swap or a
// replaced token recomputes everything from the changed sequence.
//
// A different map with the same answer (after Jain & Wallace 2019): the logit
// difference d(a) = logits_1 - logits_0 = sum_j a_j c_j + b, with c_j = (fc_w[1] -
// fc_w[0]) . v_j and b = fc_b[1] - fc_b[0], is linear in the row a, so "the same
// class with its probability within tol" is a slab d_lo <= d(a) <= d_hi across the
// simplex. The Jensen-Shannon divergence JSD(alpha, a) is convex in a, so its maximum
// over that polytope is at a vertex: a one-hot row e_j inside the slab, or a point
// where an edge between e_i and e_j crosses the slab's boundary. adversarial_row
// checks every one (O(T^2) candidates, O(T) each): the exact optimum, not a local one
// from gradient ascent. The row it finds is not one the model would produce for any
// input; it shows only that this row is not the only one consistent with the answer
// (Wiegreffe & Pinter 2019).
#pragma once

#include <cstdint>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "core/status.hpp"
#include "nn/attention_classifier.hpp"

namespace alab::reading {

// The trained weights, as the reading needs them (double).
struct ReadModel {
  MatD emb, pos;         // V x D, T x D (pos empty without positional embeddings)
  MatD Wq, Wk, Wv;       // dk x D, dk x D, dv x D
  MatD fc_w;             // 2 x dv
  double fc_b[2] = {0, 0};
};

// Refuses a model with mean pooling (no single classifying row).
Status read_model(const nn::AttentionClassifier<float>& m, ReadModel& out);

struct Reading {
  std::vector<double> alpha;  // T: the classifying row
  double p1 = 0;              // probability of class 1
  int pred = 0;               // the class predicted (class 1 only when its logit is larger)
  double prob() const { return pred == 1 ? p1 : 1 - p1; }
};

// x: T token ids; masked: positions whose score is set to -inf (at least one left).
Status read_sequence(const ReadModel& m, const std::vector<int>& x, const std::vector<int>& masked, Reading& out);
// The model's output when its classifying row is replaced by `alpha` (T weights).
Reading read_with_row(const ReadModel& m, const std::vector<int>& x, const std::vector<double>& alpha);

// Jensen-Shannon divergence in bits (0 to 1): the mean Kullback-Leibler divergence of
// p and q from their average.
double jensen_shannon_bits(const std::vector<double>& p, const std::vector<double>& q);

struct Adversary {
  std::vector<double> alpha;  // the row found
  double jsd = 0;             // JSD(learned row, alpha), bits
  Reading reading;            // the output with it
  Reading learned;            // the output with the learned row
};
// tol: how far the predicted class's probability may move (0 to 0.5).
Status adversarial_row(const ReadModel& m, const std::vector<int>& x, double tol, Adversary& out);

// Over a set of sequences (n x T, row-major) with their labels: accuracy as trained,
// and with each sequence's most-attended position masked, a random one (seeded), the first.
struct AblationSummary {
  int n = 0;
  double as_trained = 0, top_masked = 0, random_masked = 0, first_masked = 0;
};
// tokens: n x T (a race::Dataset's), labels: n.
Status ablate_set(const ReadModel& m, const xt::xtensor<int, 2>& tokens, const std::vector<int>& labels,
                  std::uint64_t seed, AblationSummary& out);

}  // namespace alab::reading
