// Tables and figures that a page fills later, kept out of sight while they have nothing
// to show: a caption over an empty grid or a blank drawing reads as a broken page (the
// translation page once showed "Queries (decoder states)" over nothing until Translate
// was pressed; the image page two captions under blank squares before training). The
// page's scripts never need to know: one observer per table or figure watches it, shows
// it as soon as a script draws or writes something there and hides it again when a
// reset empties it. Marked data-keep-empty: left alone (a table the student fills in).
//
//   table: empty while no row of its body holds text or a drawing;
//   figure: empty while nothing but its caption holds text, a drawing (an svg with
//           something in it, a canvas, an image) or a table that is not empty.
// The class is-empty hides it (lab.css). A figure keeps its width while hidden, so a
// chart drawn into it measures the width it will be shown at (a phone's layout).
const DRAWN = 'svg, canvas, img, input, button, select';

const tableFilled = (table) => [...table.tBodies].some((body) => [...body.rows]
  .some((row) => row.textContent.trim() || row.querySelector(DRAWN)));

function holds(el) {
  if (el.matches('figcaption, script, template')) return false;
  if (el.matches('table')) return tableFilled(el);
  if (el.matches('svg')) return el.childElementCount > 0;
  if (el.matches('canvas, img, input, button, select')) return true;
  if (el.querySelector('table')) return [...el.children].some(holds);
  return Boolean(el.textContent.trim()) || [...el.children].some(holds);
}

function watch(el, isEmpty) {
  const update = () => el.classList.toggle('is-empty', isEmpty());
  update();
  new MutationObserver(update).observe(el, { childList: true, subtree: true, characterData: true });
}

export function hideEmptyTables(root) {
  if (!root) return;
  for (const table of root.querySelectorAll('table')) {
    if (!(table.caption || table.tHead) || table.hasAttribute('data-keep-empty')) continue;
    watch(table, () => !tableFilled(table));
  }
  for (const figure of root.querySelectorAll('figure')) {
    if (figure.hasAttribute('data-keep-empty') || !figure.querySelector(':scope > figcaption')) continue;
    watch(figure, () => ![...figure.children].some(holds));
  }
}
