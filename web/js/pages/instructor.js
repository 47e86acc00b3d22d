// The instructor's gradebook: hand-in files read in the browser, each checked on its
// own (a bad file gets its own message; the others still count), every score
// recomputed from the answers with this build's answer key, and every race run a
// hand-in claims re-run in the lab's worker from its settings and seed (handin.js,
// verify.js). Shown as a table with each doubt named, offered as CSV. Names and
// answers are only ever shown as text.
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { MAX_BYTES, parseHandins } from '../work/handin.js';
import { gradebook, raceKey, toCsv } from '../grading/gradebook.js';
import { verifyRaces } from '../grading/verify.js';
import { downloadText } from '../work/download.js';
import { showEngineStatus } from '../ui/page-kit.js';

const $ = (id) => document.getElementById(id);
const data = labData();
const records = [];
const raceChecks = new Map();
const shownNotes = new Set();
let job = null;

const lab = new LabClient();
showEngineStatus(lab, describeBuild);

function message(text, kind) {
  const li = Object.assign(document.createElement('li'), { textContent: text, className: kind });
  $('file-messages').append(li);
}

async function readFiles(files) {
  for (const file of files) {
    try {
      if (file.size > MAX_BYTES) {
        message(`${file.name}: too large (${(file.size / 1048576).toFixed(1)} MB): a hand-in file is a few kilobytes`, 'error');
        continue;
      }
      const { results, notes } = parseHandins(await file.text(), file.size);
      notes.forEach((n) => message(`${file.name}: ${n}`, 'note'));
      results.forEach((r, k) => {
        const which = results.length > 1 ? ` (hand-in ${k + 1} of ${results.length})` : '';
        if (!r.ok) { message(`${file.name}${which}: ${r.message}`, 'error'); return; }
        records.push({ ...r.record, file: file.name });
        message(`${file.name}${which}: read (${r.record.student.name || r.record.student.id || 'no name or ID'})`, 'ok');
      });
    } catch (err) {
      message(`${file.name}: could not be read (${err.message})`, 'error');
    }
  }
  render();
  verify();
}

function render() {
  let book;
  try {
    book = gradebook(records, { checks: data.checks, assignment: data.assignment, raceChecks });
  } catch (err) {
    message(`The gradebook could not be made: ${err.message}`, 'error');
    return;
  }
  for (const n of book.notes.filter((x) => !shownNotes.has(x))) { shownNotes.add(n); message(n, 'note'); }
  const body = $('gradebook').tBodies[0];
  body.replaceChildren();
  for (const r of book.rows) {
    const tr = body.insertRow();
    tr.dataset.status = r.status;
    tr.dataset.flags = String(r.flags.length);
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: r.student.name || '(no name)' }));
    tr.insertCell().textContent = r.student.id + (r.student.source === 'lms' ? ' (from the LMS)' : '');
    tr.insertCell().textContent = `${r.points} of ${r.max}`;
    tr.insertCell().textContent = Object.entries(r.perCheck).map(([id, v]) => `${id}: ${v}`).join(', ');
    tr.insertCell().textContent = Object.entries(r.selfAssessed).map(([id, v]) => `${id}: ${v}`).join(', ');
    tr.insertCell().textContent = r.race;
    tr.insertCell().textContent = r.exportedAt;
    const flags = tr.insertCell();
    if (r.flags.length) {
      const ul = document.createElement('ul');
      for (const f of r.flags) ul.append(Object.assign(document.createElement('li'), { textContent: f }));
      flags.append(ul);
    } else {
      flags.textContent = 'none';
    }
  }
  $('download-csv').disabled = book.rows.length === 0;
  document.body.dataset.rows = String(book.rows.length);
  return book;
}

// Re-runs every race the hand-ins claim that was not re-run yet, one at a time.
async function verify() {
  if (job) return;  // the running job picks the new runs up when it ends
  const runs = records.flatMap((r) => r.races);
  job = verifyRaces(lab, runs, data.widgets.race, raceChecks, {
    onProgress: ({ done, total }) => {
      $('verify-progress').max = Math.max(1, total);
      $('verify-progress').value = done;
      $('verify-status').textContent = done < total ? `Re-running the hand-ins' races: ${done} of ${total} done.` : `Re-ran ${total} race setting(s): every claim compared.`;
      render();
    },
  });
  document.body.dataset.verifying = 'true';
  $('verify-stop').disabled = job.total === 0;
  $('verify-section').hidden = job.total === 0;
  const t0 = performance.now();
  const result = await job.done;
  document.body.dataset.verifySeconds = ((performance.now() - t0) / 1000).toFixed(3);
  if (result.stopped) $('verify-status').textContent = `Stopped after ${result.done} of ${result.total}: the other runs are marked "not verified".`;
  $('verify-stop').disabled = true;
  job = null;
  render();
  if (records.flatMap((r) => r.races).some((run) => !raceChecks.has(raceKey(run)))) verify();
  else document.body.dataset.verifying = 'false';
}

$('files').addEventListener('change', (e) => readFiles([...e.target.files]));
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => { e.preventDefault(); readFiles([...e.dataTransfer.files]); });
$('verify-stop').addEventListener('click', () => { if (job) job.stop(); });
$('download-csv').addEventListener('click', () => {
  const book = gradebook(records, { checks: data.checks, assignment: data.assignment, raceChecks });
  const csv = toCsv(book.rows, data.assignment);
  downloadText('attention-lab-gradebook.csv', csv, 'text/csv;charset=utf-8');
});
document.body.dataset.ready = 'true';
