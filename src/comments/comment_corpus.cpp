#include "comments/comment_corpus.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <tuple>

#include "core/quote.hpp"
#include "rng/pcg32.hpp"

namespace alab::comments {
namespace {

constexpr const char* kGroupSlot = "{group}";
constexpr const char* kPad = "<pad>";

// Streams of Pcg32(seed, stream): one per split, so that the validation and test splits
// do not depend on how the training split was drawn.
enum Stream : std::uint64_t { kTrainStream = 1, kValStream = 2, kTestStream = 3 };

Status word_lists(const nlohmann::json& j, const std::string& name, bool allow_empty, std::vector<Words>& out) {
  if (!j.is_array() || j.empty()) return Status::error("the comment grammar needs a non-empty list \"" + name + "\"");
  for (const auto& item : j) {
    Words w;
    if (item.is_string()) {  // a phrase written as one string: its words
      std::string s = item.get<std::string>(), word;
      for (char ch : s + " ") {
        if (ch == ' ') { if (!word.empty()) w.push_back(word); word.clear(); }
        else word += ch;
      }
    } else if (item.is_array()) {
      for (const auto& t : item) {
        if (!t.is_string() || t.get<std::string>().empty()) return Status::error("\"" + name + "\": every word must be a non-empty string");
        w.push_back(t.get<std::string>());
      }
    } else {
      return Status::error("\"" + name + "\": every entry must be a list of words or a string");
    }
    if (w.empty() && !allow_empty) return Status::error("\"" + name + "\" has an empty entry");
    out.push_back(std::move(w));
  }
  return Status::success();
}

int longest(const std::vector<Words>& lists) {
  std::size_t n = 0;
  for (const Words& w : lists) n = std::max(n, w.size());
  return static_cast<int>(n);
}

// One comment from its parts, left-padded into row (seq_len ids).
void write_comment(const Corpus& c, int group, PhraseKind kind, rng::Pcg32& rng, int seq_len, int* row, CommentInfo& info) {
  const Grammar& g = c.grammar;
  const Words& opener = g.openers[rng.below(static_cast<std::uint32_t>(g.openers.size()))];
  const Words& mention = g.mentions[rng.below(static_cast<std::uint32_t>(g.mentions.size()))];
  const auto& list = g.phrases[static_cast<int>(kind)];
  const Words& phrase = list[rng.below(static_cast<std::uint32_t>(list.size()))];
  const Words& ending = g.endings[rng.below(static_cast<std::uint32_t>(g.endings.size()))];
  const int len = static_cast<int>(opener.size() + mention.size() + phrase.size() + ending.size());
  int t = seq_len - len;
  std::fill(row, row + t, 0);
  info.group = group;
  info.kind = kind;
  for (const std::string& w : opener) row[t++] = c.vocab.id(w);
  for (const std::string& w : mention) {
    if (w == kGroupSlot) {
      info.group_pos = t;
      row[t++] = c.group_ids[group];
    } else {
      row[t++] = c.vocab.id(w);
    }
  }
  info.phrase_begin = t;
  for (const std::string& w : phrase) row[t++] = c.vocab.id(w);
  info.phrase_end = t;
  for (const std::string& w : ending) row[t++] = c.vocab.id(w);
}

CommentSet alloc_set(int n, int seq_len) {
  CommentSet s;
  s.data.tokens = xt::xtensor<int, 2>::from_shape({static_cast<std::size_t>(n), static_cast<std::size_t>(seq_len)});
  s.data.labels.resize(static_cast<std::size_t>(n));
  s.info.resize(static_cast<std::size_t>(n));
  return s;
}

// A training or validation split: group uniform; label 1 with probability `bias` for
// the planted group and 1/2 for the others; the phrase agrees with the label except
// with probability `noise`; a non-hostile phrase is friendly or neutral, half and half.
CommentSet noisy_split(const Corpus& c, int n, int seq_len, double bias, double noise, rng::Pcg32& rng) {
  CommentSet s = alloc_set(n, seq_len);
  const auto groups = static_cast<std::uint32_t>(c.grammar.groups.size());
  for (int i = 0; i < n; ++i) {
    const int group = static_cast<int>(rng.below(groups));
    const double rate = group == c.grammar.planted ? bias : 0.5;
    const int label = rng.uniform01() < rate ? 1 : 0;
    const bool agrees = rng.uniform01() >= noise;
    const bool hostile = agrees ? label == 1 : label == 0;
    const PhraseKind kind = hostile ? PhraseKind::hostile : rng.below(2) ? PhraseKind::neutral : PhraseKind::friendly;
    write_comment(c, group, kind, rng, seq_len, &s.data.tokens(i, 0), s.info[i]);
    s.data.labels[i] = label;
  }
  return s;
}

// The balanced test split: comment i is about group i mod G, and its phrase kind cycles
// hostile, hostile, friendly, neutral over i div G; labels follow the phrases.
CommentSet balanced_split(const Corpus& c, int n, int seq_len, rng::Pcg32& rng) {
  static constexpr PhraseKind kCycle[4] = {PhraseKind::hostile, PhraseKind::hostile, PhraseKind::friendly, PhraseKind::neutral};
  CommentSet s = alloc_set(n, seq_len);
  const int groups = static_cast<int>(c.grammar.groups.size());
  for (int i = 0; i < n; ++i) {
    const PhraseKind kind = kCycle[(i / groups) % 4];
    write_comment(c, i % groups, kind, rng, seq_len, &s.data.tokens(i, 0), s.info[i]);
    s.data.labels[i] = kind == PhraseKind::hostile ? 1 : 0;
  }
  return s;
}

CommentSet augmented(const Corpus& c, const CommentSet& base) {
  const int n = base.n(), T = base.data.T(), groups = static_cast<int>(c.grammar.groups.size());
  CommentSet s = alloc_set(n * groups, T);
  for (int i = 0; i < n; ++i)
    for (int g = 0, r = i * groups; g < groups; ++g, ++r) {  // the original first, then its swaps
      const int to = (base.info[i].group + g) % groups;
      swap_group(c, base.data.sequence(i), base.info[i], to, &s.data.tokens(r, 0));
      s.info[r] = base.info[i];
      s.info[r].group = to;
      s.data.labels[r] = base.data.labels[i];
    }
  return s;
}

}  // namespace

const char* phrase_kind_name(PhraseKind k) {
  return k == PhraseKind::hostile ? "hostile" : k == PhraseKind::friendly ? "friendly" : "neutral";
}

Status parse_grammar(const std::string& json, Grammar& out) {
  out = Grammar{};
  const nlohmann::json j = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return Status::error("the comment grammar is not a JSON object");
  if (!j.contains("groups") || !j["groups"].is_array() || j["groups"].size() < 2)
    return Status::error("the comment grammar needs at least two \"groups\"");
  for (const auto& g : j["groups"]) {
    if (!g.is_string() || g.get<std::string>().empty() || g.get<std::string>().find(' ') != std::string::npos)
      return Status::error("\"groups\": every group name must be one word");
    out.groups.push_back(g.get<std::string>());
  }
  const std::string planted = j.value("planted", std::string());
  const auto it = std::find(out.groups.begin(), out.groups.end(), planted);
  if (it == out.groups.end()) return Status::error("\"planted\" must be one of the groups");
  out.planted = static_cast<int>(it - out.groups.begin());
  for (const auto& [name, list, empty_ok] : {std::tuple<const char*, std::vector<Words>*, bool>{"openers", &out.openers, true},
                                             {"mentions", &out.mentions, false},
                                             {"endings", &out.endings, false}}) {
    if (Status st = word_lists(j.value(name, nlohmann::json()), name, empty_ok, *list); !st) return st;
  }
  for (const Words& m : out.mentions)
    if (std::count(m.begin(), m.end(), kGroupSlot) != 1) return Status::error("\"mentions\": each must hold \"{group}\" once");
  const nlohmann::json phrases = j.value("phrases", nlohmann::json());
  for (int k = 0; k < 3; ++k) {
    const char* name = phrase_kind_name(static_cast<PhraseKind>(k));
    if (!phrases.is_object() || !phrases.contains(name)) return Status::error(std::string("the comment grammar needs \"phrases\" that are ") + name);
    if (Status st = word_lists(phrases[name], std::string("phrases.") + name, false, out.phrases[k]); !st) return st;
  }
  out.longest = longest(out.openers) + longest(out.mentions) + longest(out.endings) +
                std::max({longest(out.phrases[0]), longest(out.phrases[1]), longest(out.phrases[2])});
  return Status::success();
}

Vocabulary make_vocabulary(const Grammar& g) {
  Vocabulary v;
  const auto add = [&](const std::string& w) {
    if (w == kGroupSlot || v.ids.count(w)) return;
    v.ids[w] = static_cast<int>(v.words.size());
    v.words.push_back(w);
  };
  add(kPad);
  for (const std::string& w : g.groups) add(w);
  for (const auto* lists : {&g.openers, &g.mentions, &g.phrases[0], &g.phrases[1], &g.phrases[2], &g.endings})
    for (const Words& ws : *lists)
      for (const std::string& w : ws) add(w);
  return v;
}

Status make_corpus(const Grammar& g, const CorpusSettings& s, TrainingData training, Corpus& out) {
  if (s.seq_len < g.longest)
    return Status::error("comments need " + std::to_string(g.longest) + " tokens; seq_len is " + std::to_string(s.seq_len));
  if (s.n_train < 1 || s.n_val < 1 || s.n_test < 1) return Status::error("every split needs at least one comment");
  out = Corpus{};
  out.grammar = g;
  out.vocab = make_vocabulary(g);
  for (const std::string& name : g.groups) out.group_ids.push_back(out.vocab.id(name));
  out.seq_len = s.seq_len;
  rng::Pcg32 train_rng(s.seed, kTrainStream), val_rng(s.seed, kValStream), test_rng(s.seed, kTestStream);
  const double bias = training == TrainingData::balanced ? 0.5 : s.bias;
  out.train = noisy_split(out, s.n_train, s.seq_len, bias, s.noise, train_rng);
  if (training == TrainingData::augmented) out.train = augmented(out, out.train);
  out.val = noisy_split(out, s.n_val, s.seq_len, s.bias, s.noise, val_rng);
  out.test = balanced_split(out, s.n_test, s.seq_len, test_rng);
  return Status::success();
}

void swap_group(const Corpus& c, const int* tokens, const CommentInfo& info, int group, int* out) {
  std::copy(tokens, tokens + c.seq_len, out);
  out[info.group_pos] = c.group_ids[group];
}

Words comment_words(const Corpus& c, const int* tokens, int seq_len) {
  Words w;
  for (int t = 0; t < seq_len; ++t)
    if (tokens[t] != 0) w.push_back(c.vocab.words[tokens[t]]);
  return w;
}

Status tokenize_comment(const Corpus& c, const std::string& text, std::vector<int>& out) {
  out.clear();
  Words words;
  std::string word;
  const auto flush = [&] { if (!word.empty()) words.push_back(word); word.clear(); };
  for (char ch : text) {
    const auto u = static_cast<unsigned char>(ch);
    if (std::isspace(u)) flush();
    else if (ch == ',' || ch == '.' || ch == '!' || ch == '?') { flush(); word = ch; flush(); }
    else word += static_cast<char>(u < 0x80 ? std::tolower(u) : u);
  }
  flush();
  std::string unknown;
  int n_unknown = 0;
  for (const std::string& w : words) {
    const int id = c.vocab.id(w);
    if (id > 0) { out.push_back(id); continue; }
    if (++n_unknown <= 5) unknown += (unknown.empty() ? "" : ", ") + quoted(w);
  }
  if (n_unknown > 5) unknown += " and " + std::to_string(n_unknown - 5) + " more";
  if (!unknown.empty()) return Status::error("not in the corpus's vocabulary: " + unknown);
  const int T = c.seq_len;
  if (out.empty()) return Status::error("type a comment of at least one word");
  if (static_cast<int>(out.size()) > T)
    return Status::error("a comment has at most " + std::to_string(T) + " words here; this one has " + std::to_string(out.size()));
  out.insert(out.begin(), static_cast<std::size_t>(T) - out.size(), 0);
  return Status::success();
}

}  // namespace alab::comments
