// npm run bench, campaign section: a launch of 100,000 codes. First `promo campaign create ...
// --vouchers-count 100000 --wait` against `promo sandbox --rate-limit 100/min`: wall time and the
// requests it sent (counted from --debug's trace), targets 30 s and 10 requests. Then `promo
// campaign vouchers NAME --all -o ndjson` over those 100,000 (a sandbox without the rate limit:
// the walk is 1,000 pages): every code once, and the peak RSS of promo, target 100 MiB, beside the
// same walk with -o json, which holds them all for its one array (the baseline of this run).
import {
  addProfile,
  BIN,
  cleanEnv,
  cleanUp,
  scratchDir,
  startSandbox,
  timed,
  timedWithPeakRss,
  verdicts,
} from './bench-lib.mjs';

const COUNT = Number(process.env.BENCH_CAMPAIGN_CODES ?? 100_000);
const TIME_TARGET_S = 30;
const REQUEST_TARGET = 10;
const RSS_TARGET_MIB = 100;
const env = cleanEnv({ PROMO_CONFIG_DIR: scratchDir('bench-campaign') });
const verdict = verdicts();

function create(profile, name) {
  const run = timed(
    [
      BIN,
      '-p',
      profile,
      '--debug',
      'campaign',
      'create',
      name,
      '--percent-off',
      '10',
      '--vouchers-count',
      String(COUNT),
      '--code-pattern',
      'L-########',
      '--wait',
      '-o',
      'json',
    ],
    { env, check: false },
  );
  if (run.code !== 0) throw new Error(`campaign create exited ${run.code}: ${run.stderr.slice(-2000)}`);
  const requests = run.stderr.split('\n').filter((line) => /^> (GET|POST|PUT|DELETE) /.test(line)).length;
  return { ms: run.ms, requests };
}

try {
  console.log(`\ncampaign launch: ${COUNT.toLocaleString('en-US')} generated codes\n`);
  const limited = await startSandbox({ env, args: ['--rate-limit', '100/min'] });
  addProfile('limited', limited.url, env);
  const made = create('limited', 'Bench Launch');
  console.log(
    `create --vouchers-count ${COUNT} --wait, 100/min limit   ${(made.ms / 1000).toFixed(1)} s  ${verdict.atMost(made.ms / 1000, TIME_TARGET_S, ' s')}`,
  );
  console.log(
    `  requests sent                                   ${String(made.requests).padStart(5)}    ${verdict.atMost(made.requests, REQUEST_TARGET, '')}`,
  );

  const open = await startSandbox({ env });
  addProfile('open', open.url, env);
  create('open', 'Bench Stream');
  const walk = (format, keep) =>
    timedWithPeakRss(
      [
        '-p',
        'open',
        'campaign',
        'vouchers',
        'Bench Stream',
        '--all',
        '-o',
        format,
        ...(keep ? ['--fields', 'code'] : []),
      ],
      {
        env,
        stdio: ['ignore', keep ? 'pipe' : 'ignore', 'pipe'],
      },
    );
  // The codes come back through --fields code (short lines); the memory figures are of whole vouchers.
  const codes = new Set(
    walk('ndjson', true)
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line).code),
  );
  const ndjson = walk('ndjson', false);
  const json = walk('json', false);
  console.log(
    `vouchers --all -o ndjson: ${codes.size.toLocaleString('en-US')} distinct codes        ${verdict.count(codes.size === COUNT) ? 'ok' : 'MISSING'}`,
  );
  console.log(
    `  peak RSS ndjson ${ndjson.peakMiB.toFixed(1)} MiB (json, its array streamed too: ${json.peakMiB.toFixed(1)} MiB; ratio ${(ndjson.peakMiB / json.peakMiB).toFixed(2)}x)  ${verdict.atMost(ndjson.peakMiB, RSS_TARGET_MIB, ' MiB')}`,
  );
  console.log(`  walk time ndjson ${(ndjson.ms / 1000).toFixed(1)} s`);
} finally {
  await cleanUp();
}
process.exitCode = verdict.exitCode();
