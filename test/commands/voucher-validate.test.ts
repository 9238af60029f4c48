// promo voucher validate against the sandbox: the request it sends (money in hundredths), the
// verdict in words on a terminal, the service's answer with -o json, exit 9 when a code does not
// apply, and bad input refused before anything is sent.
import { describe, expect, it } from 'vitest';
import { spawnPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, sentRequests, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const NOW = Date.parse('2026-03-05T12:00:00.000Z'); // a Thursday
const fx = useSandbox({ now: () => NOW });
const promo = fx.run;

async function voucher(body: Record<string, unknown>): Promise<void> {
  const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' };
  const { status } = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body: { type: 'DISCOUNT_VOUCHER', ...body },
    headers,
  });
  expect(status).toBe(200);
}

describe('voucher validate', () => {
  it('says a code applies, with the discount and the new total in currency units (exit 0)', async () => {
    await voucher({ code: 'TEN-OFF', discount: { type: 'PERCENT', percent_off: 10 } });
    const run = await promo(['voucher', 'validate', 'TEN-OFF', '--amount', '200.50', '-o', 'table']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'TEN-OFF  applies: 20.05 off\nOrder 200.50, discount 20.05, total 180.45\nValid: the codes apply to this order.\n',
    );
    const sent = fx.sandbox.requests.find((r) => r.rawPath === '/v1/validations');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      redeemables: [{ object: 'voucher', id: 'TEN-OFF' }],
      order: { amount: 20050 },
    });
  });

  it('says why each code does not apply, in words with the key, and exits 9', async () => {
    await voucher({
      code: 'OLD-1',
      discount: { type: 'AMOUNT', amount_off: 100 },
      expiration_date: '2020-02-01T00:00:00Z',
    });
    await voucher({
      code: 'USED-1',
      discount: { type: 'AMOUNT', amount_off: 100 },
      redemption: { quantity: 1 },
    });
    await voucher({ code: 'OFF-1', discount: { type: 'AMOUNT', amount_off: 100 }, active: false });
    await voucher({
      code: 'MON-1',
      discount: { type: 'AMOUNT', amount_off: 100 },
      validity_day_of_week: [1],
    });
    const redeemed = await callSandbox(fx.sandbox.url, 'POST', '/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: 'USED-1' }] },
      headers: { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' },
    });
    expect(redeemed.status).toBe(200);
    const run = await promo([
      'voucher',
      'validate',
      'OLD-1',
      'USED-1',
      'OFF-1',
      'MON-1',
      'NOPE-1',
      'TEN-OFF',
      '--amount',
      '10',
      '-o',
      'table',
    ]);
    expect(run.code).toBe(9);
    expect(run.stdout.split('\n')).toEqual([
      'OLD-1    does not apply: expired on 1 Feb 2020 (voucher_expired)',
      'USED-1   does not apply: used 1 of 1 times (quantity_exceeded)',
      'OFF-1    does not apply: disabled (voucher_disabled)',
      "MON-1    does not apply: not valid now: valid only on Mondays (in the project's time zone) (voucher_not_active_now)",
      'NOPE-1   does not apply: no such code (resource_not_found)',
      // The hint `voucher get NOPE-1` gives, under its line.
      '         Codes are case-sensitive.',
      'TEN-OFF  skipped: another code does not apply (preceding_validation_failed)',
      'Not valid: nothing would be redeemed.',
      '',
    ]);
  });

  it('prints the service’s answer unchanged with -o json, items and customer sent as typed', async () => {
    const run = await promo([
      'voucher',
      'validate',
      'TEN-OFF',
      '--item',
      'prod_a:2:10.50',
      '--item',
      'my-sku:1',
      '--customer',
      'alice',
      '-m',
      'channel=pos',
      '-o',
      'json',
    ]);
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer).toMatchObject({ valid: true, order: { amount: 2100, total_amount: 1890 } });
    const body = JSON.parse(fx.sandbox.requests.find((r) => r.rawPath === '/v1/validations')?.body ?? '{}');
    expect(body).toMatchObject({
      order: {
        items: [
          { product_id: 'prod_a', quantity: 2, price: 1050 },
          { source_id: 'my-sku', related_object: 'product', quantity: 1 },
        ],
      },
      customer: { source_id: 'alice' },
      metadata: { channel: 'pos' },
    });
  });

  it('refuses bad input with exit 2, naming the flag, and sends nothing', async () => {
    for (const argv of [
      ['X', '--amount', '10.505'],
      ['X', '--item', 'prod_a'],
      ['X', '--item', 'prod_a:0'],
      ['X', 'X'],
      Array.from({ length: 31 }, (_, i) => `C${i}`),
    ]) {
      const run = await promo(['voucher', 'validate', ...argv]);
      expect([argv[1], run.code]).toEqual([argv[1], 2]);
    }
    expect(sentRequests(fx.sandbox)).toEqual([]);
  });

  it('exits 9 from the built bin too', async () => {
    const run = await spawnPromo(['voucher', 'validate', 'OFF-1', '--amount', '5', '-o', 'json'], {
      env: fx.env,
    });
    expect(run.code).toBe(9);
    expect(JSON.parse(run.stdout).valid).toBe(false);
  });
});
