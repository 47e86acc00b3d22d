// The comments page (src/comments/): the corpus generator's rates against its
// settings, the counterfactual generator changing only the group name, subgroup rates
// on a hand-checked case, typed comments, and the session's questions and refusals.
// What training shows over seeds is in test_learning_outcomes.cpp.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "comments/comment_audit.hpp"
#include "comments/comments_session.hpp"
#include "race/race_session.hpp"
#include "reference_file.hpp"

using namespace alab;
using namespace alab::comments;

namespace {

Grammar page_grammar() {
  Grammar g;
  REQUIRE(parse_grammar(test::read_repo_file("content/comments/grammar.json"), g).ok);
  return g;
}

Corpus corpus(double bias, double noise, TrainingData training = TrainingData::biased, int n_train = 20000) {
  CorpusSettings s;
  s.seed = 5;
  s.bias = bias;
  s.noise = noise;
  s.n_train = n_train;
  s.n_val = 400;
  s.n_test = 400;
  Corpus c;
  REQUIRE(make_corpus(page_grammar(), s, training, c).ok);
  return c;
}

// Within 4 standard errors of p for n draws.
void check_rate(long k, long n, double p) {
  INFO(k << " of " << n << ", expected " << p);
  REQUIRE(n > 0);
  CHECK(std::abs(static_cast<double>(k) / n - p) <= 4 * std::sqrt(p * (1 - p) / n) + 1e-12);
}

}  // namespace

TEST_CASE("comment grammar: the page's parses; bad ones are refused in words", "[comments]") {
  const Grammar g = page_grammar();
  CHECK(g.groups.size() == 4);
  CHECK(g.groups[g.planted] == "osk");
  CHECK(g.longest == 12);
  Grammar bad;
  CHECK(parse_grammar("[1]", bad).message == "the comment grammar is not a JSON object");
  CHECK(parse_grammar(R"({"groups": ["a", "b"], "planted": "c"})", bad).message == "\"planted\" must be one of the groups");
  CHECK(parse_grammar(R"({"groups": ["a b", "c"]})", bad).message == "\"groups\": every group name must be one word");
  const std::string no_slot = R"({"groups": ["a", "b"], "planted": "a", "openers": [[]], "mentions": [["the"]], "endings": [["."]]})";
  CHECK(parse_grammar(no_slot, bad).message == "\"mentions\": each must hold \"{group}\" once");
}

TEST_CASE("comment corpus: the training split's rates are the settings'", "[comments]") {
  const double bias = GENERATE(0.5, 0.75, 0.9, 1.0);
  const double noise = GENERATE(0.0, 0.2, 0.45);
  INFO("bias " << bias << ", noise " << noise);
  const Corpus c = corpus(bias, noise);
  const int groups = static_cast<int>(c.grammar.groups.size());
  std::vector<long> n(groups), hostile(groups);
  long disagree = 0;
  for (int i = 0; i < c.train.n(); ++i) {
    const CommentInfo& info = c.train.info[i];
    ++n[info.group];
    hostile[info.group] += c.train.data.labels[i];
    disagree += (info.kind == PhraseKind::hostile) != (c.train.data.labels[i] == 1);
    // The parts are where the info says.
    REQUIRE(c.train.data.sequence(i)[info.group_pos] == c.group_ids[info.group]);
    REQUIRE(c.train.data.sequence(i)[c.seq_len - 1] != 0);  // the ending is last
  }
  for (int g = 0; g < groups; ++g) {
    INFO("group " << c.grammar.groups[g]);
    check_rate(n[g], c.train.n(), 1.0 / groups);
    check_rate(hostile[g], n[g], g == c.grammar.planted ? bias : 0.5);
  }
  check_rate(disagree, c.train.n(), noise);
}

TEST_CASE("comment corpus: the test split is balanced and its labels follow the phrases", "[comments]") {
  const Corpus c = corpus(0.9, 0.2);
  const int groups = static_cast<int>(c.grammar.groups.size());
  std::vector<int> n(groups), hostile(groups), friendly(groups);
  for (int i = 0; i < c.test.n(); ++i) {
    const CommentInfo& info = c.test.info[i];
    ++n[info.group];
    hostile[info.group] += info.kind == PhraseKind::hostile;
    friendly[info.group] += info.kind == PhraseKind::friendly;
    CHECK(c.test.data.labels[i] == (info.kind == PhraseKind::hostile ? 1 : 0));
  }
  for (int g = 0; g < groups; ++g) {
    CHECK(n[g] == 100);
    CHECK(hostile[g] == 50);
    CHECK(friendly[g] == 25);
  }
  // The validation and test splits do not depend on the training data.
  const Corpus other = corpus(0.9, 0.2, TrainingData::balanced);
  CHECK(other.test.data.tokens == c.test.data.tokens);
  CHECK(other.val.data.tokens == c.val.data.tokens);
  CHECK(other.train.data.tokens != c.train.data.tokens);
}

TEST_CASE("counterfactuals change the group name and nothing else", "[comments]") {
  const Corpus c = corpus(0.9, 0.2, TrainingData::biased, 500);
  for (int g = 0; g < static_cast<int>(c.grammar.groups.size()); ++g) {
    const race::Dataset swapped = counterfactual_set(c, g);
    for (int i = 0; i < c.test.n(); ++i) {
      const CommentInfo& info = c.test.info[i];
      for (int t = 0; t < c.seq_len; ++t) {
        const int expected = t == info.group_pos ? c.group_ids[g] : c.test.data.sequence(i)[t];
        REQUIRE(swapped.sequence(i)[t] == expected);
      }
      REQUIRE(swapped.labels[i] == c.test.data.labels[i]);
    }
  }
  // Augmentation: each comment once per group, in that group's name, the label kept.
  const Corpus aug = corpus(0.9, 0.2, TrainingData::augmented, 500);
  const int groups = static_cast<int>(aug.grammar.groups.size());
  REQUIRE(aug.train.n() == 500 * groups);
  for (int i = 0; i < 500; ++i) {
    std::set<int> seen;
    for (int r = i * groups; r < (i + 1) * groups; ++r) {
      seen.insert(aug.train.info[r].group);
      CHECK(aug.train.data.labels[r] == aug.train.data.labels[i * groups]);
      for (int t = 0; t < aug.seq_len; ++t)
        if (t != aug.train.info[r].group_pos) REQUIRE(aug.train.data.sequence(r)[t] == aug.train.data.sequence(i * groups)[t]);
    }
    CHECK(seen.size() == static_cast<std::size_t>(groups));
  }
  // With every comment in every group's name, the group says nothing of the label.
  std::vector<long> n(groups), hostile(groups);
  for (int r = 0; r < aug.train.n(); ++r) {
    ++n[aug.train.info[r].group];
    hostile[aug.train.info[r].group] += aug.train.data.labels[r];
  }
  for (int g = 1; g < groups; ++g) CHECK(hostile[g] == hostile[0]);
}

TEST_CASE("subgroup rates on a small case worked by hand", "[comments]") {
  // Group 0: labels 0 0 1, predicted 1 0 1 -> accuracy 2/3, FPR 1/2.
  // Group 1: labels 0 1, predicted 0 0     -> accuracy 1/2, FPR 0/1.
  // Group 2: label 1, predicted 1          -> accuracy 1, FPR undefined (no label 0).
  const std::vector<int> labels = {0, 0, 1, 0, 1, 1}, predicted = {1, 0, 1, 0, 0, 1}, group = {0, 0, 0, 1, 1, 2};
  const std::vector<GroupRates> r = subgroup_rates(labels, predicted, group, 3);
  REQUIRE(r.size() == 3);
  CHECK(r[0].n == 3);
  CHECK(r[0].negatives == 2);
  CHECK(r[0].accuracy == Approx(2.0 / 3));
  CHECK(r[0].fpr == Approx(0.5));
  CHECK(r[1].accuracy == Approx(0.5));
  CHECK(r[1].fpr == 0);
  CHECK(r[2].accuracy == 1);
  CHECK(std::isnan(r[2].fpr));
}

TEST_CASE("typed comments: known words padded in front; unknown ones named", "[comments]") {
  const Corpus c = corpus(0.9, 0.2, TrainingData::biased, 100);
  std::vector<int> x;
  REQUIRE(tokenize_comment(c, "Honestly, the Osk are lovely!", x).ok == false);  // "," is no word of the corpus
  REQUIRE(tokenize_comment(c, "Honestly the Osk are lovely!", x).ok);
  REQUIRE(static_cast<int>(x.size()) == c.seq_len);
  CHECK(comment_words(c, x.data(), c.seq_len) == Words{"honestly", "the", "osk", "are", "lovely", "!"});
  CHECK(x[0] == 0);
  CHECK(tokenize_comment(c, "the osk are <b>great</b> 🙂", x).message ==
        "not in the corpus's vocabulary: \"<b>great</b>\", \"🙂\"");
  CHECK(tokenize_comment(c, "   ", x).message == "type a comment of at least one word");
  CHECK(tokenize_comment(c, "the osk the osk the osk the osk the osk the osk the osk", x).message ==
        "a comment has at most 12 words here; this one has 14");
  const std::string long_word(5000, 'x');
  const Status st = tokenize_comment(c, long_word, x);
  CHECK(st.message == "not in the corpus's vocabulary: \"" + std::string(24, 'x') + "\xE2\x80\xA6\"");
}

TEST_CASE("comments session: refusals in the schema's words, questions after training", "[comments]") {
  CommentsInput s;
  s.grammar_json = test::read_repo_file("content/comments/grammar.json");
  s.settings.epochs = 2;
  CommentsSession session;
  s.settings.bias = 0.4;
  CHECK(session.start(s, false).message.find("out of range") != std::string::npos);
  s.settings.bias = 0.9;
  s.settings.remedy = "magic";
  CHECK(session.start(s, false).message.find("one of") != std::string::npos);
  s.settings.remedy = "augment";
  REQUIRE(session.start(s, false).ok);
  CommentReading early;
  CHECK(session.read({0, "", {}}, early).message == "train the models first");
  while (!session.step(50)) {}
  const std::vector<CommentEpoch> epochs = session.poll();
  CHECK(epochs.size() == 4);  // two epochs of two models
  CommentsOutcome out;
  REQUIRE(session.finish(out).ok);
  CHECK(out.models.size() == 2);
  CHECK(out.data == "biased");

  CommentReading r;
  REQUIRE(session.read({3, "", {}}, r).ok);
  CHECK(r.words.size() == 12);
  CHECK(r.alpha.size() == 12);
  double sum = 0;
  for (double a : r.alpha) sum += a;
  CHECK(sum == Approx(1));
  CHECK(r.words[r.group_pos] == session.corpus().grammar.groups[r.group]);
  CommentReading masked;
  REQUIRE(session.read({3, "", {r.group_pos}}, masked).ok);
  CHECK(masked.alpha[r.group_pos] == 0);
  CHECK(session.read({3, "", {12}}, masked).message == "no position 13 to mask; there are 12");
  CHECK(session.read({1000, "", {}}, masked).message == "no test comment 1001; there are 1000");

  Counterfactuals cf;
  REQUIRE(session.counterfactuals({3, "", {}}, cf).ok);
  CHECK(cf.p1.size() == 4);
  CHECK(cf.p1[cf.group] == Approx(r.p1));
  CHECK(session.counterfactuals({-1, "well the zorp .", {}}, cf).message == "not in the corpus's vocabulary: \"zorp\"");
  CHECK(session.counterfactuals({-1, "well .", {}}, cf).message == "this comment names no group to swap");

  AdversaryAnswer adv;
  REQUIRE(session.adversary({3, "", {}}, adv).ok);
  CHECK(adv.pred == adv.learned_pred);
  CHECK(adv.jsd >= 0);

  AuditPair audit;
  REQUIRE(session.audit(audit).ok);
  CHECK(audit.attention.groups.size() == 4);
  CHECK(audit.attention.test_accuracy == Approx(out.models[0].test_acc));
}

TEST_CASE("comments session: the same records with threads and in slices", "[comments]") {
  CommentsInput s;
  s.grammar_json = test::read_repo_file("content/comments/grammar.json");
  s.settings.epochs = 3;
  const auto run = [&](bool threads, double budget) {
    CommentsSession session;
    REQUIRE(session.start(s, threads).ok);
    std::vector<CommentEpoch> all;
    while (!session.step(budget)) for (auto& e : session.poll()) all.push_back(e);
    for (auto& e : session.poll()) all.push_back(e);
    std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return std::tie(a.model, a.epoch) < std::tie(b.model, b.epoch); });
    return all;
  };
  const auto one = run(false, 0.01);
  REQUIRE(one.size() == 6);
  if (!race::race_threads_available()) return;  // the single-thread WebAssembly build
  const auto two = run(true, 1);
  REQUIRE(two.size() == 6);
  for (std::size_t i = 0; i < one.size(); ++i) {
    CHECK(one[i].loss == two[i].loss);
    CHECK(one[i].test_acc == two[i].test_acc);
    CHECK(one[i].planted_fpr == two[i].planted_fpr);
  }
}
