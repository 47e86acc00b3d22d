// The SCORM package's launch page (the manifest's one SCO): one LMS session for the
// whole visit. It finds the LMS's API (SCORM 2004's API_1484_11 or SCORM 1.2's API; the
// manifest's ?scorm= says which to prefer), starts the session (lms-session.js), puts it
// on window.labSession for the lab's pages, and shows the lab in a frame filling the
// window; the pages navigate inside the frame, so the session lives as long as the
// activity is open, and it finishes once, when the student leaves.
import { labData } from '../ui/lab-data.js';
import { findApi, LabSession } from '../lms/lms-session.js';
import { STORE_KEY } from '../work/store.js';

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
} else {
  notice.hidden = false;
  notice.textContent = 'No course site (LMS) was found around this page, so nothing is reported to one. The lab works as usual, and your work is kept in this browser.';
  document.body.dataset.lms = 'none';
}
frame.src = frame.dataset.src;
document.body.dataset.ready = 'true';
