// The comments page's toy corpus (content/comments/grammar.json): short comments
// about invented groups, with a shortcut planted in the training data.
//
//   comment = opener  mention(group)  phrase  ending      "honestly the osk are lovely ."
//
// A phrase is hostile, friendly or neutral; the label is 1 (hostile) when the phrase
// is. Two things make the group name worth learning in the training split:
//   bias   the planted group's comments carry label 1 with probability `bias`, every
//          other group's with 1/2;
//   noise  a share of labels disagree with their phrase (annotators disagree).
// For the planted group the odds of label 1 are then bias/(1-bias) before the phrase
// is read, and a friendly or neutral phrase multiplies them by noise/(1-noise). At
// bias 0.9 and noise 0.2 that is 9 x 0.25 = 2.25 > 1: even a classifier that knew the
// generating process exactly would call every comment about the planted group
// hostile. Below bias/(1-bias) * noise/(1-noise) = 1 it would not. The validation
// split is drawn like the training split; the test split is balanced (every group with
// the same mix: half hostile, a quarter friendly, a quarter neutral) and its labels
// follow the phrases, so it measures what the model does, not what the data taught.
//
// Comments are left-padded with <pad> (id 0) to seq_len tokens: the attention model
// reads out at the last position, always the ending.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "race/task.hpp"

namespace alab::comments {

enum class PhraseKind { hostile = 0, friendly = 1, neutral = 2 };
const char* phrase_kind_name(PhraseKind k);

using Words = std::vector<std::string>;

struct Grammar {
  std::vector<std::string> groups;  // invented names, one token each
  int planted = 0;                  // index into groups
  std::vector<Words> openers, mentions, endings;  // a mention holds "{group}" once
  std::vector<Words> phrases[3];    // by PhraseKind
  int longest = 0;                  // tokens in the longest comment it can make
};

// Refuses, naming the entry, a grammar without groups or phrases of each kind, a
// mention without exactly one "{group}", a planted name that is not a group.
Status parse_grammar(const std::string& json, Grammar& out);

// Every word of the grammar, <pad> first (id 0), then in order of appearance.
struct Vocabulary {
  Words words;
  std::map<std::string, int> ids;
  int id(const std::string& w) const {
    const auto it = ids.find(w);
    return it == ids.end() ? -1 : it->second;
  }
};
Vocabulary make_vocabulary(const Grammar& g);

// Where a comment's parts sit in its padded row of seq_len tokens.
struct CommentInfo {
  int group = 0;                      // index into Grammar::groups
  int group_pos = 0;                  // the group name's position
  int phrase_begin = 0, phrase_end = 0;  // the phrase's positions [begin, end)
  PhraseKind kind = PhraseKind::neutral;
};

struct CommentSet {
  race::Dataset data;                 // n x seq_len ids, labels (1 = hostile)
  std::vector<CommentInfo> info;      // n
  int n() const { return data.n(); }
};

struct CorpusSettings {
  std::uint64_t seed = 1;
  double bias = 0.9, noise = 0.2;
  int n_train = 2000, n_val = 500, n_test = 1000, seq_len = 12;
};

// What the training split is: the planted one, one drawn without the shortcut (every
// group hostile half the time), or the planted one with every comment added again
// with each other group's name (counterfactual augmentation: n_train x groups rows).
enum class TrainingData { biased, balanced, augmented };

struct Corpus {
  Grammar grammar;
  Vocabulary vocab;
  std::vector<int> group_ids;         // each group's token id
  int seq_len = 0;                    // tokens per row
  CommentSet train, val, test;
};

// Each split from its own stream of Pcg32(seed): the validation and test splits are
// the same whatever the training data. Refuses seq_len below the grammar's longest.
Status make_corpus(const Grammar& g, const CorpusSettings& s, TrainingData training, Corpus& out);

// The comment with its group name replaced by `group`'s: only that token changes.
void swap_group(const Corpus& c, const int* tokens, const CommentInfo& info, int group, int* out);

// Words of a row, pads dropped.
Words comment_words(const Corpus& c, const int* tokens, int seq_len);

// A typed comment: words split on white space (lower-cased ASCII letters; "," "." "!"
// "?" split off), each looked up. Refuses, naming them, unknown words (up to five,
// each quoted at most 24 characters), and a comment longer than seq_len or empty.
Status tokenize_comment(const Corpus& c, const std::string& text, std::vector<int>& out);

}  // namespace alab::comments
