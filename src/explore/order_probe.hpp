// Is self-attention blind to order? Two sentences (e.g. "dog bites man" and "man bites
// dog") through one self-attention head (attention/self_attention.hpp), with seeded
// token embeddings and weights, with or without positional information.
//
// Without positions the layer is permutation-equivariant: if the second sentence is
// the first one reordered, second[i] = first[pi(i)], then its input rows are the first
// one's rows permuted, X2 = P X1, so Q2 = P Q1, K2 = P K1, V2 = P V1,
// S2 = P S1 P^T, A2 = P A1 P^T (a row softmax commutes with permuting a row's entries)
// and Z2 = A2 V2 = P A1 P^T P V1 = P Z1: the same output vectors, permuted with the
// tokens, up to the rounding of sums taken in another order. Any pooling that
// ignores position (the mean over positions) gives exactly the same vector twice.
// Adding positional vectors, X = E + PE, breaks P X1 = X2 and the outputs differ.
//
// Shapes: T tokens, d = d_model = d_k = d_v; E: a token's d-vector, drawn from the
// lab's PCG32 seeded by the seed and the token's text (so "dog" has one embedding
// wherever it appears), W_Q, W_K, W_V: d x d with entries N(0, 1/d).
#pragma once

#include <string>
#include <vector>

#include "core/status.hpp"
#include "settings/order.gen.hpp"

namespace alab::explore {

// d, the seed, the positions and the tokens per sentence (fixed "maxTokens") are checked
// against content/widgets/order.json (core/widget_schemas.hpp), a token's bytes against
// content/shared.json's tokenBytes (the page trims and cuts names before this).

// The page's settings (content/widgets/order.json: seed, d, positions, one of none |
// sinusoidal | learned) and the two sentences.
struct OrderRequest : settings::Order {
  std::vector<std::string> first, second;  // the two sentences' tokens
};

struct OrderReply {
  int T1 = 0, T2 = 0, d = 0;
  std::vector<double> Z_first, Z_second;    // T1 x d, T2 x d: the layer's outputs
  std::vector<double> A_first, A_second;    // T1 x T1, T2 x T2: its attention weights
  std::vector<double> pooled_first, pooled_second;  // d each: the mean over positions
  // When the second sentence is a reordering of the first: second[i] = first[perm[i]]
  // (repeated tokens matched in order), else perm is empty.
  bool reordering = false;
  std::vector<int> perm;
  double max_difference = 0;  // max_i,c |Z_second[i, c] - Z_first[perm[i], c]| (reorderings only)
  double pooled_difference = 0;  // max_c |pooled_second[c] - pooled_first[c]| (same lengths only)
};

// second[i] = first[perm[i]] for every i, repeated tokens in order; false if none exists.
bool find_reordering(const std::vector<std::string>& first, const std::vector<std::string>& second,
                     std::vector<int>& perm);

// A token's embedding: d entries N(0, 1) from PCG32(seed, FNV-1a(text)).
std::vector<double> token_embedding(const std::string& text, int seed, int d);

Status order_probe(const OrderRequest& r, OrderReply& out);

}  // namespace alab::explore
