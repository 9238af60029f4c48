// --jq in the built promo: a stream of many objects filtered one by one (jq started once per
// object broke after some hundred: `memory access out of bounds`), an expression that never ends
// stopped by Ctrl-C or SIGTERM (exit 130: jq runs in a worker thread the main thread ends), and a
// compile error shown whole.
import { readFileSync } from 'node:fs';
import { demoSeed } from 'promo-sandbox';
import { describe, expect, it } from 'vitest';
import { spawnPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

// The bin under test; PROMO_TEST_BIN runs these tests against another build (e.g. main's).
const bin = process.env.PROMO_TEST_BIN;
const VOUCHERS = 1_000;
const fixture = useSandbox({ seed: { ...demoSeed(), generatedVouchers: { count: VOUCHERS } } });
const run = (argv: string[]) => spawnPromo(argv, { env: fixture.env, bin, timeoutMs: 60_000 });

/** CPU time (user + system, all threads) a process has used, in ms (Linux's /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

describe('--jq', () => {
  /** Every voucher, as `voucher list --all -o ndjson` prints them. */
  async function allVouchers(): Promise<Array<{ code: string; active: boolean }>> {
    const all = await run(['voucher', 'list', '--all', '-o', 'ndjson']);
    const vouchers = all.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { code: string; active: boolean });
    expect(vouchers).toHaveLength(VOUCHERS);
    return vouchers;
  }

  // NDJSON: the filter runs on each object, as jq reads NDJSON. --json: one array, past one piece
  // of the pipe that hands a large value to jq as it is written (jq-pipe.ts: ~900 KB in 64 Ki).
  it.each([
    ['a stream of 1,000 vouchers object by object', ['-o', 'ndjson'], 'select(.active) | .code'],
    [
      '1,000 vouchers as one array, handed to jq as it is written',
      ['--json'],
      '.[] | select(.active) | .code',
    ],
  ])('filters %s', async (_name, format, filter) => {
    const vouchers = await allVouchers();
    const filtered = await run(['voucher', 'list', '--all', ...format, '--jq', filter]);
    expect(filtered.stderr).toBe('');
    expect(filtered.code).toBe(0);
    expect(filtered.stdout).toBe(
      vouchers
        .filter((v) => v.active)
        .map((v) => `${v.code}\n`)
        .join(''),
    );
  });

  it('counts 1,000 vouchers as one array', async () => {
    const counted = await run(['voucher', 'list', '--all', '--json', '--jq', 'length']);
    expect(counted).toMatchObject({ code: 0, stdout: `${VOUCHERS}\n`, stderr: '' });
  });

  it('shows a compile error whole, with the expression as jq quotes it: exit 2', async () => {
    const { code, stderr } = await run(['templates', 'list', '--jq', '.[] | badfn']);
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toBe(
      '--jq: badfn/0 is not defined at <top-level>, line 1:\n.[] | badfn\njq: 1 compile error',
    );
  });

  it('prints what jq printed before an error on the data, then the error: exit 1', async () => {
    const { code, stdout, stderr } = await run(['templates', 'list', '--jq', '.[0].name, .[0].name.x']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^[^\n]+\n$/);
    expect(JSON.parse(stderr).error.message).toMatch(/^--jq: Cannot index string with string "x"$/);
  });

  // repeat(1) prints for ever, `def f: f; f` loops printing nothing, range(3e6) is long work.
  it.each([
    ['repeat(1)', 'SIGINT'],
    ['def f: f; f', 'SIGTERM'],
    ['range(3e6)', 'SIGINT'],
    ['[range(3e6)] | length', 'SIGTERM'],
  ] as const)('%s is stopped by %s: exit 130 within a second', async (expression, signal) => {
    const { child, done } = startPromo(['templates', 'list', '--limit', '1', '--json', '--jq', expression], {
      env: fixture.env,
      bin,
      timeoutMs: 30_000,
    });
    // Stopped once jq is at work: the answer came, and the process has been busy since.
    await until(() => fixture.sandbox.requests.length > 0);
    const before = cpuMs(child.pid!);
    await until(() => child.exitCode !== null || cpuMs(child.pid!) - before >= 300);
    const sent = Date.now();
    child.kill(signal);
    const { code, stderr } = await done;
    // A second on an idle machine; the bound leaves room for a loaded one.
    expect(Date.now() - sent).toBeLessThan(3_000);
    expect(code, stderr).toBe(130);
  });
});
