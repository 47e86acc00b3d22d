// The page side of the LMS session: a page inside the SCORM launch page's frame finds
// the one LabSession (lms-session.js) on a parent window and reports through it.
// Outside an LMS (no launch page above) it is a session that is not connected, and
// the page works as everywhere else.
//
//   const lms = connectLms();
//   lms.connected, lms.student ({name, id} from the LMS, or null), lms.resumed (work from
//   the LMS's suspend_data, or null), lms.update(store.state), lms.onNotice(f), lms.notices
export function connectLms(win = window) {
  for (let w = win, hops = 0; w && hops < 10; ++hops) {
    try {
      if (w.labSession && typeof w.labSession.update === 'function') return wrap(w.labSession);
    } catch { /* a cross-origin parent: not ours */ }
    if (!w.parent || w.parent === w) break;
    w = w.parent;
  }
  return { connected: false, student: null, resumed: null, notices: [], update() {}, onNotice() {} };
}

function wrap(session) {
  return {
    connected: session.state === 'running',
    student: session.student,
    resumed: session.resumed,
    get notices() { return session.notices.slice(); },
    update: (state) => session.update(state),
    onNotice: (f) => session.onNotice(f),
  };
}

// The store merged with the LMS's copy, and every later save reported: one call per page.
export function joinLms(store, lms, noticeEl) {
  if (!lms.connected) return;
  if (lms.resumed) store.mergeIn(lms.resumed);
  const show = () => {
    noticeEl.textContent = lms.notices.join(' ');
    noticeEl.hidden = lms.notices.length === 0;
  };
  show();
  lms.onNotice(show);
  const save = store.save;
  store.save = () => {
    const ok = save();
    lms.update(store.state);
    return ok;
  };
  lms.update(store.state);
}
