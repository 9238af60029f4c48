// npm run bench, sqlite section: what the sandbox's SQLite file costs as it grows. (1) The built-in
// profile: `promo voucher get` with 100,000 vouchers held, against the same command on a fresh
// sandbox, median of interleaved runs (each run is a whole promo process that opens the file).
// (2) On the same built-in state: `campaign create --vouchers-count 100000 --wait` (≤ 30 s), then
// `export vouchers --wait` of its 200,000 vouchers to a file, with promo's peak RSS, the sandbox in
// the same process (≤ 30 s, ≤ 100 MiB). (3) `promo sandbox --state FILE` holding 1,000,000
// vouchers: from the process's start to its first answer. The files are made once at the start
// (generated vouchers, `--vouchers N`), not timed.
// BENCH_SQLITE_RUNS (21), BENCH_SQLITE_HELD (100000) and BENCH_SQLITE_BIG (1000000) change the sizes.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_HEADERS,
  BIN,
  cleanEnv,
  cleanUp,
  median,
  ms,
  scratchDir,
  stop,
  timed,
  timedWithPeakRss,
  times,
  verdicts,
} from './bench-lib.mjs';

const bundle = fileURLToPath(new URL('../dist/lazy/sandbox.cjs', import.meta.url));
const RUNS = Number(process.env.BENCH_SQLITE_RUNS ?? 21);
const HELD = Number(process.env.BENCH_SQLITE_HELD ?? 100_000);
const BIG = Number(process.env.BENCH_SQLITE_BIG ?? 1_000_000);
const verdict = verdicts();

/** Writes a state file holding the demo data and `count` generated vouchers, as a first start would. */
function makeStateFile(path, count) {
  const script = `
    const { startSandbox } = require(${JSON.stringify(bundle)});
    startSandbox({ statePath: ${JSON.stringify(path)}, generatedVouchers: ${count} }).then((s) => s.close());`;
  timed(['-e', script], { env: cleanEnv() });
}

const fileMiB = (path) => `${(statSync(path).size / 2 ** 20).toFixed(0)} MiB`;

async function builtInGet() {
  const fresh = scratchDir('bench-sqlite-fresh');
  const full = scratchDir('bench-sqlite-full');
  const made = performance.now();
  makeStateFile(join(full, 'sandbox.db'), HELD);
  const madeS = (performance.now() - made) / 1000;
  const freshEnv = cleanEnv({ PROMO_CONFIG_DIR: fresh });
  const fullEnv = cleanEnv({ PROMO_CONFIG_DIR: full });
  const promo = (env, ...args) => timed([BIN, '--profile', 'sandbox', '-o', 'json', ...args], { env });
  promo(freshEnv, 'voucher', 'create', '--code', 'GEN-000001', '--percent-off', '5');
  const code = 'GEN-000050';
  if (HELD >= 50) promo(freshEnv, 'voucher', 'create', '--code', code, '--percent-off', '5');
  const rounds = { fresh: [], full: [] };
  for (let run = 0; run < RUNS; run++) {
    rounds.fresh.push(promo(freshEnv, 'voucher', 'get', code).ms);
    rounds.full.push(promo(fullEnv, 'voucher', 'get', code).ms);
  }
  const ratio = median(rounds.full) / median(rounds.fresh);
  console.log(
    `\nbuilt-in profile, voucher get: median of ${RUNS} interleaved runs (the full file made in ${madeS.toFixed(1)} s, ${fileMiB(join(full, 'sandbox.db'))})\n`,
  );
  console.log(`fresh sandbox                                ${ms(median(rounds.fresh)).padStart(10)}`);
  console.log(
    `holding ${HELD.toLocaleString('en').padEnd(37)}${ms(median(rounds.full)).padStart(10)}  ${times(ratio)}  ${verdict.atMost(ratio, 1.3)}`,
  );
  return full;
}

/** A campaign of HELD codes generated, then every voucher exported, through the built-in profile. */
function builtInCampaignAndExport(dir) {
  const env = cleanEnv({ PROMO_CONFIG_DIR: dir });
  const args = ['--profile', 'sandbox', '-o', 'json'];
  const created = timed(
    [
      BIN,
      ...args,
      'campaign',
      'create',
      'Bench',
      '--percent-off',
      '10',
      '--vouchers-count',
      String(HELD),
      '--wait',
    ],
    { env },
  );
  const exported = timedWithPeakRss(
    [...args, 'export', 'vouchers', '--wait', '--out', join(dir, 'out.csv')],
    {
      env,
    },
  );
  if (exported.code !== 0) throw new Error(`export exited ${exported.code}: ${exported.stderr}`);
  const rows = readFileSync(join(dir, 'out.csv'), 'utf8').split('\n').length - 2;
  const seconds = (x) => `${(x / 1000).toFixed(1)} s`;
  console.log(`\nbuilt-in profile, on the same state`);
  console.log(
    `${`campaign create --vouchers-count ${HELD} --wait`.padEnd(45)}${seconds(created.ms).padStart(10)}  ${verdict.atMost(created.ms / 1000, 30, ' s')}`,
  );
  console.log(
    `${`export vouchers --wait --out FILE (${rows} rows)`.padEnd(45)}${seconds(exported.ms).padStart(10)}  ${verdict.atMost(exported.ms / 1000, 30, ' s')}, peak RSS ${exported.peakMiB.toFixed(1)} MiB ${verdict.atMost(exported.peakMiB, 100, ' MiB')}`,
  );
}

/** Milliseconds from spawning `promo sandbox --state FILE` to its first 200 for a voucher get. */
async function firstAnswer(path, code) {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--state', path], {
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
        if (found) resolve(found);
      });
      child.on('exit', (status) => reject(new Error(`promo sandbox exited (${status}) before serving`)));
    });
    const headers = { ...APP_HEADERS, 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' };
    const res = await fetch(`${url}/v1/vouchers/${code}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${code} answered ${res.status}`);
    await res.arrayBuffer();
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

async function bigServer() {
  const dir = scratchDir('bench-sqlite-big');
  const path = join(dir, 'big.db');
  const made = performance.now();
  makeStateFile(path, BIG);
  const madeS = (performance.now() - made) / 1000;
  const width = Math.max(6, String(BIG).length);
  const code = `GEN-${String(BIG).padStart(width, '0')}`;
  const times5 = [];
  for (let run = 0; run < 5; run++) times5.push(await firstAnswer(path, code));
  const took = median(times5);
  console.log(
    `\npromo sandbox --state FILE holding ${BIG.toLocaleString('en')} vouchers (${fileMiB(path)}, made in ${madeS.toFixed(0)} s): start to first answer, median of 5`,
  );
  console.log(
    `${'first answer'.padEnd(45)}${ms(took).padStart(10)}  ${verdict.atMost(took / 1000, 1, ' s')}`,
  );
}

try {
  builtInCampaignAndExport(await builtInGet());
  await bigServer();
} finally {
  await cleanUp();
}
if (verdict.missed) process.exitCode = 1;
