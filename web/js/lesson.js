// The lesson page: its embedded quick checks share the store (and, inside an LMS,
// the one LMS session) with the checks page.
import { labData } from './lab-data.js';
import { openStore, showStoreProblem } from './store.js';
import { initQuickChecks } from './quick-checks.js';
import { connectLms, joinLms } from './lms.js';

const data = labData();
const store = openStore();
showStoreProblem(store, document.getElementById('storage-notice'));
joinLms(store, connectLms(), document.getElementById('lms-notice'));
const redraw = initQuickChecks(document, { store, checks: data.checks, assignment: data.assignment });
store.onChange = redraw;  // work saved in another tab shows here too
document.body.dataset.ready = 'true';
