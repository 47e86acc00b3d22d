// What the lab says its experiments show, trained for real at full settings. Hidden from
// the default run (they take seconds natively, longer in WebAssembly); two tags say
// which arithmetic they may trust:
//
//   [story]  one seed, exactly what the page shows at its defaults: the module's race
//            (seed 3151), the race at T = 10, the translation page's default run. Its
//            outcome is a fact about one chaotic training run, so it is asserted only
//            where the arithmetic is the same on every machine: the WebAssembly build
//            (ctest's outcomes_wasm). A native build's vector width, FMA contraction and
//            libm differ between processors, and so would the outcome.
//   [seeds]  what the lab claims over several seeds, asserted over several seeds, so
//            that it holds whatever the processor and the code generation (ctest's
//            outcomes_native, on whatever ALAB_NATIVE_ARCH the build was configured with).
//
// Run by hand with  unit_tests "[story]"  or  unit_tests "[seeds]".
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <thread>

#include <nlohmann/json.hpp>

#include "lesson_text.hpp"
#include "reference_file.hpp"
#include "comments/comments_session.hpp"
#include "race/race_session.hpp"
#include "translate/translate_session.hpp"
#include "vision/vision_session.hpp"

using namespace alab;

namespace {

race::RaceOutcome race_to_end(const race::Settings& s) {
  race::RaceSession race;
  REQUIRE(race.start(s, /*threads=*/true).ok);
  race.run_here(nullptr);
  race::RaceOutcome r;
  REQUIRE(race.finish(r).ok);
  return r;
}

// The translation page's defaults, from its own schema (content/widgets/translate.json,
// compiled in: tests/cli/schema_check.mjs holds the two equal), so that this test and
// the page cannot drift apart.
translate::TranslateInput translate_defaults() {
  translate::TranslateInput s;
  s.settings = schema_defaults<settings::Translate>();
  s.grammar_json = test::read_repo_file("content/translation/grammar.json");
  REQUIRE(s.settings.attention == "additive");
  s.kinds = {"additive", "none"};
  return s;
}

// The page's session, driven as the page drives it in this build: on threads of its own
// where there are threads, in slices where there are none.
translate::TranslateOutcome translate_to_end(const translate::TranslateInput& s) {
  translate::TranslateSession session;
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  REQUIRE(session.start(s, false));
  while (!session.step(50)) {
  }
#else
  REQUIRE(session.start(s, true));
  while (!session.done()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
#endif
  translate::TranslateOutcome outcome;
  REQUIRE(session.finish(outcome));
  REQUIRE(outcome.models.size() == 2);
  return outcome;
}

}  // namespace

// ---- [story]: the page's own runs, in the build whose numbers every browser shares ----

TEST_CASE("worked example 2 at T = 30 (seed 3151): attention learns the task, the GRU does not", "[.story][race]") {
  const race::RaceOutcome r = race_to_end(race::Settings());  // the module's settings
  INFO("GRU " << r.gru.test_acc << ", attention " << r.attention.test_acc);
  CHECK(r.attention.test_acc >= 0.98);
  CHECK(r.gru.test_acc <= 0.65);
  // Lesson 07 quotes this run (test_lesson_numbers.cpp checks the rest of its numbers).
  CHECK_THAT(test::lesson_section(7), Catch::Matchers::Contains("falls from " + test::fixed(r.attention.test_acc, 3)));
}

// Lesson 07's link: the same race without positions. Its attention model can no longer
// find the first token, and ends near chance, above it by the counting cue the lesson's
// worked answer computes.
TEST_CASE("worked example 2 without positions: attention falls to near chance, as lesson 07 quotes",
          "[.story][race]") {
  race::Settings s;
  s.positions = "off";
  const race::RaceOutcome r = race_to_end(s);
  INFO("attention " << r.attention.test_acc);
  CHECK(r.attention.test_acc < 0.65);
  CHECK_THAT(test::lesson_section(7), Catch::Matchers::Contains("to about " + test::fixed(r.attention.test_acc, 2)));
}

TEST_CASE("at T = 10 the GRU learns the task too (a GRU that cannot is broken)", "[.story][race]") {
  race::Settings s;
  s.T = 10;
  const race::RaceOutcome r = race_to_end(s);
  INFO("GRU " << r.gru.test_acc << ", attention " << r.attention.test_acc);
  CHECK(r.gru.test_acc >= 0.9);
}

// The translation page's story at its defaults: attention learns the toy translation
// (>= 95 % of held-out sentences exactly right) with alignments far better than chance,
// while the fixed summary falls apart on the longest sentences.
TEST_CASE("the translation page's default run: attention translates, the fixed summary fails on long sentences",
          "[.story][translate]") {
  const translate::TranslateOutcome o = translate_to_end(translate_defaults());
  const translate::EvalResult& ra = o.models[0].test;
  const translate::EvalResult& rf = o.models[1].test;
  INFO("attention exact " << ra.exact_acc << ", longest " << ra.exact_by_bucket.back() << "; fixed longest "
                          << rf.exact_by_bucket.back());
  CHECK(ra.exact_acc >= 0.95);
  CHECK(ra.aer < 0.5 * ra.chance_aer);
  // The longest bucket (18 to 25 source words): at least 0.5 apart.
  CHECK(ra.exact_by_bucket.back() - rf.exact_by_bucket.back() >= 0.5);
  CHECK(std::isnan(rf.aer));
}

// ---- [seeds]: the claims the pages make over seeds, on any build ----

// The race page and the lesson: at the module's settings the GRU stays near chance and
// attention is far ahead in every run, and attention solves the task (>= 0.98) in most
// runs, not all: over seeds 1-20 it does in 15, in every build measured, and ends at
// 0.82-0.94 in the other 5 (docs/benchmarks.md, seed robustness; the reading page's sweep shows it).
// Seeds 3151 (the module's) and 1-5; natively about a second each.
TEST_CASE("over seeds at T = 30: the GRU stays near chance, attention is far ahead and solves most runs",
          "[.seeds][race]") {
  int solved = 0, n = 0;
  for (std::uint64_t seed : {3151, 1, 2, 3, 4, 5}) {
    race::Settings s;
    s.seed = seed;
    const race::RaceOutcome r = race_to_end(s);
    INFO("seed " << seed << ": GRU " << r.gru.test_acc << ", attention " << r.attention.test_acc);
    CHECK(r.gru.test_acc <= 0.65);
    CHECK(r.attention.test_acc >= r.gru.test_acc + 0.25);
    solved += r.attention.test_acc >= 0.98;
    ++n;
  }
  CHECK(solved > n / 2);
}

TEST_CASE("over seeds at T = 10: the GRU learns the task in every run", "[.seeds][race]") {
  for (std::uint64_t seed : {3151, 1, 2}) {
    race::Settings s;
    s.T = 10;
    s.seed = seed;
    const race::RaceOutcome r = race_to_end(s);
    INFO("seed " << seed << ": GRU " << r.gru.test_acc);
    CHECK(r.gru.test_acc >= 0.9);
  }
}

// The translation page: "most seeds reach 95 %" (its seed-robustness table in docs/benchmarks.md
// says how many of 20, per build); here at least two of three, and the fixed summary
// failing on the longest sentences in every run.
TEST_CASE("over seeds, the translation's defaults: attention translates in most runs", "[.seeds][translate]") {
  int translated = 0;
  for (int seed : {1, 2, 3}) {
    translate::TranslateInput s = translate_defaults();
    s.settings.seed = seed;
    const translate::TranslateOutcome o = translate_to_end(s);
    const translate::EvalResult& ra = o.models[0].test;
    const translate::EvalResult& rf = o.models[1].test;
    INFO("seed " << seed << ": attention exact " << ra.exact_acc << ", longest " << ra.exact_by_bucket.back()
                 << "; fixed longest " << rf.exact_by_bucket.back());
    CHECK(rf.exact_by_bucket.back() <= 0.1);
    CHECK(ra.aer < 0.5 * ra.chance_aer);
    translated += ra.exact_acc >= 0.95;
  }
  CHECK(translated >= 2);
}

// ---- the comments page (the module's anti-example) --------------------------------

namespace {

// The comments page's defaults, from its own schema (content/widgets/comments.json,
// compiled in: tests/cli/schema_check.mjs holds the two equal).
comments::CommentsInput comments_defaults() {
  comments::CommentsInput s;
  s.settings = schema_defaults<settings::Comments>();
  s.grammar_json = test::read_repo_file("content/comments/grammar.json");
  return s;
}

struct CommentsRun {
  comments::CommentsOutcome outcome;
  comments::AuditPair audit;
};

CommentsRun comments_to_end(const comments::CommentsInput& s) {
  comments::CommentsSession session;
  REQUIRE(session.start(s, /*threads=*/false).ok);
  while (!session.step(1000)) {}
  CommentsRun r;
  REQUIRE(session.finish(r.outcome).ok);
  REQUIRE(session.audit(r.audit).ok);
  return r;
}

double others_fpr(const comments::Audit& a, int planted) {
  double sum = 0;
  for (int g = 0; g < static_cast<int>(a.groups.size()); ++g)
    if (g != planted) sum += a.groups[g].fpr;
  return sum / (a.groups.size() - 1);
}

constexpr int kPlanted = 1;  // "osk" in content/comments/grammar.json (checked in test_comments.cpp)

// What the page says a planted shortcut does: the planted group's false-positive rate
// several times the others' and far above them, and predictions that change with the
// group name alone on a large share of the pairs that swap it in or out.
bool shows_shortcut(const comments::Audit& a) {
  const double others = others_fpr(a, kPlanted), planted = a.groups[kPlanted].fpr;
  return planted >= 3 * others && planted - others >= 0.3 && a.flips_planted >= 0.2;
}
// And what a remedy does: the gap and the flips brought close to nothing.
bool shortcut_gone(const comments::Audit& a) {
  return std::abs(a.groups[kPlanted].fpr - others_fpr(a, kPlanted)) <= 0.1 && a.flips_planted <= 0.05;
}

}  // namespace

TEST_CASE("the comments page's default run: the attention model learns the planted shortcut, the remedy removes it",
          "[.story][comments]") {
  comments::CommentsInput s = comments_defaults();
  const CommentsRun biased = comments_to_end(s);
  s.data = "remedy";
  const CommentsRun remedied = comments_to_end(s);
  for (const auto* a : {&biased.audit.attention, &biased.audit.bow}) {
    INFO("planted FPR " << a->groups[kPlanted].fpr << ", others " << others_fpr(*a, kPlanted) << ", flips " << a->flips_planted);
    CHECK(shows_shortcut(*a));
  }
  for (const auto* a : {&remedied.audit.attention, &remedied.audit.bow}) {
    INFO("planted FPR " << a->groups[kPlanted].fpr << ", others " << others_fpr(*a, kPlanted) << ", flips " << a->flips_planted);
    CHECK(shortcut_gone(*a));
  }
  // Masking the group name takes the planted group's excess away.
  const comments::Audit& a = biased.audit.attention;
  double masked_others = 0;
  for (int g = 0; g < 4; ++g) if (g != kPlanted) masked_others += a.groups[g].fpr_masked / 3;
  CHECK(a.groups[kPlanted].fpr_masked - masked_others <= 0.15);
}

TEST_CASE("over seeds 1-10 at the comments page's defaults: the shortcut in at least 9, the remedy in at least 9",
          "[.seeds][comments]") {
  int shortcut = 0, gone = 0;
  for (int seed = 1; seed <= 10; ++seed) {
    comments::CommentsInput s = comments_defaults();
    s.settings.seed = seed;
    const CommentsRun biased = comments_to_end(s);
    s.data = "remedy";
    const CommentsRun remedied = comments_to_end(s);
    const comments::Audit &b = biased.audit.attention, &r = remedied.audit.attention;
    UNSCOPED_INFO("seed " << seed << ": planted FPR " << b.groups[kPlanted].fpr << " vs " << others_fpr(b, kPlanted)
                          << ", flips " << b.flips_planted << "; remedied " << r.groups[kPlanted].fpr << " vs "
                          << others_fpr(r, kPlanted) << ", flips " << r.flips_planted);
    shortcut += shows_shortcut(b);
    gone += shortcut_gone(r);
  }
  CHECK(shortcut >= 9);
  CHECK(gone >= 9);
}

// ---- the image page (beyond text) ----------------------------------------------------

namespace {

struct VisionRun {
  vision::VisionOutcome outcome;
  vision::ShuffleCount shuffles;
};

// The image page's settings (its defaults: vision_defaults(), content/widgets/vision.json's).
VisionRun vision_to_end(const vision::VisionSettings& s) {
  vision::VisionSession session;
  REQUIRE(session.start(s, /*threads=*/false).ok);
  while (!session.step(1000)) {}
  VisionRun r;
  REQUIRE(session.finish(r.outcome).ok);
  REQUIRE(session.shuffle_count(r.shuffles).ok);
  return r;
}

// What the page says: the transformer at 95 % or more of the test images, the bag of
// patches near chance (at most 60 %), at least 35 points between them.
constexpr double kVisionSolved = 0.95, kVisionChance = 0.6, kVisionMargin = 0.35;

}  // namespace

TEST_CASE("the image page's default run: the transformer relates the plus signs' rows, the bag of patches cannot; "
          "without positions no shuffle changes an answer",
          "[.story][vision]") {
  vision::VisionSettings s = vision::vision_defaults();
  const VisionRun on = vision_to_end(s);
  const double vit = on.outcome.models[0].test_acc, bag = on.outcome.models[1].test_acc;
  INFO("transformer " << vit << ", bag of patches " << bag << ", shuffles changed " << on.shuffles.changed);
  CHECK(vit >= kVisionSolved);
  CHECK(bag <= kVisionChance);
  CHECK(vit - bag >= kVisionMargin);
  // With positions a shuffle moves the rows, and many answers with them; the bag's never.
  CHECK(on.shuffles.changed >= on.shuffles.n / 4);
  CHECK(on.shuffles.bag_changed == 0);
  s.positions = "off";
  const VisionRun off = vision_to_end(s);
  INFO("positions off: transformer " << off.outcome.models[0].test_acc);
  CHECK(off.outcome.models[0].test_acc <= kVisionChance);
  CHECK(off.shuffles.changed == 0);
}

TEST_CASE("over seeds 1-10 at the image page's defaults: the transformer at 95 % in at least 9, the bag near chance "
          "in all",
          "[.seeds][vision]") {
  int solved = 0, ahead = 0;
  for (int seed = 1; seed <= 10; ++seed) {
    vision::VisionSettings s = vision::vision_defaults();
    s.seed = seed;
    const VisionRun r = vision_to_end(s);
    const double vit = r.outcome.models[0].test_acc, bag = r.outcome.models[1].test_acc;
    UNSCOPED_INFO("seed " << seed << ": transformer " << vit << ", bag of patches " << bag);
    solved += vit >= kVisionSolved;
    ahead += vit - bag >= kVisionMargin;
    CHECK(bag <= kVisionChance);
    CHECK(r.shuffles.bag_changed == 0);
  }
  CHECK(solved >= 9);
  CHECK(ahead >= 9);
}
