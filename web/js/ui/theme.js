// The colour theme: "light", "dark", or the system's ("system", no choice saved). A classic
// script loaded without defer in every page's <head>, so that a saved choice is on <html>
// (data-theme, read by lab.css) before the first paint: no flash of the other theme. Once
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
  function apply(choice) {
    if (choice === 'light' || choice === 'dark') root.setAttribute('data-theme', choice);
    else root.removeAttribute('data-theme');
  }
  function save(choice) {
    try {
      if (choice === 'system') window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, choice);
    } catch (e) { /* the choice holds for this page only */ }
  }

  apply(saved());
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
