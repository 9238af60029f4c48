// npm run bench, sandbox section: how fast the sandbox creates vouchers once it holds many. autocannon
// posts creates at concurrency 16 to a sandbox holding 100,000 vouchers and, side by side in the same
// run (rounds interleaved), to an empty one; the figure is the ratio of their rates. Twice: a
// `promo sandbox --state FILE` server, and the built-in profile's way, several processes sharing one
// state file under its lock. The 100,000 vouchers are generated at start from a seed file holding
// `{"generatedVouchers": 100000}` (nothing shipped).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const bin = fileURLToPath(new URL('../bin/promo.js', import.meta.url));
const bundle = fileURLToPath(new URL('../dist/lazy/sandbox.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'promo-bench-sandbox-'));
const env = { ...process.env, PROMO_CONFIG_DIR: dir, NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
delete env.PROMO_SANDBOX_VERIFY;

const HELD = Number(process.env.BENCH_SANDBOX_VOUCHERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SANDBOX_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_SANDBOX_ROUNDS ?? 3);
const CONNECTIONS = 16;
const TARGET = 0.8;
const APP = { 'X-App-Id': 'bench', 'X-App-Token': 'bench-token-0001' };
const children = [];
// The sandbox's default limit (6,000 a minute) would answer most of a run with 429.
const UNLIMITED = '100000000/min';

function seedFile(name, count) {
  const path = join(dir, `${name}.seed.json`);
  writeFileSync(path, JSON.stringify({ generatedVouchers: count }));
  return path;
}

function started(child, what) {
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

/** `promo sandbox --state FILE`, one process. */
function server(name, count) {
  const args = [
    bin,
    'sandbox',
    '--port',
    '0',
    '--app-id',
    APP['X-App-Id'],
    '--app-token',
    APP['X-App-Token'],
  ];
  args.push('--state', join(dir, `${name}.state`), '--seed', seedFile(name, count), '-o', 'json');
  args.push('--rate-limit', UNLIMITED);
  return started(spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'ignore'] }), name);
}

/** A sandbox process on a shared state file, as each run of the built-in profile starts one. */
function sharedProcess(name, count) {
  const script = `
    const { startSandbox } = require(${JSON.stringify(bundle)});
    startSandbox({ appId: 'bench', appToken: 'bench-token-0001', shared: true,
      statePath: ${JSON.stringify(join(dir, `${name}.state`))},
      seed: { generatedVouchers: ${count} }, faults: { rateLimit: { limit: 1e8, windowSeconds: 60 } } })
      .then((s) => console.log(s.url));`;
  return started(spawn(process.execPath, ['-e', script], { env, stdio: ['ignore', 'pipe', 'ignore'] }), name);
}

/** Creates (generated codes, so none collide) for SECONDS at CONNECTIONS spread over `urls`; requests a second. */
async function createRate(urls) {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}/v1/vouchers`,
        method: 'POST',
        connections: CONNECTIONS / urls.length,
        duration: SECONDS,
        headers: { ...APP, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } }),
      }),
    ),
  );
  const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  if (failed > 0) throw new Error(`${failed} creates failed against ${urls.join(', ')}`);
  return results.reduce((sum, r) => sum + r.requests.total, 0) / SECONDS;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function compare(label, empty, full) {
  const rates = { empty: [], full: [] };
  await createRate(empty); // warm both up: JIT, connections, page cache
  await createRate(full);
  for (let round = 0; round < ROUNDS; round++) {
    rates.empty.push(await createRate(empty));
    rates.full.push(await createRate(full));
  }
  const ratio = median(rates.full) / median(rates.empty);
  const verdict = `≥ ${TARGET}x ${ratio >= TARGET ? 'ok' : 'UNDER'}`;
  console.log(
    `${label.padEnd(44)} ${median(rates.empty).toFixed(0).padStart(7)}/s ${median(rates.full).toFixed(0).padStart(7)}/s ${`${ratio.toFixed(2)}x`.padStart(7)}  ${verdict}`,
  );
  return ratio >= TARGET;
}

let ok = true;
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
    `${'case'.padEnd(44)} ${'empty'.padStart(9)} ${'full'.padStart(9)} ${'ratio'.padStart(7)}  target`,
  );
  ok = (await compare('promo sandbox --state FILE', [emptyServer], [fullServer])) && ok;

  const empties = await Promise.all([sharedProcess('shared-empty', 0), sharedProcess('shared-empty', 0)]);
  const fulls = [await sharedProcess('shared-full', HELD)];
  fulls.push(await sharedProcess('shared-full', HELD));
  ok = (await compare('2 processes sharing one state file (built-in)', empties, fulls)) && ok;
} finally {
  for (const child of children) child.kill();
  await new Promise((resolve) => setTimeout(resolve, 200));
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = ok ? process.exitCode : 1;
