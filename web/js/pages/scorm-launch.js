// The SCORM package's launch page (the manifest's one SCO): one LMS session for the
// whole visit. It finds the LMS's API (SCORM 2004's API_1484_11 or SCORM 1.2's API; the
// manifest's ?scorm= says which to prefer), starts the session (lms-session.js), puts it
// on window.labSession for the lab's pages, and shows the lab in a frame filling the
// window; the pages navigate inside the frame, so the session lives as long as the
// activity is open, and it finishes once, when the student leaves.
//
// Leaving keeps the attempt open (exit "suspend"): the next launch, on any computer,
// resumes it with the student's work, even once the lab is complete. Only the bar's
// "Finish and hand in", confirmed, ends the attempt (the normal exit): the frame goes
// first, so the page in it saves what is typed, then the session finishes.
import { labData } from '../ui/lab-data.js';
import { confirmInPage } from '../ui/confirm.js';
import { findApi, LabSession } from '../lms/lms-session.js';
import { STORE_KEY } from '../work/store.js';
import { t } from '../ui/i18n.js';

const data = labData();
const frame = document.getElementById('lab-frame');
const notice = document.getElementById('launch-notice');
const found = findApi(window, new URLSearchParams(location.search).get('scorm') || '');

// A damaged suspend_data is kept in this browser, like damaged local storage.
function setAside(text) {
  try {
    const key = `${STORE_KEY}:lms-unreadable:${Date.now()}`;
    localStorage.setItem(key, text);
    return key;
  } catch {
    return '';
  }
}

// The bar above the lab: one button that ends the attempt, after a question that says so.
function finishBar(session) {
  const bar = document.createElement('div');
  bar.className = 'launch-bar';
  bar.id = 'launch-bar';
  const button = Object.assign(document.createElement('button'), { type: 'button', id: 'finish-attempt', textContent: t('lms.finish') });
  button.addEventListener('click', async () => {
    const yes = await confirmInPage(button,
      t('lms.finishQuestion'),
      { yes: t('lms.finish'), no: t('lms.keepWorking') });
    if (!yes || session.state !== 'running') return;
    const known = session.notices.length;
    frame.remove();  // its page saves on pagehide, and reports through the session
    session.finish({ handIn: true });
    const refused = session.notices.slice(known);
    const said = document.createElement('p');
    said.id = 'finished';
    said.setAttribute('role', 'status');
    said.textContent = refused.length
      ? t('lms.finishedRefused', { notices: refused.join(' ') })
      : t('lms.finished');
    bar.replaceChildren(said);
    document.body.dataset.attempt = 'finished';
  });
  bar.append(button);
  document.body.prepend(bar);
}

if (found) {
  const session = new LabSession(found.api, { checks: data.checks, assignment: data.assignment }, { setAside, adapter: found.adapter });
  window.labSession = session;
  session.start();
  // pagehide is the last event a closing or navigating page reliably gets (unload is
  // not fired on every platform); finish() does its work only the first time.
  window.addEventListener('pagehide', () => session.finish());
  window.addEventListener('beforeunload', () => session.finish());
  document.body.dataset.lms = session.state === 'running' ? 'connected' : 'failed';
  document.body.dataset.scorm = found.adapter.version;
  if (session.state === 'running') finishBar(session);
} else {
  notice.hidden = false;
  notice.textContent = t('lms.noLms');
  document.body.dataset.lms = 'none';
}
frame.src = frame.dataset.src;
document.body.dataset.ready = 'true';
