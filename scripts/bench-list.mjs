// npm run bench, list section: what a page of `GET /v1/vouchers` costs the sandbox once it holds many
// vouchers, as a ratio against a get by code measured on the same server in the same run (rounds
// interleaved; the machines here are shared and noisy, so ratios are the figures that mean
// something). Two `promo sandbox --vouchers N` servers, 12,000 and 100,000 generated vouchers.
// Then the peak RSS of `promo voucher list --all` over them: -o json holds every voucher for its one
// array, -o ndjson prints each page as it comes and should stay flat from 12,000 to 100,000 (the
// walk over 100,000 takes a minute or two: the sandbox sorts 100,000 vouchers for every page).
// BENCH_LIST_RSS=0 leaves that part out.
import {
  cleanEnv,
  cleanUp,
  median,
  ms,
  scratchDir,
  startSandbox,
  timedWithPeakRss,
  times,
  verdicts,
} from './bench-lib.mjs';

const env = cleanEnv({ PROMO_CONFIG_DIR: scratchDir('bench-list') });
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 15);
const HEADERS = { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' };
const SIZES = [
  { count: 12_000, target: 25 },
  { count: 100_000, target: 150 },
];
const RSS = process.env.BENCH_LIST_RSS !== '0';
const RSS_GROWTH_TARGET = 1.2;

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
  const urls = {};
  for (const { count, target } of SIZES) {
    const url = await server(count);
    urls[count] = url;
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
  if (RSS) listAllMemory(urls);
} finally {
  await cleanUp();
}

/** Peak RSS of `voucher list --all` in each output form, stdout thrown away. */
function listAllMemory(urls) {
  const [small, big] = SIZES.map((size) => size.count);
  const listAll = (count, format) => {
    const args = ['--api-url', urls[count], 'voucher', 'list', '--all', '-o', format];
    const run = timedWithPeakRss(args, {
      env: { ...env, PROMO_APP_ID: 'sandbox', PROMO_APP_TOKEN: 'sandbox' },
    });
    if (run.code !== 0) throw new Error(`voucher list --all -o ${format} exited ${run.code}: ${run.stderr}`);
    return run;
  };
  const json = listAll(small, 'json');
  const streamed = listAll(small, 'ndjson');
  const streamedBig = listAll(big, 'ndjson');
  const mib = (run) => `${run.peakMiB.toFixed(1)} MiB`.padStart(11);
  const seconds = (run) => `${(run.ms / 1000).toFixed(1)} s`.padStart(8);
  const label = (format, count) => `-o ${format}, ${count.toLocaleString('en')} vouchers`.padEnd(40);
  console.log(`\npeak RSS of promo voucher list --all, stdout to /dev/null\n`);
  console.log(`${'case'.padEnd(40)} ${'peak RSS'.padStart(11)} ${'time'.padStart(8)}  ratio`);
  console.log(`${label('json', small)} ${mib(json)} ${seconds(json)}`);
  const againstJson = times(streamed.peakMiB / json.peakMiB);
  console.log(`${label('ndjson', small)} ${mib(streamed)} ${seconds(streamed)}  ${againstJson} of json`);
  const growth = streamedBig.peakMiB / streamed.peakMiB;
  const judged = verdict.atMost(growth, RSS_GROWTH_TARGET);
  console.log(
    `${label('ndjson', big)} ${mib(streamedBig)} ${seconds(streamedBig)}  ${times(growth)} of ${small.toLocaleString('en')}  ${judged}`,
  );
}
process.exitCode = verdict.exitCode();
