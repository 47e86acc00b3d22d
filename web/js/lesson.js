// The lesson page: its embedded quick checks share the store with the checks page.
import { labData } from './lab-data.js';
import { openStore, showStoreProblem } from './store.js';
import { initQuickChecks } from './quick-checks.js';

const store = openStore();
showStoreProblem(store, document.getElementById('storage-notice'));
initQuickChecks(document, { store, checks: labData().checks });
document.body.dataset.ready = 'true';
