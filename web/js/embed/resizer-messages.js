// Which window messages iframe-resizer 4 may see, on either side of an embed. Its listeners
// act on any message that starts with "[iFrameSizer]", whoever sent it, and throw on some
// (a body that is not JSON, an object whose string form throws, a calc mode named
// "__proto__"); the lab's own frames never send those. So a guard, added before
// iframe-resizer's listener (guard-child.js, guard-parent.js), lets through only what
// iframe-resizer's other side sends, from that side, well formed; the rest stops there.
// Pure but for guard() (no DOM reads).
//
//   childAccepts(event, {parent, origin, initialised}) -> {ok, init}   the widget page's side
//   parentAccepts(event, frames, here)                -> boolean      the embedding page's side
export const MSG_ID = '[iFrameSizer]';
export const CHILD_READY = '[iFrameResizerChild]Ready';

// Whether iframe-resizer would throw turning the message into a string ("" + data), as
// both its sides do first: a cloned object with an own toString or valueOf that is not a
// function. Strings and other primitives never throw.
export function stringFormThrows(data) {
  if (data === null || (typeof data !== 'object' && typeof data !== 'function')) return false;
  try {
    void ('' + data);  // exactly iframe-resizer's conversion
    return false;
  } catch {
    return true;
  }
}

// Fields of an init message; an option left unset arrives as "undefined" or "null".
const unset = (s) => s === undefined || s === '' || s === 'undefined' || s === 'null';
const isNumber = (s) => unset(s) || Number.isFinite(Number(s));
const isBool = (s) => unset(s) || s === 'true' || s === 'false';
// A height or width calculation's name: a word, never one of Object.prototype's (the
// widget looks it up in a plain object and calls what it finds).
const isWord = (s) => /^[A-Za-z]{1,40}$/.test(s) && !(s in Object.prototype);
const isCalcMode = (s) => unset(s) || isWord(s);

// The parent's init message, after MSG_ID: id:bodyMargin:calculateWidth:log:interval:
// enablePublicMethods:autoResize:bodyMarginV1:heightCalculationMethod:bodyBackground:
// bodyPadding:tolerance:inPageLinks:resizeFrom:widthCalculationMethod:mouseEvents.
// calculateWidth is how iframe-resizer itself tells an init message ("true"/"false").
export function initOk(body) {
  const f = body.split(':');
  if (f.length < 3 || f.length > 16 || (f[2] !== 'true' && f[2] !== 'false')) return false;
  return [1, 4, 11].every((i) => isNumber(f[i])) && [3, 5, 6, 12, 15].every((i) => isBool(f[i]))
    && isCalcMode(f[8]) && isCalcMode(f[14]) && (unset(f[13]) || f[13] === 'parent' || f[13] === 'child');
}

const parsesAsJson = (s) => {
  try { JSON.parse(s); return true; } catch { return false; }
};

// The widget page (the child). state: {parent: the window above, origin: the origin
// of the first init accepted (null before), initialised}. Only the parent window may
// speak; once an init came from an origin, only that origin. Before the first init,
// only an init; after it: init again, "reset", "resize", and "pageInfo" with a JSON body.
// In-page links, and messages for an onMessage handler, are not used by the lab.
// -> {ok: boolean, init: boolean}
export function childAccepts(event, state) {
  const data = event.data;
  if (typeof data !== 'string') return { ok: !stringFormThrows(data), init: false };
  if (!data.startsWith(MSG_ID)) return { ok: true, init: false };
  const no = { ok: false, init: false };
  if (event.source !== state.parent || !event.source) return no;
  if (state.origin !== null && event.origin !== state.origin) return no;
  const body = data.slice(MSG_ID.length);
  if (initOk(body)) return { ok: true, init: true };
  if (!state.initialised) return no;
  const type = body.split(':')[0];
  if (body === 'reset' || body === 'resize') return { ok: true, init: false };
  if (type === 'pageInfo') return { ok: parsesAsJson(body.slice(body.indexOf(':') + 1)), init: false };
  return no;
}

// The messages a widget sends that the embedding page's iframe-resizer may act on: a size,
// id:height:width:trigger, the trigger a word (an event's name: "init", "interval",
// "mutationObserver", "animationend", "resize", ...). The types that carry a body or do
// more than size (a JSON message for onMessage, autoResize, close, in-page links,
// scrolling, the pointer) are never sent by the lab's widgets; "true", "false" and
// "undefined" are a parent's init, not a child's.
const NOT_SENT = new Set(['message', 'autoResize', 'close', 'inPageLink', 'scrollTo', 'scrollToOffset',
  'mouseenter', 'mouseleave', 'true', 'false', 'undefined']);
const isSize = (s) => /^-?\d{1,9}(\.\d{1,6})?$/.test(s);

// The origin a frame's document has, from its src as the page resolves it: an opaque
// one ("null": file:, data:, a sandbox) for anything but http(s).
export function frameOrigin(src, base) {
  try {
    const u = new URL(src, base);
    return /^https?:$/.test(u.protocol) ? u.origin : 'null';
  } catch {
    return '';
  }
}

// The embedding page (the parent). frames: [{window, id, origin}] for its own
// <iframe data-attention-lab> frames. A message for iframe-resizer is let through only
// from one of them, from the origin its src has, naming that same frame, well formed.
export function parentAccepts(event, frames) {
  const data = event.data;
  if (typeof data !== 'string') return !stringFormThrows(data);
  const forResizer = data.startsWith(MSG_ID), ready = data === CHILD_READY;
  if (!forResizer && !ready && !data.startsWith('[iFrameResizer')) return true;
  const frame = frames.find((f) => f.window === event.source && event.source);
  if (!frame || !frame.origin || event.origin !== frame.origin) return false;
  if (ready) return true;
  if (!forResizer) return false;
  const f = data.slice(MSG_ID.length).split(':');
  return f.length === 4 && f[0] === frame.id && isSize(f[1]) && isSize(f[2]) && isWord(f[3]) && !NOT_SENT.has(f[3]);
}

// A message listener that runs before iframe-resizer's (added first, in the capture
// phase) and stops, for every listener of this window, a message accepts() refuses.
export function guard(win, accepts) {
  win.addEventListener('message', (event) => {
    let ok = false;
    try { ok = accepts(event); } catch { ok = false; }
    if (!ok) event.stopImmediatePropagation();
  }, true);
}
