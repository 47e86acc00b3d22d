// content/shared.json's fixed numbers (the longest token the order page takes, how much
// of a student's text a message quotes), which the engine applies too: one file, read
// by both sides. A page has them in its #lab-data; outside a page (Node: the site's
// build, the tests) whoever loads the content sets them first (useSharedLimits), as
// tools/site/content.mjs does.
//   sharedLimit('quoteLength') -> 24
import { labData } from './lab-data.js';

let limits = null;

export function useSharedLimits(fixed) {
  limits = fixed;
}

export function sharedLimit(name) {
  if (!limits && typeof document !== 'undefined') limits = labData().shared.fixed;
  const value = limits ? limits[name] : undefined;
  if (!Number.isFinite(value)) throw new Error(`content/shared.json has no fixed number "${name}" loaded`);
  return value;
}
