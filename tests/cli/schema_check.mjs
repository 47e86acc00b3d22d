// The race's settings schema compiled into a runner (cmake/SettingsSchema.cmake) is
// content/widgets/race.json's, and the engine's defaults are the schema's:
//
//   node tests/cli/schema_check.mjs <runner> [<arg>...]     (runs "<runner> schema")
//
// Registered in tests/CMakeLists.txt for the native runner and the WebAssembly one.
// Exit status 0 when they agree; otherwise every difference is printed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const [cmd, ...args] = process.argv.slice(2);
const compiled = JSON.parse(execFileSync(cmd, [...args, 'schema'], { encoding: 'utf8' }));
const source = JSON.parse(readFileSync(fileURLToPath(new URL('../../content/widgets/race.json', import.meta.url)), 'utf8'));

const problems = [];
const expect = (what, got, want) => {
  if (!isDeepStrictEqual(got, want)) problems.push(`${what}: the engine has ${JSON.stringify(got)}, race.json ${JSON.stringify(want)}`);
};
const fields = ['key', 'label', 'kind', 'default', 'min', 'max', 'choices'];
const pick = (s) => Object.fromEntries(fields.filter((f) => s[f] !== undefined).map((f) => [f, s[f]]));
expect('the settings', compiled.settings.map(pick), source.settings.map(pick));
expect('the fixed values', compiled.fixed, source.fixed);
expect('the engine\'s defaults', compiled.engine_defaults, Object.fromEntries(source.settings.map((s) => [s.key, s.default])));
expect('the engine\'s fixed values', compiled.engine_fixed, source.fixed);
if (problems.length) {
  console.error(`schema check (${cmd}): the compiled-in schema is not content/widgets/race.json's\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`schema check: ${compiled.settings.length} settings and ${Object.keys(compiled.fixed).length} fixed values agree with content/widgets/race.json`);
