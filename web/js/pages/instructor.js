// The instructor's gradebook: hand-in files read in the browser, each checked on its
// own (a bad file gets its own message; the others still count), every score
// recomputed from the answers with this build's answer key, and every race run a
// hand-in claims re-run in the lab's worker from its settings and seed (handin.js,
// verify.js). Shown as a table with each doubt named, offered as CSV. Names and
// answers are only ever shown as text, and every word in the page's language (ui/i18n.js;
// the CSV's headers, statuses and ids stay the same in every language).
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { labData } from '../ui/lab-data.js';
import { MAX_BYTES, parseHandins, tooLarge } from '../work/handin.js';
import { gradebook, raceKey, shownTime, toCsv } from '../grading/gradebook.js';
import { verifyRaces } from '../grading/verify.js';
import { regradeExercises } from '../grading/verify-exercises.js';
import { exerciseRulesOf } from '../work/grading-rules.js';
import { regradeCode } from '../grading/verify-code.js';
import { CodeSandbox } from '../code/sandbox.js';
import { itemAnalysis, itemAnalysisCsv, itemAnalysisSteps } from '../grading/item-analysis.js';
import { SHARE_COLOURS, drawShareBars } from '../charts/share-bars.js';
import { formatPercent } from '../ui/format.js';
import { downloadText } from '../work/download.js';
import { showEngineStatus } from './page-kit.js';
import { checkLabel } from '../work/check-label.js';
import { slicer, yieldToPage } from '../grading/slices.js';
import { exerciseShortName, exerciseTitle } from '../work/exercise-words.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { setUnbrokenText } from '../ui/unbroken.js';
import { localDecimal, t } from '../ui/i18n.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);
const data = labData();
const records = [];
const raceChecks = new Map();
const exerciseChecks = new Map();
const codeChecks = new Map();
// What the gradebook grades by, and its memo: record -> its row while its evidence is unchanged.
const gradeBy = { checks: data.checks, assignment: data.assignment, raceChecks, exerciseChecks, codeChecks, memo: new WeakMap(), now: Date.now(), build: data.build || null };
const bookOf = () => gradebook(records, gradeBy);
const labels = new Map(data.checks.map((c) => [c.id, checkLabel(c)]));
// Each experiment's own options (content/widgets/NAME.json "predict"): the item analysis
// counts no other.
const predictOptions = Object.fromEntries(Object.entries(data.widgets).filter(([, w]) => w && w.predict && Array.isArray(w.predict.options))
  .map(([page, w]) => [page, w.predict.options.map((o) => o.id)]));

// ---- the main thread kept free ------------------------------------------------------
// Grading a class is many small pieces of work (a few records, the table): each job below
// runs them in slices that give the page back (grading/slices.js).
// Every record graded into the memo, a few at a time; the whole book is then made of
// memo hits (and the sort), which takes little time however large the class.
async function gradeInSlices() {
  gradeBy.now = Date.now();  // one export-date minute for the slices and the book
  const pause = slicer();
  for (let i = 0; i < records.length; i += 4) {
    await pause();
    gradebook(records.slice(i, i + 4), gradeBy);
  }
  await pause();
  return bookOf();
}
const exerciseRules = exerciseRulesOf(data.assignment);  // which answer of a part counts
// Students' code runs here only inside the sandbox (code/sandbox.js), never in this page.
const sandbox = new CodeSandbox(data.widgets.code.fixed);  // the code page's own limits
const shownNotes = new Set();
let job = null;

const lab = new LabClient();
showEngineStatus(lab, describeBuild);

// A number as the grading gives it ("0.75"), in the page's decimals; a whole number as it
// is (localDecimal asks Intl each time: too slow for every cell of a class of 200).
const num = (x) => (/\d\.\d/.test(String(x)) ? localDecimal(String(x)) : String(x));
// A list shown in a cell, joined as the page's language joins it ("; " or " ; ").
const semicolons = (items) => items.join(t('instructor.semicolon'));
// A message about a file: "name.txt (hand-in 2 of 3): …".
const about = (file, message, which = '') => t('instructor.aboutFile', { file, which, message });

function message(text, kind) {
  const li = Object.assign(document.createElement('li'), { textContent: text, className: kind });
  $('file-messages').append(li);
}

// Each file read is listed up to READ_LISTED; past that one line counts the rest (a
// class of 500 hand-ins made 500 lines, laid out with the gradebook in one long task).
// Problems and notes are always listed.
const READ_LISTED = 20;
let readCount = 0, readSummary = null;
function readMessage(text) {
  if (++readCount <= READ_LISTED) { message(text, 'ok'); return; }
  if (!readSummary) {
    readSummary = Object.assign(document.createElement('li'), { className: 'ok' });
    $('file-messages').append(readSummary);
  }
  readSummary.textContent = t('instructor.moreRead', { count: readCount - READ_LISTED, n: String(readCount - READ_LISTED) });
}

async function readFiles(files) {
  const pause = slicer();
  gradeBy.now = Date.now();
  document.body.dataset.regrading = 'true';  // until these files are graded again (regrade)
  for (const file of files) {
    await pause();
    try {
      if (file.size > MAX_BYTES) {
        message(about(file.name, tooLarge(file.size)), 'error');
        continue;
      }
      const { results, notes } = parseHandins(await file.text(), file.size);
      notes.forEach((n) => message(about(file.name, n), 'note'));
      for (const [k, r] of results.entries()) {
        const which = results.length > 1 ? t('instructor.whichHandin', { k: String(k + 1), n: String(results.length) }) : '';
        if (!r.ok) { message(about(file.name, r.message, which), 'error'); continue; }
        // Graded as it is read, in slices of their own (the memo keeps its row): a class
        // of 200 graded at once after the last file was a 100 ms task.
        await pause();
        records.push(Object.assign(Object.create(null), r.record, { file: file.name }));
        gradebook([records.at(-1)], gradeBy);
        readMessage(about(file.name, t('instructor.read', { who: r.record.student.name || r.record.student.id || t('instructor.noNameOrId') }), which));
      }
    } catch (err) {
      message(about(file.name, t('instructor.unreadable', { error: err.message })), 'error');
    }
  }
  await render();
  await regrade();
  verify();
}

// A Stop button whose job is over goes (a disabled Stop left on screen reads as a job still
// there); the keyboard's focus, if it was on it, moves to what comes next.
function putAway(stop, next) {
  const had = document.activeElement === stop;
  stop.disabled = true;
  stop.hidden = true;
  if (had && next && !next.hidden) next.focus();
}

// Grades every exercise answer of the hand-ins again in the engine (quick: no training),
// then runs every student's code again in the sandbox, while the races wait their turn
// in the same worker. Progress shown; Stop ends both jobs, and what was not graded yet is
// shown as "not graded again (stopped)" until "Grade the rest" (or more files read).
let regrading = null, regradeStop = null;
async function regrade() {
  if (regrading) { await regrading; return regrade(); }
  regradeStop = new AbortController();
  $('regrade-resume').hidden = true;
  const { signal } = regradeStop;
  const progress = (what) => ({ done, total }) => {
    $('regrade-progress').max = Math.max(1, total);
    $('regrade-progress').value = done;
    $('regrade-status').textContent = t('instructor.progress', { what, done: String(done), total: String(total) });
    scheduleRender();
  };
  const jobs = [
    () => regradeExercises(lab, records, exerciseChecks, { answer: exerciseRules.answer, signal, onProgress: progress(t('instructor.regradingExercises')) }),
    () => regradeCode(lab, sandbox, records, codeChecks, { signal, onProgress: progress(t('instructor.regradingCode')) }),
  ];
  let any = false, stopped = null;
  document.body.dataset.regrading = 'true';
  regrading = (async () => {
    for (const make of jobs) {
      const job = await make();
      if (job.total === 0) continue;
      any = true;
      document.body.dataset.regrading = 'true';
      $('regrade-section').hidden = false;
      $('regrade-stop').disabled = signal.aborted;
      $('regrade-stop').hidden = false;
      const r = await job.done;
      if (r.stopped && !stopped) stopped = r;
    }
  })();
  await regrading;
  regrading = null;
  $('regrade-resume').hidden = !stopped;
  putAway($('regrade-stop'), stopped ? $('regrade-resume') : $('files'));
  if (stopped) $('regrade-status').textContent = t('instructor.regradeStopped', { done: String(stopped.done), total: String(stopped.total) });
  else if (any) $('regrade-status').textContent = t('instructor.regraded');
  await render({ items: true });
  document.body.dataset.regrading = 'false';
}

// One render per frame however many progress reports arrive in it.
let renderPending = false;
function scheduleRender() {
  if (renderPending) return;
  renderPending = true;
  requestAnimationFrame(() => { renderPending = false; render(); });
}

// The gradebook's rows, PAGE_ROWS at a time (a class of 500 in one table took a third
// of a second to lay out on every change; the CSV has every row), each kept while
// what it shows is unchanged: a re-run that changes one student's race status
// rebuilds that row only.
const PAGE_ROWS = 50;
let shownPage = 0;
const shownRows = new Map();  // signature -> tr

// A check by its number (as every page shows it), in number order.
const byNumber = (entries) => entries.filter(([id]) => labels.has(id))
  .sort(([a], [b]) => Number(labels.get(a).slice(1)) - Number(labels.get(b).slice(1)));

function rowElement(r, taken) {
  const credit = Object.entries(r.exerciseCredit).map(([k, e]) => t('instructor.credit', { name: exerciseShortName(k), credit: num(e.credit), weight: num(e.weight) })).join(', ');
  const cells = [r.student.source === 'lms' ? t('instructor.idFromLms', { id: r.student.id }) : r.student.id,
    t('instructor.score', { points: num(r.points), max: num(r.max), pending: r.pending ? 'yes' : 'no' }),
    byNumber(Object.entries(r.perCheck)).map(([id, v]) => {
      const n = (Object.hasOwn(r.record.answers, id) && r.record.answers[id].attempts) || 0;
      return t('instructor.perCheck', { label: labels.get(id), value: num(v), count: n > 1 ? n : 0, n: String(n) });
    }).join(', '),
    byNumber(Object.entries(r.selfAssessed)).map(([id, v]) => t('instructor.selfAssessed', { label: labels.get(id), value: num(v) })).join(', '),
    r.race, credit ? t('instructor.exercisePoints', { parts: r.exercises, credit }) : r.exercises, r.code, shownTime(r.exportedAt)];
  let signature = JSON.stringify([r.status, r.student.name, cells, r.flags]);
  while (taken.has(signature)) signature += '+';  // two rows alike still get two elements
  taken.add(signature);
  const kept = shownRows.get(signature);
  if (kept) return [signature, kept];
  const tr = document.createElement('tr');
  tr.dataset.status = r.status;
  tr.dataset.flags = String(r.flags.length);
  tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: r.student.name || t('gradebook.noName') }));
  // A date with its time, a setting, a number and its unit: each kept on one line.
  for (const text of cells) setUnbrokenText(tr.insertCell(), text);
  const flags = tr.insertCell();
  if (r.flags.length) {
    const ul = document.createElement('ul');
    for (const f of r.flags) {
      const li = document.createElement('li');
      setUnbrokenText(li, f);
      ul.append(li);
    }
    flags.append(ul);
  } else {
    flags.textContent = t('instructor.noDoubts');
  }
  return [signature, tr];
}

// items: the item analysis too, now (when a job ends); else it follows in a task of its
// own, at most once a second while jobs report progress. Renders run one after another
// (a render asked for while one runs is made once it ends); -> a promise of the book.
let rendering = null, renderAgain = null;
function render(options = {}) {
  if (rendering) {
    const items = Boolean(options.items) || Boolean(renderAgain && renderAgain.items);
    renderAgain = { items, promise: (renderAgain && renderAgain.promise) || rendering.then(() => { const again = renderAgain; renderAgain = null; return render({ items: again.items }); }) };
    return renderAgain.promise;
  }
  rendering = renderNow(options).finally(() => { rendering = null; });
  return rendering;
}

async function renderNow({ items = false } = {}) {
  // Out of the task that asked (a frame's callback, a progress report): the work of a
  // render is tasks of its own, and the table is drawn in one after the grading.
  await yieldToPage();
  let book;
  try {
    book = await gradeInSlices();
  } catch (err) {
    message(t('instructor.bookFailed', { error: err.message }), 'error');
    return null;
  }
  await yieldToPage();
  for (const n of book.notes.filter((x) => !shownNotes.has(x))) { shownNotes.add(n); message(n, 'note'); }
  await drawRows(book);
  if (items) await renderItems(book); else scheduleItems();
  return book;
}

// The table's current page of rows from a graded book (the last one, when paging: paging
// grades nothing). The rows are made in slices (50 new rows, each a dozen messages, were
// a task of 20-40 ms on a slowed CPU), then put in at once; a newer draw started meanwhile
// (a page turned, a render) wins and this one gives up.
let lastBook = null, drawing = 0;
async function drawRows(book) {
  const mine = ++drawing;
  lastBook = book;
  const pages = Math.max(1, Math.ceil(book.rows.length / PAGE_ROWS));
  const onPage = Math.min(shownPage, pages - 1);
  const from = onPage * PAGE_ROWS, visible = book.rows.slice(from, from + PAGE_ROWS);
  const pause = slicer();
  const taken = new Set(), next = [];
  for (const r of visible) {
    await pause();
    if (mine !== drawing) return;
    next.push(rowElement(r, taken));
  }
  shownPage = onPage;
  const body = $('gradebook').tBodies[0];
  $('gradebook-pages').hidden = pages === 1;
  $('gradebook-range').textContent = t('instructor.rows', { first: String(from + 1), last: String(from + visible.length), total: String(book.rows.length) });
  $('gradebook-prev').disabled = shownPage === 0;
  $('gradebook-next').disabled = shownPage === pages - 1;
  const trs = next.map(([, tr]) => tr);
  // The same rows in the same order: swap only those that changed; else all at once.
  const same = trs.length === body.rows.length && trs.every((tr, i) => tr === body.rows[i] || !shownRows.has(next[i][0]));
  if (same) trs.forEach((tr, i) => { if (body.rows[i] !== tr) body.rows[i].replaceWith(tr); });
  else body.replaceChildren(...trs);
  shownRows.clear();
  for (const [signature, tr] of next) shownRows.set(signature, tr);
  $('download-csv').disabled = book.rows.length === 0;
  document.body.dataset.rows = String(book.rows.length);
}

// ---- item analysis --------------------------------------------------------------

const analysisOf = () => ({ checks: data.checks, assignment: data.assignment, exerciseChecks, predict: predictOptions });
const analyse = (book) => itemAnalysis(book.rows, analysisOf());
// The analysis in slices (a class of 200 in one go was a task of tens of milliseconds).
async function analyseInSlices(book) {
  const pause = slicer();
  const steps = itemAnalysisSteps(book.rows, analysisOf());
  let s = steps.next();
  while (!s.done) { await pause(); s = steps.next(); }
  return s.value;
}
let shownItems = '', itemsTimer = null, itemsDrawing = 0;

function scheduleItems() {
  if (itemsTimer) return;
  itemsTimer = setTimeout(() => { itemsTimer = null; gradeInSlices().then(renderItems); }, 1000);
}

async function renderItems(book) {
  clearTimeout(itemsTimer);
  itemsTimer = null;
  const a = await analyseInSlices(book);
  await yieldToPage();  // drawn in a task of its own
  if (a.students === 0) { $('item-analysis').hidden = true; shownItems = ''; ++itemsDrawing; return; }
  const signature = JSON.stringify(a);
  if (signature === shownItems) return;
  shownItems = signature;
  // Each table and the chart in a slice of its own (drawn whole, with the analysis, they
  // were a task of 40 ms on a slowed CPU); a newer analysis started meanwhile draws instead.
  const mine = ++itemsDrawing, pause = slicer();
  const stale = async () => { await pause(); return mine !== itemsDrawing; };
  const share = (v) => (v === null ? '—' : formatPercent(v));
  const row = (cells) => {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', textContent: cells[0] }));
    for (const text of cells.slice(1)) tr.insertCell().textContent = text;
    return tr;
  };
  $('items-checks').tBodies[0].replaceChildren(...a.checks.map((c) => {
    const tr = row([c.topic ? t('instructor.checkTopic', { label: c.label, topic: c.topic }) : c.label, t('instructor.of', { n: String(c.answered), total: String(a.students) }), share(c.firstRight), share(c.lastRight),
      c.wrong.map((w) => t('instructor.wrongOption', { option: w.label, students: String(w.students) })).join(', ') || '—', c.discrimination === null ? t('instructor.noSpread') : localDecimal(c.discrimination.toFixed(2))]);
    tr.dataset.check = c.id;
    return tr;
  }));
  if (await stale()) return;
  $('items-exercises').tBodies[0].replaceChildren(...(a.exercises.length ? a.exercises.map((e) => {
    const tr = row([exerciseTitle(e.kind), String(e.answered), share(e.share), semicolons(e.mistakes.map((m) => `${m.words} (${m.count})`)) || t('instructor.noMistakes')]);
    tr.dataset.kind = e.kind;
    return tr;
  }) : [row([t('instructor.noneYet'), '', '', t('instructor.noPartGraded')])]));
  if (await stale()) return;
  $('items-experiments').tBodies[0].replaceChildren(...(a.experiments.length ? a.experiments.map((e) => {
    const spec = (data.widgets[e.page] && data.widgets[e.page].predict) || { options: [] };
    const label = (o) => (spec.options.find((x) => x.id === o) || { label: o }).label;
    // A result with no run in the hand-in behind it is counted apart: "not verifiable".
    const apart = [e.unverifiable ? t('instructor.unverifiable', { count: e.unverifiable, n: String(e.unverifiable) }) : '',
      e.notAnOption ? t('instructor.notAnOption', { count: e.notAnOption, n: String(e.notAnOption) }) : ''].filter(Boolean);
    const tr = row([e.page, String(e.predicted), semicolons([String(e.compared), ...apart]),
      e.compared ? t('instructor.of', { n: String(e.matched), total: String(e.compared) }) : e.unverifiable ? t('instructor.notVerifiable') : '—',
      semicolons(Object.entries(e.options).map(([o, n]) => t('instructor.predictedGiven', { option: label(o), predicted: String(n.predicted), count: n.results, results: String(n.results) }))) || '—']);
    tr.dataset.page = e.page;
    return tr;
  }) : [row([t('instructor.noneYet'), '', '', '', t('instructor.noPrediction')])]));
  if (await stale()) return;
  drawShareBars($('items-chart'), {
    items: a.checks.map((c) => c.label),
    series: [{ label: t('instructor.firstAttempt'), colour: SHARE_COLOURS[0], values: a.checks.map((c) => c.firstRight) },
      { label: t('instructor.lastAttempt'), colour: SHARE_COLOURS[1], values: a.checks.map((c) => c.lastRight) }],
    title: t('instructor.chartTitle'),
  });
  $('item-analysis').hidden = false;  // shown once whole
}

// Re-runs every race the hand-ins claim that was not re-run yet, one at a time.
async function verify() {
  if (job) return;  // the running job picks the new runs up when it ends
  const runs = records.flatMap((r) => r.races);
  job = verifyRaces(lab, runs, data.widgets.race, raceChecks, {
    onProgress: ({ done, total }) => {
      $('verify-progress').max = Math.max(1, total);
      $('verify-progress').value = done;
      $('verify-status').textContent = done < total ? t('instructor.verifying', { done: String(done), total: String(total) })
        : t('instructor.verified', { count: total, total: String(total) });
      scheduleRender();
    },
  });
  document.body.dataset.verifying = 'true';
  $('verify-stop').disabled = job.total === 0;
  $('verify-stop').hidden = job.total === 0;
  $('verify-section').hidden = job.total === 0;
  const t0 = performance.now();
  const result = await job.done;
  document.body.dataset.verifySeconds = ((performance.now() - t0) / 1000).toFixed(3);
  if (result.stopped) $('verify-status').textContent = t('instructor.verifyStopped', { done: String(result.done), total: String(result.total), status: t('gradebook.race', { race: 'notVerified' }) });
  putAway($('verify-stop'), $('files'));
  job = null;
  await render({ items: true });
  if (records.flatMap((r) => r.races).some((run) => !raceChecks.has(raceKey(run)))) verify();
  else document.body.dataset.verifying = 'false';
}

$('files').addEventListener('change', (e) => readFiles([...e.target.files]));
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => { e.preventDefault(); readFiles([...e.dataTransfer.files]); });
$('verify-stop').addEventListener('click', () => { if (job) job.stop(); });
$('regrade-stop').addEventListener('click', () => { if (regradeStop) regradeStop.abort(); });
$('regrade-resume').addEventListener('click', () => regrade());
$('gradebook-prev').addEventListener('click', () => { shownPage = Math.max(0, shownPage - 1); if (lastBook) drawRows(lastBook); });
$('gradebook-next').addEventListener('click', () => { shownPage += 1; if (lastBook) drawRows(lastBook); });
$('download-csv').addEventListener('click', async () => {
  const book = await gradeInSlices();
  const csv = toCsv(book.rows, data.assignment, data.checks);
  downloadText('attention-lab-gradebook.csv', csv, 'text/csv;charset=utf-8');
});
$('download-items').addEventListener('click', async () => {
  const book = await gradeInSlices();
  downloadText('attention-lab-item-analysis.csv', itemAnalysisCsv(analyse(book)), 'text/csv;charset=utf-8');
});
document.body.dataset.ready = 'true';
