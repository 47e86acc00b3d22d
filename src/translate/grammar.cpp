#include "translate/grammar.hpp"

#include <cctype>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace alab::translate {

namespace {

using nlohmann::json;

std::vector<std::string> split_words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// "N.det#2" style: an upper-case first letter makes a symbol.
RuleItem parse_item(const std::string& text) {
  RuleItem item;
  item.text = text;
  item.symbol = !text.empty() && std::isupper(static_cast<unsigned char>(text[0]));
  if (!item.symbol) return item;
  std::string rest = text;
  const auto dot = rest.find('.');
  std::string suffix;
  if (dot != std::string::npos) {
    item.form = rest.substr(dot + 1);
    rest = rest.substr(0, dot);
  }
  const auto hash = item.form.find('#');
  if (hash != std::string::npos) {  // N.det#2
    suffix = item.form.substr(hash);
    item.form = item.form.substr(0, hash);
  }
  const auto h2 = rest.find('#');
  if (h2 != std::string::npos) {  // N#2.det or N#2
    suffix = rest.substr(h2);
    rest = rest.substr(0, h2);
  }
  item.name = rest;
  item.instance = rest + suffix;
  return item;
}

Status side(const json& j, const std::string& where, std::vector<RuleItem>& out) {
  if (!j.is_array() || j.empty()) return Status::error(where + " must be a non-empty list of words and symbols");
  for (const json& w : j) {
    if (!w.is_string() || w.get<std::string>().empty() || w.get<std::string>().find(' ') != std::string::npos)
      return Status::error(where + " holds something that is not a single word or symbol");
    out.push_back(parse_item(w.get<std::string>()));
  }
  return Status::success();
}

// The first Unicode code point of a UTF-8 word (0 for an empty one).
char32_t first_code_point(const std::string& w) {
  if (w.empty()) return 0;
  const auto b = static_cast<unsigned char>(w[0]);
  const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  char32_t c = n == 1 ? b : b & (0x7F >> n);
  for (int i = 1; i < n && i < static_cast<int>(w.size()); ++i) c = (c << 6) | (static_cast<unsigned char>(w[i]) & 0x3F);
  return c;
}

std::u32string code_points(const std::string& s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    out.push_back(first_code_point(s.substr(i, n)));
    i += n;
  }
  return out;
}

// One side's "spelling" object, checked against the lexicon; `own` is the side's form
// ("fr" or "en").
Status parse_spelling(const json& j, const std::string& where, const Grammar& g, const std::string& own, Spelling& out) {
  if (!j.is_object()) return Status::error(where + " must be an object");
  if (j.contains("vowels")) {
    if (!j["vowels"].is_string() || j["vowels"].get<std::string>().empty()) return Status::error(where + ": \"vowels\" must be letters");
    out.vowels = code_points(j["vowels"].get<std::string>());
  }
  if (j.contains("before_vowel")) {
    if (!j["before_vowel"].is_object() || out.vowels.empty())
      return Status::error(where + ": \"before_vowel\" maps words to their form before a vowel, and needs \"vowels\"");
    for (const auto& [word, replaced] : j["before_vowel"].items()) {
      if (!replaced.is_string() || split_words(replaced.get<std::string>()).size() != 1 || split_words(word).size() != 1)
        return Status::error(where + ": \"before_vowel\" replaces one word by one word (\"" + word + "\")");
      out.before_vowel[word] = replaced.get<std::string>();
    }
  }
  if (j.contains("agreement")) {
    const json& a = j["agreement"];
    const auto text = [&](const char* k) { return a.is_object() && a.contains(k) && a[k].is_string() ? a[k].get<std::string>() : std::string(); };
    // A category's name, or a non-empty list of them.
    const auto names = [&](const char* k) {
      std::vector<std::string> out;
      if (!a.is_object() || !a.contains(k)) return out;
      if (a[k].is_string() && !a[k].get<std::string>().empty()) return std::vector<std::string>{a[k].get<std::string>()};
      if (!a[k].is_array()) return out;
      for (const json& n : a[k]) {
        if (!n.is_string() || n.get<std::string>().empty()) return std::vector<std::string>{};
        out.push_back(n.get<std::string>());
      }
      return out;
    };
    out.adjectives = names("adjective"), out.nouns = names("noun"), out.form = text("form");
    out.feminine_field = text("feminine_field"), out.feminine_value = text("feminine_value");
    if (out.adjectives.empty() || out.nouns.empty() || out.form.empty() || out.feminine_field.empty() || out.feminine_value.empty())
      return Status::error(where + ": \"agreement\" needs \"adjective\", \"noun\", \"form\", \"feminine_field\" and \"feminine_value\"");
    for (const auto* list : {&out.adjectives, &out.nouns})
      for (const std::string& c : *list)
        if (!g.is_category(c)) return Status::error(where + ": \"agreement\" names a category the lexicon does not have (" + c + ")");
    for (const std::string& noun : out.nouns)
      for (const LexEntry& e : g.lexicon.at(noun)) {
        if (!e.forms.count(out.feminine_field)) return Status::error(where + ": an entry of " + noun + " has no \"" + out.feminine_field + "\"");
        for (const std::string& w : e.forms.at(own)) out.noun_is_feminine[w] = e.forms.at(out.feminine_field) == std::vector<std::string>{out.feminine_value};
      }
    for (const std::string& adjective : out.adjectives)
      for (const LexEntry& e : g.lexicon.at(adjective)) {
        if (!e.forms.count(out.form) || e.forms.at(out.form).size() != 1 || e.forms.at(own).size() != 1)
          return Status::error(where + ": every entry of " + adjective + " needs a one-word \"" + out.form + "\"");
        out.adjective_agreeing[e.forms.at(own)[0]] = e.forms.at(out.form)[0];
      }
  }
  return Status::success();
}

}  // namespace

void apply_spelling(const Spelling& sp, std::vector<std::string>& words) {
  if (!sp.adjective_agreeing.empty()) {
    bool feminine = false;  // the last noun's gender so far
    for (std::string& w : words) {
      if (const auto n = sp.noun_is_feminine.find(w); n != sp.noun_is_feminine.end()) feminine = n->second;
      else if (const auto a = sp.adjective_agreeing.find(w); a != sp.adjective_agreeing.end() && feminine) w = a->second;
    }
  }
  if (!sp.before_vowel.empty()) {
    for (size_t i = 0; i + 1 < words.size(); ++i) {
      const auto r = sp.before_vowel.find(words[i]);
      if (r != sp.before_vowel.end() && sp.vowels.find(first_code_point(words[i + 1])) != std::u32string::npos) words[i] = r->second;
    }
  }
}

bool Grammar::is_lhs(const std::string& name) const {
  for (const Rule& r : rules)
    if (r.lhs == name) return true;
  return false;
}

Status parse_grammar(const std::string& json_text, Grammar& out) {
  const json doc = json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object()) return Status::error("the grammar is not a JSON object");
  Grammar g;
  if (!doc.contains("start") || !doc["start"].is_string()) return Status::error("the grammar needs a \"start\" symbol");
  g.start = doc["start"].get<std::string>();

  if (!doc.contains("lexicon") || !doc["lexicon"].is_object() || doc["lexicon"].empty())
    return Status::error("the grammar needs a \"lexicon\" of categories");
  for (const auto& [category, entries] : doc["lexicon"].items()) {
    const std::string where = "lexicon category " + category;
    if (category.empty() || !std::isupper(static_cast<unsigned char>(category[0])))
      return Status::error(where + ": a category's name starts with a capital letter");
    if (!entries.is_array() || entries.empty()) return Status::error(where + " must be a non-empty list of entries");
    std::vector<LexEntry>& list = g.lexicon[category];
    for (const json& e : entries) {
      if (!e.is_object()) return Status::error(where + " holds an entry that is not an object");
      LexEntry entry;
      for (const auto& [form, text] : e.items()) {
        if (!text.is_string() || split_words(text.get<std::string>()).empty())
          return Status::error(where + ": the form \"" + form + "\" of an entry must be words");
        entry.forms[form] = split_words(text.get<std::string>());
      }
      if (!entry.forms.count("fr") || !entry.forms.count("en"))
        return Status::error(where + ": every entry needs \"fr\" and \"en\"");
      list.push_back(std::move(entry));
    }
  }

  if (!doc.contains("rules") || !doc["rules"].is_array() || doc["rules"].empty())
    return Status::error("the grammar needs a list of \"rules\"");
  int k = 0;
  for (const json& jr : doc["rules"]) {
    const std::string where = "rule " + std::to_string(++k);
    if (!jr.is_object() || !jr.contains("lhs") || !jr["lhs"].is_string())
      return Status::error(where + " needs an \"lhs\"");
    Rule r;
    r.lhs = jr["lhs"].get<std::string>();
    if (jr.contains("weight")) {
      if (!jr["weight"].is_number() || !(jr["weight"].get<double>() > 0))
        return Status::error(where + ": \"weight\" must be a number above 0");
      r.weight = jr["weight"].get<double>();
    }
    if (!jr.contains("src") || !jr.contains("tgt")) return Status::error(where + " needs \"src\" and \"tgt\"");
    if (Status st = side(jr["src"], where + "'s src", r.src); !st) return st;
    if (Status st = side(jr["tgt"], where + "'s tgt", r.tgt); !st) return st;
    if (jr.contains("links")) {
      if (!jr["links"].is_array()) return Status::error(where + ": \"links\" must be a list of [source, target] pairs");
      for (const json& l : jr["links"]) {
        if (!l.is_array() || l.size() != 2 || !l[0].is_number_integer() || !l[1].is_number_integer())
          return Status::error(where + ": every link is a pair [source position, target position]");
        const int a = l[0].get<int>(), b = l[1].get<int>();
        if (a < 0 || a >= static_cast<int>(r.src.size()) || b < 0 || b >= static_cast<int>(r.tgt.size()))
          return Status::error(where + ": the link [" + std::to_string(a) + ", " + std::to_string(b) + "] points past the rule's words");
        r.links.emplace_back(a, b);
      }
    }
    g.rules.push_back(std::move(r));
  }

  // Every symbol is a category or some rule's lhs; a category's form exists in every
  // entry; a target symbol's instance appears on the source side too.
  if (!g.is_lhs(g.start) && !g.is_category(g.start)) return Status::error("the start symbol " + g.start + " has no rule");
  k = 0;
  for (const Rule& r : g.rules) {
    const std::string where = "rule " + std::to_string(++k) + " (" + r.lhs + ")";
    std::set<std::string> src_instances;
    for (const RuleItem& it : r.src)
      if (it.symbol) src_instances.insert(it.instance);
    for (const auto* items : {&r.src, &r.tgt}) {
      for (const RuleItem& it : *items) {
        if (!it.symbol) continue;
        const bool cat = g.is_category(it.name), lhs = g.is_lhs(it.name);
        if (!cat && !lhs) return Status::error(where + ": " + it.text + " is neither a lexicon category nor a rule's lhs");
        if (lhs && !it.form.empty()) return Status::error(where + ": " + it.text + ": only a lexicon category has forms");
        if (cat && !it.form.empty())
          for (const LexEntry& e : g.lexicon.at(it.name))
            if (!e.forms.count(it.form))
              return Status::error(where + ": " + it.text + ": an entry of " + it.name + " has no \"" + it.form + "\"");
        if (items == &r.tgt && !src_instances.count(it.instance))
          return Status::error(where + ": " + it.text + " is on the target side only");
      }
    }
  }
  if (doc.contains("spelling")) {
    const json& sp = doc["spelling"];
    if (!sp.is_object()) return Status::error("\"spelling\" must be an object with \"fr\" and/or \"en\"");
    if (sp.contains("fr")) if (Status st = parse_spelling(sp["fr"], "spelling.fr", g, "fr", g.src_spelling); !st) return st;
    if (sp.contains("en")) if (Status st = parse_spelling(sp["en"], "spelling.en", g, "en", g.tgt_spelling); !st) return st;
  }
  out = std::move(g);
  return Status::success();
}

}  // namespace alab::translate
