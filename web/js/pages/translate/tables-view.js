// The translation page's weight tables, as a view: the alignment map's numbers (the
// map's text alternative, built while its disclosure is open) and, for a typed
// sentence, cross-attention's queries and keys and the source's self-attention, each
// weight a cell coloured by its value. The page (../translate.js) decides when to draw.
import { formatNumber } from '../../ui/format.js';
import { viridis } from '../../charts/heatmap.js';

const $ = (id) => document.getElementById(id);
const num = (x) => formatNumber(x, 2);

// A table of attention weights: rows and cols name them (text, never HTML), A holds
// rows x cols numbers row-major, corner heads the row names' column, gold lists
// [row, column] links to mark.
export function drawWeightTable(table, corner, rows, cols, A, gold = []) {
  const golden = new Set(gold.map(([t, j]) => `${t},${j}`));
  table.tHead.replaceChildren();
  const hr = table.tHead.insertRow();
  hr.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: corner }));
  cols.forEach((w, j) => {
    const th = Object.assign(document.createElement('th'), { scope: 'col', textContent: w });
    th.dataset.source = String(j);  // a word read (ui/linked.js)
    hr.append(th);
  });
  table.tBodies[0].replaceChildren(...rows.map((word, t) => {
    const tr = document.createElement('tr');
    const th = Object.assign(document.createElement('th'), { scope: 'row', textContent: word });
    th.dataset.target = String(t);  // a word written
    tr.append(th);
    for (let j = 0; j < cols.length; ++j) {
      const td = tr.insertCell();
      heatCell(td, A[t * cols.length + j], golden.has(`${t},${j}`));
      Object.assign(td.dataset, { source: String(j), target: String(t) });
    }
    return tr;
  }));
}

// A cell coloured by its weight (viridis), the number on a white label so that it reads
// at every colour; ◆ marks a gold link. Weights that round to 0.00 read "<0.01" (the
// exact number stays in data-weight): a table of 2.74e-3s is hard to scan.
const weightText = (w) => (w < 0.005 ? '<0.01' : String(Number(w.toFixed(2))));
function heatCell(td, w, gold) {
  td.style.background = viridis(w);
  td.append(Object.assign(document.createElement('span'), { className: 'weight', textContent: `${gold ? '◆ ' : ''}${weightText(w)}` }));
  if (gold) td.classList.add('gold');
  td.dataset.weight = String(w);
}

// The typed sentence's vectors: cross-attention's queries (decoder states) and keys
// (encoder states), and self-attention over the source from the same encoder states.
export function drawVectors(t, words) {
  $('tr-qkv-empty').hidden = true;
  const H = t.hidden, SHOWN = Math.min(6, H);
  const rowsOf = (table, labels, flat) => {
    const body = table.tBodies[0];
    body.replaceChildren();
    labels.forEach((label, i) => {
      const tr = body.insertRow();
      tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: label }));
      tr.insertCell().textContent = `[${Array.from(flat.slice(i * H, i * H + SHOWN), num).join(', ')}${H > SHOWN ? ', …' : ''}]`;
    });
  };
  rowsOf($('tr-cross-q'), t.words.map((w) => `for "${w}"`), t.queries);
  rowsOf($('tr-cross-k'), words, t.keys);
  drawWeightTable($('tr-self'), 'query \\ key', words, words, t.self_alpha);
}
