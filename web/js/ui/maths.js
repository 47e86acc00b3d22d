// Maths in text a script writes at run time, typeset as the lesson's is, with no
// KaTeX in the page: a script's text marks its formulas $…$ ("Scaled $q \cdot k /
// \sqrt{d_k}$: "), and each formula is cloned from the KaTeX the build made of it
// (tools/site/maths.mjs puts one <template data-tex="…"> per formula in the page, for
// every formula of FORMULAS below and of the widgets' content). The text around the
// formulas, numbers and anything computed, goes in as text nodes: nothing is parsed
// as HTML.
//   writeMaths(el, 'At $d_k$ = 16')        the element's content, typeset
//   plainMaths('At $d_k$ = 16')            'At dₖ = 16', for attributes (aria-label, an
//                                           <option>) and plain-text files
//   svgMaths(textEl, 'q·k / $\sqrt{d_k}$')  in SVG: √d with a lowered, smaller k
// A formula the build did not typeset is written in its plain form and the element is
// marked data-maths-missing (the browser tests' maths check reports it).

// Formulas scripts write at run time, besides those in content/widgets/*.json.
export const FORMULAS = Object.freeze([
  'q^\\top k', 'q^\\top k / \\sqrt{d_k}', 'w^\\top \\tanh(W_q q + W_k k)',
]);

const SUBSCRIPT = { a: 'ₐ', e: 'ₑ', h: 'ₕ', i: 'ᵢ', j: 'ⱼ', k: 'ₖ', l: 'ₗ', m: 'ₘ', n: 'ₙ', o: 'ₒ', p: 'ₚ', r: 'ᵣ', s: 'ₛ', t: 'ₜ', u: 'ᵤ', v: 'ᵥ', x: 'ₓ',
  0: '₀', 1: '₁', 2: '₂', 3: '₃', 4: '₄', 5: '₅', 6: '₆', 7: '₇', 8: '₈', 9: '₉', T: 'ᵀ' };
const SUPERSCRIPT = { 'ᵀ': 'ᵀ', 2: '²', 3: '³', T: 'ᵀ' };
const SYMBOLS = { '\\cdot': '·', '\\sqrt': '√', '\\tanh': 'tanh', '\\Sigma': 'Σ', '\\sum': 'Σ', '\\alpha': 'α', '\\tau': 'τ', '\\times': '×', '\\approx': '≈', '\\top': 'ᵀ' };

// TeX (the small part the lab writes) -> runs of text, each plain or lowered: [{text, sub}].
function runs(tex) {
  const out = [];
  const push = (text, sub) => {
    const last = out[out.length - 1];
    if (last && last.sub === sub) last.text += text; else out.push({ text, sub });
  };
  const src = tex.replace(/\\text\{([^}]*)\}/g, '$1').replace(/\\[A-Za-z]+/g, (m) => SYMBOLS[m] ?? m.slice(1)).replace(/\s*([=+·/])\s*/g, ' $1 ');
  for (let i = 0; i < src.length; ++i) {
    const c = src[i];
    if (c === '_' || c === '^') {
      let body;
      if (src[i + 1] === '{') { const end = src.indexOf('}', i); body = src.slice(i + 2, end); i = end; } else { body = src[i + 1] || ''; i += 1; }
      push(c === '_' ? body : SUPERSCRIPT[body] ?? `^(${plainTex(body)})`, c === '_');
    } else if (c !== '{' && c !== '}') push(c, false);
  }
  return out.map((r) => ({ ...r, text: r.text.replace(/\s+/g, ' ') }));
}

// Unicode subscripts where every letter has one ("dₖ"), else the letters after a thin space.
const plainSub = (t) => ([...t].every((c) => SUBSCRIPT[c]) ? [...t].map((c) => SUBSCRIPT[c]).join('') : `\u2009${t}`);
export const plainTex = (tex) => runs(tex).map((r) => (r.sub ? plainSub(r.text) : r.text.replace(/\^T\b/g, 'ᵀ'))).join('').trim();

// "At $d_k$ = 16" -> ["At ", {tex: "d_k"}, " = 16"]
function split(text) {
  return String(text).split(/\$([^$\n]+)\$/).map((part, i) => (i % 2 ? { tex: part } : part)).filter((p) => p !== '');
}

// The engine's exercises write their maths in plain text ("s_i = q · k_i / √d_k",
// "W_Qᵀ", "d_model"): each symbol with a subscript becomes a formula ($s_i$, $W_Q^\top$,
// $\sqrt{d_k}$, $d_{\text{model}}$). The build typesets the same symbols, found by this
// function in the engine's strings (src/exercises/*.cpp), for the exercises page.
const GREEK = { α: '\\alpha', β: '\\beta', τ: '\\tau', Σ: '\\Sigma' };
const texName = (s) => [...s].map((c) => GREEK[c] ? `${GREEK[c]} ` : c).join('').trim();
export function engineMaths(text) {
  return String(text).replace(/(?<![\w./])(√?)([A-Za-zα-ωΑ-Ω])_([A-Za-z0-9α-ω]+)(ᵀ?)(?![\w])/g, (whole, root, base, sub, top) => {
    let tex = `${texName(base)}_{${sub.length <= 2 ? texName(sub) : `\\text{${sub}}`}}`;
    if (root) tex = `\\sqrt{${tex}}`;
    if (top) tex += '^\\top';
    return `$${tex}$`;
  });
}

export const plainMaths = (text) => split(text).map((p) => (typeof p === 'string' ? p : plainTex(p.tex))).join('');
export const hasMaths = (text) => /\$[^$\n]+\$/.test(String(text));

let typeset = null;  // TeX -> its <template>, read once from the page
function template(tex) {
  if (!typeset) {
    typeset = new Map();
    if (typeof document !== 'undefined') for (const t of document.querySelectorAll('template[data-tex]')) typeset.set(t.dataset.tex, t);
  }
  return typeset.get(tex);
}

// The element's content: its text with each formula typeset.
export function writeMaths(el, text) {
  const nodes = [];
  let missing = false;
  for (const p of split(text)) {
    if (typeof p === 'string') { nodes.push(document.createTextNode(p)); continue; }
    const t = template(p.tex);
    if (t) nodes.push(t.content.cloneNode(true));
    else { missing = true; nodes.push(document.createTextNode(plainTex(p.tex))); }
  }
  el.replaceChildren(...nodes);
  if (missing) el.dataset.mathsMissing = 'true'; else delete el.dataset.mathsMissing;
  return el;
}

// An SVG <text>'s content: subscripts as lowered, smaller <tspan>s (KaTeX cannot draw in SVG).
export function svgMaths(el, text) {
  const NS = 'http://www.w3.org/2000/svg';
  el.replaceChildren();
  for (const p of split(text)) {
    if (typeof p === 'string') { el.append(p); continue; }
    for (const r of runs(p.tex)) {
      if (!r.sub) {
        const t = document.createElementNS(NS, 'tspan');
        t.setAttribute('font-style', 'italic');
        t.textContent = r.text;
        el.append(t);
        continue;
      }
      const t = document.createElementNS(NS, 'tspan');
      t.setAttribute('class', 'math-sub');
      t.setAttribute('baseline-shift', 'sub');
      t.setAttribute('font-size', '75%');
      t.setAttribute('font-style', 'italic');
      t.textContent = r.text;
      el.append(t);
    }
  }
  el.setAttribute('aria-label', plainMaths(text));
  return el;
}
