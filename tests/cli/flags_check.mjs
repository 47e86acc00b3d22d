// The runner's training commands refuse a bad flag with a message and exit status 2,
// before any training (tools/cli/command_flags.hpp): a setting's value in the schema's
// words, as the page says them.
// Registered in tests/CMakeLists.txt for the native runner and the WebAssembly one:
//
//   node tests/cli/flags_check.mjs <runner> [<arg>...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const [cmd, ...pre] = process.argv.slice(2);
// The training commands, and what each needs besides its flags.
const COMMANDS = {
  race: [],
  comments: ['--grammar', 'content/comments/grammar.json'],
  translate: ['--grammar', 'content/translation/grammar.json'],
  vision: [],
};
// A setting's flag is read, and range-checked, at once, in the schema's words.
const CASES = [
  { args: ['--epochs', 'ten'], status: 2, says: 'Epochs: "ten" is not a number; use a whole number from 1 to ' },
  { args: ['--epochs', '2.5'], status: 2, says: 'Epochs: 2.5 is not a whole number' },
  { args: ['--epochs', '99999999999'], status: 2, says: 'Epochs: 99999999999 is out of range' },
  { args: ['--lr', '1e'], status: 2, says: '"1e" is not a number' },
  { args: ['--lr', 'nan'], status: 2, says: '"nan" is not a number' },
  { args: ['--epochs'], status: 2, says: '--epochs needs a value' },
  { args: ['--bogus', '1'], status: 2, says: 'unknown flag --bogus\nusage:' },
  { args: ['--epochs', '0'], status: 2, says: 'Epochs: 0 is out of range' },
  { args: ['--threads', 'two'], status: 2, says: '--threads: "two" is not a whole number' },
];
const GRAMMAR_CASES = [
  { args: ['--grammar', 'no/such/file.json'], status: 2, says: 'cannot read "no/such/file.json" (--grammar FILE)' },
];

let failures = 0;
for (const [command, needs] of Object.entries(COMMANDS)) {
  for (const c of needs.length ? [...CASES, ...GRAMMAR_CASES] : CASES) {
    const args = [...pre, command, '--quiet', ...needs, ...c.args];
    const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', timeout: 60000 });
    const said = `${r.stderr}${r.stdout}`;
    if (r.status !== c.status || !said.includes(`alab ${command}: `) || !said.includes(c.says)) {
      console.error(`flags check: ${command} ${c.args.join(' ')}: status ${r.status}, said ${JSON.stringify(said.slice(0, 300))}; ` +
        `wanted status ${c.status} and ${JSON.stringify(c.says)}`);
      failures += 1;
    }
  }
}
// The runner's own usage (tools/cli/cli_main.cpp's table of commands): no command or an
// unknown one prints it, and every command it lists is one the runner runs.
const run = (...args) => spawnSync(cmd, [...pre, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60000 });
const none = run();
const listed = [...none.stderr.matchAll(/^(?:usage: | {7})alab ([a-z]+)/gm)].map((m) => m[1]);
if (none.status !== 2 || !none.stderr.startsWith('alab: which command?\nusage: alab ') || listed.length < 7) {
  console.error(`flags check: alab with no command: status ${none.status}, said ${JSON.stringify(none.stderr.slice(0, 300))}`);
  failures += 1;
}
const bogus = run('bogus');
if (bogus.status !== 2 || !bogus.stderr.startsWith('alab: unknown command bogus\nusage: alab ')) {
  console.error(`flags check: alab bogus: status ${bogus.status}, said ${JSON.stringify(bogus.stderr.slice(0, 300))}`);
  failures += 1;
}
for (const name of listed) {
  const r = run(name, '--no-such-flag', '1');
  if (/unknown command/.test(r.stderr)) {
    console.error(`flags check: "alab ${name}" is in the usage but the runner does not know it`);
    failures += 1;
  }
}
if (failures) process.exit(1);
console.log(`flags check: ${CASES.length} bad flags refused by each of ${Object.keys(COMMANDS).join(', ')}; ` +
  `the usage lists ${listed.length} commands (${listed.join(', ')}), each run by the runner`);
