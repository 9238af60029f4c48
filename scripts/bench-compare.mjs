// node scripts/bench-compare.mjs OLD NEW: start-up of two builds of promo side by side (say, main
// with and without a change, each in its own worktree), interleaved, against one sandbox, as
// medians and ratios to `node -e 0` measured in the same run. On a shared, noisy machine only such
// side-by-side ratios can show a regression of a few per cent. OLD and NEW are built checkouts
// (their bin/promo.js is run; a worktree of an older commit can borrow this node_modules) or the
// bin files themselves. BENCH_RUNS=N (default 31); BENCH_INSTRUCTIONS=N adds instruction counts
// under valgrind, N runs each (see countInstructions); BENCH_ONLY=regex keeps the matching cases. Compare builds from like places (two
// directories side by side: the same build read up to 4 ms apart from two unlike ones).
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  addProfile,
  cleanEnv,
  cleanUp,
  cpuTimer,
  median,
  ms,
  scratchDir,
  startSandbox,
  timed,
  times,
} from './bench-lib.mjs';

const binOf = (path) => (statSync(path).isDirectory() ? join(path, 'bin', 'promo.js') : path);
const [oldBin, newBin] = process.argv.slice(2).map((p) => binOf(resolve(p)));
if (!oldBin || !newBin)
  throw new Error('usage: node scripts/bench-compare.mjs OLD NEW (checkouts or bin files)');
const runs = Number(process.env.BENCH_RUNS ?? 31);
const bins = { old: oldBin, new: newBin };
const base = cleanEnv();

const { url } = await startSandbox({
  bin: newBin,
  env: { ...base, PROMO_CONFIG_DIR: scratchDir('compare-sandbox') },
});

const envs = {};
for (const [name, bin] of Object.entries(bins)) {
  envs[name] = { ...base, PROMO_CONFIG_DIR: scratchDir(`compare-${name}`) };
  addProfile('bench', url, envs[name], { bin, isDefault: true });
  timed([bin, 'token', 'issue', '--scope', 'api'], { env: envs[name], check: false });
  const create = ['voucher', 'create', '--code', 'COMPARE-1', '--type', 'discount', '--percent-off', '5'];
  timed([bin, ...create], { env: envs[name], check: false });
  timed([bin, '--profile', 'sandbox', 'token', 'issue', '--scope', 'api'], { env: envs[name] });
}

const proxied = {
  HTTPS_PROXY: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1',
};
const cases = [{ name: 'node -e 0 (baseline)', args: ['-e', '0'], env: base }];
for (const name of Object.keys(bins)) {
  cases.push({ name: `${name}: promo --version`, args: [bins[name], '--version'], env: envs[name] });
  cases.push({ name: `${name}: promo --help`, args: [bins[name], '--help'], env: envs[name] });
  const issue = [bins[name], 'token', 'issue', '--scope', 'api'];
  cases.push({ name: `${name}: promo token issue (cached)`, args: issue, env: envs[name] });
  const inspect = [bins[name], 'token', 'inspect'];
  cases.push({ name: `${name}: promo token inspect (one request)`, args: inspect, env: envs[name] });
  const get = [bins[name], 'voucher', 'get', 'COMPARE-1', '-o', 'json'];
  cases.push({ name: `${name}: promo voucher get (one request)`, args: get, env: envs[name] });
  const builtIn = [bins[name], '--profile', 'sandbox', 'token', 'inspect'];
  cases.push({ name: `${name}: built-in profile: token inspect`, args: builtIn, env: envs[name] });
  cases.push({
    name: `${name}: … with proxy variables set`,
    args: inspect,
    env: { ...envs[name], ...proxied },
  });
}

// BENCH_ONLY=regex keeps the cases whose names match it (and the baseline).
if (process.env.BENCH_ONLY) {
  const only = new RegExp(process.env.BENCH_ONLY);
  cases.splice(1, Infinity, ...cases.slice(1).filter((c) => only.test(c.name)));
}
const timeCpu = cpuTimer(scratchDir('compare-cpu'));
const time = ({ args, env }) => timeCpu(args, { env, input: '' });
const samples = cases.map(() => []);
for (let i = 0; i < 3; i++) for (const c of cases) time(c);
for (let i = 0; i < runs; i++) for (const [k, c] of cases.entries()) samples[k].push(time(c));

const wall = (k) => median(samples[k].map((s) => s.ms));
const cpu = (k) => median(samples[k].map((s) => s.cpu));
const faults = (k) => median(samples[k].map((s) => s.faults));
const instructions = countInstructions();
await cleanUp();
console.log(`old = ${oldBin}\nnew = ${newBin}`);
console.log(`promo start-up side by side, median of ${runs} interleaved runs, node ${process.version}\n`);
console.log(
  `${'case'.padEnd(48)} ${'wall'.padStart(9)} ${'ratio'.padStart(7)} ${'main cpu'.padStart(9)} ${'ratio'.padStart(7)} ${'faults'.padStart(7)}${instructions ? ` ${'instructions'.padStart(14)} ${'ratio'.padStart(7)}` : ''}`,
);
for (const [k, c] of cases.entries()) {
  const [w, u] = [wall(k), cpu(k)];
  const counted = instructions
    ? ` ${instructions[k].toLocaleString('en').padStart(14)} ${times(instructions[k] / instructions[0], 3).padStart(7)}`
    : '';
  console.log(
    `${c.name.padEnd(48)} ${ms(w).padStart(9)} ${times(w / wall(0)).padStart(7)} ${ms(u).padStart(9)} ${times(u / cpu(0)).padStart(7)} ${String(faults(k)).padStart(7)}${counted}`,
  );
}

/**
 * BENCH_INSTRUCTIONS=N: each case's instructions, all threads, the median of N interleaved runs
 * under valgrind (cachegrind, no cache simulation) with V8's --predictable (one thread, no
 * concurrent garbage collection or compilation), after one run of each that makes the code cache
 * for that mode. Slow (~8 s a run), but back to back the same build counts the same within a few
 * thousand instructions, where its time differs by milliseconds: the way to see a change of 1% or
 * less between two builds. Compare counts of one run only: what a process does while it waits for
 * the sandbox's answer depends on how long that takes, and the level of every count (the bare
 * http.get's too) moved by 10-20% over an hour here. It counts no page fault nor cache miss: it
 * complements the time, it does not replace it.
 */
function countInstructions() {
  const n = Number(process.env.BENCH_INSTRUCTIONS ?? 0);
  if (!n) return undefined;
  const log = join(scratchDir('compare-valgrind'), 'log');
  const count = ({ args, env }) => {
    timed(
      [
        '--tool=cachegrind',
        '--cache-sim=no',
        '--cachegrind-out-file=/dev/null',
        `--log-file=${log}`,
        process.execPath,
        '--predictable',
        ...args,
      ],
      { env, input: '', command: 'valgrind' },
    );
    const found = /I\s+refs:\s+([\d,]+)/.exec(readFileSync(log, 'utf8'));
    if (!found) throw new Error(`valgrind said no instruction count: see ${log}`);
    return Number(found[1].replaceAll(',', ''));
  };
  for (const c of cases) count(c);
  const counts = cases.map(() => []);
  for (let i = 0; i < n; i++) for (const [k, c] of cases.entries()) counts[k].push(count(c));
  return counts.map(median);
}
