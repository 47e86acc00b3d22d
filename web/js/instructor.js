// The instructor's gradebook: hand-in files read in the browser, checked one by
// one (a bad file gets its own message; the others still count), shown as a
// table and offered as CSV. Names and answers are only ever shown as text.
import { gradebook, parseHandin, toCsv, MAX_BYTES } from './handin.js';

const $ = (id) => document.getElementById(id);
const records = [];
const shownNotes = new Set();

function message(text, kind) {
  const li = Object.assign(document.createElement('li'), { textContent: text, className: kind });
  $('file-messages').append(li);
}

async function readFiles(files) {
  for (const file of files) {
    if (file.size > MAX_BYTES) {
      message(`${file.name}: too large (${(file.size / 1048576).toFixed(1)} MB): a hand-in file is a few kilobytes`, 'error');
      continue;
    }
    const r = parseHandin(await file.text(), file.size);
    if (!r.ok) { message(`${file.name}: ${r.message}`, 'error'); continue; }
    records.push(r.record);
    message(`${file.name}: read (${r.record.student.name || r.record.student.id}, ${r.record.score.points} of ${r.record.score.max})`, 'ok');
  }
  render();
}

function render() {
  const { rows, notes } = gradebook(records);
  for (const n of notes.filter((x) => !shownNotes.has(x))) { shownNotes.add(n); message(n, 'note'); }
  const body = $('gradebook').tBodies[0];
  body.replaceChildren();
  for (const r of rows) {
    const tr = body.insertRow();
    const th = Object.assign(document.createElement('th'), { scope: 'row', textContent: r.student.name });
    tr.append(th);
    tr.insertCell().textContent = r.student.id;
    tr.insertCell().textContent = `${r.score.points} of ${r.score.max}`;
    tr.insertCell().textContent = Object.entries(r.score.perCheck).map(([id, v]) => `${id}: ${v}`).join(', ');
    tr.insertCell().textContent = r.raceRequirementMet ? 'done' : 'not done';
    tr.insertCell().textContent = r.exportedAt;
  }
  $('download-csv').disabled = rows.length === 0;
  document.body.dataset.rows = String(rows.length);
}

$('files').addEventListener('change', (e) => readFiles([...e.target.files]));
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => { e.preventDefault(); readFiles([...e.dataTransfer.files]); });
$('download-csv').addEventListener('click', () => {
  const csv = toCsv(gradebook(records).rows);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'attention-lab-gradebook.csv' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});
document.body.dataset.ready = 'true';
