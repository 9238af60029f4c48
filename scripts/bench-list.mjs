// npm run bench, list section: what a page of `GET /v1/vouchers` costs the sandbox once it holds many
// vouchers, as a ratio against a get by code measured on the same server in the same run (rounds
// interleaved; the machines here are shared and noisy, so ratios are the figures that mean
// something). Two `promo sandbox --vouchers N` servers, 12,000 and 100,000 generated vouchers.
// Then the peak RSS of `promo voucher list --all` over 12,000: -o ndjson prints each page as it
// comes, and so does -o json, its one array written page by page (since 7e71c55; before, it held
// every voucher, and ndjson read 0.48x of it): neither holds the list, so ndjson is held to json's
// figure, and both to a heap too small for the list. BENCH_LIST_RSS=full adds both over 100,000,
// where each should stay near its figure at 12,000 (minutes: the sandbox sorts 100,000 vouchers
// for each of the walk's 1,000 pages); BENCH_LIST_RSS=0 leaves the memory part out.
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
const RSS = process.env.BENCH_LIST_RSS ?? 'small';
// ndjson holds a page, as json does: it costs no more than json (within the runs' spread).
const RSS_AGAINST_JSON_TARGET = 1.1;
// Measured 1.44x: V8's young generation and the allocator grow over a long run; the heap cap below
// shows that no list is held.
const RSS_GROWTH_TARGET = 1.5;
const HEAP_CAP_MIB = 16;

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
  if (RSS !== '0') listAllMemory(urls, RSS === 'full');
} finally {
  await cleanUp();
}

/** Peak RSS of `voucher list --all` in each output form, stdout thrown away. */
function listAllMemory(urls, full) {
  const [small, big] = SIZES.map((size) => size.count);
  const run = (count, format, extraEnv = {}) => {
    const args = ['--api-url', urls[count], 'voucher', 'list', '--all', '-o', format];
    return timedWithPeakRss(args, {
      env: { ...env, PROMO_APP_ID: 'sandbox', PROMO_APP_TOKEN: 'sandbox', ...extraEnv },
    });
  };
  const listAll = (count, format) => {
    const done = run(count, format);
    if (done.code !== 0)
      throw new Error(`voucher list --all -o ${format} exited ${done.code}: ${done.stderr}`);
    return done;
  };
  const row = (format, count, run, note = '') => {
    const label = `-o ${format}, ${count.toLocaleString('en')} vouchers`;
    const mib = `${run.peakMiB.toFixed(1)} MiB`;
    const seconds = `${(run.ms / 1000).toFixed(1)} s`;
    console.log(`${label.padEnd(40)} ${mib.padStart(11)} ${seconds.padStart(8)}  ${note}`);
  };
  console.log(`\npeak RSS of promo voucher list --all, stdout to /dev/null\n`);
  console.log(`${'case'.padEnd(40)} ${'peak RSS'.padStart(11)} ${'time'.padStart(8)}  ratio`);
  const json = listAll(small, 'json');
  row('json', small, json);
  const streamed = listAll(small, 'ndjson');
  const againstJson = streamed.peakMiB / json.peakMiB;
  row(
    'ndjson',
    small,
    streamed,
    `${times(againstJson)} of json  ${verdict.atMost(againstJson, RSS_AGAINST_JSON_TARGET)}`,
  );
  // A heap too small for the list: each form, holding one page, still ends.
  const capped = { NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MIB}` };
  const [jsonCapped, streamedCapped] = ['json', 'ndjson'].map((format) => run(small, format, capped));
  const outcome = (done) => (done.code === 0 ? 'exit 0' : 'out of memory');
  const bothEnd = streamedCapped.code === 0 && jsonCapped.code === 0;
  console.log(
    `  with V8's heap capped at ${HEAP_CAP_MIB} MiB: ndjson ${outcome(streamedCapped)}, json ${outcome(jsonCapped)}  ${verdict.count(bothEnd) ? 'ok' : 'FAILED'}`,
  );
  if (!full) return;
  const jsonBig = listAll(big, 'json');
  const jsonGrowth = jsonBig.peakMiB / json.peakMiB;
  row(
    'json',
    big,
    jsonBig,
    `${times(jsonGrowth)} of ${small.toLocaleString('en')}  ${verdict.atMost(jsonGrowth, RSS_GROWTH_TARGET)}`,
  );
  const streamedBig = listAll(big, 'ndjson');
  const growth = streamedBig.peakMiB / streamed.peakMiB;
  const note = `${times(growth)} of ${small.toLocaleString('en')}  ${verdict.atMost(growth, RSS_GROWTH_TARGET)}`;
  row('ndjson', big, streamedBig, note);
}
process.exitCode = verdict.exitCode();
