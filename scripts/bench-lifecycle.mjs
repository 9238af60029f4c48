// npm run bench, voucher lifecycle section: loading 10,000 vouchers through the asynchronous import
// into a sandbox limited to 100 requests a minute, against the per-item pace of single creates at
// the same limit (measured over a 200-line run, extrapolated to 10,000), and `voucher list --all`
// over 12,000 vouchers. Every figure is measured in this run; requests are counted from --debug.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addProfile, BIN as bin, cleanEnv, cleanUp, scratchDir, startSandbox } from './bench-lib.mjs';

const dir = scratchDir('bench-life');
const env = cleanEnv({ PROMO_CONFIG_DIR: dir });
const IMPORTED = 10_000;
const CREATES = Number(process.env.BENCH_CREATES ?? 200);
const LISTED = 12_000;

/** A sandbox of its own and a profile `name` for it. */
async function sandbox(name, args) {
  const { url } = await startSandbox({ env, args, stderr: 'inherit' });
  addProfile(name, url, env);
}

/** Runs promo to its end; resolves with its output, exit code, time and the moments stdout lines arrived. */
function run(args) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const lineTimes = [];
    child.stdout.on('data', (d) => {
      stdout += d;
      for (const _ of String(d).matchAll(/\n/g)) lineTimes.push(performance.now() - started);
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, ms: performance.now() - started, lineTimes }),
    );
  });
}

const requestsIn = (trace) =>
  trace.split('\n').filter((line) => /^> (GET|POST|PUT|DELETE) /.test(line)).length;
const voucher = (stem, i) =>
  JSON.stringify({
    code: `${stem}-${String(i).padStart(6, '0')}`,
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
    metadata: { batch: 'bench' },
  });
const ndjson = (stem, count) => Array.from({ length: count }, (_, i) => voucher(stem, i + 1)).join('\n');

try {
  await sandbox('limited', ['--rate-limit', '100/min']);
  const seed = join(dir, 'seed.json');
  writeFileSync(seed, JSON.stringify({ generatedVouchers: LISTED }));
  await sandbox('big', ['--seed', seed]);

  const importFile = join(dir, 'import.ndjson');
  writeFileSync(importFile, ndjson('IMP', IMPORTED));
  const imported = await run([
    '-p',
    'limited',
    '--debug',
    'voucher',
    'import',
    importFile,
    '--wait',
    '-o',
    'json',
  ]);
  if (imported.code !== 0) throw new Error(`import exited ${imported.code}: ${imported.stderr.slice(-500)}`);
  const importRequests = requestsIn(imported.stderr);

  const createFile = join(dir, 'create.ndjson');
  writeFileSync(createFile, ndjson('ONE', CREATES));
  const created = await run(['-p', 'limited', 'voucher', 'create', '--input', createFile, '-o', 'json']);
  if (created.code !== 0)
    throw new Error(`create --input exited ${created.code}: ${created.stderr.slice(-500)}`);
  // The first 100 ride the window that was open; the pace a long run keeps is that of the rest.
  const half = Math.floor(CREATES / 2);
  const perItem = (created.lineTimes[CREATES - 1] - created.lineTimes[half - 1]) / (CREATES - half);

  const listed = await run(['-p', 'big', '--debug', 'voucher', 'list', '--all', '-o', 'ndjson']);
  if (listed.code !== 0) throw new Error(`list --all exited ${listed.code}: ${listed.stderr.slice(-500)}`);
  const codes = listed.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).code);
  const distinct = new Set(codes).size;

  const extrapolated = (perItem * IMPORTED) / 60_000;
  const rows = [
    [
      `voucher import --wait, ${IMPORTED} vouchers, 100 req/min`,
      `${(imported.ms / 1000).toFixed(1)} s`,
      `${importRequests} requests`,
      imported.ms < 60_000 && importRequests < 20,
    ],
    [
      `voucher create --input, ${CREATES} lines, 100 req/min`,
      `${(created.ms / 1000).toFixed(1)} s`,
      `${(perItem / 1000).toFixed(2)} s/item after the first window`,
      true,
    ],
    [
      `  extrapolated to ${IMPORTED} single creates`,
      `${extrapolated.toFixed(0)} min`,
      `${((extrapolated * 60_000) / imported.ms).toFixed(0)}x the import`,
      extrapolated * 60_000 > imported.ms,
    ],
    [
      `voucher list --all over ${LISTED} vouchers`,
      `${(listed.ms / 1000).toFixed(1)} s`,
      `${distinct} distinct of ${codes.length}, ${requestsIn(listed.stderr)} requests`,
      distinct === LISTED && codes.length === LISTED,
    ],
  ];
  console.log('\nvoucher lifecycle\n');
  for (const [name, time, detail, ok] of rows)
    console.log(`${name.padEnd(52)} ${time.padStart(9)}  ${detail}${ok ? '' : '  FAILED'}`);
  if (rows.some((row) => !row[3])) process.exitCode = 1;
} finally {
  await cleanUp();
}
