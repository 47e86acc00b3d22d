// The story sentence under a training page's curves (#story, a live region): written once,
// the moment the streamed run first shows the page's point (ui/story.js), kept after the
// run, emptied when a new run starts. When it came is kept for the benchmarks and the
// tests: body[data-story-ms] (milliseconds from the run's start) and [data-story-epoch].
//
//   const story = storyLine('race');
//   story.start(['gru', 'attention']);        // as the run starts
//   story.add('gru', p.epoch, p.val_acc);     // each streamed epoch, after the curves drew it
import { storyWatcher } from '../ui/story.js';

export function storyLine(page, el = document.getElementById('story')) {
  let watch = null, startedAt = 0;
  return {
    start(models) {
      watch = storyWatcher(page, models);
      startedAt = performance.now();
      delete document.body.dataset.storyMs;
      delete document.body.dataset.storyEpoch;
      el.textContent = '';
    },
    add(model, epoch, value) {
      const told = watch && watch.add(model, epoch, value);
      if (!told) return;
      document.body.dataset.storyMs = String(Math.round(performance.now() - startedAt));
      document.body.dataset.storyEpoch = String(told.epoch);
      el.textContent = told.text;
    },
  };
}
