// The create-voucher handler called directly, with a fixed clock: the voucher object it builds, the
// codes it generates, and the campaign and category it attaches.
import { describe, expect, it } from 'vitest';
import { demoSeed, stateFromSeed } from '../src/seed.js';
import type { SandboxState } from '../src/types.js';
import { createVoucher } from '../src/vouchers.js';
import { routeContext, routeRequest, sandboxFailure } from './helpers/sandbox-routes.js';

const NOW = Date.parse('2026-03-02T08:30:00.000Z');

const context = () => routeContext(() => NOW);

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into the service's JSON answers
type Voucher = Record<string, any>;

function create(state: SandboxState, body: unknown): Voucher {
  const request = routeRequest({
    method: 'POST',
    path: '/v1/vouchers',
    body,
    json: true,
    requestId: 'v-test',
  });
  const reply = createVoucher.handle(request, state, context());
  expect(reply.status).toBe(200);
  return reply.body as Voucher;
}

const percent = {
  type: 'DISCOUNT_VOUCHER',
  discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
};

describe('create voucher handler', () => {
  it('builds a generic discount voucher with every field of the service and stores it by code', () => {
    const state = stateFromSeed(demoSeed());
    const voucher = create(state, { ...percent, code: 'WELCOME10' });
    expect(voucher).toMatchObject({
      code: 'WELCOME10',
      campaign: null,
      campaign_id: null,
      category: null,
      category_id: null,
      categories: [],
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
      gift: null,
      loyalty_card: null,
      start_date: null,
      expiration_date: null,
      validity_timeframe: null,
      validity_day_of_week: null,
      validity_hours: null,
      active: true,
      additional_info: null,
      metadata: {},
      is_referral_code: false,
      created_at: '2026-03-02T08:30:00.000Z',
      updated_at: null,
      object: 'voucher',
      publish: { object: 'list', count: 0, url: '/v1/vouchers/WELCOME10/publications?page=1&limit=10' },
      redemption: {
        quantity: null,
        redeemed_quantity: 0,
        object: 'list',
        url: '/v1/vouchers/WELCOME10/redemptions?page=1&limit=10',
      },
      validation_rules_assignments: { object: 'list', data_ref: 'data', data: [], total: 0 },
    });
    expect(voucher.id).toMatch(/^v_[0-9a-f]+$/);
    expect(state.vouchers.WELCOME10).toEqual(voucher);
  });

  it('gives assets whose ids look encrypted and whose urls carry them encoded', () => {
    const voucher = create(stateFromSeed(demoSeed()), percent);
    for (const kind of ['qr', 'barcode']) {
      const asset = voucher.assets[kind];
      expect(asset.id).toMatch(/^U2FsdGVkX1[A-Za-z0-9+/=]+$/);
      expect(asset.url).toContain(`/${kind}/${encodeURIComponent(asset.id)}`);
    }
    expect(voucher.assets.qr.id).not.toBe(voucher.assets.barcode.id);
  });

  it('assigns one validation rule assignment per rule id to the new voucher', () => {
    const state = stateFromSeed(demoSeed());
    for (const id of ['val_1', 'val_2']) state.validationRules[id] = { id, name: id, rules: {} };
    const voucher = create(state, { ...percent, validation_rules: ['val_1', 'val_2'] });
    expect(Object.values(state.ruleAssignments).map((a) => a.rule_id)).toEqual(['val_1', 'val_2']);
    const list = voucher.validation_rules_assignments;
    expect(list.total).toBe(2);
    expect(list.data.map((a: Voucher) => a.rule_id)).toEqual(['val_1', 'val_2']);
    expect(list.data[0]).toMatchObject({
      related_object_id: voucher.id,
      related_object_type: 'voucher',
      created_at: '2026-03-02T08:30:00.000Z',
      object: 'validation_rules_assignment',
    });
    expect(list.data[0].id).toMatch(/^asgm_[0-9a-f]+$/);
  });

  it('starts a gift card with its balance equal to its amount unless a balance is given', () => {
    const state = stateFromSeed(demoSeed());
    const gift = create(state, {
      type: 'GIFT_VOUCHER',
      code: 'G1',
      gift: { amount: 5000, effect: 'APPLY_TO_ITEMS' },
    });
    expect(gift.gift).toEqual({
      amount: 5000,
      balance: 5000,
      subtracted_amount: 0,
      effect: 'APPLY_TO_ITEMS',
    });
    expect(gift.redemption).toMatchObject({ redeemed_quantity: 0, redeemed_amount: 0 });
    const partial = create(state, {
      type: 'GIFT_VOUCHER',
      code: 'G2',
      gift: { amount: 5000, balance: 1200 },
    });
    expect(partial.gift).toMatchObject({ amount: 5000, balance: 1200 });
  });

  it('gives a loyalty card its points as balance, zero counters and a redeemed_points count', () => {
    const voucher = create(stateFromSeed(demoSeed()), {
      type: 'LOYALTY_CARD',
      campaign: 'Loyalty Club',
      loyalty_card: { points: 300 },
    });
    expect(voucher.loyalty_card).toEqual({
      points: 300,
      balance: 300,
      pending_points: 0,
      expired_points: 0,
      subtracted_points: 0,
    });
    expect(voucher.redemption).toMatchObject({ redeemed_points: 0 });
    expect(voucher).toMatchObject({ campaign: 'Loyalty Club', campaign_id: 'camp_9NCrXEfRYWEo7iemANa5N9ZH' });
  });

  it('finds a campaign by id, by name, or by id given in the name field', () => {
    const state = stateFromSeed(demoSeed());
    const id = 'camp_Qvxqkkgs0YKdUbKA8tLICtdS';
    expect(create(state, { ...percent, campaign_id: id }).campaign).toBe('Summer Sale');
    expect(create(state, { ...percent, campaign: 'Summer Sale' }).campaign_id).toBe(id);
    expect(create(state, { ...percent, campaign: id }).campaign).toBe('Summer Sale');
  });

  it('marks vouchers of a referral program as referral codes', () => {
    const voucher = create(stateFromSeed(demoSeed()), { ...percent, campaign: 'Refer a Friend' });
    expect(voucher.is_referral_code).toBe(true);
  });

  it('answers 404 for an unknown campaign and invalid_campaign for a STANDALONE one', () => {
    const state = stateFromSeed(demoSeed());
    const missing = sandboxFailure(() => create(state, { ...percent, campaign: 'Nope' }));
    expect(missing).toMatchObject({ status: 404, key: 'not_found', extra: { resource_type: 'campaign' } });
    const standalone = sandboxFailure(() => create(state, { ...percent, campaign: 'Standalone Vouchers' }));
    expect(standalone).toMatchObject({ status: 400, key: 'invalid_campaign', message: 'Invalid Campaign' });
    expect(Object.keys(state.vouchers)).toEqual([]);
  });

  it('reuses a known category and creates an unknown one once', () => {
    const state = stateFromSeed(demoSeed());
    const known = create(state, { ...percent, category: 'Seasonal' });
    expect(known).toMatchObject({ category: 'Seasonal', category_id: 'cat_252cca8dbbf1870a8a' });
    expect(known.categories).toEqual([
      {
        id: 'cat_252cca8dbbf1870a8a',
        name: 'Seasonal',
        hierarchy: 2,
        created_at: expect.any(String),
        object: 'category',
      },
    ]);
    const fresh = create(state, { ...percent, category: 'VIP' });
    expect(fresh.category_id).toMatch(/^cat_[0-9a-f]+$/);
    expect(create(state, { ...percent, category: 'VIP' }).category_id).toBe(fresh.category_id);
    expect(state.categories.filter((c) => c.name === 'VIP')).toHaveLength(1);
    expect(sandboxFailure(() => create(state, { ...percent, category_id: 'cat_missing' })).status).toBe(404);
  });

  it('normalises dates to UTC with milliseconds and keeps the validity fields', () => {
    const voucher = create(stateFromSeed(demoSeed()), {
      ...percent,
      start_date: '2026-01-01T00:00:00+02:00',
      expiration_date: '2026-12-31',
      validity_timeframe: { duration: 'PT1H', interval: 'P2D' },
      validity_day_of_week: [1, 2],
      validity_hours: { daily: [{ start_time: '10:00', expiration_time: '12:00', days_of_week: [1] }] },
      active: false,
      redemption: { quantity: 3 },
      metadata: { locale: 'de' },
      additional_info: 'note',
    });
    expect(voucher).toMatchObject({
      start_date: '2025-12-31T22:00:00.000Z',
      expiration_date: '2026-12-31T00:00:00.000Z',
      validity_timeframe: { duration: 'PT1H', interval: 'P2D' },
      validity_day_of_week: [1, 2],
      validity_hours: { daily: [{ start_time: '10:00', expiration_time: '12:00', days_of_week: [1] }] },
      active: false,
      redemption: { quantity: 3 },
      metadata: { locale: 'de' },
      additional_info: 'note',
    });
  });

  it('refuses a code that is live or in the bin with 409 duplicate_found', () => {
    const state = stateFromSeed(demoSeed());
    create(state, { ...percent, code: 'TAKEN' });
    const live = sandboxFailure(() => create(state, { ...percent, code: 'TAKEN' }));
    expect(live).toMatchObject({ status: 409, key: 'duplicate_found', extra: { resource_id: 'TAKEN' } });
    state.bin.BINNED = { code: 'BINNED' };
    expect(sandboxFailure(() => create(state, { ...percent, code: 'BINNED' })).status).toBe(409);
  });

  it('stores a voucher whose code is __proto__ as an ordinary entry', () => {
    const state = stateFromSeed(demoSeed());
    create(state, { ...percent, code: '__proto__' });
    expect(Object.keys(state.vouchers)).toEqual(['__proto__']);
    const reloaded = JSON.parse(JSON.stringify(state.vouchers));
    expect(Object.getOwnPropertyDescriptor(reloaded, '__proto__')?.value.code).toBe('__proto__');
  });
});
