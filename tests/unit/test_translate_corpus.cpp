// The translation corpus (translate/grammar.hpp, translate/corpus.hpp): gold word
// alignments on hand-written derivations (one entry per category, so the words are
// known), the content file's grammar giving a balanced, deterministic corpus in which
// every word is aligned, and refusals of malformed grammars in words.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "reference_file.hpp"
#include "translate/corpus.hpp"
#include "translate/grammar.hpp"


using namespace alab;
using namespace alab::translate;
using Align = std::vector<std::pair<int, int>>;

namespace {

// A grammar with one entry per category and one rule for `start`: the derivation is fixed.
Grammar tiny(const std::string& rules, const std::string& start = "CLAUSE") {
  const std::string text = R"({"start": ")" + start + R"(", "lexicon": {
      "N": [{"fr": "chat", "en": "cat", "det": "le"}],
      "M": [{"fr": "souris", "en": "mouse", "det": "la"}],
      "ADJ": [{"fr": "noir", "en": "black"}],
      "V": [{"fr": "cherche", "en": "looks for", "base": "look for"}],
      "W": [{"fr": "mange", "en": "eats", "base": "eat"}],
      "ROLE": [{"fr": "étudiant", "en": "student"}]},
    "rules": [)" + rules + "]}";
  Grammar g;
  const Status st = parse_grammar(text, g);
  INFO(st.message);
  REQUIRE(st);
  return g;
}

SentencePair one(const Grammar& g) {
  rng::Pcg32 rng(1);
  SentencePair p;
  bool too_long = false;
  REQUIRE(derive(g, g.start, rng, 0, p, too_long));
  REQUIRE_FALSE(too_long);
  return p;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}
}  // namespace

TEST_CASE("gold alignments: the module's sentence, i am a student", "[translate]") {
  const Grammar g = tiny(R"({"lhs": "CLAUSE", "src": ["je", "suis", "ROLE"], "tgt": ["i", "am", "a", "ROLE"], "links": [[0, 0], [1, 1], [2, 2]]})");
  const SentencePair p = one(g);
  CHECK(p.src == words("je suis étudiant"));
  CHECK(p.tgt == words("i am a student"));
  // je-i, suis-am, étudiant-a (the article English needs), étudiant-student.
  CHECK(p.align == Align{{0, 0}, {1, 1}, {2, 2}, {2, 3}});
}

TEST_CASE("gold alignments: the adjective moves, the article follows the noun", "[translate]") {
  const Grammar g = tiny(R"({"lhs": "NP", "src": ["N.det", "N", "ADJ"], "tgt": ["the", "ADJ", "N"], "links": [[0, 0]]})", "NP");
  const SentencePair p = one(g);
  CHECK(p.src == words("le chat noir"));
  CHECK(p.tgt == words("the black cat"));
  CHECK(p.align == Align{{0, 0}, {1, 2}, {2, 1}});
}

TEST_CASE("gold alignments: negation ne ... pas -> does not, a sub-phrase shifted into place", "[translate]") {
  const Grammar g = tiny(R"(
    {"lhs": "CLAUSE", "src": ["NP", "VP"], "tgt": ["NP", "VP"]},
    {"lhs": "NP", "src": ["N.det", "N"], "tgt": ["the", "N"], "links": [[0, 0]]},
    {"lhs": "OBJ", "src": ["M.det", "M"], "tgt": ["the", "M"], "links": [[0, 0]]},
    {"lhs": "VP", "src": ["ne", "W", "pas", "OBJ"], "tgt": ["does", "not", "W.base", "OBJ"], "links": [[0, 1], [2, 1], [1, 0]]})");
  const SentencePair p = one(g);
  CHECK(p.src == words("le chat ne mange pas la souris"));
  CHECK(p.tgt == words("the cat does not eat the mouse"));
  // le-the, chat-cat, ne-not, mange-does, mange-eat, pas-not, la-the, souris-mouse.
  CHECK(p.align == Align{{0, 0}, {1, 1}, {2, 3}, {3, 2}, {3, 4}, {4, 3}, {5, 5}, {6, 6}});
}

TEST_CASE("gold alignments: a one-to-many entry aligns all its words", "[translate]") {
  const Grammar g = tiny(R"({"lhs": "CLAUSE", "src": ["N.det", "N", "V", "M.det", "M"], "tgt": ["the", "N", "V", "the", "M"], "links": [[0, 0], [3, 3]]})");
  const SentencePair p = one(g);
  CHECK(p.tgt == words("the cat looks for the mouse"));
  CHECK(p.align == Align{{0, 0}, {1, 1}, {2, 2}, {2, 3}, {3, 4}, {4, 5}});
}

TEST_CASE("the content's grammar: a balanced, deterministic corpus, every word aligned", "[translate]") {
  Grammar g;
  const Status st = parse_grammar(alab::test::read_repo_file("content/translation/grammar.json"), g);
  INFO(st.message);
  REQUIRE(st);
  CorpusRequest r;
  r.seed = 5;
  r.n_train = 500;
  r.n_val = 100;
  r.n_test = 100;
  Corpus c;
  REQUIRE(make_corpus(g, r, c));
  REQUIRE(c.train.size() == 500);
  REQUIRE(c.val.size() == 100);
  REQUIRE(c.test.size() == 100);
  // Balanced: each split has its share of every length bucket; no source sentence twice.
  std::set<std::vector<std::string>> sources;
  for (const auto* split : {&c.train, &c.val, &c.test}) {
    std::vector<int> counts(r.buckets.size(), 0);
    for (const SentencePair& p : *split) {
      const int b = length_bucket(static_cast<int>(p.src.size()), r.buckets, r.max_len);
      REQUIRE(b >= 0);
      ++counts[b];
      CHECK(sources.insert(p.src).second);
      // Every word on either side is aligned, and every pair points inside the sentences.
      std::vector<bool> s(p.src.size(), false), t(p.tgt.size(), false);
      for (const auto& [i, j] : p.align) {
        REQUIRE(i >= 0);
        REQUIRE(i < static_cast<int>(p.src.size()));
        REQUIRE(j >= 0);
        REQUIRE(j < static_cast<int>(p.tgt.size()));
        s[i] = t[j] = true;
      }
      for (bool x : s) CHECK(x);
      for (bool x : t) CHECK(x);
      for (const std::string& w : p.src) CHECK(c.src.id(w) > kEos);
      for (const std::string& w : p.tgt) CHECK(c.tgt.id(w) > kEos);
    }
    const int n = static_cast<int>(split->size()), nb = static_cast<int>(r.buckets.size());
    for (int b = 0; b < nb; ++b) CHECK(counts[b] == n / nb + (b < n % nb ? 1 : 0));
  }
  // The longest bucket reaches past 18 words; the same seed, the same corpus.
  int longest = 0;
  for (const SentencePair& p : c.train) longest = std::max(longest, static_cast<int>(p.src.size()));
  CHECK(longest >= 18);
  CHECK(longest <= 25);
  Corpus again;
  REQUIRE(make_corpus(g, r, again));
  for (std::size_t i = 0; i < c.test.size(); ++i) CHECK(again.test[i].src == c.test[i].src);
  CHECK(c.src.words[0] == "<pad>");
  CHECK(c.tgt.id("student") > kEos);
  CHECK(c.src.id("étudiant") > kEos);
}

// French and English as a reader would check them, written here from the languages'
// rules (not from the grammar's "spelling" section): the noun's gender and each
// adjective's two forms, elision before a vowel, "a" and "an", the pronoun "I".
namespace {

bool starts_with_vowel(const std::string& w) {
  for (const char* v : {"a", "e", "i", "o", "u", "y", "é", "è", "ê", "à", "â", "î", "ô", "û"})
    if (w.rfind(v, 0) == 0) return true;
  return false;
}

const std::set<std::string> kFeminine = {"souris", "fille", "maison", "pomme", "voiture"};
const std::set<std::string> kMasculine = {"chat", "chien", "garçon", "livre", "oiseau"};
const std::map<std::string, std::string> kAdjective = {  // masculine -> feminine
    {"noir", "noire"}, {"blanc", "blanche"}, {"rouge", "rouge"}, {"vert", "verte"}, {"lourd", "lourde"}, {"rapide", "rapide"},
    {"heureux", "heureuse"}, {"fatigué", "fatiguée"}, {"triste", "triste"}, {"calme", "calme"}};

bool is_noun(const std::string& w) { return kFeminine.count(w) || kMasculine.count(w); }

// What is wrong with one pair, in words (empty: nothing); counts what was checked.
std::vector<std::string> language_errors(const SentencePair& p, std::map<std::string, int>& seen) {
  std::vector<std::string> out;
  const auto& s = p.src;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const std::string& w = s[i];
    const std::string next = i + 1 < s.size() ? s[i + 1] : "";
    // Elision: le, la, ne, je before a consonant only; l', n', j' before a vowel only.
    if ((w == "le" || w == "la" || w == "ne" || w == "je") && starts_with_vowel(next)) out.push_back(w + " before " + next);
    if (w == "l'" || w == "n'" || w == "j'") {
      ++seen["elision"];
      if (!starts_with_vowel(next)) out.push_back(w + " before " + next);
    }
    // The article's gender is its noun's.
    if (w == "le" && !kMasculine.count(next)) out.push_back("le " + next);
    if (w == "la" && !kFeminine.count(next)) out.push_back("la " + next);
    // An adjective agrees with its noun: the word before it, or, after "est", the
    // subject's noun (just before "est", or before its own adjective).
    for (const auto& [masculine, feminine] : kAdjective) {
      if (w != masculine && w != feminine) continue;
      std::string noun = i >= 1 ? s[i - 1] : "";
      if (noun == "est") noun = i >= 2 && is_noun(s[i - 2]) ? s[i - 2] : i >= 3 ? s[i - 3] : "";
      if (!is_noun(noun)) { out.push_back(w + " with no noun"); continue; }
      const bool fem = kFeminine.count(noun) > 0;
      if (fem && feminine != masculine) ++seen["feminine adjective"];
      if (w != (fem ? feminine : masculine)) out.push_back(noun + " " + w);
    }
  }
  for (std::size_t j = 0; j < p.tgt.size(); ++j) {
    const std::string& w = p.tgt[j];
    const std::string next = j + 1 < p.tgt.size() ? p.tgt[j + 1] : "";
    if (w == "a" && starts_with_vowel(next)) out.push_back("a " + next);
    if (w == "an") {
      ++seen["an"];
      if (!starts_with_vowel(next)) out.push_back("an " + next);
    }
    if (w == "i") out.push_back("i (the pronoun is I)");
  }
  return out;
}

}  // namespace

TEST_CASE("the content's grammar writes correct French and English over whole corpora", "[translate]") {
  Grammar g;
  REQUIRE(parse_grammar(alab::test::read_repo_file("content/translation/grammar.json"), g));
  std::map<std::string, int> seen;
  int pairs = 0;
  for (int seed : {1, 2, 3}) {
    CorpusRequest r;  // the page's sizes
    r.seed = seed;
    Corpus c;
    REQUIRE(make_corpus(g, r, c));
    for (const auto* split : {&c.train, &c.val, &c.test}) {
      for (const SentencePair& p : *split) {
        ++pairs;
        const auto errors = language_errors(p, seen);
        if (!errors.empty()) {
          std::string sentence;
          for (const std::string& w : p.src) sentence += w + " ";
          INFO(sentence << "-> " << errors.front());
          CHECK(errors.empty());
        }
      }
    }
  }
  CHECK(pairs == 3 * 2500);
  // The rules were exercised, not passed by sentences that never needed them.
  CHECK(seen["elision"] > 100);
  CHECK(seen["feminine adjective"] > 100);
  CHECK(seen["an"] > 10);
}

// The checker itself finds each kind of mistake (the corpus before its spelling rules had all).
TEST_CASE("the language check finds elision, agreement, a/an and i mistakes", "[translate]") {
  std::map<std::string, int> seen;
  const auto errors = [&](std::vector<std::string> src, std::vector<std::string> tgt) {
    SentencePair p;
    p.src = std::move(src);
    p.tgt = std::move(tgt);
    return language_errors(p, seen).size();
  };
  CHECK(errors({"le", "oiseau", "ne", "aime", "pas", "la", "maison", "noir"}, {"the", "bird"}) == 3);
  CHECK(errors({"la", "voiture", "est", "lourd"}, {"i", "am", "a", "artist"}) == 3);
  CHECK(errors({"l'", "oiseau", "n'", "aime", "pas", "la", "maison", "noire"}, {"I", "am", "an", "artist"}) == 0);
  CHECK(errors({"la", "maison", "rouge", "est", "blanche"}, {"the", "house"}) == 0);
}

TEST_CASE("malformed grammars are refused in words that name the rule", "[translate]") {
  Grammar g;
  CHECK(parse_grammar("{ not json", g).message.find("not a JSON object") != std::string::npos);
  const std::string lex = R"("lexicon": {"N": [{"fr": "chat", "en": "cat"}]})";
  CHECK(parse_grammar(R"({"start": "S", )" + lex + R"(, "rules": [{"lhs": "S", "src": ["N", "X"], "tgt": ["N"]}]})", g).message ==
        "rule 1 (S): X is neither a lexicon category nor a rule's lhs");
  CHECK(parse_grammar(R"({"start": "S", )" + lex + R"(, "rules": [{"lhs": "S", "src": ["N.det"], "tgt": ["N"]}]})", g).message ==
        "rule 1 (S): N.det: an entry of N has no \"det\"");
  CHECK(parse_grammar(R"({"start": "S", )" + lex + R"(, "rules": [{"lhs": "S", "src": ["N"], "tgt": ["N"], "links": [[0, 3]]}]})", g).message ==
        "rule 1: the link [0, 3] points past the rule's words");
  CHECK(parse_grammar(R"({"start": "S", )" + lex + R"(, "rules": [{"lhs": "S", "src": ["le"], "tgt": ["N"]}]})", g).message ==
        "rule 1 (S): N is on the target side only");
  CHECK(parse_grammar(R"({"start": "S", "lexicon": {"N": [{"fr": "chat"}]}, "rules": []})", g).message ==
        "lexicon category N: every entry needs \"fr\" and \"en\"");
  // Agreement over a list of categories names the one the lexicon lacks.
  const std::string agree = R"(, "rules": [{"lhs": "S", "src": ["N"], "tgt": ["N"]}], "spelling": {"fr": {"agreement":
      {"adjective": ["ADJ", "PADJ"], "noun": ["N"], "form": "fem", "feminine_field": "det", "feminine_value": "la"}}}})";
  CHECK(parse_grammar(R"({"start": "S", "lexicon": {"N": [{"fr": "chat", "en": "cat", "det": "le"}], "ADJ": [{"fr": "noir", "fem": "noire", "en": "black"}]})" + agree, g).message ==
        "spelling.fr: \"agreement\" names a category the lexicon does not have (PADJ)");
  CHECK(parse_grammar(R"({"start": "S", "lexicon": {"N": [{"fr": "chat", "en": "cat", "det": "le"}], "ADJ": [{"fr": "noir", "fem": "noire", "en": "black"}], "PADJ": [{"fr": "triste", "en": "sad"}]})" + agree, g).message ==
        "spelling.fr: every entry of PADJ needs a one-word \"fem\"");
  // A grammar that cannot fill a bucket says so.
  const Grammar small = tiny(R"({"lhs": "CLAUSE", "src": ["je", "suis", "ROLE"], "tgt": ["i", "am", "a", "ROLE"]})");
  CorpusRequest r;
  r.n_train = 10;
  r.n_val = 5;
  r.n_test = 5;
  Corpus c;
  const Status st = make_corpus(small, r, c);
  CHECK(st.message.find("distinct sentences") != std::string::npos);
}

// People are never described by a colour or a weight (the module's ethics section warns
// about data that does), while things still are. The nouns and adjectives are written
// here, not read from the grammar's categories, and include colours and weights the
// grammar does not have, so that a new entry put in the wrong category is caught.
namespace {

const std::set<std::string> kPeopleFr = {"fille", "garçon", "femme", "homme", "enfant", "étudiant", "professeur", "médecin", "artiste"};
const std::set<std::string> kPeopleEn = {"girl", "boy", "woman", "man", "child", "student", "teacher", "doctor", "artist"};
const std::set<std::string> kThingsFr = {"chat", "chien", "souris", "maison", "pomme", "livre", "voiture", "oiseau"};
const std::set<std::string> kThingsEn = {"cat", "dog", "mouse", "house", "apple", "book", "car", "bird"};
const std::set<std::string> kColourWeightFr = {"noir", "noire", "blanc", "blanche", "rouge", "vert", "verte", "bleu", "bleue",
                                               "jaune", "gris", "grise", "brun", "brune", "lourd", "lourde", "léger", "légère",
                                               "gros", "grosse", "mince", "maigre"};
const std::set<std::string> kColourWeightEn = {"black", "white", "red", "green", "blue", "yellow", "grey", "gray", "brown",
                                               "dark", "pale", "heavy", "light", "fat", "thin", "slim"};

struct Described {
  int people = 0, things = 0;    // colour or weight adjectives attached to each
  std::vector<std::string> bad;  // "girl - black", and adjectives attached to no noun
};

// Which noun each colour or weight adjective of a sentence describes. French: the noun
// just before it, or after "est" the subject ("la fille est noire", "la fille X est
// noire"). English: the noun just after it, or after "is" the noun before "is".
void describe(const std::vector<std::string>& w, bool french, Described& d) {
  const auto& colour = french ? kColourWeightFr : kColourWeightEn;
  const auto& people = french ? kPeopleFr : kPeopleEn;
  const auto& things = french ? kThingsFr : kThingsEn;
  const auto noun = [&](const std::string& x) { return people.count(x) || things.count(x); };
  const auto at = [&](std::size_t i) { return i < w.size() ? w[i] : std::string(); };
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (!colour.count(w[i])) continue;
    std::string n;
    if (french) {
      n = at(i - 1);
      if (n == "est") n = noun(at(i - 2)) ? at(i - 2) : at(i - 3);
    } else {
      n = noun(at(i + 1)) ? at(i + 1) : at(i - 1) == "is" ? at(i - 2) : "";
    }
    if (people.count(n)) ++d.people, d.bad.push_back(n + " - " + w[i]);
    else if (things.count(n)) ++d.things;
    else d.bad.push_back(w[i] + " with no noun");
  }
}

}  // namespace

TEST_CASE("the page's corpus describes no person by a colour or a weight; things keep theirs", "[translate]") {
  Grammar g;
  REQUIRE(parse_grammar(alab::test::read_repo_file("content/translation/grammar.json"), g));
  int pairs = 0, people_mentioned = 0;
  Described fr, en;
  for (int seed : {1, 2, 3}) {
    CorpusRequest r;  // the page's whole corpus: 3,000 training, 250 validation, 250 test
    r.seed = seed;
    r.n_train = 3000;
    Corpus c;
    REQUIRE(make_corpus(g, r, c));
    for (const auto* split : {&c.train, &c.val, &c.test}) {
      for (const SentencePair& p : *split) {
        ++pairs;
        const std::size_t fr_before = fr.bad.size(), en_before = en.bad.size();
        describe(p.src, true, fr);
        describe(p.tgt, false, en);
        for (const std::string& w : p.tgt) people_mentioned += w == "girl" || w == "boy";
        if (fr.bad.size() != fr_before || en.bad.size() != en_before) {
          std::string sentence;
          for (const std::string& w : p.src) sentence += w + " ";
          INFO(sentence << "-> " << (fr.bad.size() != fr_before ? fr.bad.back() : en.bad.back()));
          CHECK(fr.bad.size() + en.bad.size() == fr_before + en_before);
        }
      }
    }
  }
  CHECK(pairs == 3 * 3500);
  CHECK(fr.people == 0);
  CHECK(en.people == 0);
  // Not passed by leaving people or adjectives out: girls and boys are in many sentences,
  // and things are described by colours and weights on both sides, as often as each other.
  CHECK(people_mentioned > 1000);
  CHECK(fr.things > 3000);
  CHECK(en.things == fr.things);
}

// The check itself finds a person described by colour or weight, before the noun or after
// "est"/"is", on either side, and lets things and people's other adjectives pass.
TEST_CASE("the people check finds a colour or a weight attached to a person", "[translate]") {
  const auto count = [](const std::string& s, bool french) {
    Described d;
    describe(words(s), french, d);
    return std::make_pair(d.people, d.things);
  };
  CHECK(count("la fille blanche est noire", true) == std::make_pair(2, 0));
  CHECK(count("the white girl is black", false) == std::make_pair(2, 0));
  CHECK(count("le garçon est lourd", true) == std::make_pair(1, 0));
  CHECK(count("the heavy boy sees the red car", false) == std::make_pair(1, 1));
  CHECK(count("la fille heureuse voit le chat noir et la maison est blanche", true) == std::make_pair(0, 2));
  CHECK(count("the tired girl sees the black cat and the house is white", false) == std::make_pair(0, 2));
  CHECK(count("le garçon fatigué est triste", true) == std::make_pair(0, 0));
}
