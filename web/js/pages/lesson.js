// The lesson page: its embedded quick checks share the store (and, inside an LMS,
// the one LMS session) with the checks page.
import { labData } from '../ui/lab-data.js';
import { openStore, showStoreProblem } from '../work/store.js';
import { initQuickChecks } from '../work/quick-checks.js';
import { connectLms, joinLms } from '../lms/lms.js';

const data = labData();
const store = openStore();
showStoreProblem(store, document.getElementById('storage-notice'));
joinLms(store, connectLms(), document.getElementById('lms-notice'));
const redraw = initQuickChecks(document, { store, checks: data.checks, assignment: data.assignment });
store.onChange = redraw;  // work saved in another tab shows here too
document.body.dataset.ready = 'true';
