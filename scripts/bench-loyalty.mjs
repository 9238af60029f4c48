// npm run bench, loyalty section: `promo loyalty members PROGRAM --all -o ndjson` over a program of
// 100,000 members (its loyalty cards, made by `campaign create --type loyalty --vouchers-count`): every
// card once, read page by page from the sandbox's indexes, and the peak RSS of promo, target 100 MiB,
// beside the same walk with -o json, which holds them all for its one array (the baseline of this run).
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

const COUNT = Number(process.env.BENCH_LOYALTY_MEMBERS ?? 100_000);
const RSS_TARGET_MIB = 100;
const env = cleanEnv({ PROMO_CONFIG_DIR: scratchDir('bench-loyalty') });
const verdict = verdicts();

try {
  console.log(`\nloyalty members: a program of ${COUNT.toLocaleString('en-US')} members\n`);
  const open = await startSandbox({ env });
  addProfile('open', open.url, env);
  const made = timed(
    [
      BIN,
      '-p',
      'open',
      'campaign',
      'create',
      'Bench Club',
      '--type',
      'loyalty',
      '--points',
      '0',
      '--vouchers-count',
      String(COUNT),
      '--code-pattern',
      'M-########',
      '--wait',
      '-o',
      'json',
    ],
    { env, check: false },
  );
  if (made.code !== 0) throw new Error(`campaign create exited ${made.code}: ${made.stderr.slice(-2000)}`);
  // A member by customer, from the holder index: a join (it looks the customer's cards up first), the
  // same join again (found: nothing sent), and the customer's cards listed. The walk then reads
  // COUNT + 1 cards.
  const byCustomer = (...args) => timed([BIN, '-p', 'open', 'loyalty', ...args], { env }).ms;
  const joined = byCustomer('join', 'Bench Club', '--customer', 'bench-member');
  const again = byCustomer('join', 'Bench Club', '--customer', 'bench-member');
  const listed = byCustomer('members', 'Bench Club', '--customer', 'bench-member');
  console.log(
    `join ${joined.toFixed(0)} ms, join again ${again.toFixed(0)} ms, members --customer ${listed.toFixed(0)} ms`,
  );
  const walk = (format, keep) =>
    timedWithPeakRss(
      [
        '-p',
        'open',
        'loyalty',
        'members',
        'Bench Club',
        '--all',
        '-o',
        format,
        ...(keep ? ['--fields', 'code'] : []),
      ],
      { env, stdio: ['ignore', keep ? 'pipe' : 'ignore', 'pipe'] },
    );
  const codes = new Set(
    walk('ndjson', true)
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line).code),
  );
  const ndjson = walk('ndjson', false);
  const json = walk('json', false);
  console.log(
    `members --all -o ndjson: ${codes.size.toLocaleString('en-US')} distinct cards        ${verdict.count(codes.size === COUNT + 1) ? 'ok' : 'MISSING'}`,
  );
  console.log(
    `  peak RSS ndjson ${ndjson.peakMiB.toFixed(1)} MiB (json, its array streamed too: ${json.peakMiB.toFixed(1)} MiB; ratio ${(ndjson.peakMiB / json.peakMiB).toFixed(2)}x)  ${verdict.atMost(ndjson.peakMiB, RSS_TARGET_MIB, ' MiB')}`,
  );
  console.log(`  walk time ndjson ${(ndjson.ms / 1000).toFixed(1)} s`);
} finally {
  await cleanUp();
}
process.exitCode = verdict.exitCode();
