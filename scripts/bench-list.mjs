// npm run bench, list section: what a page of `GET /v1/vouchers` costs the sandbox once it holds many
// vouchers, as a ratio against a get by code measured on the same server in the same run (rounds
// interleaved; the machines here are shared and noisy, so ratios are the figures that mean
// something). Two `promo sandbox --vouchers N` servers, 12,000 and 100,000 generated vouchers.
import { cleanEnv, cleanUp, median, ms, scratchDir, startSandbox, times, verdicts } from './bench-lib.mjs';

const env = cleanEnv({ PROMO_CONFIG_DIR: scratchDir('bench-list') });
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 15);
const HEADERS = { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' };
const SIZES = [
  { count: 12_000, target: 25 },
  { count: 100_000, target: 150 },
];

// The sandbox's own credentials (sandbox / sandbox), as HEADERS send them.
const server = async (count) =>
  (await startSandbox({ env, app: null, args: ['--vouchers', String(count)] })).url;

async function timedGet(url) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { headers: HEADERS });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const verdict = verdicts();
try {
  console.log(`\nsandbox list vouchers, median of ${RUNS} interleaved rounds, ratio against a get by code\n`);
  console.log(`${'case'.padEnd(52)} ${'median'.padStart(9)} ${'ratio'.padStart(8)}  target`);
  for (const { count, target } of SIZES) {
    const url = await server(count);
    const cases = [
      ['get by code (baseline)', '/v1/vouchers/GEN-000007'],
      ['list, first page of 100, newest first', '/v1/vouchers?limit=100'],
      ['list, page 99 of 100, oldest first', '/v1/vouchers?limit=100&page=99&order=created_at'],
      ['list, a created_at window', '/v1/vouchers?limit=100&created_at[before]=2025-01-02T00:00:00Z'],
    ];
    const samples = cases.map(() => []);
    for (let round = 0; round < RUNS + 2; round++) {
      for (const [k, [, path]] of cases.entries()) {
        const elapsed = await timedGet(`${url}${path}`);
        if (round >= 2) samples[k].push(elapsed);
      }
    }
    const base = median(samples[0]);
    for (const [k, [name]] of cases.entries()) {
      const ratio = median(samples[k]) / base;
      const judged = k > 0 ? verdict.atMost(ratio, target) : '';
      const label = `${name}, ${count.toLocaleString('en')} vouchers`;
      console.log(
        `${label.padEnd(52)} ${ms(median(samples[k])).padStart(9)} ${times(ratio, 1).padStart(8)}  ${judged}`,
      );
    }
  }
} finally {
  await cleanUp();
}
process.exitCode = verdict.exitCode();
