// The parent side of the lab's embed (bundled to embed/attention-lab-embed.js): an
// instructor's page loads it after its iframes. For every <iframe data-attention-lab>:
// - the frame's height follows the widget's (iframe-resizer 4, MIT: the widget page
//   runs its child side, web/js/embed/embedded.js);
// - Escape in the widget gives focus back to this page (the frame posts
//   {type: 'attention-lab:escape'}), so a slide deck's arrow keys work again.
// A reveal.js deck needs nothing more: it posts 'slide:start' and 'slide:stop' to the
// frames of the slide it shows and leaves, and the widget pauses its long work.
// Every message is checked for its source before anything acts on it: guard-parent.js
// (imported first, so its listener runs before iframe-resizer's) lets iframe-resizer see
// only well-formed messages from these frames; the Escape message is taken only from them.
import './guard-parent.js';
import iFrameResize from 'iframe-resizer/js/iframeResizer.js';
import { frameOrigin } from './resizer-messages.js';

function connect() {
  const frames = [...document.querySelectorAll('iframe[data-attention-lab]')];
  // checkOrigin off: iframe-resizer's own check throws on a message from another
  // origin; guard-parent.js checks each frame's source and origin and drops the rest.
  for (const frame of frames) iFrameResize({ checkOrigin: false, warningTimeout: 0, log: false }, frame);
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (data === null || typeof data !== 'object' || data.type !== 'attention-lab:escape') return;
    const frame = frames.find((f) => f.contentWindow === event.source);
    if (!frame || frameOrigin(frame.getAttribute('src') || '', document.baseURI) !== event.origin) return;
    frame.blur();
    // Focus the element that holds the frame (a slide), or the page, so its keys work.
    const holder = frame.closest('section, [tabindex]') || document.body;
    if (!holder.hasAttribute('tabindex')) holder.setAttribute('tabindex', '-1');
    holder.focus({ preventScroll: true });
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', connect, { once: true });
else connect();
