// npm run bench, export section: 100,000 vouchers exported end to end from `promo sandbox` (a
// process of its own): `promo export vouchers --wait` to stdout (thrown away) and with --out FILE,
// each timed with promo's peak RSS, beside `promo voucher list --all -o csv` over the same data.
// Targets: the export ≤ 30 s and ≤ 100 MiB. BENCH_EXPORT_LIST=0 leaves the list out (it takes
// minutes: the sandbox sorts 100,000 vouchers for each of the walk's 1,000 pages).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cleanEnv,
  cleanUp,
  goal,
  scratchDir,
  startSandbox,
  timedWithPeakRss,
  verdicts,
} from './bench-lib.mjs';

const COUNT = Number(process.env.BENCH_EXPORT_VOUCHERS ?? 100_000);
const SECONDS_TARGET = 30;
const MIB_TARGET = 100;
const dir = scratchDir('bench-export');
const env = cleanEnv({ PROMO_CONFIG_DIR: dir, PROMO_APP_ID: 'sandbox', PROMO_APP_TOKEN: 'sandbox' });
const verdict = verdicts();

try {
  const { url } = await startSandbox({ env, app: null, args: ['--vouchers', String(COUNT)] });
  const cases = [
    ['export vouchers --wait > /dev/null', ['export', 'vouchers', '--wait'], true],
    [
      'export vouchers --wait --out FILE',
      ['export', 'vouchers', '--wait', '--out', join(dir, 'vouchers.csv')],
      true,
    ],
  ];
  if (process.env.BENCH_EXPORT_LIST !== '0')
    cases.push(['voucher list --all -o csv > /dev/null', ['voucher', 'list', '--all', '-o', 'csv'], false]);
  console.log(
    `\n${COUNT.toLocaleString('en')} vouchers end to end from promo sandbox: time and promo's peak RSS\n`,
  );
  console.log(`${'case'.padEnd(40)} ${'time'.padStart(8)} ${'peak RSS'.padStart(11)}  target`);
  for (const [name, args, judged] of cases) {
    const run = timedWithPeakRss(['--api-url', url, ...args], { env });
    if (run.code !== 0) throw new Error(`${name} exited ${run.code}: ${run.stderr}`);
    const seconds = run.ms / 1000;
    const target = judged
      ? `${verdict.atMost(seconds, SECONDS_TARGET, ' s')}, ${verdict.atMost(run.peakMiB, MIB_TARGET, ' MiB')}`
      : '';
    console.log(
      `${name.padEnd(40)} ${`${seconds.toFixed(1)} s`.padStart(8)} ${`${run.peakMiB.toFixed(1)} MiB`.padStart(11)}  ${target}`,
    );
    if (judged)
      goal(
        `${name}, ${COUNT.toLocaleString('en')} vouchers, node ${process.version}`,
        `${seconds.toFixed(1)} s, ${run.peakMiB.toFixed(1)} MiB`,
        `≤ ${SECONDS_TARGET} s, ≤ ${MIB_TARGET} MiB`,
        seconds <= SECONDS_TARGET && run.peakMiB <= MIB_TARGET,
      );
  }
  const lines = readFileSync(join(dir, 'vouchers.csv'), 'utf8').split('\n').length - 2;
  console.log(
    `  vouchers.csv: ${lines.toLocaleString('en')} rows  ${verdict.count(lines === COUNT) ? 'ok' : 'WRONG'}`,
  );
} finally {
  await cleanUp();
}
process.exitCode = verdict.exitCode();
