// A run's progress as a screen reader hears it: shown every epoch, spoken at most every
// few seconds (WCAG 4.1.3 status messages, without a flood: a live region rewritten ten
// times a second is read as noise, or drowns what the student is reading).
//
// Markup: the progress line carries data-progress instead of role="status":
//   <p id="tr-progress" data-progress>Not started.</p>
// voiceProgress() (once per page) gives each such line a hidden live twin
// (<p class="sr-only" role="status">) and copies the line's words into it when they
// change, at most once every EVERY_MS: a change inside that time is shown at once and
// spoken when the time is up (the latest words only), so the line's last state is always
// heard. The run's result is not progress: the page says it once in its #run-summary
// (page-kit.js showRunSummary), a live region of its own.

export const EVERY_MS = 5000;

// Every voiced line of the page. hushProgress(), called when the run's result is
// announced, drops what waits to be spoken and what the current task still writes (the
// last epoch's line read after the result would only repeat it).
const voices = new Set();
export function hushProgress() {
  setTimeout(() => { for (const voice of voices) voice.hush(); }, 0);
}

// The words of a line as they are read: its blocks (a <p> per model) become sentences.
export function spokenText(el) {
  const text = (el.innerText || el.textContent || '').trim();
  return text.split(/\s*\n+\s*/).filter(Boolean).map((s) => (/[.!?:]$/.test(s) ? s : `${s}.`)).join(' ');
}

export function voiceProgress(root = document, { every = EVERY_MS, now = () => performance.now() } = {}) {
  for (const line of root.querySelectorAll('[data-progress]')) {
    if (line.dataset.voiced) continue;
    line.dataset.voiced = 'true';
    line.removeAttribute('aria-live');
    if (line.getAttribute('role') === 'status') line.removeAttribute('role');
    const twin = document.createElement('p');
    twin.className = 'sr-only';
    twin.setAttribute('role', 'status');
    twin.dataset.voiceOf = line.id;
    line.after(twin);
    let last = -Infinity, said = '', waiting = null;
    voices.add({ hush() { clearTimeout(waiting); waiting = null; said = spokenText(line); } });
    const speak = () => {
      waiting = null;
      const words = spokenText(line);
      if (!words || words === said) return;
      const wait = last + every - now();
      if (wait > 0) { waiting = setTimeout(speak, wait); return; }
      last = now();
      said = words;
      twin.textContent = words;
    };
    new MutationObserver(() => { if (waiting === null) speak(); })
      .observe(line, { childList: true, characterData: true, subtree: true });
  }
}
