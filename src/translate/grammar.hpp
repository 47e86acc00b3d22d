// The translation page's toy grammar (content/translation/grammar.json): a lexicon
// of categories whose entries have a French-like and an English side, and
// synchronous rules that expand a symbol into a source and a target sequence at
// once, so that every generated pair carries its gold word alignment
// (translate/corpus.hpp). The file's format is described in its own "about".
//
// Parsing takes the JSON text (no I/O here): the page hands over what the site
// embedded, the native tests and the command line read the file. Every refusal says
// which rule or entry is wrong.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"

namespace alab::translate {

// One entry: its forms, each a list of tokens ("en": ["looks", "for"]); "fr" and "en"
// are required, others ("det", "base") are used as CAT.form.
struct LexEntry {
  std::map<std::string, std::vector<std::string>> forms;
};

// A position of a rule's side: a literal token, or a symbol (a lexicon category or a
// rule's lhs) with an optional form and instance (N.det, N#2).
struct RuleItem {
  std::string text;      // as written
  bool symbol = false;
  std::string name;      // the category or lhs ("N")
  std::string instance;  // name plus any #k ("N#2"): one pick per instance per expansion
  std::string form;      // "det", "base", or empty (the side's own: "fr" / "en")
};

struct Rule {
  std::string lhs;
  double weight = 1;
  std::vector<RuleItem> src, tgt;
  std::vector<std::pair<int, int>> links;  // [source position, target position]
};

// A side's spelling rules, applied to each whole sentence once it is derived, word by
// word so that the alignment stays as it is ("spelling" in the grammar file):
//   before_vowel: a word replaced before a word starting with a vowel (French elision
//     "le oiseau" -> "l' oiseau", "ne aime" -> "n' aime"; English "a artist" -> "an artist");
//   agreement: an adjective (an entry of an `adjective` category) takes its `form`
//     ("fem") when the last noun before it (an entry of a `noun` category) has
//     `feminine_field` = `feminine_value` (det = "la"): "la maison noire", "la voiture
//     est rapide", "la fille est fatiguée". `adjective` and `noun` are a category or a
//     list of them (nouns of things and of people, each with their own adjectives).
struct Spelling {
  std::u32string vowels;  // the letters that begin a vowel sound on this side
  std::map<std::string, std::string> before_vowel;
  std::vector<std::string> adjectives, nouns;           // empty: no agreement
  std::string form, feminine_field, feminine_value;
  // Derived from the lexicon when the grammar is parsed: each noun's word -> feminine?,
  // each adjective's word -> its agreeing form.
  std::map<std::string, bool> noun_is_feminine;
  std::map<std::string, std::string> adjective_agreeing;
};

struct Grammar {
  std::string start;
  std::map<std::string, std::vector<LexEntry>> lexicon;
  std::vector<Rule> rules;
  Spelling src_spelling, tgt_spelling;
  bool is_category(const std::string& name) const { return lexicon.count(name) > 0; }
  bool is_lhs(const std::string& name) const;
};

Status parse_grammar(const std::string& json_text, Grammar& out);

// The side's spelling rules applied to a derived sentence's words (same length).
void apply_spelling(const Spelling& spelling, std::vector<std::string>& words);

}  // namespace alab::translate
