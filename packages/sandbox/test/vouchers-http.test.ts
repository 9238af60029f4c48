// Create voucher over real HTTP against the sandbox, the way the CLI talks to it.
import { describe, expect, it } from 'vitest';
import { callSandbox, JSON_HEADERS, type Json, useServedSandbox } from './helpers/sandbox-http.js';

const NOW = Date.parse('2026-05-04T10:00:00.000Z');
const LOYALTY_CLUB = 'camp_9NCrXEfRYWEo7iemANa5N9ZH';

const served = useServedSandbox({ now: () => NOW });
const post = (body: unknown, headers: Record<string, string> = JSON_HEADERS) =>
  callSandbox(served.url, 'POST', '/v1/vouchers', { body, headers });

let serial = 0;
const uniqueCode = (stem: string) => `${stem}-${++serial}`;

/** What every new voucher shares, whatever its type; the type-specific parts are checked apart. */
function expectCommonShape(voucher: Json, code: string) {
  const encoded = encodeURIComponent(code);
  expect(voucher.id).toMatch(/^v_[0-9a-f]{32}$/);
  expect(voucher.code).toBe(code);
  expect(voucher.object).toBe('voucher');
  expect(voucher.created_at).toBe('2026-05-04T10:00:00.000Z');
  expect(voucher.updated_at).toBeNull();
  expect(voucher.publish).toEqual({
    object: 'list',
    count: 0,
    url: `/v1/vouchers/${encoded}/publications?page=1&limit=10`,
  });
  expect(voucher.redemption.url).toBe(`/v1/vouchers/${encoded}/redemptions?page=1&limit=10`);
  expect(voucher.redemption.redeemed_quantity).toBe(0);
  expect(voucher.assets.qr.id).toMatch(/^U2FsdGVkX1/);
  expect(voucher.assets.barcode.url).toContain(encodeURIComponent(voucher.assets.barcode.id));
}

const discountVariants: Array<[string, Json]> = [
  ['an amount discount', { type: 'AMOUNT', amount_off: 1500, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' }],
  [
    'a percent discount with a limit',
    { type: 'PERCENT', percent_off: 15, amount_limit: 2000, effect: 'APPLY_TO_ITEMS' },
  ],
  [
    'a single unit discount',
    { type: 'UNIT', unit_off: 1, unit_type: 'prod_0a9f9ab4ab019a42d5', effect: 'ADD_MISSING_ITEMS' },
  ],
  [
    'a multiple unit discount',
    {
      type: 'UNIT',
      effect: 'ADD_MANY_ITEMS',
      units: [
        { unit_off: 1, unit_type: 'prod_a', effect: 'ADD_NEW_ITEMS' },
        { unit_off: 2, unit_type: 'prod_b', effect: 'ADD_MISSING_ITEMS' },
      ],
    },
  ],
  ['a fixed discount', { type: 'FIXED', fixed_amount: 999, effect: 'APPLY_TO_ORDER' }],
];

describe('POST /v1/vouchers', () => {
  it.each(discountVariants)('creates a discount voucher with %s and stores it', async (_name, discount) => {
    const code = uniqueCode('DISC');
    const { status, body } = await post({
      type: 'DISCOUNT_VOUCHER',
      code,
      discount,
      redemption: { quantity: 5 },
    });
    expect(status).toBe(200);
    expectCommonShape(body, code);
    expect(body).toMatchObject({ type: 'DISCOUNT_VOUCHER', discount, gift: null, loyalty_card: null });
    expect(body.redemption).toEqual({
      quantity: 5,
      redeemed_quantity: 0,
      object: 'list',
      url: body.redemption.url,
    });
    expect(served.sandbox.state.vouchers[code]).toEqual(body);
  });

  it('creates a gift card in a gift campaign with balance, zero subtracted amount and dates', async () => {
    const code = uniqueCode('GIFT');
    const { status, body } = await post({
      type: 'GIFT_VOUCHER',
      code,
      campaign: 'Gift Cards',
      category: 'Partners',
      gift: { amount: 10000, effect: 'APPLY_TO_ORDER' },
      start_date: '2026-01-01T00:00:00Z',
      expiration_date: '2026-12-31T23:59:59Z',
      metadata: { source: 'test' },
    });
    expect(status).toBe(200);
    expectCommonShape(body, code);
    expect(body).toMatchObject({
      type: 'GIFT_VOUCHER',
      campaign: 'Gift Cards',
      campaign_id: 'camp_7dPFu7qRlimto1mIEpdtp5mI',
      category: 'Partners',
      category_id: 'cat_cd03ca420b81032b0e',
      discount: null,
      gift: { amount: 10000, balance: 10000, subtracted_amount: 0, effect: 'APPLY_TO_ORDER' },
      loyalty_card: null,
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-12-31T23:59:59.000Z',
      metadata: { source: 'test' },
      is_referral_code: false,
    });
    expect(body.redemption).toMatchObject({ quantity: null, redeemed_amount: 0 });
    expect(body.categories).toHaveLength(1);
  });

  it('creates a loyalty card in a loyalty campaign named by id', async () => {
    const code = uniqueCode('LOYAL');
    const made = await callSandbox(served.url, 'POST', '/v1/validation-rules', {
      body: { name: 'From 1', rules: { 1: { name: 'order.amount', conditions: { $more_than: [1] } } } },
      headers: JSON_HEADERS,
    });
    const rule = made.body.id;
    const { status, body } = await post({
      type: 'LOYALTY_CARD',
      code,
      campaign_id: LOYALTY_CLUB,
      loyalty_card: { points: 250 },
      active: false,
      validation_rules: [rule],
    });
    expect(status).toBe(200);
    expectCommonShape(body, code);
    expect(body).toMatchObject({
      type: 'LOYALTY_CARD',
      campaign: 'Loyalty Club',
      campaign_id: LOYALTY_CLUB,
      active: false,
      loyalty_card: { points: 250, balance: 250, pending_points: 0, expired_points: 0, subtracted_points: 0 },
      redemption: { redeemed_points: 0 },
      validation_rules_assignments: {
        total: 1,
        data: [{ rule_id: rule, related_object_id: body.id }],
      },
    });
  });

  it('refuses a voucher naming a validation rule that does not exist (404), keeping nothing', async () => {
    const code = uniqueCode('NORULE');
    const { status, body } = await post({
      code,
      discount: { type: 'AMOUNT', amount_off: 1 },
      validation_rules: ['val_none'],
    });
    expect([status, body.key, body.resource_type]).toEqual([404, 'not_found', 'validation_rule']);
    expect(
      (await callSandbox(served.url, 'GET', `/v1/vouchers/${code}`, { headers: JSON_HEADERS })).status,
    ).toBe(404);
  });

  it('generates codes from code_config: length and charset, prefix and postfix, pattern', async () => {
    const discount = { type: 'AMOUNT', amount_off: 100 };
    const sized = await post({
      type: 'DISCOUNT_VOUCHER',
      discount,
      code_config: { length: 10, charset: 'numbers' },
    });
    expect(sized.body.code).toMatch(/^\d{10}$/);
    const framed = await post({
      type: 'DISCOUNT_VOUCHER',
      discount,
      code_config: { charset: 'Alphabetic Uppercase', prefix: 'SUM-', postfix: '-26' },
    });
    expect(framed.body.code).toMatch(/^SUM-[A-Z]{8}-26$/);
    const patterned = await post({
      type: 'GIFT_VOUCHER',
      gift: { amount: 500 },
      code_config: { pattern: 'GC-####-####', charset: 'abc' },
    });
    expect(patterned.body.code).toMatch(/^GC-[abc]{4}-[abc]{4}$/);
    const random = await post({ type: 'DISCOUNT_VOUCHER', discount });
    expect(random.body.code).toMatch(/^[0-9A-Za-z]{8}$/);
  });

  it('answers 400 invalid_campaign for a STANDALONE campaign and 404 for an unknown one', async () => {
    const discount = { type: 'AMOUNT', amount_off: 100 };
    const standalone = await post({ type: 'DISCOUNT_VOUCHER', discount, campaign: 'Standalone Vouchers' });
    expect(standalone.status).toBe(400);
    expect(standalone.body).toMatchObject({
      code: 400,
      key: 'invalid_campaign',
      message: 'Invalid Campaign',
    });
    expect(standalone.body.request_id).toMatch(/^v-/);
    const unknown = await post({ type: 'DISCOUNT_VOUCHER', discount, campaign_id: 'camp_nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      key: 'not_found',
      resource_id: 'camp_nope',
      resource_type: 'campaign',
    });
  });

  it('answers 400 naming the field for a loyalty card without a campaign', async () => {
    const { status, body } = await post({
      type: 'LOYALTY_CARD',
      code: uniqueCode('LC'),
      loyalty_card: { points: 1 },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Invalid payload' });
    expect(body.details).toMatch(/campaign or campaign_id is required/);
  });

  it('accepts a bearer token with the vouchers scope', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'vouchers' });
    const issued = await fetch(`${served.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const { access_token } = (await issued.json()) as Json;
    const headers = { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
    const { status } = await post(
      { type: 'DISCOUNT_VOUCHER', discount: { type: 'FIXED', fixed_amount: 1 } },
      headers,
    );
    expect(status).toBe(200);
  });
});
