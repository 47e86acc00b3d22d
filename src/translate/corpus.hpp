// The toy parallel corpus: sentence pairs derived from the grammar
// (translate/grammar.hpp), each with its gold word alignment, balanced over source
// lengths and split into training, validation and test sets with no source sentence
// in two of them. Drawn from the lab's PCG32, so a seed gives the same corpus in
// every build.
//
// A derivation expands the start symbol by a rule chosen by weight; in that rule each
// symbol instance is picked once (a lexicon entry, or a sub-derivation) and used on
// both sides. Alignment pairs (source index, target index) come from: a sub-
// derivation's own pairs, shifted to where its words landed; a category written
// without a form on the source side, joined to all its target occurrences (all words
// to all words: "cherche" - "looks for"); and the rule's links, joining all the words
// of one position to all the words of the other ("ne" - "not", "mange" - "does").
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "rng/pcg32.hpp"
#include "translate/grammar.hpp"

namespace alab::translate {

struct SentencePair {
  std::vector<std::string> src, tgt;
  std::vector<std::pair<int, int>> align;  // sorted, unique (source index, target index)
};

// One derivation of `symbol` (a rule's lhs). Fails only on a grammar that recurses
// without end; `max_len` > 0 gives up early (sets too_long) once the source is longer.
Status derive(const Grammar& g, const std::string& symbol, rng::Pcg32& rng, int max_len, SentencePair& out,
              bool& too_long);

struct Vocab {
  std::vector<std::string> words;  // id -> word; 0 <pad>, 1 <bos>, 2 <eos>
  std::map<std::string, int> ids;
  int id(const std::string& w) const { auto it = ids.find(w); return it == ids.end() ? -1 : it->second; }
  int size() const { return static_cast<int>(words.size()); }
};
constexpr int kPad = 0, kBos = 1, kEos = 2;

// Every word the grammar can produce on each side (lexicon forms and rules' literals), sorted.
void grammar_vocab(const Grammar& g, Vocab& src, Vocab& tgt);

struct CorpusRequest {
  int seed = 1;
  int n_train = 2000, n_val = 250, n_test = 250;
  int max_len = 25;                                // longest source sentence
  std::vector<int> buckets = {3, 6, 9, 13, 18};    // lower edges of the source-length buckets
};

struct Corpus {
  std::vector<SentencePair> train, val, test;
  std::vector<int> buckets;  // as requested
  Vocab src, tgt;
};

// Which bucket a source length falls in (-1 below the first edge or above max_len).
int length_bucket(int len, const std::vector<int>& buckets, int max_len);

// Every bucket gets an equal share of each split (the remainder to the first buckets).
Status make_corpus(const Grammar& g, const CorpusRequest& r, Corpus& out);

}  // namespace alab::translate
