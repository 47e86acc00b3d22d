// The student's work, kept in the browser's localStorage and written on every
// change (so a reload, a closed tab or a crash loses nothing).
//
//   const store = openStore();
//   store.state.answers.q1 = {...}; store.save();
//   store.problem   -> a sentence to show when saving is impossible or old data was unreadable
//
// Unreadable saved data (hand-edited, truncated) is never silently dropped: it is
// moved aside under its own key and reported. When storage is disabled or full,
// the page says so and everything still works in memory (export included).
export const STORE_KEY = 'attention-lab:v1';

export function emptyState() {
  return { version: 1, answers: {}, student: { name: '', id: '' }, races: [] };
}

function isObject(x) {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

export function validState(s) {
  return isObject(s) && s.version === 1 && isObject(s.answers) && isObject(s.student) && Array.isArray(s.races)
    && Object.values(s.answers).every(isObject);
}

export function openStore(storage = safeLocalStorage()) {
  const store = { state: emptyState(), persistent: Boolean(storage), problem: null };
  if (!storage) {
    store.problem = 'This browser is not letting the lab save your answers (storage is disabled or full, as in some private windows). Everything works, but answers will be lost on reload: use "Download my work" to keep them.';
  } else {
    const raw = storage.getItem(STORE_KEY);
    if (raw !== null) {
      let parsed = null;
      try { parsed = JSON.parse(raw); } catch { parsed = null; }
      if (validState(parsed)) {
        store.state = parsed;
      } else {
        const aside = `${STORE_KEY}:unreadable:${Date.now()}`;
        try { storage.setItem(aside, raw); } catch { /* reported below either way */ }
        storage.removeItem(STORE_KEY);
        store.problem = `Answers saved earlier in this browser could not be read (the saved data is damaged). They were set aside under "${aside}" and you are starting afresh.`;
      }
    }
  }
  store.save = () => {
    if (!store.persistent) return false;
    try {
      storage.setItem(STORE_KEY, JSON.stringify(store.state));
      return true;
    } catch {
      store.persistent = false;
      store.problem = 'The browser refused to save your answers (its storage is full or disabled). Keep working, and use "Download my work" before you leave.';
      if (store.onProblem) store.onProblem(store.problem);
      return false;
    }
  };
  store.reset = () => {
    store.state = emptyState();
    store.save();
  };
  return store;
}

function safeLocalStorage() {
  try {
    const s = window.localStorage;
    const probe = `${STORE_KEY}:probe`;
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

export function showStoreProblem(store, el) {
  const show = (text) => { el.textContent = text; el.hidden = !text; };
  show(store.problem || '');
  store.onProblem = show;
}
