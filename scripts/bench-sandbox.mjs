// npm run bench, sandbox section: how fast the sandbox creates vouchers once it holds many. autocannon
// posts creates at concurrency 16 to a sandbox holding 100,000 vouchers and, side by side in the same
// run (rounds interleaved), to an empty one; the figure is the ratio of their rates. Twice: a
// `promo sandbox --state FILE` server, and the built-in profile's way, several processes sharing one
// SQLite file, each request a transaction on it. The 100,000 vouchers are generated at start
// (`--vouchers N`), nothing shipped.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  APP,
  APP_HEADERS,
  cleanEnv,
  cleanUp,
  median,
  scratchDir,
  servingUrl,
  startSandbox,
  verdicts,
} from './bench-lib.mjs';

const bundle = fileURLToPath(new URL('../dist/lazy/sandbox.cjs', import.meta.url));
const dir = scratchDir('bench-sandbox');
const env = cleanEnv({ PROMO_CONFIG_DIR: dir });

const HELD = Number(process.env.BENCH_SANDBOX_VOUCHERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SANDBOX_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_SANDBOX_ROUNDS ?? 3);
const CONNECTIONS = 16;
const TARGET = 0.9;
// The sandbox's default limit (6,000 a minute) would answer most of a run with 429.
const UNLIMITED = '100000000/min';

/** `promo sandbox --state FILE`, one process. */
function server(name, count) {
  const args = [
    '--state',
    join(dir, `${name}.state`),
    '--vouchers',
    String(count),
    '--rate-limit',
    UNLIMITED,
  ];
  return startSandbox({ env, args });
}

/** A sandbox process on a shared state file, as each run of the built-in profile starts one. */
async function sharedProcess(name, count) {
  const script = `
    const { startSandbox } = require(${JSON.stringify(bundle)});
    startSandbox({ appId: ${JSON.stringify(APP.id)}, appToken: ${JSON.stringify(APP.token)}, shared: true,
      statePath: ${JSON.stringify(join(dir, `${name}.state`))},
      generatedVouchers: ${count}, faults: { rateLimit: { limit: 1e8, windowSeconds: 60 } } })
      .then((s) => console.log(s.url));`;
  const child = spawn(process.execPath, ['-e', script], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  return { url: await servingUrl(child, name), pid: child.pid };
}

/** CPU milliseconds a process has used so far (Linux /proc; elsewhere the column stays empty). */
function cpuMs(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return Number.NaN;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
}

/**
 * Creates (generated codes, so none collide) for SECONDS at CONNECTIONS spread over the sandboxes:
 * requests a second, and the sandboxes' CPU time per request (steadier than the rate on a busy machine).
 */
async function createRound(sandboxes) {
  const cpuBefore = sandboxes.map(({ pid }) => cpuMs(pid));
  const results = await Promise.all(
    sandboxes.map(({ url }) =>
      autocannon({
        url: `${url}/v1/vouchers`,
        method: 'POST',
        connections: CONNECTIONS / sandboxes.length,
        duration: SECONDS,
        headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } }),
      }),
    ),
  );
  const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  if (failed > 0)
    throw new Error(`${failed} creates failed against ${sandboxes.map((s) => s.url).join(', ')}`);
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const cpu = sandboxes.reduce((sum, { pid }, k) => sum + cpuMs(pid) - cpuBefore[k], 0);
  return { rate: requests / SECONDS, cpuPerRequest: cpu / requests };
}

const verdict = verdicts();

async function compare(label, empty, full) {
  const rounds = { empty: [], full: [] };
  await createRound(empty); // warm both up: JIT, connections, page cache
  await createRound(full);
  for (let round = 0; round < ROUNDS; round++) {
    rounds.empty.push(await createRound(empty));
    rounds.full.push(await createRound(full));
  }
  const rate = (name) => median(rounds[name].map((r) => r.rate));
  const cpu = (name) => median(rounds[name].map((r) => r.cpuPerRequest));
  const ratio = rate('full') / rate('empty');
  const judged = verdict.atLeast(ratio, TARGET);
  const cpuText = `${cpu('empty').toFixed(2)} / ${cpu('full').toFixed(2)} ms`;
  console.log(
    `${label.padEnd(44)} ${rate('empty').toFixed(0).padStart(7)}/s ${rate('full').toFixed(0).padStart(7)}/s ${`${ratio.toFixed(2)}x`.padStart(7)}  ${judged.padEnd(10)} ${cpuText}`,
  );
}

try {
  const loading = performance.now();
  const [emptyServer, fullServer] = await Promise.all([server('empty', 0), server('full', HELD)]);
  const loadedMs = performance.now() - loading;
  console.log(
    `\nsandbox creates at concurrency ${CONNECTIONS}, empty vs holding ${HELD.toLocaleString('en')} vouchers, median of ${ROUNDS} interleaved ${SECONDS} s rounds`,
  );
  console.log(
    `(start with ${HELD.toLocaleString('en')} generated: ${(loadedMs / 1000).toFixed(1)} s; state file ${(statSync(join(dir, 'full.state')).size / 2 ** 20).toFixed(0)} MiB)\n`,
  );
  console.log(
    `${'case'.padEnd(44)} ${'empty'.padStart(9)} ${'full'.padStart(9)} ${'ratio'.padStart(7)}  ${'target'.padEnd(10)} CPU per request, empty / full`,
  );
  await compare('promo sandbox --state FILE', [emptyServer], [fullServer]);

  const empties = await Promise.all([sharedProcess('shared-empty', 0), sharedProcess('shared-empty', 0)]);
  const fulls = [await sharedProcess('shared-full', HELD)];
  fulls.push(await sharedProcess('shared-full', HELD));
  await compare('2 processes sharing one state file (built-in)', empties, fulls);
} finally {
  await cleanUp();
}
if (verdict.missed) process.exitCode = 1;
