// The glossary's terms linked where a page first uses them: the first time each term
// appears in the page's text (content/glossary.json's "forms", longest first, as
// written or with a capital first letter; never its "except" phrases), it
// becomes a link to its entry in the lesson's glossary, with the definition shown
// while the pointer is on it or the keyboard's focus is in it. Runs on every page
// (its own bundle, after the page's script), on the text the page was built with.
//
//   <span class="term-wrap"><a class="term" href="lesson.html#g-gru" aria-describedby="term-tip-gru">GRU</a>
//     <span class="term-tip" role="tooltip" id="term-tip-gru">A recurrent layer …</span></span>

// Text that is not prose to link: controls, code, maths, drawings, headings, live
// regions (rewritten as the page works), notices and error messages (about the page's
// link, storage or an input, not the subject), the glossary itself.
const SKIP = 'a, button, label, code, pre, .katex, svg, select, option, textarea, script, style, h1, h2, h3, h4, summary, caption, th, legend, dt, .sr-only, [aria-live], [role="status"], .notice, .error, #glossary, .term-wrap';

// Around a form: no letter, digit or _ on either side, nor - before it (not inside a
// longer word); and not a setting's name in a link or a listing ("seed = 3151",
// "require=T:30,seed:7"): no ?, &, =, /, :, comma or full stop right before it, no = after
// it (spaces allowed) and no : right before a non-space after it.
const BEFORE = '(?<![\\p{L}\\p{N}_?&=/:,.-])';
const AFTER = '(?![\\p{L}\\p{N}_]|\\s*=|:\\S)';

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A form as written, and with its first letter a capital (the first word of a sentence:
// "Teacher forcing …", "Epoch"). Only the first letter: "GRU" is not "gru", "Adam" is
// not "adam".
export const formVariants = (form) => [...new Set([form, form.charAt(0).toUpperCase() + form.slice(1)])];

// terms: [{id, forms, except?}] -> {pattern: every form and exception, longest first,
// matched whole (BEFORE and AFTER), a space matching any white space;
// termOf(matched text): its term, or null for an exception (a phrase in which a form
// means something else, consumed so that its form is not linked there)}.
export function glossaryMatcher(terms) {
  const byText = new Map();
  for (const t of terms) {
    for (const f of t.forms) for (const v of formVariants(f)) byText.set(v, t);
    for (const e of t.except || []) for (const v of formVariants(e)) byText.set(v, null);
  }
  const texts = [...byText.keys()].sort((a, b) => b.length - a.length);
  // A space in a form matches any run of white space (a line break in the page's source).
  const pattern = texts.length ? new RegExp(`${BEFORE}(?:${texts.map((t) => escapeRe(t).replace(/ /g, '\\s+')).join('|')})${AFTER}`, 'gu') : null;
  return { pattern, termOf: (text) => byText.get(text.replace(/\s+/g, ' ')) ?? null };
}

// The first uses in one piece of text of the terms not yet in linked (a Set of ids,
// updated): [[offset, the text as written, term]], in order.
export function firstUses(data, matcher, linked) {
  const here = [];
  if (!matcher.pattern) return here;
  for (const m of data.matchAll(matcher.pattern)) {
    const term = matcher.termOf(m[0]);
    if (!term || linked.has(term.id)) continue;
    linked.add(term.id);
    here.push([m.index, m[0], term]);
  }
  return here;
}

// terms: [{id, forms, except?, definition (plain text)}]; href(id) -> the entry's address.
// Returns the ids linked, in order.
export function linkGlossary(root, terms, href) {
  const linked = new Set();
  const steps = linking(root, terms, href, linked);
  while (!steps.next().done);
  return [...linked];
}

// The same in slices of about sliceMs, the page's other work (its first answer drawn, a
// click) getting its turn in between: a page's text is thousands of nodes, and walking it
// at once was a main-thread task of 30-60 ms as the page starts.
export async function linkGlossaryInSlices(root, terms, href, sliceMs = 8) {
  const linked = new Set();
  let start = performance.now();
  const steps = linking(root, terms, href, linked);
  while (!steps.next().done) {
    if (performance.now() - start < sliceMs) continue;
    await new Promise((resolve) => setTimeout(resolve, 0));
    start = performance.now();
  }
  return [...linked];
}

// The work, one step per text node (yield: a point where it may pause): the nodes found
// first, then each one's first uses linked (linked, a Set of ids, grows). A node the page
// has since taken out is skipped.
function* linking(root, terms, href, linked) {
  const matcher = glossaryMatcher(terms);
  if (!matcher.pattern) return;
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement && !n.parentElement.closest(SKIP) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const nodes = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    nodes.push(n);
    if (nodes.length % 64 === 0) yield;
  }
  for (const node of nodes) {
    yield;
    if (!node.isConnected || !node.parentElement || node.parentElement.closest(SKIP)) continue;
    // This node's first uses, found in order, then linked from the last (so that the
    // earlier offsets still hold as the node is split). The link's text is the page's
    // own, as written; nothing is parsed as HTML.
    for (const [index, text, term] of firstUses(node.data, matcher, linked).reverse()) {
      const at = node.splitText(index);
      at.splitText(text.length);
      at.replaceWith(termLink(term, text, href(term.id)));
    }
  }
}

function termLink(term, text, address) {
  const wrap = document.createElement('span');
  wrap.className = 'term-wrap';
  const a = Object.assign(document.createElement('a'), { className: 'term', href: address, textContent: text });
  a.setAttribute('aria-describedby', `term-tip-${term.id}`);
  const tip = Object.assign(document.createElement('span'), { className: 'term-tip', id: `term-tip-${term.id}`, textContent: term.definition });
  tip.setAttribute('role', 'tooltip');
  wrap.append(a, tip);
  return wrap;
}

// The page's own run: the glossary from the page's embedded data; on the lesson the
// entries are on the page itself.
function main() {
  const el = document.getElementById('lab-data');
  const main = document.querySelector('main');
  if (!el || !main) return;
  const { glossary = [] } = JSON.parse(el.textContent);
  const here = /(^|\/)lesson\.html$/.test(location.pathname);
  dismissWithEscape();
  afterPageStart(() => linkGlossaryInSlices(main, glossary, (id) => `${here ? '' : 'lesson.html'}#g-${id}`).then((done) => {
    document.body.dataset.glossary = done.join(' ');
  }));
}

// A page with a script of its own builds part of its text in main(), in a task after its
// script's (ui/turns.js), and says when it is done (body[data-ready]): the links wait for
// it, so that what the page built is linked too and a term's first use is the reader's.
function afterPageStart(link) {
  const pageScript = [...document.scripts].some((s) => s.defer && s.src && !/glossary-links\.js$/.test(s.src));
  if (!pageScript || document.body.dataset.ready === 'true') { link(); return; }
  const watch = new MutationObserver(() => {
    if (document.body.dataset.ready !== 'true') return;
    watch.disconnect();
    link();
  });
  watch.observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
}

// A definition shown on hover or focus is dismissed with Escape without moving the pointer
// or the focus (WCAG 1.4.13): the shown ones are marked dismissed, and show again when the
// focus or the pointer next comes to their term.
function dismissWithEscape() {
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    for (const wrap of document.querySelectorAll('.term-wrap:hover, .term-wrap:focus-within')) wrap.classList.add('dismissed');
  });
  const comeBack = (e) => {
    const wrap = e.target.closest && e.target.closest('.term-wrap');
    if (wrap && !(e.relatedTarget instanceof Node && wrap.contains(e.relatedTarget))) wrap.classList.remove('dismissed');
  };
  document.addEventListener('focusin', comeBack);
  document.addEventListener('pointerover', comeBack);
}

if (typeof document !== 'undefined' && document.getElementById) main();
