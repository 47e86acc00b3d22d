// Every widget's settings schema compiled into a runner (cmake/SettingsSchema.cmake)
// is its content/widgets/NAME.json's, and the race engine's defaults are the schema's:
//
//   node tests/cli/schema_check.mjs <runner> [<arg>...]     (runs "<runner> schema")
//
// Registered in tests/CMakeLists.txt for the native runner and the WebAssembly one.
// Exit status 0 when they agree; otherwise every difference is printed.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { resolveShared } from '../../tools/site/shared-settings.mjs';

const [cmd, ...args] = process.argv.slice(2);
const compiled = JSON.parse(execFileSync(cmd, [...args, 'schema'], { encoding: 'utf8' }));
const dir = fileURLToPath(new URL('../../content/widgets/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
// A widget's file with its shared settings written out (content/shared.json), as the site has it.
const shared = JSON.parse(readFileSync(new URL('../../content/shared.json', import.meta.url), 'utf8'));
const widgetFile = (file) => resolveShared(JSON.parse(readFileSync(dir + file, 'utf8')), shared);

const problems = [];
const expect = (what, got, want) => {
  if (!isDeepStrictEqual(got, want)) problems.push(`${what}: the engine has ${JSON.stringify(got)}, the file ${JSON.stringify(want)}`);
};
const fields = ['key', 'label', 'kind', 'default', 'min', 'max', 'choices'];
const pick = (s) => Object.fromEntries(fields.filter((f) => s[f] !== undefined).map((f) => [f, s[f]]));
const numbers = (fixed) => Object.fromEntries(Object.entries(fixed || {}).filter(([, v]) => typeof v === 'number'));

expect('the widgets', Object.keys(compiled.widgets).sort(), [...files.map((f) => f.replace(/\.json$/, '')), 'shared'].sort());
expect('content/shared.json: the fixed values', compiled.widgets.shared && compiled.widgets.shared.fixed, shared.fixed);
for (const file of files) {
  const name = file.replace(/\.json$/, '');
  const source = widgetFile(file);
  const engine = compiled.widgets[name];
  if (!engine) continue;
  expect(`${file}: the settings`, engine.settings.map(pick), (source.settings || []).map(pick));
  expect(`${file}: the fixed values`, engine.fixed, numbers(source.fixed));
}
// The structs generated from the files (settings/NAME.gen.hpp) start at the files' defaults.
for (const file of files) {
  const name = file.replace(/\.json$/, '');
  const source = widgetFile(file);
  if (!(source.settings || []).length) continue;
  expect(`${file}: the generated struct's defaults`, compiled.structs[name], Object.fromEntries(source.settings.map((s) => [s.key, s.default])));
}
const race = widgetFile('race.json');
expect('the race engine\'s defaults', compiled.engine_defaults, Object.fromEntries(race.settings.map((s) => [s.key, s.default])));
expect('the race engine\'s fixed values', compiled.engine_fixed, race.fixed);
if (problems.length) {
  console.error(`schema check (${cmd}): the compiled-in schemas are not content/widgets/'s\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`schema check: the schemas of ${files.length} widgets agree with content/widgets/*.json`);
