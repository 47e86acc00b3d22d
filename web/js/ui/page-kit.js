// What every widget page shows the same way, written once: its settings form filled
// from its link, the engine's status line (which build really runs, or why none does),
// the link that reproduces the page's settings, the notice naming what a link asked for
// and did not get, Start and Stop, and the question asked before a long run.
//
//   showEngineStatus(lab, (info) => { ...enable Start... });
//   showShareLink(`race.html${toQuery(spec, settings)}`);
//   showUrlNotice(ignored);   // the messages fromQuery gave, if any
import { formatDuration } from './format.js';
import { labData } from './lab-data.js';
import { buildSettingsForm } from '../settings/settings-form.js';
import { fromQuery } from '../settings/settings-schema.js';

const $ = (id) => document.getElementById(id);

// #build-status from the worker's build info (describeBuild): its plain line, and the
// details under a disclosure; body[data-build] names the variant for the tests. onReady
// runs once the engine is ready.
export function showEngineStatus(lab, describeBuild, onReady = () => {}) {
  return lab.ready.then((info) => {
    const { plain, detail } = describeBuild(info);
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'How it runs';
    const p = document.createElement('p');
    p.textContent = detail;
    details.append(summary, p);
    const line = document.createElement('span');
    line.textContent = `${plain} `;
    $('build-status').replaceChildren(line, details);
    document.body.dataset.build = info.variant;
    onReady(info);
    return info;
  }, (err) => { $('build-status').textContent = `The WebAssembly module did not load: ${err.message}`; });
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
  $('url-notice').textContent = `Some settings in this link were ignored and their defaults used instead: ${ignored.join(' ')}`;
}

// A Start button and its Stop: each disables the other, and the keyboard's focus moves
// to the one now enabled instead of falling to the page's body. Returns setRunning.
//
//   const setRunning = startStop($('start'), $('stop'));
//   setRunning(true);   // Start disabled, Stop enabled and focused (if Start had the focus)
export function startStop(start, stop) {
  return (running) => {
    const had = document.activeElement;
    start.disabled = running;
    stop.disabled = !running;
    if (had === start || had === stop || had === document.body || had === null) (running ? stop : start).focus();
  };
}

// Before a long job: refuse one over `limit` seconds, ask before one over a minute, and
// say how long the accepted one should take. expected: seconds, or null when this
// computer's speed is not known (then nothing is asked). Messages go to errorEl and
// estimateEl as text. Returns 'run', 'declined' or 'refused'.
//
//   const answer = askBeforeLongRun(expected, { what: 'This race', hint: '(Fewer epochs ... quicker.)',
//                                               errorEl: $('start-error'), estimateEl: $('race-estimate') });
export function askBeforeLongRun(expected, { what, hint = '', limit = Infinity, errorEl, estimateEl }) {
  estimateEl.textContent = '';
  if (expected === null) return 'run';
  const about = `about ${formatDuration(expected)}`;
  if (expected > limit) {
    errorEl.textContent = `Not started: it would take ${about} on this computer, over the limit of ${formatDuration(limit)}. ${hint}`.trim();
    return 'refused';
  }
  if (expected > 60 && !window.confirm(`${what} will take ${about} on this computer. Start it anyway? ${hint}`.trim())) {
    errorEl.textContent = `Not started: it would take ${about}.`;
    return 'declined';
  }
  estimateEl.textContent = `Expected to take ${about} on this computer.`;
  return 'run';
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
