// The image page at its defaults, timed in headless Chromium (threaded and single-thread
// builds) beside the same training in PyTorch (tests/bench/vision_torch.py: the same two
// models with the same initial weights, the same images, written by the native build's
// `alab vision --data-out`, the same epochs, batch and learning rate, each epoch evaluated,
// one thread), and the native build, all in one run on one machine. The page's training
// time runs from the click on Start to the trained models' arrival in the page; the whole
// run adds the shuffle count and the first test image's readings until they are shown; the
// time to story, beside it, from the training's start to the sentence under the curves
// (the first epoch where the transformer is at 95 % or more on validation and the bag of
// patches at most 60 %, web/js/ui/story.js). SKIP_TORCH=1 leaves PyTorch out.
//
//   node tests/bench/vision-page.bench.mjs        (tools/lab bench runs it)
import { eachBuild, nativeTraining, printGoals, printTable, startRun, storyText, torchTraining, widgetDefaults, withLab } from './page-harness.mjs';

const defaults = widgetDefaults('vision');

// The native build: three runs, the median; the images for PyTorch from the first.
const native = nativeTraining(['vision', '--quiet'], '--data-out', 'images.tsv');
const nativeAcc = [/result transformer val [\d.]+ test ([\d.]+)/, /result bag of patches val [\d.]+ test ([\d.]+)/]
  .map((re) => Number(re.exec(native.out)[1]));

// PyTorch: the same training.
const torch = process.env.SKIP_TORCH ? null : torchTraining('tests/bench/vision_torch.py', [native.file]);
const torchAcc = torch && /test transformer ([\d.]+) bag ([\d.]+)/.exec(torch.out).slice(1).map(Number);

const { runs, chromium } = await withLab(async (lab) => ({
  chromium: lab.browser.version(),
  runs: await eachBuild(async (build) => {
    const r = await startRun(lab, build, 'vision.html', {
      done: () => document.body.dataset.vision === 'trained', timeout: 300000,
      read: () => ({ build: document.body.dataset.build, train: Number(document.body.dataset.trainSeconds),
        estimate: Number(document.body.dataset.estimate),
        storyMs: Number(document.body.dataset.storyMs), storyEpoch: Number(document.body.dataset.storyEpoch),
        acc: Array.from(document.querySelectorAll('#vi-count td[data-acc]'), (td) => Number(td.dataset.acc)) }),
    });
    process.stderr.write(`  page (${r.build}): training ${r.train.toFixed(2)} s, whole run ${r.seconds.toFixed(2)} s, story: ${storyText(r)}\n`);
    return r;
  }, { warmUp: true }),
}));
const acc = ([vit, bag]) => `${(vit * 100).toFixed(1)} % / ${(bag * 100).toFixed(1)} %`;
console.log(`\nThe image page at its defaults (${defaults.epochs} epochs over ${defaults.images} images, both models), Chromium ${chromium}\n`);
const ratio = (seconds) => (torch ? `${(torch.wall / seconds).toFixed(1)}×` : '–');
printTable(['run', 'training', 'PyTorch / this', 'whole run (with the readings)', 'time to story', 'announced', 'longest main-thread task',
  'test accuracy: transformer / bag'], [
  ...(torch ? [['PyTorch 1.13 (1 thread)', `${torch.wall.toFixed(2)} s`, '1.0×', '–', '–', '–', '–', acc(torchAcc)]] : []),
  ['native build (median of 3)', `${native.seconds.toFixed(3)} s`, ratio(native.seconds), '–', '–', '–', '–', acc(nativeAcc)],
  ...runs.map((r) => [`page, ${r.build}`, `${r.train.toFixed(2)} s`, ratio(r.train),
    `${r.seconds.toFixed(2)} s`, storyText(r), `${r.estimate.toFixed(2)} s`, `${r.longest.toFixed(0)} ms`, acc(r.acc)]),
]);
const threaded = runs[0];
printGoals([
  ['threaded page: trained at the defaults, transformer at 95 % or more, within 15 s', threaded.train <= 15 && threaded.acc[0] >= 0.95],
  ...(torch ? [['threaded page: at least 10× the PyTorch training', torch.wall / threaded.train >= 10]] : []),
  ['the page told the story while it trained (both builds)', runs.every((r) => Number.isFinite(r.storyMs))],
  ['no main-thread task over 50 ms', runs.every((r) => r.longest <= 50)],
]);
