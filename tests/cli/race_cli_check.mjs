// The race's command-line runner, as a student runs it (registered in tests/CMakeLists.txt
// for the native runner and for the WebAssembly ones under Node):
//
//   node tests/cli/race_cli_check.mjs --one <runner> [--one <arg>...] --two <runner> [--two <arg>...]
//
// (each runner as a command and its arguments, one per flag, so paths may hold spaces).
//
// At small settings it checks that
//   - the progress lines name every epoch of both models once, then the table of test
//     accuracies follows (with two threads, the second thread's lines are queued for
//     the main thread: tools/cli/race_command.cpp);
//   - --json gives the same curves and test results with one thread and with two.
// Exit status 0 when all hold; otherwise the first difference is printed.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { one: { type: 'string', multiple: true }, two: { type: 'string', multiple: true } },
});
const SETTINGS = ['--T', '8', '--epochs', '4', '--seed', '7'];
const EPOCHS = 4;

function run(runner, extra) {
  const [cmd, ...args] = runner;
  return execFileSync(cmd, [...args, 'race', ...SETTINGS, ...extra], { encoding: 'utf8' });
}

function fail(why) {
  console.error(`race CLI check: ${why}`);
  process.exit(1);
}

// Progress: "<model> <epoch> <loss> <train_acc> <val_acc> <time_s>" per epoch.
function checkProgress(label, text) {
  const seen = { GRU: [], 'Tiny self-attn': [] };
  for (const line of text.split('\n')) {
    const m = line.match(/^(GRU|Tiny self-attn)\s+(\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+$/);
    if (m) seen[m[1]].push(Number(m[2]));
  }
  for (const [model, epochs] of Object.entries(seen)) {
    const want = Array.from({ length: EPOCHS }, (_, i) => i + 1);
    if (epochs.join() !== want.join()) fail(`${label}: ${model} reported epochs [${epochs}], not [${want}]`);
  }
  if (!/\nmodel\s+test_acc\nGRU\s+[\d.]+\nTiny self-attn\s+[\d.]+\n/.test(text))
    fail(`${label}: no table of test accuracies after the progress lines`);
}

const one = JSON.parse(run(values.one, ['--json', '--quiet', '--threads', '1']));
const two = JSON.parse(run(values.two, ['--json', '--quiet', '--threads', '2']));
if (one.threads_used || two.threads_used !== two.build.threads_available)
  fail(`threads_used is ${one.threads_used} with one thread, ${two.threads_used} with two`);
for (const [i, model] of one.models.entries()) {
  const other = two.models[i];
  const strip = (m) => JSON.stringify({ ...m, seconds: 0, curve: m.curve.map((e) => ({ ...e, seconds: 0 })) });
  if (strip(model) !== strip(other)) fail(`${model.model}: one and two threads disagree`);
  if (model.curve.length !== EPOCHS || !model.completed) fail(`${model.model}: ${model.curve.length} epochs`);
}
checkProgress('one thread', run(values.one, ['--threads', '1']));
checkProgress('two threads', run(values.two, ['--threads', '2']));
console.log(`race CLI check: ${EPOCHS} epochs of both models; one and two threads agree ` +
  `(two threads used: ${two.threads_used})`);
