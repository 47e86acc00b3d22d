// The step-wise trainer and the race: determinism however the work is sliced or
// threaded, stopping, progress reports, attention read-out.
#include <catch2/catch.hpp>
#include <atomic>
#include <mutex>

#include "train/epoch_runner.hpp"
#include "train/race.hpp"

using namespace alab;
using namespace alab::train;

namespace {

// Small enough to train in a blink; still the real task.
Settings small_settings() {
  Settings s;
  s.seq_len = 6;
  s.vocab = 4;
  s.d_model = 8;
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

TEST_CASE("attention weights can be read out; the GRU has none", "[train]") {
  const Settings s = small_settings();
  const TaskData data = make_task(s);
  Trainer attn(ModelKind::attention, s, data), gru(ModelKind::gru, s, data);
  MatF A;
  REQUIRE(attn.attention_weights(data.test.sequence(0), A));
  REQUIRE(A.rows() == s.seq_len);
  REQUIRE(A.cols() == s.seq_len);
  for (int i = 0; i < s.seq_len; ++i) CHECK(A.row(i).sum() == Approx(1.0f).epsilon(1e-5));
  CHECK((A.array() >= 0).all());
  CHECK_FALSE(gru.attention_weights(data.test.sequence(0), A));
}

TEST_CASE("the race: same curves with or without threads, every run", "[train][race]") {
  const Settings s = small_settings();
  RaceResult a, b, c;
  RaceOptions alternate, threaded;
  threaded.threads = true;
  REQUIRE(run_race(s, alternate, a).ok);
  REQUIRE(run_race(s, alternate, b).ok);
  REQUIRE(run_race(s, threaded, c).ok);
  CHECK(c.threads_used == race_threads_available());
  for (const RaceResult* r : {&b, &c}) {
    CHECK(same_curves(a.gru.curve, r->gru.curve));
    CHECK(same_curves(a.attention.curve, r->attention.curve));
    CHECK(a.gru.test.accuracy == r->gru.test.accuracy);
    CHECK(a.attention.test.accuracy == r->attention.test.accuracy);
  }
  CHECK(a.gru.completed);
  CHECK_FALSE(a.stopped);
}

TEST_CASE("the race reports every epoch and can be stopped from the callback", "[train][race]") {
  const Settings s = small_settings();
  std::atomic<bool> stop{false};
  int reports[2] = {0, 0};
  RaceOptions o;
  o.stop = &stop;
  o.on_epoch = [&](const Progress& p) {
    int& n = reports[p.model == ModelKind::gru ? 0 : 1];
    CHECK(p.stats.epoch == ++n);
    CHECK(p.wall_seconds >= 0);
    if (p.model == ModelKind::attention && p.stats.epoch == 2) stop = true;
  };
  RaceResult r;
  REQUIRE(run_race(s, o, r).ok);
  CHECK(r.stopped);
  CHECK(reports[1] == 2);
  CHECK(r.attention.curve.size() == 2u);
  CHECK_FALSE(r.attention.completed);

  Settings bad = s;
  bad.seq_len = 1;
  const auto st = run_race(bad, {}, r);
  CHECK_FALSE(st.ok);
  CHECK(st.message.find("sequence length") != std::string::npos);
}
