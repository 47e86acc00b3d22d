// The widget page's guard on iframe-resizer's child side (resizer-messages.js says what
// passes): imported by embedded.js before iframe-resizer, so its listener runs first.
// Only the window above this page speaks to iframe-resizer, from the origin of its
// first init; a malformed message stops here, and nothing throws.
import { childAccepts, guard } from './resizer-messages.js';

const state = { parent: window.parent !== window ? window.parent : null, origin: null, initialised: false };

guard(window, (event) => {
  const { ok, init } = childAccepts(event, state);
  if (ok && init) {
    state.initialised = true;
    if (state.origin === null) state.origin = event.origin;
  }
  return ok;
});
