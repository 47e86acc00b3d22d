// Words of English left on a page in another language: text the page shows (SVG labels
// included) outside what is marked English (lang="en": a part not yet translated, an
// English example sentence, a token of the toy language), code, formulas and what the
// student typed. English is told by its commonest words, which French, German or Spanish
// text does not use; a sentence that leaks from code without a catalog has some. Not
// counted: a single word (a token of the toy language, a model's name), words quoted
// (« the cat », “what is held”: an example cited), an external link's words (a paper's
// title) and the rest of a reference that cites one (authors, venue), and setting names (a link's "epochs=3", "seed = 3151" are the settings' keys).
//   await englishLeft(page) -> ['Training race: no run saved yet.', …] (at most 12)
export const ENGLISH_WORDS = ['the', 'and', 'of', 'is', 'are', 'with', 'this', 'that', 'from', 'which', 'your', 'you', 'was', 'were', 'has', 'have', 'will', 'can', 'each', 'than', 'into', 'only', 'not', 'run', 'runs', 'click', 'shows', 'here', 'there', 'yet', 'both', 'after', 'before', 'when', 'what', 'how', 'accuracy', 'training', 'weights', 'settings', 'started', 'finished', 'stopped', 'loading'];

export async function englishLeft(page) {
  return page.evaluate((words) => {
    const re = new RegExp(`(^|[^\\p{L}])(${words.join('|')})(?![\\p{L}])`, 'iu');
    // (en-XA, the pseudo-locale, is not English: its words are the catalog's, accented.)
    const marked = (el) => el.closest('[lang]:not([lang=""])')?.getAttribute('lang');
    const skip = (el) => (marked(el) || '').split('-')[0] === 'en' && marked(el) !== 'en-XA'
      || el.closest('code, pre, kbd, samp, .katex, textarea, script, style, template, [hidden], .cm-editor, a[href^="http"]')
      || el.closest('li')?.querySelector(':scope > a[href^="http"], :scope > * > a[href^="http"]');
    const unquoted = (text) => text.replace(/«[^»]*»|“[^”]*”|"[^"]*"|‘[^’]*’/g, ' ');
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && found.length < 12; n = walker.nextNode()) {
      const text = n.textContent.replace(/\s+/g, ' ').trim();
      if (!text || !/\s/.test(text) || !re.test(unquoted(text))) continue;
      const el = n.parentElement;
      if (!el || skip(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0 && !el.closest('details:not([open])')) continue;
      found.push(text.slice(0, 120));
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      if (found.length >= 12 || skip(el)) continue;
      for (const a of ['aria-label', 'title', 'alt', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v && /\s/.test(v.trim()) && re.test(unquoted(v))) found.push(`${a}="${v.slice(0, 100)}"`);
      }
    }
    return found;
  }, ENGLISH_WORDS);
}
