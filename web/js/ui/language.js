// The page's language, chosen once and kept: a classic script in the <head> of every page
// of a site in more than one language (tools/site/layout.mjs), after the page's
// <link rel="alternate" hreflang> links, which name the same page in each other language.
// - A language chosen in the header (a[data-lang-choice]) is saved in the browser, and the
//   link carries the page's settings (query and fragment) across.
// - A page opened in another language than the one saved goes to the saved one.
// - With nothing saved (a first visit), a page in the course's first language goes to the
//   language the browser prefers, if the site has it, and saves it.
// An embedded page (?embed) stays as its frame asked. Copied to js/language.js as it is
// (no imports: it runs before any bundle).
(function () {
  var KEY = 'attention-lab:language';
  var html = document.documentElement;
  var here = html.getAttribute('lang');
  var have = (html.getAttribute('data-languages') || '').split(' ');

  function saved() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function save(lang) {
    try { window.localStorage.setItem(KEY, lang); } catch (e) { /* this page only */ }
  }
  function pageIn(lang) {
    var link = document.querySelector('link[rel="alternate"][hreflang="' + lang + '"]');
    return link ? link.href.split(/[?#]/)[0] + location.search + location.hash : null;
  }
  // The first language the browser prefers that the site has ("fr-CA" -> "fr").
  function preferred() {
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
    for (var i = 0; i < wanted.length; ++i) {
      var tag = String(wanted[i]);
      if (have.indexOf(tag) >= 0) return tag;
      if (have.indexOf(tag.split('-')[0]) >= 0) return tag.split('-')[0];
    }
    return null;
  }

  if (!/[?&]embed(=|&|$)/.test(location.search)) {
    var choice = saved();
    var isFirst = !html.hasAttribute('data-root');
    if (!choice && isFirst) {
      choice = preferred();
      if (choice) save(choice);
    }
    var target = choice && choice !== here && have.indexOf(choice) >= 0 ? pageIn(choice) : null;
    if (target) location.replace(target);
  }

  document.addEventListener('click', function (e) {
    var a = e.target && e.target.closest ? e.target.closest('a[data-lang-choice]') : null;
    if (!a) return;
    save(a.getAttribute('data-lang-choice'));
    a.href = a.href.split(/[?#]/)[0] + location.search + location.hash;
  });
}());
