// The comments page at its defaults, timed in headless Chromium (threaded and
// single-thread builds) beside the same training in PyTorch (tests/bench/comments_torch.py:
// the same two models, the same corpus, written by the native build's `alab comments
// --corpus-out`, the same epochs, batch and learning rate, one thread), and the native
// build, all in one run on one machine. The page's training time runs from the click on
// Start to the trained models' arrival in the page; the whole run adds the audit (the
// counterfactual pairs, subgroup rates and masking) until every result is shown; the
// time to story, beside it, from the training's start to the sentence under the curves
// (the first epoch where the Osk's false-positive rate is at least three times the other
// groups' and 30 points above, web/js/ui/story.js). SKIP_TORCH=1 leaves PyTorch out.
//
//   node tests/bench/comments-page.bench.mjs        (tools/lab bench runs it)
import { eachBuild, nativeTraining, printGoals, printTable, startRun, storyText, torchTraining, widgetDefaults, withLab } from './page-harness.mjs';

const defaults = widgetDefaults('comments');

// The native build: three runs, the median; the corpus for PyTorch from the first.
const native = nativeTraining(['comments', '--grammar', 'content/comments/grammar.json', '--quiet'], '--corpus-out', 'corpus.tsv');

// PyTorch: the same training.
const torch = process.env.SKIP_TORCH ? null : torchTraining('tests/bench/comments_torch.py', [native.file, '--epochs', String(defaults.epochs),
  '--lr', String(defaults.lr), '--dmodel', String(defaults.dmodel), '--seed', String(defaults.seed)]);

const { runs, chromium } = await withLab(async (lab) => ({
  chromium: lab.browser.version(),
  runs: await eachBuild(async (build) => {
    const r = await startRun(lab, build, 'comments.html', {
      done: () => document.body.dataset.comments === 'trained', timeout: 300000,
      read: () => ({ build: document.body.dataset.build, train: Number(document.body.dataset.trainSeconds),
        estimate: Number(document.body.dataset.estimate),
        storyMs: Number(document.body.dataset.storyMs), storyEpoch: Number(document.body.dataset.storyEpoch) }),
    });
    process.stderr.write(`  page (${r.build}): training ${r.train.toFixed(2)} s, whole run ${r.seconds.toFixed(2)} s, story: ${storyText(r)}\n`);
    return r;
  }, { warmUp: true }),
}));
console.log(`\nThe comments page at its defaults (${defaults.epochs} epochs, both models), Chromium ${chromium}\n`);
const ratio = (seconds) => (torch ? `${(torch.wall / seconds).toFixed(1)}×` : '–');
printTable(['run', 'training', 'PyTorch / this', 'whole run (with the audit)', 'time to story', 'announced', 'longest main-thread task'], [
  ...(torch ? [['PyTorch 1.13 (1 thread)', `${torch.wall.toFixed(2)} s`, '1.0×', '–', '–', '–', '–']] : []),
  ['native build (median of 3)', `${native.seconds.toFixed(3)} s`, ratio(native.seconds), '–', '–', '–', '–'],
  ...runs.map((r) => [`page, ${r.build}`, `${r.train.toFixed(2)} s`, ratio(r.train),
    `${r.seconds.toFixed(2)} s`, storyText(r), `${r.estimate.toFixed(2)} s`, `${r.longest.toFixed(0)} ms`]),
]);
const threaded = runs[0];
printGoals([
  ['threaded page: trained at the defaults within 10 s', threaded.train <= 10],
  ...(torch ? [['threaded page: at least 10× the PyTorch training', torch.wall / threaded.train >= 10]] : []),
  ['the page told the story while it trained (both builds)', runs.every((r) => Number.isFinite(r.storyMs))],
  ['no main-thread task over 50 ms', runs.every((r) => r.longest <= 50)],
]);
