// --all past page 99 is one walk for vouchers, redemptions and customers, and each stops with an
// error (exit 1) when a whole window shares one created_at, instead of reading it again for ever.
// The window is made for real: the sandbox's clock is held still, so that 100 items share one
// instant, and --limit 1 makes a window of 99 pages of one.
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const INSTANT = Date.parse('2026-03-01T10:00:00.000Z');
const fx = useSandbox({ now: () => INSTANT });
const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' };

async function post(path: string, body: unknown): Promise<void> {
  const { status } = await callSandbox(fx.sandbox.url, 'POST', path, { body, headers });
  expect(status).toBe(200);
}

beforeAll(async () => {
  await post('/v1/vouchers', {
    code: 'SAME-TIME',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100 },
  });
  for (let i = 0; i < 100; i++) {
    await post('/v1/customers', { source_id: `same-${i}` });
    await post('/v1/vouchers', {
      code: `SAME-${i}`,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
    });
    await post('/v1/redemptions', {
      redeemables: [{ object: 'voucher', id: 'SAME-TIME' }],
      order: { amount: 1000 },
    });
  }
}, 60_000);

describe.each([
  ['voucher', 'vouchers', 101],
  ['redemption', 'redemptions', 100],
  ['customer', 'customers', 100],
])('%s list --all', (noun, what, count) => {
  it(`stops with exit 1 when more than a window of ${what} share one created_at`, async () => {
    const run = await fx.run([noun, 'list', '--all', '--limit', '1', '-o', 'ndjson']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stderr.trim().split('\n').at(-1)!).error.message).toBe(
      `more than 99 ${what} share the created_at 2026-03-01T10:00:00.000Z; the service cannot page past them`,
    );
    // What it read before it stopped was printed, each once.
    const ids = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(new Set(ids).size).toBe(99);
  });

  it(`reads all ${count} once when a window holds them`, async () => {
    const run = await fx.run([noun, 'list', '--all', '--limit', '2', '-o', 'ndjson']);
    expect(run.code, run.stderr).toBe(0);
    const ids = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(ids.length).toBeGreaterThanOrEqual(count);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
