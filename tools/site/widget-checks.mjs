// A widget's own content checks, found by its name: tools/site/widgets/NAME.mjs exports
// check({file, widgets, readJson}) -> fields to add to the widget's data (or {}).
// The npm package's bundle replaces this module with static imports of the same files
// (tools/package/pack.mjs), since a bundle has no folder to read.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'widgets');
export const WIDGET_CHECK_FILE = /^[a-z][\w-]*\.mjs$/;

export const WIDGET_CHECKS = Object.fromEntries(await Promise.all(readdirSync(DIR)
  .filter((f) => WIDGET_CHECK_FILE.test(f))
  .map(async (f) => [f.replace(/\.mjs$/, ''), (await import(pathToFileURL(join(DIR, f)).href)).check])));
