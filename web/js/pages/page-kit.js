// What every widget page shows the same way, written once: its settings form filled
// from its link, the engine's status line (which build really runs, or why none does),
// the link that reproduces the page's settings, the notice naming what a link asked for
// and did not get, Start and Stop, and the question asked before a long run.
//
//   showEngineStatus(lab, (info) => { ...enable Start... });
//   showShareLink(`race.html${toQuery(spec, settings)}`);
//   showUrlNotice(ignored);   // the messages fromQuery gave, if any
// A training page's settings, estimate, Start, Stop and Defaults are wired at once by
// setUpTrainingPage; its "which test item" box is read by readItemNumber.
import { confirmInPage } from '../ui/confirm.js';
import { formatDuration } from '../ui/format.js';
import { labData } from '../ui/lab-data.js';
import { buildSettingsForm } from '../settings/settings-form.js';
import { fromQuery, toQuery } from '../settings/settings-schema.js';
import { clip, quoted } from '../ui/quote.js';
import { openStore } from '../work/store.js';
import { pauseWhenAway } from '../embed/embedded.js';
import { hideEmptyTables } from '../ui/hide-empty.js';
import { hushProgress } from '../ui/progress-voice.js';
import { t } from '../ui/i18n.js';

const $ = (id) => document.getElementById(id);

// Every widget page imports this kit, and its tables that a run fills stay out of
// sight until they have rows (ui/hide-empty.js). Scripts are deferred: the page's
// markup is all there.
hideEmptyTables(document.querySelector('main'));

// #build-status from the worker's build info (describeBuild): its plain line, and the
// details under a disclosure; body[data-build] names the variant for the tests. onReady
// runs once the engine is ready. An embedded page's long work pauses while it is away
// (embed/embedded.js). Once the engine has settled, ready or not, the page says so with
// the event "lab-engine-settled" on the document: the site's service worker waits for it
// before storing the whole build (offline/offline.js), so as not to slow the page down.
export function showEngineStatus(lab, describeBuild, onReady = () => {}) {
  pauseWhenAway(lab);
  const settled = () => document.dispatchEvent(new Event('lab-engine-settled'));
  return lab.ready.then((info) => {
    const { plain, detail } = describeBuild(info);
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = t('kit.howItRuns');
    const p = document.createElement('p');
    p.textContent = detail;
    details.append(summary, p);
    const line = document.createElement('span');
    line.textContent = `${plain} `;
    $('build-status').replaceChildren(line, details);
    document.body.dataset.build = info.variant;
    onReady(info);
    return info;
  }, (err) => { $('build-status').textContent = t('kit.notLoaded', { error: err.message }); }).finally(settled);
}

// #share-link: its address and its visible text (text, never HTML).
export function showShareLink(href) {
  $('share-link').href = href;
  $('share-link').textContent = href;
}

// #url-notice, shown only when a link's settings were ignored (each message says why).
export function showUrlNotice(ignored) {
  if (!ignored.length) return;
  $('url-notice').hidden = false;
  $('url-notice').textContent = t('kit.ignored', { list: ignored.join(' ') });
}

// A Start button's handler that ignores presses while its last press is still at work
// (estimating, asking, starting): a double click starts one run and shows no error.
//   $('start').addEventListener('click', onePressAtATime(start));
export function onePressAtATime(handler) {
  let busy = false;
  return async (...args) => {
    if (busy) return;
    busy = true;
    try {
      await handler(...args);
    } finally {
      busy = false;
    }
  };
}

// A Start button and its Stop: each disables the other, and the keyboard's focus moves
// to the one now enabled instead of falling to the page's body. Returns setRunning.
//
//   const setRunning = startStop($('start'), $('stop'));
//   setRunning(true);   // Start disabled, Stop enabled and focused (if Start had the focus)
// A run in progress is work a reload would lose: a new build of the lab does not reload
// this tab while it runs (offline/offline.js).
let scrollAtStart = null;  // where the window was when the latest run started (showRunSummary)
export function startStop(start, stop) {
  return (running) => {
    if (self.labWork) self.labWork.hold('run', running, t('kit.runInProgress'));
    if (running) scrollAtStart = window.scrollY;
    const had = document.activeElement;
    start.disabled = running;
    stop.disabled = !running;
    if (had === start || had === stop || had === document.body || had === null) (running ? stop : start).focus();
  };
}

// A live region's words replaced only when they change: the same words written again are
// announced again.
export function say(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

// Before a long job: refuse one over `limit` seconds, ask in the page (ui/confirm.js,
// after estimateEl) before one over a minute, and say how long the accepted one should
// take. expected: seconds, or null when this computer's speed is not known (then
// nothing is asked). Messages go to errorEl and estimateEl as text. Resolves to 'run',
// 'declined' or 'refused'.
//
//   const answer = await askBeforeLongRun(expected, { what: 'This race', hint: '(Fewer epochs ... quicker.)',
//                                                     errorEl: $('start-error'), estimateEl: $('race-estimate') });
export async function askBeforeLongRun(expected, { what, hint = '', limit = Infinity, errorEl, estimateEl }) {
  if (expected === null) return 'run';
  const about = formatDuration(expected);
  if (expected > limit) {
    errorEl.textContent = `${t('kit.overLimit', { about, limit: formatDuration(limit) })} ${hint}`.trim();
    return 'refused';
  }
  if (expected > 60 && !(await confirmInPage(estimateEl, `${t('kit.askLong', { what, about })} ${hint}`.trim(), { yes: t('kit.startIt'), no: t('kit.notNow') }))) {
    errorEl.textContent = t('kit.declined', { about });
    return 'declined';
  }
  say(estimateEl, t('kit.expected', { about }));
  return 'run';
}

// Beside a Start button, before it is pressed: how long the form's settings should take
// on this computer, renewed as they change. Only the latest settings' answer is shown,
// and none while a run is on (its "Expected to take" line stays). estimate(settings)
// resolves to seconds, or null when this computer's speed is unknown, and rejects with
// the engine's words when the settings cannot run.
//   const showEstimate = liveEstimate($('race-estimate'), estimateSeconds, () => state.running);
//   showEstimate(settings);   // on every valid change of the form
export function liveEstimate(el, estimate, busy = () => false) {
  let latest = 0;
  return async (settings) => {
    if (busy()) return;
    const asked = ++latest;
    let text = '';
    try {
      const expected = await estimate(settings);
      if (expected !== null) text = t('kit.estimate', { about: formatDuration(expected) });
    } catch (err) {
      text = t('kit.cannotRun', { error: err.message });
    }
    if (asked === latest && !busy()) say(el, text);
  };
}

// Beside the action, where the eye is when a run ends (#run-summary in the run bar):
// what the run came to in a line, and a link down to the full results. null hides it
// (a new run starting).
//   showRunSummary('Test accuracy: self-attention 100 %, GRU 52.3 %.', 'results-section');
//
// The point in sight: when what the run added pushes the picture it drove half out of the
// window (on a phone, "Predict first" and the summary sit above it), the run bar is brought
// to the top of the window, unless the student scrolled elsewhere while it ran.
// point: the id of the chart that carries the page's point (the registry's pointChart);
// the run bar is brought up too when that chart, which fits in the window, is cut by it.
export function showRunSummary(text, resultsId = null, { point = null } = {}) {
  const el = $('run-summary');
  // A live region: shown first, then filled in one change, so that the sentence is
  // announced once (three changes were read as three announcements).
  // (It is out of sight while empty: css .run-summary:empty.)
  const words = [text ?? ''];
  if (text !== null && resultsId) {
    words.push(' ', Object.assign(document.createElement('a'), { href: `#${resultsId}`, textContent: t('kit.allResults') }), '.');
  }
  el.hidden = false;
  if (text !== null) hushProgress();
  el.replaceChildren(...(text === null ? [] : words));
  const bar = el.closest('.run-bar'), picture = el.closest('.playground') && el.closest('.playground').querySelector('.picture');
  if (text === null || !bar || !picture || scrollAtStart === null || Math.abs(window.scrollY - scrollAtStart) > 2) return;
  const p = picture.getBoundingClientRect();
  const shown = Math.max(0, Math.min(p.bottom, window.innerHeight) - Math.max(p.top, 0));
  const c = point && $(point) ? $(point).getBoundingClientRect() : null;
  const pointCut = c !== null && c.height > 0 && c.height <= window.innerHeight && (c.top < 0 || c.bottom > window.innerHeight);
  if (shown < Math.min(p.height, window.innerHeight) / 2 || pointCut) window.scrollTo({ top: window.scrollY + bar.getBoundingClientRect().top - 8 });
}

// This page's activity done (the home page ticks it, from the saved work): after a run
// that finished, or for a live widget once the student changed something in it.
let store = null;
export function markDone(page) {
  store = store || openStore();
  store.markDone(page);
}
// A live widget (no run): done at the student's first change inside `within`: a value
// typed or chosen, or a plot dragged or moved with the keys.
export function markDoneOnFirstChange(page, within = document.querySelector('main')) {
  const done = (e) => {
    if (e.target instanceof Element && e.target.closest('#predict')) return;  // a prediction is not the experiment
    if ((e.type === 'pointerup' || e.type === 'keyup') && !(e.target instanceof Element && e.target.closest('svg'))) return;
    markDone(page);
    for (const type of ['input', 'change', 'pointerup', 'keyup']) within.removeEventListener(type, done, true);
  };
  for (const type of ['input', 'change', 'pointerup', 'keyup']) within.addEventListener(type, done, true);
}

// A widget page's settings, set up the one way: the form (#settings) built from the
// schema (spec: the widget's own settings unless given), filled from the page's link,
// the link's ignored settings named (#url-notice). primary: where a "primary" setting
// goes (settings/settings-form.js).
//   -> {data: the widget's content, spec, form, settings: the link's, defaults for the rest}
export function setUpSettings(widget, onChange, { spec = labData().widgets[widget].settings, primary = null } = {}) {
  const form = buildSettingsForm($('settings'), spec, onChange, { primary });
  const { settings, ignored } = fromQuery(spec, location.search);
  form.fill(settings);
  showUrlNotice(ignored);
  return { data: labData().widgets[widget], spec, form, settings };
}

// A training page (Start trains in the worker's session, Stop stops it, Defaults refills
// the form) wired the one way: its settings as setUpSettings sets them up; each valid
// change renews the share link (`${widget}.html?...`) and the time shown in estimateEl
// (liveEstimate of estimate(settings, build), none before the engine is ready or while
// busy()) and calls onValid(settings); Start stays disabled until the engine is ready,
// then runs train, one press at a time.
//   const page = setUpTrainingPage('vision', { lab, describeBuild, session: SESSION, train,
//     estimateEl: $('vi-estimate'), estimate: (settings, build) => seconds, busy: () => state.running });
//   page.validate();   // the form's settings, or null while one is marked invalid
//   page.build();      // the engine's build info, null until it is ready
//   -> {spec, form, validate, build}
export function setUpTrainingPage(widget, { lab, describeBuild, session, train, estimateEl, estimate, busy, onValid = () => {} }) {
  let build = null;
  const showEstimate = liveEstimate(estimateEl, (settings) => (build ? estimate(settings, build) : null), busy);
  const validate = () => {
    const settings = form.read();
    if (settings) {
      showShareLink(`${widget}.html${toQuery(spec, settings)}`);
      showEstimate(settings);
      onValid(settings);
    }
    return settings;
  };
  const { spec, form } = setUpSettings(widget, validate);
  validate();
  $('start').disabled = true;
  showEngineStatus(lab, describeBuild, (info) => {
    build = info;
    $('start').disabled = false;
    validate();  // the estimate, now that the build (threads or not) is known
  });
  $('start').addEventListener('click', onePressAtATime(train));
  $('stop').addEventListener('click', () => lab.stopSession(session));
  $('defaults').addEventListener('click', () => { form.fillDefaults(); validate(); });
  return { spec, form, validate, build: () => build };
}

// A "which test item" box (what: 'Test image', ...), numbered from 1 to its max: the
// item's index from 0, or null with the reason in errorEl (as text) and the box marked
// invalid.
export function readItemNumber(input, errorEl, what) {
  const text = input.value.trim(), max = Number(input.max);
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  const ok = Number.isInteger(n) && n >= 1 && n <= max;
  errorEl.textContent = ok ? '' : t('kit.itemNumber', { what, why: /^\d+$/.test(text) ? t('setting.outOfRange', { shown: clip(text, 12) }) : t('setting.notWhole', { shown: quoted(text) }), max: String(max) });
  input.setAttribute('aria-invalid', ok ? 'false' : 'true');
  return ok ? n - 1 : null;
}

// Controls enabled together (by id): -> enable(on).
export function enablerOf(ids) {
  return (on) => { for (const id of ids) $(id).disabled = !on; };
}
