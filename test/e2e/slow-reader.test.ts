// stdout is written whole: a reader slower than promo (`| (sleep 1; jq …)`) still gets every byte,
// whatever the command and the format, and promo exits only once the pipe has taken them. The
// built promo against the sandbox over HTTP, its stdout left unread for a while.

import { demoSeed } from 'promo-sandbox';
import { describe, expect, it } from 'vitest';
import { spawnPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

// A generated voucher's JSON is over 1 KB and its table row about 90 bytes: 900 of them are more
// than a pipe holds (64 KiB) in every format.
const VOUCHERS = 900;
const fixture = useSandbox({ seed: { ...demoSeed(), generatedVouchers: { count: VOUCHERS } } });
const SLOW = 600;

// The cases only read: they run side by side, their waits for the reader overlapping.
describe.concurrent('a slow reader gets every byte', () => {
  it('voucher list --limit 100 --json: the whole array, exit 0', async () => {
    const fast = await spawnPromo(['voucher', 'list', '--limit', '100', '--json'], { env: fixture.env });
    expect(fast.stdout.length).toBeGreaterThan(2 * 65536);
    const slow = await spawnPromo(['voucher', 'list', '--limit', '100', '--json'], {
      env: fixture.env,
      readStdoutAfterMs: SLOW,
    });
    expect({ code: slow.code, stderr: slow.stderr, bytes: slow.stdout.length }).toEqual({
      code: 0,
      stderr: '',
      bytes: fast.stdout.length,
    });
    expect(JSON.parse(slow.stdout)).toHaveLength(100);
  });

  it('voucher list --all --json: every voucher', async () => {
    const slow = await spawnPromo(['voucher', 'list', '--all', '--limit', '100', '--json'], {
      env: fixture.env,
      readStdoutAfterMs: SLOW,
    });
    expect([slow.code, slow.stderr]).toEqual([0, '']);
    expect(JSON.parse(slow.stdout)).toHaveLength(VOUCHERS);
  });

  it('promo api GET /v1/vouchers: the whole answer', async () => {
    const slow = await spawnPromo(['api', 'GET', '/v1/vouchers', '--query', 'limit=100'], {
      env: fixture.env,
      readStdoutAfterMs: SLOW,
    });
    expect([slow.code, slow.stderr]).toEqual([0, '']);
    expect((JSON.parse(slow.stdout) as { vouchers: unknown[] }).vouchers).toHaveLength(100);
  });

  it('a table written to a pipe: every row', async () => {
    const argv = ['voucher', 'list', '--all', '--limit', '100', '-o', 'table'];
    const fast = await spawnPromo(argv, { env: fixture.env });
    expect(fast.stdout.length).toBeGreaterThan(65536);
    const slow = await spawnPromo(argv, { env: fixture.env, readStdoutAfterMs: SLOW });
    expect([slow.code, slow.stderr, slow.stdout]).toEqual([0, '', fast.stdout]);
  });

  it('--help and completion scripts, written straight to the descriptor: every byte', async () => {
    for (const argv of [['completion', 'bash'], ['help', 'bulk'], ['--help']]) {
      const fast = await spawnPromo(argv, { env: fixture.env });
      const slow = await spawnPromo(argv, { env: fixture.env, readStdoutAfterMs: 300 });
      expect([slow.code, slow.stdout]).toEqual([0, fast.stdout]);
    }
  });
});
