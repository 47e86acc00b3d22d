#include "translate/corpus.hpp"

#include <algorithm>
#include <set>

namespace alab::translate {

namespace {

constexpr int kMaxDepth = 64;

struct Pick {
  const LexEntry* entry = nullptr;  // a category's entry, or
  SentencePair sub;                 // a sub-derivation
};

const std::vector<std::string>& tokens_of(const Pick& p, const RuleItem& it, bool source) {
  if (p.entry) return p.entry->forms.at(it.form.empty() ? (source ? "fr" : "en") : it.form);
  return source ? p.sub.src : p.sub.tgt;
}

Status expand(const Grammar& g, const std::string& symbol, rng::Pcg32& rng, int depth, int max_len,
              SentencePair& out, bool& too_long) {
  if (depth > kMaxDepth) return Status::error("the grammar recurses more than " + std::to_string(kMaxDepth) + " levels deep from " + symbol);
  double total = 0;
  for (const Rule& r : g.rules) if (r.lhs == symbol) total += r.weight;
  double u = rng.uniform01() * total;
  const Rule* rule = nullptr;
  for (const Rule& r : g.rules) {
    if (r.lhs != symbol) continue;
    rule = &r;
    if ((u -= r.weight) < 0) break;
  }
  // One pick per symbol instance, in source order (the target side reuses them).
  std::map<std::string, Pick> picks;
  for (const RuleItem& it : rule->src) {
    if (!it.symbol || picks.count(it.instance)) continue;
    Pick p;
    if (g.is_category(it.name)) {
      const auto& list = g.lexicon.at(it.name);
      p.entry = &list[rng.below(static_cast<std::uint32_t>(list.size()))];
    } else {
      if (Status st = expand(g, it.name, rng, depth + 1, max_len, p.sub, too_long); !st) return st;
      if (too_long) return Status::success();
    }
    picks.emplace(it.instance, std::move(p));
  }
  SentencePair s;
  std::vector<std::pair<int, int>> src_span, tgt_span;  // [begin, end) of each position's words
  for (const RuleItem& it : rule->src) {
    const int begin = static_cast<int>(s.src.size());
    if (it.symbol) { const auto& w = tokens_of(picks.at(it.instance), it, true); s.src.insert(s.src.end(), w.begin(), w.end()); }
    else s.src.push_back(it.text);
    src_span.emplace_back(begin, static_cast<int>(s.src.size()));
  }
  for (const RuleItem& it : rule->tgt) {
    const int begin = static_cast<int>(s.tgt.size());
    if (it.symbol) { const auto& w = tokens_of(picks.at(it.instance), it, false); s.tgt.insert(s.tgt.end(), w.begin(), w.end()); }
    else s.tgt.push_back(it.text);
    tgt_span.emplace_back(begin, static_cast<int>(s.tgt.size()));
  }
  if (max_len > 0 && static_cast<int>(s.src.size()) > max_len) { too_long = true; return Status::success(); }

  std::set<std::pair<int, int>> align;
  const auto join = [&](std::pair<int, int> a, std::pair<int, int> b) {
    for (int i = a.first; i < a.second; ++i)
      for (int j = b.first; j < b.second; ++j) align.emplace(i, j);
  };
  for (std::size_t i = 0; i < rule->src.size(); ++i) {
    const RuleItem& a = rule->src[i];
    if (!a.symbol || !a.form.empty()) continue;
    const Pick& p = picks.at(a.instance);
    for (std::size_t j = 0; j < rule->tgt.size(); ++j) {
      const RuleItem& b = rule->tgt[j];
      if (!b.symbol || b.instance != a.instance) continue;
      if (p.entry) join(src_span[i], tgt_span[j]);
      else for (const auto& [x, y] : p.sub.align) align.emplace(src_span[i].first + x, tgt_span[j].first + y);
    }
  }
  for (const auto& [a, b] : rule->links) join(src_span[a], tgt_span[b]);
  s.align.assign(align.begin(), align.end());
  out = std::move(s);
  return Status::success();
}

void add_words(Vocab& v, const std::set<std::string>& words) {
  v.words = {"<pad>", "<bos>", "<eos>"};
  v.words.insert(v.words.end(), words.begin(), words.end());
  v.ids.clear();
  for (int i = 0; i < v.size(); ++i) v.ids[v.words[i]] = i;
}

}  // namespace

Status derive(const Grammar& g, const std::string& symbol, rng::Pcg32& rng, int max_len, SentencePair& out,
              bool& too_long) {
  too_long = false;
  if (!g.is_lhs(symbol)) return Status::error(symbol + " has no rule");
  if (Status st = expand(g, symbol, rng, 0, max_len, out, too_long); !st || too_long) return st;
  // Elision, agreement, a/an: word for word, so the alignment holds as derived.
  apply_spelling(g.src_spelling, out.src);
  apply_spelling(g.tgt_spelling, out.tgt);
  return Status::success();
}

void grammar_vocab(const Grammar& g, Vocab& src, Vocab& tgt) {
  std::set<std::string> s, t;
  for (const auto& [cat, entries] : g.lexicon)
    for (const LexEntry& e : entries)
      for (const auto& [form, words] : e.forms) {
        // The source forms of the file: fr, det, and the form adjectives agree in (fem).
        const bool source = form == "fr" || form == "det" || (!g.src_spelling.form.empty() && form == g.src_spelling.form);
        (source ? s : t).insert(words.begin(), words.end());
      }
  for (const auto& [word, replaced] : g.src_spelling.before_vowel) s.insert(replaced);
  for (const auto& [word, replaced] : g.tgt_spelling.before_vowel) t.insert(replaced);
  for (const Rule& r : g.rules) {
    for (const RuleItem& it : r.src) if (!it.symbol) s.insert(it.text);
    for (const RuleItem& it : r.tgt) if (!it.symbol) t.insert(it.text);
  }
  add_words(src, s);
  add_words(tgt, t);
}

int length_bucket(int len, const std::vector<int>& buckets, int max_len) {
  if (buckets.empty() || len < buckets[0] || len > max_len) return -1;
  int b = 0;
  while (b + 1 < static_cast<int>(buckets.size()) && len >= buckets[b + 1]) ++b;
  return b;
}

Status make_corpus(const Grammar& g, const CorpusRequest& r, Corpus& out) {
  const int nb = static_cast<int>(r.buckets.size());
  if (nb < 1 || !std::is_sorted(r.buckets.begin(), r.buckets.end()) || r.buckets[0] < 1 || r.buckets.back() > r.max_len)
    return Status::error("the length buckets must rise from 1 to at most the longest sentence");
  if (r.n_train < nb || r.n_val < nb || r.n_test < nb)
    return Status::error("every split needs at least one sentence per length bucket");
  const int total = r.n_train + r.n_val + r.n_test;
  const auto share = [&](int n, int b) { return n / nb + (b < n % nb ? 1 : 0); };
  std::vector<std::vector<SentencePair>> found(nb);
  std::set<std::vector<std::string>> seen;
  rng::Pcg32 rng(static_cast<std::uint64_t>(r.seed), 0xC0);
  const long long attempts = 400LL * total;
  long long tries = 0;
  int filled = 0;
  while (filled < nb && tries++ < attempts) {
    SentencePair p;
    bool too_long = false;
    if (Status st = derive(g, g.start, rng, r.max_len, p, too_long); !st) return st;
    if (too_long) continue;
    const int b = length_bucket(static_cast<int>(p.src.size()), r.buckets, r.max_len);
    const int want = share(r.n_train, b < 0 ? 0 : b) + share(r.n_val, b < 0 ? 0 : b) + share(r.n_test, b < 0 ? 0 : b);
    if (b < 0 || static_cast<int>(found[b].size()) >= want || !seen.insert(p.src).second) continue;
    found[b].push_back(std::move(p));
    if (static_cast<int>(found[b].size()) == want) ++filled;
  }
  if (filled < nb) {
    for (int b = 0; b < nb; ++b) {
      const int want = share(r.n_train, b) + share(r.n_val, b) + share(r.n_test, b);
      if (static_cast<int>(found[b].size()) < want) {
        const int hi = b + 1 < nb ? r.buckets[b + 1] - 1 : r.max_len;
        return Status::error("the grammar gave only " + std::to_string(found[b].size()) + " distinct sentences of " +
                             std::to_string(r.buckets[b]) + " to " + std::to_string(hi) + " words, not the " +
                             std::to_string(want) + " asked for");
      }
    }
  }
  Corpus c;
  c.buckets = r.buckets;
  for (int b = 0; b < nb; ++b) {
    // In the order found (already random); the first share to training, then validation, then test.
    auto it = found[b].begin();
    const auto take = [&](std::vector<SentencePair>& dst, int n) { for (int i = 0; i < n; ++i) dst.push_back(std::move(*it++)); };
    take(c.train, share(r.n_train, b));
    take(c.val, share(r.n_val, b));
    take(c.test, share(r.n_test, b));
  }
  // Mix the buckets within each split, so minibatches see every length.
  rng::Pcg32 mix(static_cast<std::uint64_t>(r.seed), 0xC1);
  rng::shuffle(c.train, mix);
  rng::shuffle(c.val, mix);
  rng::shuffle(c.test, mix);
  grammar_vocab(g, c.src, c.tgt);
  out = std::move(c);
  return Status::success();
}

}  // namespace alab::translate
