// The embedding page's guard on iframe-resizer's parent side (resizer-messages.js says
// what passes): imported by lab-embed.js before iframe-resizer, so its listener runs
// first. A message for iframe-resizer is taken only from one of this page's own
// <iframe data-attention-lab> frames, from the origin of its src, naming that frame;
// anything else for it stops here, and nothing throws. The page's other messages pass.
import { frameOrigin, guard, parentAccepts } from './resizer-messages.js';

const ownFrames = () => [...document.querySelectorAll('iframe[data-attention-lab]')]
  .map((f) => ({ window: f.contentWindow, id: f.id, origin: frameOrigin(f.getAttribute('src') || '', document.baseURI) }));

guard(window, (event) => parentAccepts(event, ownFrames()));
