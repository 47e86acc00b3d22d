// How long races take on this computer, for the pages that start them (the race and
// the reading page's seed sweep): the engine counts a race's arithmetic from its
// settings (race/race_cost.hpp), per model and per part (training, evaluation), and
// a little training at page load times this computer's speed on each part. One rate
// for all of it misled: a multiply-add in a minibatch of 32 does not cost what one in
// an evaluation chunk of 256 does.
//
// The probe is also a warm-up: it lets the browser optimize the engine's hot code
// before the first race (warm_up_race_engine in src/race/race_session.hpp). A Start
// pressed meanwhile waits in the worker's queue until it is done. Four rounds, a pause
// after each of the first two: the pauses let the background compiler finish what a
// round made hot. Only the last two rounds are timed, each part at its faster of the
// two: measured in Chromium on 2 cores, the second round still ran 2-5x slower than
// the fourth on some loads (code not yet optimized), and estimates taken from it were
// 3-6x too long. A failed probe gives null: the race itself reports any real problem.

const WARM_UP_BATCHES = 20;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const MODELS = ['gru', 'attention'];
const PARTS = ['train', 'evaluate'];

// Resolves to seconds per unit of work here, {gru: {train, evaluate}, attention: {...}},
// or null.
export function measureRaceSpeed(lab) {
  return lab.ready.then(async () => {
    const t0 = performance.now();
    for (let round = 0; round < 2; round++) {
      await lab.call('race_warm_up', WARM_UP_BATCHES);
      await pause(300);
    }
    // Timed with no race running beside them (a student may press Start before this):
    // both sent at once, so the worker runs them back to back, before any later Start.
    await lab.idle();
    const timed = await Promise.all([lab.call('race_warm_up', WARM_UP_BATCHES), lab.call('race_warm_up', WARM_UP_BATCHES)]);
    document.body.dataset.warmUpSeconds = ((performance.now() - t0) / 1000).toFixed(3);
    const work = await lab.call('race_warm_up_work', WARM_UP_BATCHES);
    const perUnit = (m, p) => Math.min(...timed.map((seconds) => seconds[m][p])) / work[m][p];
    return Object.fromEntries(MODELS.map((m) => [m, Object.fromEntries(PARTS.map((p) => [p, perUnit(m, p)]))]));
  }).catch(() => null);
}

// One race's work, {gru: {train, evaluate}, attention: {...}}; rejects with the engine's
// words when the race cannot run at all (too large to fit).
export function raceWork(lab, settings) {
  return lab.call('race_work', { settings });
}

// A race's seconds here, from its work and this computer's speed (measureRaceSpeed's
// answer). In turns on one thread: the sum of its parts. On two threads
// (race/epoch_runner.hpp): the GRU's training keeps one thread and the other takes
// everything else, the evaluations shared once it runs out of work; so the race
// lasts about as long as the longer of either model's training and half of the whole,
// each thread running slower than one alone does (the probe times one thread; two at
// once share the caches and the memory bus: measured 1.2-1.3x slower on 2 cores).
const TWO_THREADS_SLOWER = 1.25;
export function raceSeconds(work, speed, threads) {
  const s = Object.fromEntries(MODELS.map((m) => [m, Object.fromEntries(PARTS.map((p) => [p, work[m][p] * speed[m][p]]))]));
  const all = s.gru.train + s.gru.evaluate + s.attention.train + s.attention.evaluate;
  return threads ? TWO_THREADS_SLOWER * Math.max(s.gru.train, s.attention.train, all / 2) : all;
}
