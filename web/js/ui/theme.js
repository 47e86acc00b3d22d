// The colour theme: "light", "dark", or the system's ("system", no choice saved). A classic
// script loaded without defer in every page's <head>, so that the theme in force is on
// <html> (data-theme, read by lab.css) before the first paint: no flash of the other theme. Once
// the page is parsed it wires the header's select (#site-theme, tools/site/layout.mjs).
// Copied to js/theme.js as it is (no imports: it runs before any bundle).
(function () {
  var KEY = 'attention-lab:theme';
  var root = document.documentElement;

  // Storage may be refused (a private window, an LMS's sandboxed frame): then the system's.
  function saved() {
    try {
      var v = window.localStorage.getItem(KEY);
      return v === 'light' || v === 'dark' ? v : 'system';
    } catch (e) {
      return 'system';
    }
  }
  // data-theme is the theme in force, so lab.css writes the dark palette once.
  var systemDark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function apply(choice) {
    var dark = choice === 'dark' || (choice === 'system' && systemDark !== null && systemDark.matches);
    root.setAttribute('data-theme', dark ? 'dark' : 'light');
  }
  function save(choice) {
    try {
      if (choice === 'system') window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, choice);
    } catch (e) { /* the choice holds for this page only */ }
  }

  apply(saved());
  if (systemDark !== null && systemDark.addEventListener) systemDark.addEventListener('change', function () { apply(saved()); });
  function wire() {
    var select = document.getElementById('site-theme');
    if (!select) return;
    select.value = saved();
    select.addEventListener('change', function () {
      save(select.value);
      apply(select.value);
    });
    // A choice made in another tab of the lab.
    window.addEventListener('storage', function (e) {
      if (e.key !== KEY && e.key !== null) return;
      apply(saved());
      select.value = saved();
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
}());
