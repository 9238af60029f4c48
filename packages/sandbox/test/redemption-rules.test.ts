// The sandbox's validations apply the service's rules: each discount type and effect on an order,
// each key a code that does not apply is refused with, and recurring windows read in the project's
// time zone across the day boundary. Over real HTTP; every answer checked against the vendor's schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { startCheckedSandbox } from './helpers/checked.js';
import { callSandbox, type Json } from './helpers/sandbox-http.js';
import { conforms, desk, keyOf } from './redemption-helpers.js';

// Sunday 23:30 in UTC is Monday 00:30 in Warsaw (UTC+1 in January).
const NOW = Date.parse('2024-01-07T23:30:00.000Z');
let utc: Sandbox;
let warsaw: Sandbox;
beforeAll(async () => {
  [utc, warsaw] = await Promise.all([
    startCheckedSandbox({ now: () => NOW }),
    startCheckedSandbox({ now: () => NOW, timeZone: 'Europe/Warsaw' }),
  ]);
});
afterAll(async () => {
  await Promise.all([utc.close(), warsaw.close()]);
});
const api = desk(() => utc.url);
const warsawApi = desk(() => warsaw.url);

const ITEMS = [
  { product_id: 'prod_a', quantity: 2, price: 1000 },
  { product_id: 'prod_b', quantity: 1, price: 700 },
];

describe('discounts on an order', () => {
  const rows: Array<[string, Json, Json, Json]> = [
    [
      'AMOUNT',
      { type: 'AMOUNT', amount_off: 500 },
      { amount: 2700 },
      { discount_amount: 500, total_amount: 2200 },
    ],
    [
      'AMOUNT over the order',
      { type: 'AMOUNT', amount_off: 9000 },
      { amount: 2700 },
      { discount_amount: 2700, total_amount: 0 },
    ],
    [
      'AMOUNT to items',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' },
      { items: ITEMS },
      { items_discount_amount: 1700, total_amount: 1000 },
    ],
    [
      'PERCENT',
      { type: 'PERCENT', percent_off: 10 },
      { amount: 20050 },
      { discount_amount: 2005, total_amount: 18045 },
    ],
    [
      'PERCENT capped',
      { type: 'PERCENT', percent_off: 50, amount_limit: 300 },
      { amount: 2700 },
      { discount_amount: 300, total_amount: 2400 },
    ],
    [
      'PERCENT to items',
      { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' },
      { items: ITEMS },
      { items_discount_amount: 270, total_amount: 2430 },
    ],
    [
      'FIXED',
      { type: 'FIXED', fixed_amount: 2000 },
      { amount: 2700 },
      { discount_amount: 700, total_amount: 2000 },
    ],
    [
      'FIXED to items',
      { type: 'FIXED', fixed_amount: 600, effect: 'APPLY_TO_ITEMS' },
      { items: ITEMS },
      { items_discount_amount: 900, total_amount: 1800 },
    ],
    [
      'UNIT',
      { type: 'UNIT', unit_off: 1, unit_type: 'prod_b', effect: 'ADD_NEW_ITEMS' },
      { items: ITEMS },
      { amount: 3400, items_discount_amount: 700, total_amount: 2700 },
    ],
  ];
  it.each(rows)('%s: the order totals the service would compute', async (name, discount, order, expected) => {
    const code = `DISC-${name.replace(/\W+/g, '-')}`;
    await api.voucher(code, { discount });
    const answer = await api.validate([code], { order });
    conforms('validate-stacked-discounts', answer);
    expect(answer.body.valid).toBe(true);
    expect(answer.body.order).toMatchObject(expected);
    const { order: total } = answer.body;
    expect(total.total_discount_amount).toBe(total.discount_amount + total.items_discount_amount);
    expect(total.total_amount).toBe(total.amount - total.total_discount_amount);
    expect(total.total_applied_discount_amount).toBe(total.total_discount_amount);
    expect(answer.body.redeemables[0]).toMatchObject({ status: 'APPLICABLE', result: { discount } });
  });
});

describe('keys of a code that does not apply', () => {
  const rows: Array<[string, Json | null, Json?]> = [
    ['resource_not_found', null],
    ['voucher_disabled', { active: false }],
    ['voucher_not_active', { start_date: '2024-02-01T00:00:00Z' }],
    ['voucher_expired', { expiration_date: '2024-01-01T00:00:00Z' }],
    ['voucher_not_active_now', { validity_day_of_week: [1, 2, 3, 4, 5] }],
    ['gift_amount_exceeded', { type: 'GIFT_VOUCHER', gift: { amount: 500 } }, { gift: { credits: 900 } }],
    ['missing_amount', { type: 'GIFT_VOUCHER', gift: { amount: 500 } }, { order: {} }],
  ];
  it.each(rows)('%s', async (key, fields, extra = {}) => {
    const code = `KEY-${key}`;
    if (fields) await api.voucher(code, { discount: { type: 'AMOUNT', amount_off: 100 }, ...fields });
    const { gift, order } = extra as Json;
    const answer = await api.call('POST', '/v1/validations', {
      redeemables: [{ object: 'voucher', id: code, ...(gift ? { gift } : {}) }],
      order: order ?? { amount: 1000 },
    });
    conforms('validate-stacked-discounts', answer);
    expect(answer.body.valid).toBe(false);
    expect(keyOf(answer, code)).toBe(key);
    expect(answer.body.inapplicable_redeemables).toHaveLength(1);
    expect(answer.body.inapplicable_redeemables[0].result.details.key).toBe(key);
  });

  it('quantity_exceeded once the uses are spent, and other codes of the request are skipped', async () => {
    await api.voucher('ONCE-1', {
      discount: { type: 'AMOUNT', amount_off: 100 },
      redemption: { quantity: 1 },
    });
    await api.voucher('OTHER-1', { discount: { type: 'AMOUNT', amount_off: 100 } });
    conforms('redeem-stacked-discounts', await api.redeem(['ONCE-1']));
    const answer = await api.validate(['OTHER-1', 'ONCE-1']);
    conforms('validate-stacked-discounts', answer);
    expect(keyOf(answer, 'ONCE-1')).toBe('quantity_exceeded');
    expect(answer.body.skipped_redeemables.map((each: Json) => each.id)).toEqual(['OTHER-1']);
    expect(keyOf(answer, 'OTHER-1')).toBe('preceding_validation_failed');
    expect(answer.body.order).toMatchObject({ total_discount_amount: 0, total_amount: 10000 });
  });
});

describe("recurring windows in the project's time zone", () => {
  const rows: Array<[string, Json, boolean, boolean]> = [
    // name, window, applies in UTC (Sunday 23:30), applies in Warsaw (Monday 00:30)
    ['Mondays only', { validity_day_of_week: [1] }, false, true],
    ['Sundays only', { validity_day_of_week: [0] }, true, false],
    [
      'hours 00:00-01:00 on Mondays',
      { validity_hours: { daily: [{ start_time: '00:00', expiration_time: '01:00', days_of_week: [1] }] } },
      false,
      true,
    ],
    [
      'Sunday 23:00 past midnight to 01:00',
      { validity_hours: { daily: [{ start_time: '23:00', expiration_time: '01:00', days_of_week: [0] }] } },
      true,
      true,
    ],
    [
      'hours 22:00-23:00 on Sundays',
      { validity_hours: { daily: [{ start_time: '22:00', expiration_time: '23:00', days_of_week: [0] }] } },
      false,
      false,
    ],
    [
      'every day, one hour from 23:00 UTC',
      { start_date: '2024-01-01T23:00:00Z', validity_timeframe: { interval: 'P1D', duration: 'PT1H' } },
      true,
      true,
    ],
    [
      'every day, one hour from 21:00 UTC',
      { start_date: '2024-01-01T21:00:00Z', validity_timeframe: { interval: 'P1D', duration: 'PT1H' } },
      false,
      false,
    ],
  ];
  it.each(rows)('%s', async (name, window, inUtc, inWarsaw) => {
    const code = `WIN-${name.replace(/\W+/g, '-')}`;
    const fields = { discount: { type: 'AMOUNT', amount_off: 100 }, ...window };
    await Promise.all([api.voucher(code, fields), warsawApi.voucher(code, fields)]);
    for (const [side, applies] of [
      [api, inUtc],
      [warsawApi, inWarsaw],
    ] as const) {
      const answer = await side.validate([code]);
      conforms('validate-stacked-discounts', answer);
      expect(answer.body.valid).toBe(applies);
      if (!applies) expect(keyOf(answer, code)).toBe('voucher_not_active_now');
    }
  });
});

it('a reset through the control API keeps the zone the sandbox was started with', async () => {
  const reset = await callSandbox(warsaw.url, 'POST', '/_sandbox/reset');
  expect(reset.status).toBe(204);
  expect(warsaw.state.project.time_zone).toBe('Europe/Warsaw');
});

describe('what the sandbox does not imitate is refused, never made up', () => {
  const rows: Array<[string, Json]> = [
    ['sessions', { redeemables: [{ object: 'voucher', id: 'X' }], session: { type: 'LOCK' } }],
    ['promotion tiers', { redeemables: [{ object: 'promotion_tier', id: 'promo_1' }] }],
  ];
  it.each(rows)('%s', async (_name, body) => {
    const answer = await api.call('POST', '/v1/validations', body);
    expect([answer.status, answer.body.key]).toEqual([400, 'not_imitated']);
  });

  it('a loyalty card asked for more points than it holds is refused with its key', async () => {
    const card = {
      code: 'LOYAL-2',
      type: 'LOYALTY_CARD',
      campaign: 'Loyalty Club',
      loyalty_card: { points: 10 },
    };
    expect((await api.call('POST', '/v1/vouchers', card)).status).toBe(200);
    const answer = await api.call('POST', '/v1/validations', {
      redeemables: [{ object: 'voucher', id: 'LOYAL-2', reward: { points: 11 } }],
    });
    conforms('validate-stacked-discounts', answer);
    expect(keyOf(answer, 'LOYAL-2')).toBe('loyalty_card_points_exceeded');
  });

  it('loyalty rewards and proportional effects', async () => {
    await api.voucher('PROP-1', {
      discount: { type: 'AMOUNT', amount_off: 1, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
    });
    const card = {
      code: 'LOYAL-1',
      type: 'LOYALTY_CARD',
      campaign: 'Loyalty Club',
      loyalty_card: { points: 10 },
    };
    expect((await api.call('POST', '/v1/vouchers', card)).status).toBe(200);
    for (const code of ['PROP-1', 'LOYAL-1']) {
      const answer = await api.validate([code]);
      expect([code, answer.status, answer.body.key]).toEqual([code, 400, 'not_imitated']);
    }
  });
});
