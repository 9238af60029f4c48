// promo order against the sandbox in-process: a create with a source id is an upsert, items take
// the catalogue's price, amounts read in currency units on a terminal, a redemption with an order
// keeps that order, and the list pages with --all.
import { describe, expect, it } from 'vitest';
import { sentRequests, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const json = async (argv: string[]) => {
  const done = await fx.run([...argv, '-o', 'json']);
  expect(done.code, `${argv.join(' ')}: ${done.stderr}`).toBe(0);
  return JSON.parse(done.stdout);
};

describe('promo order', () => {
  it('creates as an upsert by source id, pricing items from the catalogue, and updates', async () => {
    await json(['product', 'create', '--name', 'Shoe', '--source-id', 'oc-shoe', '--price', '25']);
    const made = await json([
      'order',
      'create',
      '--source-id',
      'oc-1',
      '--item',
      'oc-shoe:2',
      '--customer',
      'oc-ann',
    ]);
    expect(made).toMatchObject({
      id: expect.stringMatching(/^ord_/),
      source_id: 'oc-1',
      status: 'CREATED',
      amount: 5000,
      total_amount: 5000,
      customer_id: expect.stringMatching(/^cust_/),
    });
    const again = await json(['order', 'create', '--source-id', 'oc-1', '--status', 'PAID']);
    expect(again).toMatchObject({ id: made.id, status: 'PAID', amount: 5000 });
    const card = await fx.run(['order', 'get', 'oc-1'], { tty: true });
    expect(card.code, card.stderr).toBe(0);
    expect(card.stdout).toMatch(
      /^ID {11}ord_\w+\nSource ID {4}oc-1\nStatus {7}PAID\nAmount {7}50\.00\nDiscount {5}0\.00\nTotal {8}50\.00\n/,
    );
    const updated = await json(['order', 'update', made.id, '--status', 'FULFILLED', '-m', 'channel=web']);
    expect(updated).toMatchObject({
      id: made.id,
      status: 'FULFILLED',
      amount: 5000,
      metadata: { channel: 'web' },
    });
  });

  it('refuses bad input before sending anything, and an unknown order is exit 3', async () => {
    for (const [argv, message] of [
      [['order', 'create', '--amount', '-3'], "error: --amount must not be negative, not '-3'\n"],
      [
        ['order', 'create', '--item', 'x'],
        "error: --item must be ID:QTY or ID:QTY:PRICE (prod_1:2:10.50), not 'x'\n",
      ],
      [
        ['order', 'create'],
        // (at the terminal's 80 columns)
        'error: an order needs at least one field: --source-id, --status, --amount, --item, --customer or\n--metadata\n',
      ],
      [
        ['order', 'update', 'oc-x'],
        'error: nothing to change: give --status, --amount, --item, --customer or --metadata\n',
      ],
    ] as const) {
      const done = await fx.run([...argv], { tty: true });
      expect(done.code, argv.join(' ')).toBe(2);
      expect(done.stderr).toBe(message);
    }
    expect(fx.sandbox.requests).toEqual([]);
    const missing = await fx.run(['order', 'get', 'oc-nobody'], { tty: true });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('Cannot find order with id oc-nobody');
  });

  it('keeps the order a redemption makes, and the redemption names it', async () => {
    await json(['voucher', 'create', '--code', 'OC-FIVE', '--amount-off', '5']);
    const redeemed = await json(['voucher', 'redeem', 'OC-FIVE', '--amount', '40', '--customer', 'oc-bob']);
    const text = JSON.stringify(redeemed);
    const orderId = /"(ord_\w+)"/.exec(text)?.[1];
    expect(orderId).toBeDefined();
    const kept = await json(['order', 'get', orderId as string]);
    expect(kept).toMatchObject({
      id: orderId,
      status: 'PAID',
      amount: 4000,
      total_discount_amount: 500,
      total_amount: 3500,
    });
    expect(Object.keys(kept.redemptions)).toHaveLength(1);
  });

  it('a redemption whose order names a known source id updates that order and notes the redemption', async () => {
    await json(['voucher', 'create', '--code', 'OC-ONE', '--amount-off', '1']);
    const made = await json([
      'order',
      'create',
      '--source-id',
      'oc-known',
      '--amount',
      '30',
      '--status',
      'CREATED',
    ]);
    const redeemed = await fx.run(['voucher', 'redeem', 'OC-ONE', '--order-file', '-', '-o', 'json'], {
      stdin: JSON.stringify({ source_id: 'oc-known', amount: 3000 }),
    });
    expect(redeemed.code, redeemed.stderr).toBe(0);
    expect(redeemed.stdout).toContain(made.id);
    const kept = await json(['order', 'get', 'oc-known']);
    expect(kept).toMatchObject({ id: made.id, status: 'CREATED', amount: 3000, total_amount: 2900 });
    expect(Object.keys(kept.redemptions)).toHaveLength(1);
    const listed = await json(['order', 'list', '--all']);
    expect(listed.filter((o: { source_id: string }) => o.source_id === 'oc-known')).toHaveLength(1);
  });

  it('lists newest first, and --all reads every page', async () => {
    for (let i = 0; i < 7; i++)
      await json(['order', 'create', '--source-id', `oc-page-${i}`, '--amount', '1']);
    fx.sandbox.requests.length = 0;
    const all = await fx.run(['order', 'list', '--all', '--limit', '3', '-o', 'ndjson']);
    expect(all.code, all.stderr).toBe(0);
    const ids = all.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).source_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id: string) => id?.startsWith('oc-page-'))).toHaveLength(7);
    expect(sentRequests(fx.sandbox)[0]).toBe('GET /v1/orders?limit=3&page=1');
  });
});
