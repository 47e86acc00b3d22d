// The glossary's terms linked where a page first uses them: the first time each term
// appears in the page's text (content/glossary.json's "forms", longest first), it
// becomes a link to its entry in the lesson's glossary, with the definition shown
// while the pointer is on it or the keyboard's focus is in it. Runs on every page
// (its own bundle, after the page's script), on the text the page was built with.
//
//   <span class="term-wrap"><a class="term" href="lesson.html#g-gru" aria-describedby="term-tip-gru">GRU</a>
//     <span class="term-tip" role="tooltip" id="term-tip-gru">A recurrent layer …</span></span>

// Text that is not prose to link: controls, code, maths, drawings, headings, live
// regions (rewritten as the page works), the glossary itself.
const SKIP = 'a, button, label, code, pre, .katex, svg, select, option, textarea, script, style, h1, h2, h3, h4, summary, caption, th, legend, dt, .sr-only, [aria-live], [role="status"], #glossary, .term-wrap';

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// terms: [{id, forms, definition (plain text)}]; href(id) -> the entry's address.
export function linkGlossary(root, terms, href) {
  const byForm = new Map();
  for (const t of terms) for (const f of t.forms) byForm.set(f, t);
  const forms = [...byForm.keys()].sort((a, b) => b.length - a.length);
  if (!forms.length) return [];
  // A whole form: not inside a longer word (letters, digits, _ or - on either side).
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${forms.map(escapeRe).join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  const linked = new Set();
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement && !n.parentElement.closest(SKIP) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const nodes = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) nodes.push(n);
  for (const node of nodes) {
    // This node's first uses, found in order, then linked from the last (so that the
    // earlier offsets still hold as the node is split).
    const here = [];
    for (const m of node.data.matchAll(pattern)) {
      const term = byForm.get(m[0]);
      if (linked.has(term.id)) continue;
      linked.add(term.id);
      here.push([m.index, m[0], term]);
    }
    for (const [index, text, term] of here.reverse()) {
      const at = node.splitText(index);
      at.splitText(text.length);
      at.replaceWith(termLink(term, text, href(term.id)));
    }
  }
  return [...linked];
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
  const done = linkGlossary(main, glossary, (id) => `${here ? '' : 'lesson.html'}#g-${id}`);
  document.body.dataset.glossary = done.join(' ');
}

if (typeof document !== 'undefined' && document.getElementById) main();
