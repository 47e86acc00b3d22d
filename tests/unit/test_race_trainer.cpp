// The step-wise trainer and the race: determinism however the work is sliced or
// threaded, stopping, progress reports, attention read-out.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "nn/attention_classifier.hpp"
#include "race/epoch_runner.hpp"
#include "race/race_session.hpp"

using namespace alab;
using namespace alab::race;

namespace {

// Small enough to train in a blink; still the real task.
Settings small_settings() {
  Settings s;
  s.T = 6;
  s.vocab = 4;
  s.dmodel = 8;
  s.hidden = 8;
  s.batch = 32;
  s.epochs = 3;
  s.n_train = 200;  // 7 batches, the last of 8
  s.n_val = 64;
  s.n_test = 64;
  s.lr = 1e-2;
  return s;
}

bool same_curves(const std::vector<EpochStats>& a, const std::vector<EpochStats>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)  // bit-identical, not approximately equal
    if (a[i].epoch != b[i].epoch || a[i].loss != b[i].loss || a[i].train_acc != b[i].train_acc ||
        a[i].val_acc != b[i].val_acc)
      return false;
  return true;
}

std::vector<EpochStats> train_sliced(ModelKind kind, const Settings& s, const TaskData& data, int slice) {
  Trainer t(kind, s, data);
  while (!t.finished()) {
    while (!t.train_some(slice)) {
    }
    t.end_epoch();
  }
  return t.history();
}

}  // namespace

TEST_CASE("a trainer's history does not depend on how its batches are sliced", "[train]") {
  const Settings s = small_settings();
  const TaskData data = make_task(s);
  for (ModelKind kind : {ModelKind::gru, ModelKind::attention}) {
    INFO(model_name(kind));
    const auto whole = train_sliced(kind, s, data, 1000);
    REQUIRE(whole.size() == 3u);
    CHECK(same_curves(whole, train_sliced(kind, s, data, 1)));
    CHECK(same_curves(whole, train_sliced(kind, s, data, 3)));
    for (const auto& e : whole) {
      CHECK(std::isfinite(e.loss));
      CHECK((e.train_acc >= 0 && e.train_acc <= 1));
    }
  }
}

TEST_CASE("both models on two threads give the same histories as in line", "[train]") {
  // run_pair with threads evaluates each closed epoch on a snapshot, on whichever
  // thread takes it, while the next epoch trains; in line (and with end_epoch alone)
  // the evaluation follows the epoch. All must agree bit for bit, reports in order.
  const Settings s = small_settings();
  const TaskData data = make_task(s);
  const auto gru_alone = train_sliced(ModelKind::gru, s, data, 1000);
  const auto attn_alone = train_sliced(ModelKind::attention, s, data, 1000);
  for (bool threads : {false, true}) {
    INFO("threads " << threads);
    // Either model first: the thread that calls run_pair trains model 0.
    for (bool gru_first : {true, false}) {
      Trainer gru(ModelKind::gru, s, data), attn(ModelKind::attention, s, data);
      std::vector<int> reported[2];
      std::mutex mu;
      const auto done = run_pair(gru_first ? gru : attn, gru_first ? attn : gru, threads,
                                 [&](int m, const EpochStats& e) {
                                   const std::lock_guard<std::mutex> lock(mu);
                                   reported[m].push_back(e.epoch);
                                 });
      CHECK((done[0] && done[1]));
      CHECK(same_curves(gru_alone, gru.history()));
      CHECK(same_curves(attn_alone, attn.history()));
      for (const auto& r : reported) CHECK(r == std::vector<int>{1, 2, 3});
    }
  }
}

TEST_CASE("run_pair stops between minibatches and reports only finished epochs", "[train]") {
  const Settings s = small_settings();
  const TaskData data = make_task(s);
  for (bool threads : {false, true}) {
    INFO("threads " << threads);
    Trainer gru(ModelKind::gru, s, data), attn(ModelKind::attention, s, data);
    std::atomic<bool> stop{false};
    gru.set_stop_flag(&stop);
    attn.set_stop_flag(&stop);
    std::atomic<int> reports{0};
    // Stop as the first epoch is reported: no model reaches its last epoch (3).
    const auto done = run_pair(gru, attn, threads, [&](int, const EpochStats&) {
      ++reports;
      stop = true;
    });
    CHECK_FALSE(done[0]);
    CHECK_FALSE(done[1]);
    CHECK(reports.load() >= 1);
    CHECK(gru.history().size() + attn.history().size() == static_cast<std::size_t>(reports.load()));
    CHECK_FALSE(gru.finished());
    CHECK_FALSE(attn.finished());
    if (!threads) {  // in line: the GRU's first epoch, then nothing more
      CHECK(gru.history().size() == 1u);
      CHECK(attn.history().empty());
    }
  }
}

TEST_CASE("the trainer counts batches and stops between them", "[train]") {
  const Settings s = small_settings();
  const TaskData data = make_task(s);
  Trainer t(ModelKind::attention, s, data);
  CHECK(t.batches_per_epoch() == 7);
  CHECK_FALSE(t.train_some(2));
  CHECK(t.batches_done_this_epoch() == 2);
  std::atomic<bool> stop{true};
  t.set_stop_flag(&stop);
  CHECK_FALSE(t.train_some(5));
  CHECK(t.batches_done_this_epoch() == 2);  // nothing ran
  stop = false;
  CHECK(t.train_some(5));
  CHECK(t.batches_done_this_epoch() == 7);
  const EpochStats e = t.end_epoch();
  CHECK(e.epoch == 1);
  CHECK(t.batches_done_this_epoch() == 0);
  const Evaluation ev = t.test();
  CHECK(ev.confusion[0][0] + ev.confusion[0][1] + ev.confusion[1][0] + ev.confusion[1][1] == 64);
  CHECK(ev.confusion[1][0] + ev.confusion[1][1] == 32);  // the test set is balanced
}

TEST_CASE("attention maps can be read out, a batch at once as one at a time; the GRU has none", "[train]") {
  const Settings s = small_settings();
  const TaskData data = make_task(s);
  Trainer attn(ModelKind::attention, s, data), gru(ModelKind::gru, s, data);
  constexpr int B = 3;
  xt::xtensor<float, 3> A;
  REQUIRE(attn.attention_maps(data.test.sequence(0), B, A));  // test sequences 0, 1, 2 lie in a row
  REQUIRE(A.shape(0) == std::size_t{B});
  REQUIRE(A.shape(1) == static_cast<std::size_t>(s.T));
  REQUIRE(A.shape(2) == static_cast<std::size_t>(s.T));
  const auto& model = dynamic_cast<const alab::nn::AttentionClassifier<float>&>(attn.model());
  for (int b = 0; b < B; ++b) {
    MatF one;
    model.attention_weights(data.test.sequence(b), one);
    for (int i = 0; i < s.T; ++i) {
      float sum = 0;
      for (int j = 0; j < s.T; ++j) {
        CHECK(A(b, i, j) == one(i, j));  // bit for bit: the same forward per sequence
        CHECK(A(b, i, j) >= 0);
        sum += A(b, i, j);
      }
      CHECK(sum == Approx(1.0f).epsilon(1e-5));
    }
  }
  CHECK_FALSE(gru.attention_maps(data.test.sequence(0), B, A));
}

// A session's records, split per model, in the order they arrived.
struct SessionRun {
  std::vector<EpochRecord> curve[2];
  RaceOutcome outcome;
};

bool same_records(const std::vector<EpochRecord>& a, const std::vector<EpochRecord>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)  // bit-identical
    if (a[i].epoch != b[i].epoch || a[i].loss != b[i].loss || a[i].train_acc != b[i].train_acc ||
        a[i].val_acc != b[i].val_acc)
      return false;
  return true;
}

// The three ways a caller drives a session: run_here (the command line), step() in
// slices of budget_ms (the single-thread worker), step() with threads (the worker).
enum class Drive { here_one_thread, here_two_threads, steps, steps_threads };

SessionRun run_session(const Settings& s, Drive drive, double budget_ms = 0.05) {
  RaceSession race;
  const bool threads = drive == Drive::here_two_threads || drive == Drive::steps_threads;
  REQUIRE(race.start(s, threads).ok);
  SessionRun run;
  const auto collect = [&] {
    for (const EpochRecord& e : race.poll()) run.curve[e.model].push_back(e);
  };
  if (drive == Drive::here_one_thread || drive == Drive::here_two_threads) {
    race.run_here(nullptr);
  } else {
    while (!race.step(budget_ms)) {
      collect();
      if (threads) std::this_thread::yield();
    }
  }
  collect();
  REQUIRE(race.finish(run.outcome).ok);
  return run;
}

TEST_CASE("the race session: the same records however it is driven, every run", "[train][race]") {
  const Settings s = small_settings();
  const SessionRun a = run_session(s, Drive::here_one_thread);
  for (Drive d : {Drive::here_one_thread, Drive::here_two_threads, Drive::steps, Drive::steps_threads}) {
    const SessionRun b = run_session(s, d);
    INFO("drive " << static_cast<int>(d));
    CHECK(same_records(a.curve[0], b.curve[0]));
    CHECK(same_records(a.curve[1], b.curve[1]));
    CHECK(a.outcome.gru.test_acc == b.outcome.gru.test_acc);
    CHECK(a.outcome.attention.test_acc == b.outcome.attention.test_acc);
    CHECK(b.outcome.threads == ((d == Drive::here_two_threads || d == Drive::steps_threads) &&
                                race_threads_available()));
  }
  CHECK(a.outcome.gru.completed);
  CHECK(a.outcome.gru.epochs_done == s.epochs);
  CHECK_FALSE(a.outcome.stopped);
  CHECK(a.curve[0].size() == static_cast<std::size_t>(s.epochs));
  // Single-thread slices alternate the models epoch by epoch, so both curves grow together.
  RaceSession race;
  REQUIRE(race.start(s, false).ok);
  std::vector<int> order;
  while (!race.step(0.05))
    for (const EpochRecord& e : race.poll()) order.push_back(e.model);
  for (const EpochRecord& e : race.poll()) order.push_back(e.model);
  CHECK(order == std::vector<int>{0, 1, 0, 1, 0, 1});
}

TEST_CASE("the race session reports every epoch, stops within a minibatch, shows examples", "[train][race]") {
  const Settings s = small_settings();
  for (bool threads : {false, true}) {
    INFO("threads " << threads);
    RaceSession race;
    REQUIRE(race.start(s, threads).ok);
    // With threads an epoch is reported once its evaluation, which overlaps the next
    // epoch's training, is done: stop at the first report, the next epoch is closed.
    const int stop_at = threads && race_threads_available() ? 1 : 2;
    int reports[2] = {0, 0};
    race.run_here([&](const EpochRecord& e) {
      CHECK(e.epoch == ++reports[e.model]);
      CHECK(e.wall >= 0);
      if (e.model == 1 && e.epoch == stop_at) race.stop();
    });
    RaceOutcome r;
    REQUIRE(race.finish(r).ok);
    CHECK(r.stopped);
    CHECK(reports[1] == r.attention.epochs_done);
    CHECK(r.attention.epochs_done >= stop_at);
    CHECK(r.attention.epochs_done < s.epochs);
    CHECK_FALSE(r.attention.completed);
    CHECK(r.test_labels.size() == static_cast<std::size_t>(s.n_test));

    // Examples use the same prediction rule as the test evaluation: the predictions
    // of all test examples reproduce the confusion matrices.
    int confusion[2][2][2] = {};
    for (int first = 0; first < s.n_test; first += kMaxExamples) {
      ExamplesRequest ask;
      for (int i = first; i < std::min(s.n_test, first + kMaxExamples); ++i) ask.indices.push_back(i);
      ExampleBatch ex;
      REQUIRE(race.examples(ask, ex).ok);
      REQUIRE(ex.A.shape(0) == ask.indices.size());
      for (std::size_t b = 0; b < ask.indices.size(); ++b) {
        const int i = ask.indices[b];
        CHECK(ex.label[b] == r.test_labels[i]);
        ++confusion[0][ex.label[b]][ex.pred_gru[b]];
        ++confusion[1][ex.label[b]][ex.pred_attention[b]];
      }
      if (first == 0) {
        REQUIRE(ex.A.size() == static_cast<std::size_t>(kMaxExamples * s.T * s.T));
        for (int row = 0; row < s.T; ++row) {
          float sum = 0;
          for (int j = 0; j < s.T; ++j) sum += ex.A(5, row, j);
          CHECK(sum == Approx(1.0f).epsilon(1e-5));
        }
      }
    }
    ExampleBatch none;
    CHECK(race.examples({}, none).message == "ask for 1 to 64 test examples at a time");
    CHECK(race.examples({{0, s.n_test}}, none).message ==
          "no test example " + std::to_string(s.n_test + 1) + ": the test set has " + std::to_string(s.n_test));
    for (int y = 0; y < 2; ++y)
      for (int p = 0; p < 2; ++p) {
        CHECK(confusion[0][y][p] == r.gru.confusion[y][p]);
        CHECK(confusion[1][y][p] == r.attention.confusion[y][p]);
      }
  }
}

TEST_CASE("the race session refuses bad settings and misuse with a reason", "[train][race]") {
  RaceSession race;
  RaceOutcome r;
  ExampleBatch ex;
  CHECK_FALSE(race.finish(r).ok);
  Settings bad = small_settings();
  bad.T = 1;
  const auto st = race.start(bad, false);
  CHECK_FALSE(st.ok);
  CHECK_THAT(st.message, Catch::Matchers::Contains("Sequence length T"));
  REQUIRE(race.start(small_settings(), false).ok);
  CHECK_FALSE(race.finish(r).ok);  // still running
  CHECK(race.examples({{0}}, ex).message == "the race is not finished");
  race.stop();
  CHECK(race.step(1.0));
  CHECK(race.finish(r).ok);
  CHECK(r.stopped);
  CHECK(r.gru.epochs_done == 0);
}

TEST_CASE("a stop during an epoch's evaluation ends it between chunks, and the epoch is not reported", "[train][race]") {
  Settings s = small_settings();
  s.n_train = 1200;  // several evaluation chunks
  const TaskData data = make_task(s);
  Trainer t(ModelKind::gru, s, data);
  std::atomic<bool> stop{false};
  t.set_stop_flag(&stop);
  while (!t.train_some(1000)) {
  }
  EpochStats e = t.close_epoch();
  stop = true;
  t.evaluate_closed(e);
  CHECK_FALSE(e.complete);
  // Not stopped: the same evaluation completes, and the final test is never cut short.
  stop = false;
  EpochStats full = e;
  t.evaluate_closed(full);
  CHECK(full.complete);
  stop = true;
  CHECK(t.test().complete);

  // In the runners: a stop that arrives when the epoch's training is done reports nothing more.
  for (bool threads : {false, true}) {
    RaceSession race;
    REQUIRE(race.start(small_settings(), threads).ok);
    int reports = 0;
    race.run_here([&](const EpochRecord&) {
      ++reports;
      race.stop();
    });
    RaceOutcome r;
    REQUIRE(race.finish(r).ok);
    CHECK(r.stopped);
    CHECK(reports <= 2);  // the first report stops the race; with threads the other model's may be in flight
    CHECK(r.gru.epochs_done + r.attention.epochs_done == reports);
  }
}

TEST_CASE("a race paused on its threads trains nothing until resumed, with the same records", "[train][race]") {
  if (!race_threads_available()) return;  // no threads here: a paused job is one step() is not called for
  const Settings s = small_settings();
  const SessionRun reference = run_session(s, Drive::here_one_thread);
  RaceSession race;
  REQUIRE(race.start(s, true).ok);
  race.pause(true);
  race.step(0);  // sets the threads going: they wait before their first slice
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  CHECK(race.poll().empty());
  CHECK_FALSE(race.done());
  race.pause(false);
  SessionRun run;
  while (!race.step(0)) {
    for (const EpochRecord& e : race.poll()) run.curve[e.model].push_back(e);
    std::this_thread::yield();
  }
  for (const EpochRecord& e : race.poll()) run.curve[e.model].push_back(e);
  REQUIRE(race.finish(run.outcome).ok);
  CHECK(same_records(reference.curve[0], run.curve[0]));
  CHECK(same_records(reference.curve[1], run.curve[1]));

  // Stopping a paused race ends it: the threads do not wait for a resume that never comes.
  REQUIRE(race.start(s, true).ok);
  race.pause(true);
  race.step(0);
  race.stop();
  while (!race.step(0)) std::this_thread::yield();
  RaceOutcome stopped;
  REQUIRE(race.finish(stopped).ok);
  CHECK(stopped.stopped);
}
