// npm run bench, list section: what a page of `GET /v1/vouchers` costs the sandbox once it holds many
// vouchers, as a ratio against a get by code measured on the same server in the same run (rounds
// interleaved; the machines here are shared and noisy, so ratios are the figures that mean
// something). Two `promo sandbox --vouchers N` servers, 12,000 and 100,000 generated vouchers.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/promo.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'promo-bench-list-'));
const env = { ...process.env, PROMO_CONFIG_DIR: dir, NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
delete env.PROMO_SANDBOX_VERIFY;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 15);
const HEADERS = { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' };
const SIZES = [
  { count: 12_000, target: 25 },
  { count: 100_000, target: 150 },
];
const children = [];

function server(count) {
  const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--vouchers', String(count)], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url) resolve(url);
    });
    child.on('exit', (code) => reject(new Error(`sandbox --vouchers ${count} exited (${code})`)));
  });
}

async function timed(url) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { headers: HEADERS });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let failed = 0;
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
        const ms = await timed(`${url}${path}`);
        if (round >= 2) samples[k].push(ms);
      }
    }
    const base = median(samples[0]);
    for (const [k, [name]] of cases.entries()) {
      const ratio = median(samples[k]) / base;
      const checked = k > 0;
      if (checked && ratio > target) failed++;
      const verdict = checked ? `≤ ${target}x ${ratio <= target ? 'ok' : 'OVER'}` : '';
      const label = `${name}, ${count.toLocaleString('en')} vouchers`;
      console.log(
        `${label.padEnd(52)} ${`${median(samples[k]).toFixed(1)} ms`.padStart(9)} ${`${ratio.toFixed(1)}x`.padStart(8)}  ${verdict}`,
      );
    }
  }
} finally {
  for (const child of children) child.kill();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
