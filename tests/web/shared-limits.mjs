// For tests of page code outside a page: content/shared.json's limits loaded, as the
// site's build loads them (tools/site/content.mjs) and a page has them in #lab-data.
// A test file that quotes text or reads a limit imports this first.
import { readFileSync } from 'node:fs';
import { useSharedLimits } from '../../web/js/ui/shared-limits.js';

useSharedLimits(JSON.parse(readFileSync(new URL('../../content/shared.json', import.meta.url), 'utf8')).fixed);
