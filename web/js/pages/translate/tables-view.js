// The translation page's weight tables, as a view: the alignment map's numbers (the
// map's text alternative, built while its disclosure is open) and, for a typed
// sentence, cross-attention's queries and keys and the source's self-attention, each
// weight a cell coloured by its value. The page (../translate.js) decides when to draw.
import { formatNumber } from '../../ui/format.js';
import { textOn, viridis } from '../../charts/heatmap.js';
import { decimalSeparator, localDecimal, t } from '../../ui/i18n.js';

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 2);
// Between a vector's numbers: ", ", or "; " where the comma is the decimal one (French).
const listSeparator = () => (decimalSeparator() === ',' ? '; ' : ', ');

// A table of attention weights: rows and cols name them (text, never HTML), A holds
// rows x cols numbers row-major, corner heads the row names' column, gold lists
// [row, column] links to mark. Its words carry their positions for ui/linked.js: a
// column is a word read (data-source), a row a word written (data-target), or, when
// the rows are the source's own words (self-attention), a word read too (rowAttribute
// 'source'). focusable: the row names are keyboard stops (the linked views' keyboard).
// heat: false leaves the cells uncoloured (weights no model was trained to use, which
// a heatmap would invite a reader to interpret).
export function drawWeightTable(table, corner, rows, cols, A, { gold = [], rowAttribute = 'target', focusable = false, heat = true } = {}) {
  const golden = new Set(gold.map(([i, j]) => `${i},${j}`));
  table.tHead.replaceChildren();
  const hr = table.tHead.insertRow();
  hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: corner }));
  cols.forEach((w, j) => {
    const th = Object.assign(document.createElement('th'), { scope: 'col', textContent: w, lang: 'fr' });  // a French word, read as French (WCAG 3.1.2)
    th.dataset.source = String(j);  // a word read (ui/linked.js)
    hr.append(th);
  });
  table.tBodies[0].replaceChildren(...rows.map((word, r) => {
    const tr = document.createElement('tr');
    const th = Object.assign(document.createElement('th'), { scope: 'row', textContent: word });
    if (rowAttribute === 'source') th.lang = 'fr';  // the source's own words
    th.dataset[rowAttribute] = String(r);
    if (focusable) th.tabIndex = 0;
    tr.append(th);
    for (let j = 0; j < cols.length; ++j) {
      const td = tr.insertCell();
      heatCell(td, A[r * cols.length + j], golden.has(`${r},${j}`), heat);
      td.dataset.source = String(j);
      if (rowAttribute !== 'source') td.dataset[rowAttribute] = String(r);
    }
    return tr;
  }));
}

// A cell coloured by its weight (viridis), its number in black or white, whichever reads
// better on that colour (in every theme); ◆ marks a gold link. Weights that round to 0.00
// read "<0.01" (the exact number stays in data-weight): a table of 2.74e-3s is hard to scan.
const weightText = (w) => localDecimal(w < 0.005 ? '<0.01' : String(Number(w.toFixed(2))));
function heatCell(td, w, gold, heat) {
  if (heat) {
    const fill = viridis(w);
    td.style.background = fill;
    td.style.color = textOn(fill);
    td.classList.add('heat');  // keeps its colours in forced-colours mode (lab.css)
  }
  td.append(Object.assign(document.createElement('span'), { className: 'weight', textContent: `${gold ? '◆ ' : ''}${weightText(w)}` }));
  if (gold) td.classList.add('gold');
  td.dataset.weight = String(w);
}

// The typed sentence's vectors: cross-attention's queries (decoder states) and keys
// (encoder states), and self-attention over the source from the same encoder states.
export function drawVectors(typed, words) {
  $('tr-qkv-empty').hidden = true;
  const H = typed.hidden, SHOWN = Math.min(6, H);
  // One row a word: its name a keyboard stop, the row its position (attribute) for
  // ui/linked.js: a word written (queries) or read (keys).
  const rowsOf = (table, labels, flat, attribute) => {
    const body = table.tBodies[0];
    body.replaceChildren();
    labels.forEach((label, i) => {
      const tr = body.insertRow();
      const th = Object.assign(document.createElement('th'), { scope: 'row', textContent: label, tabIndex: 0 });
      if (attribute === 'source') th.lang = 'fr';  // a French word (its key)
      tr.append(th);
      const td = tr.insertCell();
      td.textContent = `[${Array.from(flat.slice(i * H, i * H + SHOWN), num).join(listSeparator())}${H > SHOWN ? `${listSeparator()}…` : ''}]`;
      th.dataset[attribute] = td.dataset[attribute] = String(i);
    });
  };
  rowsOf($('tr-cross-q'), typed.words.map((w) => t('translate.queryFor', { word: w })), typed.queries, 'target');
  rowsOf($('tr-cross-k'), words, typed.keys, 'source');
  drawWeightTable($('tr-self'), t('translate.cornerQueryKey'), words, words, typed.self_alpha, { rowAttribute: 'source', focusable: true, heat: false });
}
