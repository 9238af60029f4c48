// The sandbox's loyalty rewards, tiers and earning rules over real HTTP: a reward offered once per
// program at a points price, redeemed with points and found by its metadata, refused by name where
// not imitated (a COIN reward, an order with it, its rollback); tiers that do not overlap and follow
// a member's points; earning rules crediting a voucher redemption's order once.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Json, useServedSandbox } from './helpers/sandbox-http.js';

let now = Date.parse('2026-03-01T12:00:00.000Z');
const served = useServedSandbox({ now: () => now });
const ok = async (method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await served.call(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
};
const balance = (code: string) => Number((served.sandbox.state.vouchers[code] as Json).loyalty_card.balance);
let club = '';
let mug = '';
let coin = '';

beforeAll(async () => {
  club = (
    await ok('POST', '/v1/campaigns', {
      name: 'SB Club',
      campaign_type: 'LOYALTY_PROGRAM',
      type: 'STATIC',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    })
  ).id;
  await ok('POST', `/v1/campaigns/${club}/vouchers/SB-1`, {});
  await ok('POST', '/v1/publications', { voucher: 'SB-1', customer: { source_id: 'sb-ann' } });
  await ok('POST', '/v1/vouchers/SB-1/balance', { amount: 1000 });
  const product = (await ok('POST', '/v1/products', { name: 'SB mug' })).id;
  mug = (await ok('POST', '/v1/rewards', { name: 'SB mug', parameters: { product: { id: product } } })).id;
  coin = (await ok('POST', '/v1/rewards', { parameters: { coin: { exchange_ratio: 1, points_ratio: 100 } } }))
    .id;
  await ok('POST', `/v1/loyalties/${club}/rewards`, [
    { reward: mug, parameters: { loyalty: { points: 400 } } },
    { reward: coin },
  ]);
});

describe('loyalty rewards in the sandbox', () => {
  it('offers a reward once per program, and a pay-with-points reward without a price', async () => {
    const again = await served.call('POST', `/v1/loyalties/${club}/rewards`, [
      { reward: mug, parameters: { loyalty: { points: 1 } } },
    ]);
    expect([again.status, again.body.key]).toEqual([400, 'duplicate_found']);
    const priced = await served.call('POST', `/v1/loyalties/${club}/rewards`, [
      { reward: coin, parameters: { loyalty: { points: 5 } } },
    ]);
    expect(priced.status).toBe(400);
    const listed = await ok('GET', `/v1/loyalties/${club}/rewards`);
    expect(listed.data.map((a: Json) => [a.reward_id, a.parameters?.loyalty?.points])).toEqual([
      [mug, 400],
      [coin, undefined],
    ]);
  });

  it('lists what a member affords, and redeems a product reward with points, found by its metadata', async () => {
    const before = balance('SB-1');
    const affordable = await ok('GET', '/v1/loyalties/members/SB-1/rewards?affordable_only=true');
    expect(affordable.data.map((r: Json) => r.reward.id)).toEqual([mug, coin]);
    const redeemed = await ok('POST', '/v1/loyalties/members/SB-1/redemption', {
      reward: { id: mug },
      metadata: { promo_request_id: 'sb-mark-1' },
    });
    expect([redeemed.result, redeemed.loyalty_card.points, redeemed.voucher.loyalty_card.balance]).toEqual([
      'SUCCESS',
      400,
      before - 400,
    ]);
    const found = await ok(
      'GET',
      '/v1/redemptions?filters[metadata.promo_request_id][conditions][$is]=sb-mark-1',
    );
    expect(found.redemptions.map((r: Json) => r.id)).toEqual([redeemed.id]);
    const trail = Object.values(served.sandbox.state.transactions).filter(
      (t) => t.type === 'POINTS_REDEMPTION',
    );
    expect(trail).toHaveLength(1);
  });

  it('refuses by name what it does not imitate, and takes no points', async () => {
    const before = balance('SB-1');
    const coinRedeem = await served.call('POST', '/v1/loyalties/members/SB-1/redemption', {
      reward: { id: coin, points: 100 },
    });
    expect([coinRedeem.status, coinRedeem.body.key]).toEqual([400, 'not_imitated']);
    const withOrder = await served.call('POST', '/v1/loyalties/members/SB-1/redemption', {
      reward: { id: mug },
      order: { amount: 1000 },
    });
    expect([withOrder.status, withOrder.body.key]).toEqual([400, 'not_imitated']);
    const id = Object.values(served.sandbox.state.redemptions).find((r) => r.reward !== undefined)?.id;
    const rollback = await served.call('POST', `/v1/redemptions/${id}/rollback`, {});
    expect([rollback.status, rollback.body.key]).toEqual([400, 'not_imitated']);
    expect(balance('SB-1')).toBe(before);
  });

  it('refuses more points than the card holds with the service key, and a reward the program lacks', async () => {
    await ok('POST', '/v1/vouchers/SB-1/balance', { amount: -balance('SB-1') + 10 });
    const short = await served.call('POST', '/v1/loyalties/members/SB-1/redemption', { reward: { id: mug } });
    expect([short.status, short.body.key]).toEqual([400, 'loyalty_card_points_exceeded']);
    const other = (
      await ok('POST', '/v1/rewards', {
        name: 'not offered',
        parameters: { coin: { exchange_ratio: 1, points_ratio: 1 } },
      })
    ).id;
    const missing = await served.call('POST', '/v1/loyalties/members/SB-1/redemption', {
      reward: { id: other },
    });
    expect([missing.status, missing.body.key]).toEqual([404, 'not_found']);
    expect(balance('SB-1')).toBe(10);
  });
});

describe('tiers and earning rules in the sandbox', () => {
  it('refuses overlapping tiers; a member is in the tier that holds their points', async () => {
    await ok('POST', `/v1/loyalties/${club}/tiers`, [
      { name: 'Low', points: { from: 0, to: 99 } },
      { name: 'High', points: { from: 100 } },
    ]);
    const overlap = await served.call('POST', `/v1/loyalties/${club}/tiers`, [
      { name: 'Mid', points: { from: 50, to: 150 } },
    ]);
    expect(overlap.status).toBe(400);
    const tierOf = async () => (await ok('GET', '/v1/loyalties/members/SB-1/tiers')).data[0]?.name;
    expect(await tierOf()).toBe('Low');
    await ok('POST', '/v1/loyalties/members/SB-1/balance', {
      points: 200,
      expiration_type: 'CUSTOM_DATE',
      expiration_date: '2026-03-31',
    });
    expect(await tierOf()).toBe('High');
    // Past their day the points no longer count, though no write has touched the card since.
    now = Date.parse('2026-04-02T12:00:00.000Z');
    expect(await tierOf()).toBe('Low');
  });

  it("credits a voucher redemption's order once, as a paid order", async () => {
    await ok('POST', `/v1/loyalties/${club}/earning-rules`, [
      {
        event: 'order.paid',
        loyalty: {
          type: 'PROPORTIONAL',
          calculation_type: 'ORDER_AMOUNT',
          order: { amount: { every: 100, points: 2 } },
        },
      },
    ]);
    await ok('POST', '/v1/vouchers', {
      code: 'SB-D1',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
    });
    // What the card can spend now (the points past their day left out), as the member route says.
    const spendable = async () =>
      Number((await ok('GET', '/v1/loyalties/members/SB-1')).loyalty_card.balance);
    const before = await spendable();
    await ok('POST', '/v1/redemptions', {
      redeemables: [{ object: 'voucher', id: 'SB-D1' }],
      order: { source_id: 'sb-order-1', amount: 2550 },
      customer: { source_id: 'sb-ann' },
    });
    // 2 points for every 1.00 of 25.50: 50.
    expect(await spendable()).toBe(before + 50);
    await ok('PUT', '/v1/orders/sb-order-1', { status: 'PAID' });
    expect(await spendable()).toBe(before + 50);
  });
});
