// How long races take on this computer, for the pages that start them (the race and
// the reading page's seed sweep): the engine counts a race's arithmetic from its
// settings (race/race_cost.hpp), and a little training at page load times this
// computer's speed per unit of it.
//
// The probe is also a warm-up: it lets the browser optimize the engine's hot code
// before the first race (warm_up_race_engine in src/race/race_session.hpp). A Start
// pressed meanwhile waits in the worker's queue until it is done. Two rounds with a
// pause between: the pause lets the background compiler finish what the first round
// made hot, and the second round reaches the functions that got hot late (measured:
// one round left the first race ~1.3x slower than the next, two ~1.1x), and is the one
// timed. A failed probe gives null: the race itself reports any real problem.

const WARM_UP_BATCHES = 20;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Resolves to seconds per unit of work here, or null.
export function measureRaceSpeed(lab) {
  return lab.ready.then(async () => {
    const t0 = performance.now();
    await lab.call('race_warm_up', WARM_UP_BATCHES);
    await pause(300);
    const { value: seconds } = await lab.call('race_warm_up', WARM_UP_BATCHES);
    document.body.dataset.warmUpSeconds = ((performance.now() - t0) / 1000).toFixed(3);
    const work = await lab.call('race_warm_up_work', WARM_UP_BATCHES);
    return seconds / (work.gru + work.attention);
  }).catch(() => null);
}

// One race's work {gru, attention}; rejects with the engine's words when the race
// cannot run at all (too large to fit).
export function raceWork(lab, settings) {
  return lab.call('race_work', { settings });
}
