// What every bench script sets up the same way: a clean environment with a scratch config
// directory, `promo sandbox` servers in processes of their own on loopback, a profile pointing at
// one, timed runs of promo, medians, and verdicts against targets. The scripts keep only what they
// measure and how they print it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/promo.js', import.meta.url));

/** The app credentials the bench sandboxes accept. */
export const APP = { id: 'bench', token: 'bench-token-0001' };
export const APP_HEADERS = { 'X-App-Id': APP.id, 'X-App-Token': APP.token };

const scratch = [];
const children = [];

/** A temporary directory, removed by cleanUp(). */
export function scratchDir(name) {
  const path = mkdtempSync(join(tmpdir(), `promo-${name}-`));
  scratch.push(path);
  return path;
}

/**
 * This process's environment without what would change promo's behaviour or cost: the user's
 * profile choices and credentials (PROMO_*), CI (no prompts either way), proxies (a case sets
 * them itself when it measures them), and NODE_EXTRA_CA_CERTS (on this machine reading the CA
 * bundle more than doubles every Node start and would hide promo's own cost).
 */
export function cleanEnv(extra = {}) {
  const env = { ...process.env, NO_COLOR: '1' };
  for (const name of Object.keys(env)) {
    if (/^(CI|NODE_EXTRA_CA_CERTS|PROMO_.*|(https?|all|no)_proxy)$/i.test(name)) delete env[name];
  }
  return { ...env, ...extra };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Resolves with the loopback URL a server prints on stdout once it serves. */
export function servingUrl(child, what) {
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url) resolve(url);
    });
    child.on('exit', (code) => reject(new Error(`${what} exited (${code}) before serving`)));
  });
}

/** Ends a child process and resolves once it has exited (a sandbox writes its code cache then). */
export function stop(child) {
  return new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve).kill() : resolve()));
}

/**
 * `promo sandbox` in a process of its own on an ephemeral loopback port, accepting APP (or its
 * built-in credentials with `app: null`). `stderr: 'pipe'` keeps what it writes there in `log.text`.
 */
export async function startSandbox({ env, args = [], app = APP, bin = BIN, stderr = 'ignore', cores } = {}) {
  const credentials = app ? ['--app-id', app.id, '--app-token', app.token] : [];
  const child = spawn(
    ...onCores(cores, process.execPath, [
      bin,
      'sandbox',
      '--port',
      '0',
      ...credentials,
      '-o',
      'json',
      ...args,
    ]),
    { env, stdio: ['ignore', 'pipe', stderr] },
  );
  const log = { text: '' };
  child.stderr?.on('data', (d) => {
    log.text += d;
  });
  const url = await servingUrl(child, `promo sandbox ${args.join(' ')}`.trim());
  return { url, pid: child.pid, log, child, stop: () => stop(child) };
}

/**
 * A command and its arguments, run on the given cores when `cores` says which (`taskset -c 0`,
 * which runs the command in its own process: the pid spawned is the command's).
 */
export function onCores(cores, command, args) {
  return cores === undefined ? [command, args] : ['taskset', ['-c', cores, command, ...args]];
}

/**
 * Cores for a server and for its client, each of its own (Linux with taskset and two cores or
 * more), or `{ why }` when they cannot be kept apart here.
 */
export function separateCores() {
  if (process.platform !== 'linux') return { why: 'not Linux' };
  // The cores this process may run on (a container's cpuset may leave out core 0).
  const allowed = /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  const cores = (allowed ?? '')
    .split(',')
    .flatMap((range) => {
      const [from, to = from] = range.split('-').map(Number);
      return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
    })
    .filter((core) => /^\d+$/.test(core));
  if (cores.length < 2) return { why: 'one core' };
  const [server, client] = cores;
  const probe = spawnSync('taskset', ['-c', client, 'true']);
  if (probe.error || probe.status !== 0) return { why: 'no taskset' };
  return { server, client };
}

/** Saves a profile for `url` with APP's credentials (the token through stdin, as a script would). */
export function addProfile(name, url, env, { bin = BIN, isDefault = false } = {}) {
  const args = [bin, 'profile', 'add', name, '--app-id', APP.id, '--app-token-stdin', '--api-url', url];
  const added = spawnSync(process.execPath, isDefault ? [...args, '--default'] : args, {
    env,
    input: APP.token,
  });
  if (added.status !== 0) throw new Error(String(added.stderr));
}

/**
 * Runs a process to its end and times it in milliseconds (node by default: pass promo's bin first
 * in `args`). Throws when it fails, unless `check` is false.
 */
export function timed(args, { env, input, command = process.execPath, stdio, check = true } = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    env,
    input,
    stdio,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (check && result.status !== 0) {
    throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  }
  return { ms, code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs promo (`args` after its bin) under GNU time: timed()'s figures, with stderr short of time's
 * own line, and the peak resident memory in MiB. stdout is thrown away unless `stdio` says otherwise.
 */
export function timedWithPeakRss(args, { env, bin = BIN, stdio = ['ignore', 'ignore', 'pipe'] } = {}) {
  const run = timed(['-f', '%M', process.execPath, bin, ...args], {
    env,
    command: '/usr/bin/time',
    stdio,
    check: false,
  });
  const lines = run.stderr.trimEnd().split('\n');
  const peakKb = Number(lines.pop());
  return { ...run, stderr: lines.join('\n'), peakMiB: peakKb / 1024 };
}

/** Stops every server started here, then removes every scratch directory. */
export async function cleanUp() {
  await Promise.all(children.splice(0).map(stop));
  for (const path of scratch.splice(0)) rmSync(path, { recursive: true, force: true, maxRetries: 5 });
}

export const ms = (x) => `${x.toFixed(1)} ms`;
export const times = (x, digits = 2) => `${x.toFixed(digits)}x`;

/**
 * Verdicts against targets, counted: `atMost(1.3, 1.5)` is '≤ 1.5x ok', `atLeast(0.6, 0.8)` is
 * '≥ 0.8x UNDER'. `exitCode()` is 1 when any missed.
 */
export function verdicts({ ok = 'ok', over = 'OVER', under = 'UNDER' } = {}) {
  let missed = 0;
  const count = (ok) => {
    if (!ok) missed++;
    return ok;
  };
  return {
    count,
    atMost: (value, target, unit = 'x') => `≤ ${target}${unit} ${count(value <= target) ? ok : over}`,
    atLeast: (value, target, unit = 'x') => `≥ ${target}${unit} ${count(value >= target) ? ok : under}`,
    get missed() {
      return missed;
    },
    exitCode: () => (missed ? 1 : 0),
  };
}

// Each process reports the CPU time its main thread used, from its start to its exit (Linux's
// schedstat, in nanoseconds; elsewhere the whole process's user + system time): on a machine that
// others load heavily, wall time mostly measures the wait for a core. And, on Linux, its minor page
// faults (each a page of memory touched for the first time, ~2-3 µs of the kernel's on this
// machine), which the load disturbs far less. The preload is the same for every case, the
// baseline included.
const CPU_REPORT = `const fs = require('fs');
process.on('exit', () => {
  let ms;
  let faults = NaN;
  try {
    ms = Number(fs.readFileSync('/proc/self/task/' + process.pid + '/schedstat', 'utf8').split(' ')[0]) / 1e6;
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    faults = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
  } catch {
    const u = process.cpuUsage();
    ms = (u.user + u.system) / 1000;
  }
  fs.writeFileSync(process.env.BENCH_CPU_FILE, ms + ' ' + faults);
});
`;

/**
 * timed() that also reads the CPU time of the process's main thread (`cpu`, ms) and its minor page
 * faults (`faults`; NaN off Linux); `dir` holds the preload and the file it reports through.
 */
export function cpuTimer(dir) {
  const report = join(dir, 'cpu-report.cjs');
  const file = join(dir, 'cpu.txt');
  writeFileSync(report, CPU_REPORT);
  const measured = { NODE_OPTIONS: `--require ${report}`, BENCH_CPU_FILE: file };
  return (args, options = {}) => {
    const { ms } = timed(args, { ...options, env: { ...options.env, ...measured } });
    const [cpu, faults] = readFileSync(file, 'utf8').split(' ').map(Number);
    return { ms, cpu, faults };
  };
}

/**
 * One goal of the start-up and memory issue (35), on a line of its own that `npm run bench`
 * gathers into its closing table: `goal: NAME<tab>FIGURE<tab>TARGET<tab>met` (or `NOT MET`; tabs,
 * which no name holds: a jq filter may hold ' | ').
 */
export function goal(name, figure, target, met) {
  console.log(`goal: ${[name, figure, target, met ? 'met' : 'NOT MET'].join('\t')}`);
}
