// npm run bench, jq section: what --jq costs against the jq binary on the same 100,000 vouchers, in
// the same run (ratios: the machines here are shared and noisy).
// - promo's --jq machinery itself (src/output/jq.ts and jq-stream.ts, bundled here as the build
//   bundles them, with the built worker dist/lazy/jq-worker.cjs; a new filter each round, so the
//   worker's start is counted): the array as `--json --jq F` hands it over, one value; the stream as
//   `-o ndjson --jq F` does, pages of 100 objects; against `jq -r F` reading the same file.
// - end to end: `promo api GET` of one answer holding 60,000 vouchers (promo reads at most 64 MiB
//   of an answer), `--jq F` against `promo api GET … | jq -r F`; and what --jq adds to a command
//   whose answer is small (no goal: a line to watch).
// The jq binary is the system's (`jq`; 1.6 here); the section is skipped without one.
// BENCH_JQ_COUNT (default 100000) and BENCH_JQ_RUNS (default 3) change the size and the rounds.
import { spawn, spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BIN, cleanEnv, cleanUp, goal, median, scratchDir, timed, times, verdicts } from './bench-lib.mjs';

const COUNT = Number(process.env.BENCH_JQ_COUNT ?? 100_000);
const RUNS = Number(process.env.BENCH_JQ_RUNS ?? 3);
/** Issue 35 holds --jq to this (no regression); the section's own verdicts keep TARGET. */
const ISSUE_TARGET = 1.2;
const TARGET = 2;
const E2E_COUNT = Math.min(COUNT, 60_000);
let streamGrowthMiB = 0;
const WORKER = fileURLToPath(new URL('../dist/lazy/jq-worker.cjs', import.meta.url));

if (spawnSync('jq', ['--version']).status !== 0) {
  console.log('\njq section skipped: no jq binary on PATH to compare with');
  process.exit(0);
}

const dir = scratchDir('bench-jq');
const env = cleanEnv({ PROMO_CONFIG_DIR: dir });
const vouchers = Array.from({ length: COUNT }, (_, i) => voucher(i));
const arrayFile = join(dir, 'vouchers.json');
const ndjsonFile = join(dir, 'vouchers.ndjson');
writeFileSync(arrayFile, JSON.stringify(vouchers));
writeFileSync(ndjsonFile, vouchers.map((v) => `${JSON.stringify(v)}\n`).join(''));

const verdict = verdicts();
const server = createServer();
try {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const { JqFilter, JqStream, jqFilters } = await bundledJq();
  const mib = (statSync(arrayFile).size / 2 ** 20).toFixed(0);
  console.log(
    `\n--jq against the jq binary (${jqVersion()}), ${COUNT.toLocaleString('en')} vouchers (${mib} MiB), median of ${RUNS}\n`,
  );
  console.log(
    `${'case'.padEnd(64)} ${'promo'.padStart(9)} ${'jq'.padStart(9)} ${'ratio'.padStart(7)}  target`,
  );

  // promo's --jq machinery: the array, one value; the stream, pages of 100.
  for (const filter of ['length', '.[] | select(.active) | .code', 'map(.discount.percent_off) | add']) {
    const { ours, theirs } = await rounds(() => whole(JqFilter, filter), ['-r', filter, arrayFile]);
    row(`--json --jq '${filter}'`, ours, theirs);
  }
  for (const filter of ['select(.active) | .code', '{code, active}']) {
    const { ours, theirs } = await rounds(
      () => streamed(jqFilters, JqStream, filter),
      ['-r', filter, ndjsonFile],
    );
    row(`-o ndjson --jq '${filter}' (pages of 100)`, ours, theirs);
  }
  const streamMiB = (Buffer.byteLength(vouchers.map((v) => JSON.stringify(v)).join('\n')) / 2 ** 20).toFixed(
    0,
  );
  console.log(
    `  the stream's ${streamMiB} MiB added at most ${streamGrowthMiB.toFixed(0)} MiB to the memory in use (worker threads included)`,
  );

  // End to end, the same promo run filtering itself or piping into jq.
  const answer = JSON.stringify({ object: 'list', vouchers: vouchers.slice(0, E2E_COUNT) });
  const creds = { ...env, PROMO_APP_ID: 'bench', PROMO_APP_TOKEN: 'bench-token-0001' };
  const small = JSON.stringify({ object: 'list', vouchers: vouchers.slice(0, 3) });
  server.on('request', (req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(req.url?.startsWith('/v1/small') ? small : answer),
  );
  for (const filter of ['.vouchers | length', '.vouchers[] | select(.active) | .code']) {
    const api = [BIN, 'api', 'GET', '/v1/vouchers', '--api-url', url, '--json'];
    const promo = [];
    const piped = [];
    for (let round = 0; round < RUNS; round++) {
      promo.push(await timedAsync(process.execPath, [...api, '--jq', filter], creds));
      const pipeline = `"$0" ${api.map((a) => `'${a}'`).join(' ')} | jq -r '${filter}' > /dev/null`;
      piped.push(await timedAsync('bash', ['-c', pipeline, process.execPath], creds));
    }
    row(
      `promo api (${E2E_COUNT.toLocaleString('en')}) --jq '${filter}' vs | jq`,
      median(promo),
      median(piped),
    );
  }

  // What --jq adds to a command with a small answer (its worker's start, jq's check of the
  // expression before the request, its run, the worker's end): a line of its own, no goal.
  const api = [BIN, 'api', 'GET', '/v1/small', '--api-url', url, '--json'];
  const bare = [];
  const filtered = [];
  const piped = [];
  for (let round = 0; round < 4 * RUNS + 1; round++) {
    bare.push(await timedAsync(process.execPath, api, creds));
    filtered.push(await timedAsync(process.execPath, [...api, '--jq', '.vouchers | length'], creds));
    const pipeline = `"$0" ${api.map((a) => `'${a}'`).join(' ')} | jq -r '.vouchers | length' > /dev/null`;
    piped.push(await timedAsync('bash', ['-c', pipeline, process.execPath], creds));
  }
  const ms = (x) => `${x.toFixed(0)} ms`;
  console.log(
    `a small answer: promo api ${ms(median(bare))}; with --jq ${ms(median(filtered))} (+${ms(median(filtered) - median(bare))}); | jq ${ms(median(piped))} (medians of ${4 * RUNS + 1})`,
  );
} finally {
  server.close();
  await cleanUp();
}
process.exitCode = verdict.exitCode();

/** timed(), without blocking this process: the answers come from a server in it. */
function timedAsync(command, args, childEnv) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
}

function row(name, promo, jq) {
  const ratio = promo / jq;
  const s = (x) => `${(x / 1000).toFixed(2)} s`;
  console.log(
    `${name.padEnd(64)} ${s(promo).padStart(9)} ${s(jq).padStart(9)} ${times(ratio).padStart(7)}  ${verdict.atMost(ratio, TARGET)}`,
  );
  goal(
    `${name} against the jq binary, node ${process.version}`,
    times(ratio),
    `≤ ${ISSUE_TARGET}x`,
    ratio <= ISSUE_TARGET,
  );
}

/** Medians of RUNS rounds of promo's --jq and of the jq binary, interleaved. */
async function rounds(ours, jqArgs) {
  const a = [];
  const b = [];
  for (let round = 0; round < RUNS; round++) {
    a.push(await ours());
    b.push(timed(jqArgs, { command: 'jq', stdio: ['ignore', 'ignore', 'pipe'] }).ms);
  }
  return { ours: median(a), theirs: median(b) };
}

/** The time promo's --jq takes over the array, handed over as --json --jq hands it (one JSON text). */
async function whole(JqFilter, filter) {
  const started = process.hrtime.bigint();
  const jq = new JqFilter(filter, { color: false, terminal: false });
  const { text, error } = await jq.runValue(vouchers);
  jq.stop();
  if (error || text === '') throw new Error(`--jq '${filter}' failed: ${error?.message}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The time promo's --jq takes over the NDJSON stream, fed as a streamed list feeds it. */
async function streamed(jqFilters, JqStream, filter) {
  // The memory the stream adds (this process, its worker threads included), sampled as it runs.
  const base = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    streamGrowthMiB = Math.max(streamGrowthMiB, (process.memoryUsage.rss() - base) / 2 ** 20);
  }, 20);
  const started = process.hrtime.bigint();
  const filters = jqFilters(filter, { color: false, terminal: false });
  let bytes = 0;
  const stream = new JqStream(filters, async (text) => {
    bytes += text.length;
  });
  for (let at = 0; at < vouchers.length; at += 100) {
    await stream.push(vouchers.slice(at, at + 100).map((v) => JSON.stringify(v)));
  }
  await stream.finish();
  for (const jq of filters) jq.stop();
  clearInterval(sampler);
  if (bytes === 0) throw new Error(`--jq '${filter}' printed nothing`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** src/output/jq.ts and jq-stream.ts as the build bundles them, the worker being the built one. */
async function bundledJq() {
  const out = join(dir, 'jq-bundle.mjs');
  await build({
    stdin: {
      contents:
        "export { JqFilter, jqFilters } from './src/output/jq.ts'; export { JqStream } from './src/output/jq-stream.ts';",
      resolveDir: fileURLToPath(new URL('..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
    plugins: [
      {
        name: 'built-jq-worker',
        setup(b) {
          b.onLoad({ filter: /[\\/]src[\\/]output[\\/]jq-worker-script\.ts$/ }, () => ({
            contents: `export async function jqWorkerScript() { return { file: ${JSON.stringify(WORKER)} }; }`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  return import(pathToFileURL(out).href);
}

function jqVersion() {
  return spawnSync('jq', ['--version'], { encoding: 'utf8' }).stdout.trim();
}

function voucher(i) {
  const code = `BENCH-${String(i).padStart(6, '0')}`;
  return {
    id: `v_${i.toString(16).padStart(24, '0')}`,
    code,
    campaign: 'Bench 2026',
    campaign_id: 'camp_0a1b2c3d4e5f6a7b8c9d0e1f',
    category: null,
    category_id: null,
    categories: [],
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 5 + (i % 20), effect: 'APPLY_TO_ORDER' },
    gift: null,
    loyalty_card: null,
    start_date: null,
    expiration_date: '2026-12-31T23:59:59.000Z',
    validity_timeframe: null,
    validity_day_of_week: null,
    active: i % 3 !== 0,
    additional_info: null,
    metadata: { region: ['eu', 'us', 'apac'][i % 3], batch: i % 10 },
    assets: {
      qr: { id: `qr_${i}`, url: `https://dl.example.test/api/v1/assets/qr/${code}` },
      barcode: { id: `bc_${i}`, url: `https://dl.example.test/api/v1/assets/barcode/${code}` },
    },
    is_referral_code: false,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    updated_at: null,
    holder_id: null,
    object: 'voucher',
    redemption: {
      object: 'list',
      quantity: null,
      redeemed_quantity: 0,
      url: `/v1/vouchers/${code}/redemptions`,
    },
  };
}
