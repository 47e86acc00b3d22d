// A widget page as an embed: the page opened with ?embed shows the widget alone (no
// navigation, no introduction; layout.mjs marks <html class="embed"> before first paint)
// for a slide deck, an LMS page or a course site to hold in an iframe. docs/embed/
// README.md documents it for instructors. What the page does in a frame:
//
// - Its height, to the parent: the child side of iframe-resizer 4 (MIT), whose parent
//   side ships as embed/attention-lab-embed.js (lab-embed.js). It measures the page
//   whenever it changes: maths typeset, a chart drawn, a table filled, a run finished.
// - Keys: arrow keys work the widget while the frame has focus; Escape hands focus back
//   to the page around it (message {type: 'attention-lab:escape'}), so a deck's arrow
//   keys move slides again.
// - Long work pauses when the page is hidden, or when a reveal.js deck posts
//   'slide:stop' for the slide that holds it, and goes on at 'slide:start' (or when
//   shown again): LabClient.pause, which the engine honours between minibatches; the
//   numbers are the same.
// - Links to other pages of the lab (and any other link out of the page, including
//   those added after load, like the glossary's) open in a new tab, not in the frame.
// - Messages: iframe-resizer's child side sees only well-formed ones from the window
//   above (guard-child.js); the slide messages are taken from that window only.
//
// Not embedded, a widget page offers "Embed this": the snippet an instructor copies.
import './guard-child.js';  // first: its listener runs before iframe-resizer's
import 'iframe-resizer/js/iframeResizer.contentWindow.js';
import { t } from '../ui/i18n.js';

export const embedded = document.documentElement.classList.contains('embed');
const framed = window.parent !== window;

// The page's address without ?embed, and with it: the same settings either way. A page
// whose settings change as the student works keeps them in its share link
// (page-kit.js, showShareLink), which the address may not follow.
function pageUrl(embed) {
  const shared = document.getElementById('share-link');
  const url = new URL(embed && shared && shared.href ? shared.href : location.href);
  url.hash = '';
  url.searchParams.delete('embed');
  if (embed) url.search = url.search ? `${url.search}&embed` : '?embed';
  return url.href;
}

// Pauses lab's long work while the page is hidden or its slide is not shown.
export function pauseWhenAway(lab) {
  let slideShown = true;
  const apply = () => lab.pause(document.hidden || !slideShown);
  if (embedded) document.addEventListener('visibilitychange', apply);
  if (framed) {
    window.addEventListener('message', (event) => {
      if (event.source !== window.parent) return;
      if (event.data === 'slide:stop' || event.data === 'slide:start') {
        slideShown = event.data === 'slide:start';
        document.body.dataset.slide = slideShown ? 'shown' : 'hidden';
        apply();
      }
    });
  }
}

// Another page of the lab, or any other address, in a new tab, never inside the slide:
// the links the page was built with, those added after (the glossary's terms, a result's
// links: a MutationObserver), and, should one be clicked before the observer has run, at
// the click (a delegated handler, before the browser follows it). A link within the page
// ("#...") stays.
const leavesPage = (a) => {
  const href = a.getAttribute('href');
  return href !== null && !href.startsWith('#');
};
function newTab(a) {
  if (!leavesPage(a)) return;
  if (a.target !== '_blank') a.target = '_blank';
  if (!a.relList.contains('noopener')) a.relList.add('noopener');
}
function linksInNewTabs() {
  for (const a of document.querySelectorAll('a[href]')) newTab(a);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') { if (r.target.matches('a[href]')) newTab(r.target); continue; }
      for (const n of r.addedNodes) {
        if (n.nodeType !== Node.ELEMENT_NODE) continue;
        if (n.matches('a[href]')) newTab(n);
        for (const a of n.querySelectorAll('a[href]')) newTab(a);
      }
    }
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['href', 'target'] });
  document.addEventListener('click', (event) => {
    const a = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (a) newTab(a);
  }, true);
}

function embedChrome() {
  const main = document.querySelector('main');
  const bar = document.createElement('p');
  bar.className = 'embed-bar';
  const open = Object.assign(document.createElement('a'), { href: pageUrl(false), target: '_blank', rel: 'noopener', textContent: t('embed.openInLab') });
  open.id = 'open-in-lab';
  bar.append(open, ` ${t('embed.newTab')}`);
  main.prepend(bar);
  linksInNewTabs();
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    if (framed) window.parent.postMessage({ type: 'attention-lab:escape' }, '*');
  });
}

// "Embed this": the iframe (and the parent script that sizes it) for this page as set.
function embedThis() {
  const main = document.querySelector('main');
  const details = document.createElement('details');
  details.className = 'embed-this';
  details.id = 'embed-this';
  const summary = document.createElement('summary');
  summary.textContent = t('embed.embedThis');
  details.append(summary);
  if (!/^https?:$/.test(location.protocol)) {
    const p = document.createElement('p');
    p.textContent = t('embed.needsHost');
    details.append(p);
    main.append(details);
    return;
  }
  const title = document.querySelector('h1') ? document.querySelector('h1').textContent.trim() : document.title;
  const script = new URL('embed/attention-lab-embed.js', location.href).href;
  const escape = (s) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]);
  const snippet = () => `<iframe data-attention-lab src="${escape(pageUrl(true))}" title="${escape(title)}" style="width: 100%; height: 900px; border: 0" allow="fullscreen"></iframe>\n<script src="${script}"></script>`;
  const help = document.createElement('p');
  const describe = () => {
    const settings = document.getElementById('share-link') || location.search
      ? t('embed.settingsNow')
      : t('embed.settingsAsStarted');
    help.textContent = t('embed.help', { settings });
  };
  describe();
  const label = Object.assign(document.createElement('label'), { htmlFor: 'embed-snippet', textContent: t('embed.snippet') });
  const text = Object.assign(document.createElement('textarea'), { id: 'embed-snippet', readOnly: true, rows: 4, value: snippet() });
  const copy = Object.assign(document.createElement('button'), { type: 'button', textContent: t('embed.copy') });
  const said = document.createElement('span');
  said.setAttribute('role', 'status');
  copy.addEventListener('click', () => {
    text.select();
    const done = () => { said.textContent = ` ${t('embed.copied')}`; };
    if (navigator.clipboard) navigator.clipboard.writeText(text.value).then(done, () => { said.textContent = ` ${t('embed.copyByHand')}`; });
    else said.textContent = ` ${t('embed.copyByHand')}`;
  });
  details.append(help, label, text, copy, said);
  // The settings change as the student works: the snippet follows when opened. 'toggle'
  // fires a task after the details open, so the summary's click (mouse, Enter or Space)
  // refreshes it at once too: what shows on opening is never the last opening's snippet.
  const refresh = () => { text.value = snippet(); describe(); };
  summary.addEventListener('click', refresh);
  details.addEventListener('toggle', () => { if (details.open) refresh(); });
  main.append(details);
}

function setUp() {
  if (document.body.dataset.embeddable !== 'true') return;  // the lab's other pages
  if (embedded) embedChrome(); else embedThis();
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setUp, { once: true });
else setUp();
