// The content a page needs (course, quick checks, assignment, widget defaults),
// embedded in the page at build time as <script type="application/json" id="lab-data">,
// so no fetch is needed and pages also work when opened from disk.
let cached = null;

export function labData() {
  if (!cached) {
    const el = document.getElementById('lab-data');
    if (!el) throw new Error('this page was not built with its content (no #lab-data)');
    cached = JSON.parse(el.textContent);
  }
  return cached;
}
