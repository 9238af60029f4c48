// npm run bench: start-up cost of promo as whole processes, as medians over interleaved runs and
// as ratios against a bare `node -e 0` measured in the same run (machines here are shared and
// noisy, so absolute milliseconds mean little; ratios do). NODE_EXTRA_CA_CERTS is unset for every
// process: on this machine it more than doubles each Node start and would hide promo's own cost.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.env.BENCH_RUNS ?? 21);
const bin = fileURLToPath(new URL('../bin/promo.js', import.meta.url));
const configDir = mkdtempSync(join(tmpdir(), 'promo-bench-'));
const env = { ...process.env, PROMO_CONFIG_DIR: configDir, NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
for (const name of [
  'CI',
  'PROMO_PROFILE',
  'PROMO_APP_ID',
  'PROMO_APP_TOKEN',
  'PROMO_API_URL',
  'PROMO_OUTPUT',
  // The cases below choose for themselves whether a proxy is set.
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'ALL_PROXY',
  'all_proxy',
  'NO_PROXY',
  'no_proxy',
])
  delete env[name];

// Each process also reports the CPU time its main thread used, from its start to its exit (Linux's
// schedstat, in nanoseconds; elsewhere the whole process's user + system time): on a machine that
// others load heavily, wall time mostly measures the wait for a core, and the main thread is
// start-up's critical path. The preload is the same for every case, the baseline included.
const cpuReport = join(configDir, 'cpu-report.cjs');
const cpuFile = join(configDir, 'cpu.txt');
writeFileSync(
  cpuReport,
  `const fs = require('fs');
process.on('exit', () => {
  let ms;
  try {
    ms = Number(fs.readFileSync('/proc/self/task/' + process.pid + '/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const u = process.cpuUsage();
    ms = (u.user + u.system) / 1000;
  }
  fs.writeFileSync(process.env.BENCH_CPU_FILE, String(ms));
});
`,
);
const measured = { NODE_OPTIONS: `--require ${cpuReport}`, BENCH_CPU_FILE: cpuFile };

function time(args, input, extraEnv) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    env: { ...env, ...extraEnv, ...measured },
    input: input ?? '',
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { ms, cpu: Number(readFileSync(cpuFile, 'utf8')) };
}

// A sandbox of its own process on loopback, as a real service would be.
const server = spawn(
  process.execPath,
  [bin, 'sandbox', '--port', '0', '--app-id', 'bench', '--app-token', 'bench-token-0001', '-o', 'json'],
  {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  },
);
const url = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    try {
      resolve(JSON.parse(out).url);
    } catch {}
  });
  server.on('exit', () => reject(new Error('sandbox did not start')));
});

const add = spawnSync(
  process.execPath,
  [bin, 'profile', 'add', 'bench', '--app-id', 'bench', '--app-token-stdin', '--api-url', url, '--default'],
  {
    env,
    input: 'bench-token-0001',
  },
);
if (add.status !== 0) throw new Error(String(add.stderr));
time([bin, 'token', 'issue', '--scope', 'api']); // fills the cache

const cases = [
  { name: 'node -e 0 (baseline)', args: ['-e', '0'] },
  { name: 'promo --version', args: [bin, '--version'], target: 1.5 },
  { name: 'promo --help', args: [bin, '--help'], target: 1.4 },
  {
    name: 'promo token issue (cached, no request)',
    args: [bin, 'token', 'issue', '--scope', 'api'],
    target: 2.2,
  },
  { name: 'promo token inspect (one request)', args: [bin, 'token', 'inspect'], target: 2.2 },
  // The proxy code is loaded only when a proxy variable is set: this case pays for it (NO_PROXY
  // then sends the request direct); the one above must not.
  {
    name: '… with HTTPS_PROXY/HTTP_PROXY set',
    args: [bin, 'token', 'inspect'],
    env: { HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' },
  },
];
const samples = cases.map(() => []);
for (let i = 0; i < 3; i++) for (const c of cases) time(c.args, undefined, c.env); // warm the file cache
for (let i = 0; i < runs; i++) {
  for (const [k, c] of cases.entries()) samples[k].push(time(c.args, undefined, c.env));
}
// It writes its code cache as it exits: wait for that before removing the directory.
const exited = new Promise((resolve) => server.on('exit', resolve));
server.kill();
await exited;
rmSync(configDir, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const wallBase = median(samples[0].map((s) => s.ms));
const cpuBase = median(samples[0].map((s) => s.cpu));
let failed = 0;
console.log(
  `promo start-up, median of ${runs} interleaved runs, node ${process.version}, NODE_EXTRA_CA_CERTS unset\n`,
);
console.log(
  `${'case'.padEnd(42)} ${'wall'.padStart(9)} ${'ratio'.padStart(7)} ${'main cpu'.padStart(9)} ${'ratio'.padStart(7)}  target (wall)`,
);
cases.forEach((c, k) => {
  const wall = median(samples[k].map((s) => s.ms));
  const cpu = median(samples[k].map((s) => s.cpu));
  const ratio = wall / wallBase;
  const verdict = c.target === undefined ? '' : `≤ ${c.target}x ${ratio <= c.target ? 'ok' : 'OVER'}`;
  if (c.target !== undefined && ratio > c.target) failed++;
  const ms = (x) => `${x.toFixed(1)} ms`.padStart(9);
  const x = (r) => `${r.toFixed(2)}x`.padStart(7);
  console.log(`${c.name.padEnd(42)} ${ms(wall)} ${x(ratio)} ${ms(cpu)} ${x(cpu / cpuBase)}  ${verdict}`);
});
process.exitCode = failed ? 1 : 0;

// Further sections, each a script of its own (run alone with `node scripts/<name>`), in turn.
for (const section of ['bench-sandbox.mjs', 'bench-list.mjs', 'bench-lifecycle.mjs', 'bench-bulk.mjs']) {
  const script = fileURLToPath(new URL(section, import.meta.url));
  if (spawnSync(process.execPath, [script], { stdio: 'inherit' }).status !== 0) process.exitCode = 1;
}
