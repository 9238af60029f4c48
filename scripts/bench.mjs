// npm run bench: start-up cost of promo as whole processes, as medians over interleaved runs and
// as ratios against a bare `node -e 0` measured in the same run (machines here are shared and
// noisy, so absolute milliseconds mean little; ratios do). NODE_EXTRA_CA_CERTS is unset for every
// process: on this machine it more than doubles each Node start and would hide promo's own cost.
// BENCH_SECTIONS=startup,list (any of SECTIONS, comma-separated) runs only those; default: all.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addProfile,
  BIN as bin,
  cleanEnv,
  cleanUp,
  median,
  ms,
  scratchDir,
  startSandbox,
  timed,
  times,
  verdicts,
} from './bench-lib.mjs';

// Each section but the first is a script of its own (run alone with `node scripts/<name>`).
const SECTIONS = {
  startup: undefined,
  sandbox: 'bench-sandbox.mjs',
  list: 'bench-list.mjs',
  lifecycle: 'bench-lifecycle.mjs',
  bulk: 'bench-bulk.mjs',
  campaign: 'bench-campaign.mjs',
  jq: 'bench-jq.mjs',
  export: 'bench-export.mjs',
  sqlite: 'bench-sqlite.mjs',
};
const chosen = (process.env.BENCH_SECTIONS ?? Object.keys(SECTIONS).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = chosen.filter((name) => !(name in SECTIONS));
if (unknown.length || !chosen.length) {
  console.error(
    `BENCH_SECTIONS names sections among ${Object.keys(SECTIONS).join(', ')}, not '${process.env.BENCH_SECTIONS}'`,
  );
  process.exitCode = 2;
} else {
  await run(chosen);
}

async function run(chosen) {
  if (chosen.includes('startup')) await startup();
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (!section || !chosen.includes(name)) continue;
    const script = fileURLToPath(new URL(section, import.meta.url));
    if (spawnSync(process.execPath, [script], { stdio: 'inherit' }).status !== 0) process.exitCode = 1;
  }
}

async function startup() {
  const runs = Number(process.env.BENCH_RUNS ?? 21);
  const configDir = scratchDir('bench');
  const env = cleanEnv({ PROMO_CONFIG_DIR: configDir });

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
  const time = (args, extraEnv) => ({
    ms: timed(args, { env: { ...env, ...extraEnv, ...measured }, input: '' }).ms,
    cpu: Number(readFileSync(cpuFile, 'utf8')),
  });

  // A sandbox of its own process on loopback, as a real service would be.
  const server = await startSandbox({ env });
  addProfile('bench', server.url, env, { isDefault: true });
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
  for (let i = 0; i < 3; i++) for (const c of cases) time(c.args, c.env); // warm the file cache
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of cases.entries()) samples[k].push(time(c.args, c.env));
  }
  // It writes its code cache as it exits: cleanUp() waits for that before removing the directory.
  await cleanUp();

  const wallBase = median(samples[0].map((s) => s.ms));
  const cpuBase = median(samples[0].map((s) => s.cpu));
  const verdict = verdicts();
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
    const target = c.target === undefined ? '' : verdict.atMost(ratio, c.target);
    console.log(
      `${c.name.padEnd(42)} ${ms(wall).padStart(9)} ${times(ratio).padStart(7)} ${ms(cpu).padStart(9)} ${times(cpu / cpuBase).padStart(7)}  ${target}`,
    );
  });
  process.exitCode = verdict.exitCode();
}
