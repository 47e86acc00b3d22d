// The grader on a real Slurm cluster (its own suite: `tools/lab test cluster`, which
// installs Debian's slurm-wlm and munge). The test starts a one-node cluster of its own
// (munged, slurmctld, slurmd as root, every file and port in a temporary folder), submits
// tools/grade/cluster/slurm-grade.sbatch as a job array of 4 shards and the merge as a job
// that waits for them, and checks the merged gradebook equals the one-machine one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import '../web/shared-limits.mjs';
import { buildHandin } from '../../web/js/work/handin.js';
import { normalizeState } from '../../web/js/work/store.js';
import { writeClass } from '../browser/fabricated-class.mjs';
import { writeCodeClass } from '../browser/code-class.mjs';
import { loadContent } from '../../tools/site/content.mjs';

const SITE = resolve(process.env.LAB_DIST || 'dist');
const CLI = resolve('tools/package/cli.mjs');
const SCRIPT = resolve('tools/grade/cluster/slurm-grade.sbatch');
const dir = mkdtempSync(join(tmpdir(), 'slurm-'));
const node = hostname().split('.')[0];
let env;

const freePort = () => new Promise((ok) => { const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); }); });
const run = (cmd, args, options = {}) => execFileSync(cmd, args, { env, encoding: 'utf8', ...options });

// Hand-ins each claiming a race of its own seed (short races: the cluster's work is real).
function writeRaceClass(hand, n) {
  const content = loadContent('content', 'web');
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(Date.UTC(2026, 10, 30, 9, i)).toISOString();
    const { state } = normalizeState({ version: 3, student: { name: `Racer ${i}`, id: `RC-${i}`, updatedAt: at }, answers: {},
      races: [{ at, settings: { T: 10, epochs: 3, seed: 100 + i }, gru: 0.5, attention: 0.5, wall: 1 }] });
    const { text } = buildHandin({ state, checks: content.checks, assignment: content.assignment, now: new Date('2026-11-30T12:00:00Z') });
    writeFileSync(join(hand, `racer-${i}.txt`), text);
    return join(hand, `racer-${i}.txt`);
  });
}

before(async () => {
  for (const d of ['munge', 'state', 'spool', 'hand-ins', 'parts']) mkdirSync(join(dir, d));
  chmodSync(join(dir, 'munge'), 0o700);
  const [ctld, slurmd] = [await freePort(), await freePort()];
  writeFileSync(join(dir, 'slurm.conf'), `ClusterName=lab
SlurmctldHost=${node}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=${dir}/munge/socket
CredType=cred/munge
StateSaveLocation=${dir}/state
SlurmdSpoolDir=${dir}/spool
SlurmctldPidFile=${dir}/slurmctld.pid
SlurmdPidFile=${dir}/slurmd.pid
SlurmctldPort=${ctld}
SlurmdPort=${slurmd}
SlurmctldLogFile=${dir}/slurmctld.log
SlurmdLogFile=${dir}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=${node} CPUs=2 State=UNKNOWN
PartitionName=lab Nodes=${node} Default=YES MaxTime=INFINITE State=UP
`);
  env = { ...process.env, SLURM_CONF: join(dir, 'slurm.conf'), ATTENTION_LAB: `${process.execPath} ${CLI}` };
  run('mungekey', ['--create', `--keyfile=${dir}/munge/munge.key`]);
  chmodSync(join(dir, 'munge/munge.key'), 0o600);
  run('munged', ['--force', `--socket=${dir}/munge/socket`, `--key-file=${dir}/munge/munge.key`, `--log-file=${dir}/munge/log`,
    `--pid-file=${dir}/munge/pid`, `--seed-file=${dir}/munge/seed`]);
  run('slurmctld', ['-c']);
  run('slurmd', []);
  // The node answers once slurmd has registered.
  for (let i = 0; i < 60 && !/idle/.test(run('sinfo', ['-h', '-o', '%T'])); ++i) await new Promise((ok) => setTimeout(ok, 500));
  assert.match(run('sinfo', ['-h', '-o', '%T']), /idle/);
});

after(() => {
  for (const pid of ['slurmd.pid', 'slurmctld.pid', 'munge/pid'].map((f) => join(dir, f)).filter(existsSync)) {
    try { process.kill(Number(readFileSync(pid, 'utf8').trim())); } catch { /* already gone */ }
  }
  rmSync(dir, { recursive: true, force: true });
});

test('a job array of 4 shards and a merge job give the one-machine gradebook', async () => {
  const hand = join(dir, 'hand-ins');
  writeClass(hand, 12);
  writeCodeClass(hand, 4);
  writeRaceClass(hand, 6);
  const t0 = performance.now();
  run(process.execPath, [CLI, 'grade', hand, '--site', SITE, '--out', join(dir, 'one.csv')]);
  const one = (performance.now() - t0) / 1000;
  const parts = run('sbatch', ['--parsable', '--array=1-4', `--output=${dir}/shard-%a.out`, SCRIPT, SITE, hand, join(dir, 'parts')], { cwd: dir }).trim();
  run('sbatch', ['--wait', `--dependency=afterok:${parts}`, `--output=${dir}/merge.out`,
    '--wrap', `${process.execPath} ${CLI} grade merge ${dir}/parts/*.json ${hand} --site ${SITE} --out ${dir}/merged.csv`], { cwd: dir });
  const shards = [1, 2, 3, 4].map((i) => readFileSync(join(dir, `shard-${i}.out`), 'utf8'));
  assert.ok(shards.every((s, i) => s.includes(`part ${i + 1}/4`)), shards.join('\n'));
  console.log(`# one machine: ${one.toFixed(1)} s; ${shards.map((s) => s.trim()).join('; ')}`);
  assert.equal(readFileSync(join(dir, 'merged.csv'), 'utf8'), readFileSync(join(dir, 'one.csv'), 'utf8'));
});
