// Update, enable and disable over real HTTP: what changes, what is skipped, what is refused, and the
// answers checked against the vendor's voucher-lifecycle description.
import { describe, expect, it } from 'vitest';
import { fixedClock } from './core-helpers.js';
import { type Json, useServedSandbox } from './helpers/sandbox-http.js';
import { vendorApi as lifecycleApi } from './helpers/vendor.js';

const clock = fixedClock(Date.parse('2026-05-04T10:00:00.000Z'));
const api = lifecycleApi();

const served = useServedSandbox({ now: clock.now });
const { call } = served;

const discount = { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' };
let serial = 0;

async function createDiscount(extra: Json = {}): Promise<Json> {
  const code = `UPD-${++serial}`;
  const created = await call('POST', `/v1/vouchers/${code}`, {
    type: 'DISCOUNT_VOUCHER',
    discount,
    ...extra,
  });
  expect(created.status).toBe(200);
  return created.body;
}

describe('PUT /v1/vouchers/{code}', () => {
  it('changes the fields it takes, keeps the others, skips unknown ones and stamps updated_at', async () => {
    const before = await createDiscount({ metadata: { a: 1 }, additional_info: 'old' });
    clock.advance(60);
    const { status, body } = await call('PUT', `/v1/vouchers/${before.code}`, {
      category: 'Summer',
      start_date: '2026-06-01',
      expiration_date: '2026-08-31T23:59:59Z',
      validity_day_of_week: [1, 2],
      active: false,
      additional_info: 'new',
      metadata: { b: 2 },
      discount: { type: 'PERCENT', percent_off: 10 },
      code: 'RENAMED',
      redemption: { quantity: 3 },
      unknown_field: true,
    });
    expect(status).toBe(200);
    if (api.available) expect(api.problems(api.responseSchema('update-voucher', 200), body)).toEqual([]);
    expect(body).toEqual({
      ...before,
      category: 'Summer',
      category_id: expect.stringMatching(/^cat_[0-9a-f]{18}$/),
      categories: [expect.objectContaining({ name: 'Summer', object: 'category' })],
      start_date: '2026-06-01T00:00:00.000Z',
      expiration_date: '2026-08-31T23:59:59.000Z',
      validity_day_of_week: [1, 2],
      active: false,
      additional_info: 'new',
      metadata: { b: 2 },
      discount: { type: 'PERCENT', percent_off: 10 },
      updated_at: '2026-05-04T10:01:00.000Z',
    });
    expect((await call('GET', `/v1/vouchers/${before.id}`)).body).toEqual(body);
  });

  it('leaves a voucher unchanged but for updated_at when the body holds nothing it takes', async () => {
    const before = await createDiscount();
    const { body } = await call('PUT', `/v1/vouchers/${before.code}`, { nonsense: 1 });
    expect(body).toEqual({ ...before, updated_at: new Date(clock.now()).toISOString() });
  });

  it('skips gift amounts and loyalty points, but takes a gift effect', async () => {
    const gift = await call('POST', '/v1/vouchers/UPD-GIFT', {
      type: 'GIFT_VOUCHER',
      gift: { amount: 1000 },
    });
    const { body } = await call('PUT', '/v1/vouchers/UPD-GIFT', {
      gift: { amount: 5, balance: 5, effect: 'APPLY_TO_ITEMS' },
      loyalty_card: { points: 9 },
    });
    expect(body.gift).toEqual({ ...gift.body.gift, effect: 'APPLY_TO_ITEMS' });
    expect(body.loyalty_card).toBeNull();
  });

  it('clears nullable fields sent as null', async () => {
    const before = await createDiscount({ category: 'Temp', additional_info: 'x', start_date: '2026-01-01' });
    const { body } = await call('PUT', `/v1/vouchers/${before.code}`, {
      category: null,
      additional_info: null,
      start_date: null,
    });
    expect(body).toMatchObject({ category: null, category_id: null, categories: [], additional_info: null });
    expect(body.start_date).toBeNull();
  });

  it.each([
    [{ active: 'no' }, 'Property active must be a boolean'],
    [{ expiration_date: 'tomorrow' }, 'Property expiration_date must be an ISO 8601 date-time'],
    [{ discount: { type: 'AMOUNT' } }, 'Property discount.amount_off is required'],
    [{ metadata: [1] }, 'Property metadata must be an object'],
    [
      { type: 'GIFT_VOUCHER' },
      'Property type cannot be changed by an update (the voucher is a DISCOUNT_VOUCHER)',
    ],
    [
      { validity_timeframe: { interval: 'P1D' } },
      'Property start_date is required when validity_timeframe is given',
    ],
  ])('refuses %j with 400 and changes nothing', async (change, details) => {
    const before = await createDiscount();
    const { status, body } = await call('PUT', `/v1/vouchers/${before.code}`, {
      additional_info: 'x',
      ...change,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, key: 'invalid_payload', details });
    expect((await call('GET', `/v1/vouchers/${before.code}`)).body).toEqual(before);
  });

  it('checks new dates against the ones the voucher keeps', async () => {
    const before = await createDiscount({ start_date: '2026-06-01T00:00:00Z' });
    const { status, body } = await call('PUT', `/v1/vouchers/${before.code}`, {
      expiration_date: '2026-05-01',
    });
    expect(status).toBe(400);
    expect(body.details).toBe('Property expiration_date must not be before start_date');
  });

  it('answers 404 not_found for an unknown voucher and 400 for a body that is no object', async () => {
    const missing = await call('PUT', '/v1/vouchers/NOPE', { active: false });
    expect(missing).toMatchObject({ status: 404, body: { key: 'not_found', resource_id: 'NOPE' } });
    const before = await createDiscount();
    const array = await call('PUT', `/v1/vouchers/${before.code}`, [1]);
    expect(array).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
  });
});

describe('POST /v1/vouchers/{code}/enable and /disable', () => {
  it('switches active, by code or by id, stamps updated_at and answers the voucher', async () => {
    const before = await createDiscount();
    clock.advance(5);
    const off = await call('POST', `/v1/vouchers/${before.code}/disable`);
    expect(off.status).toBe(200);
    if (api.available) expect(api.problems(api.responseSchema('disable-voucher', 200), off.body)).toEqual([]);
    expect(off.body).toEqual({ ...before, active: false, updated_at: new Date(clock.now()).toISOString() });
    clock.advance(5);
    const on = await call('POST', `/v1/vouchers/${before.id}/enable`);
    if (api.available) expect(api.problems(api.responseSchema('enable-voucher', 200), on.body)).toEqual([]);
    expect(on.body).toEqual({ ...before, active: true, updated_at: new Date(clock.now()).toISOString() });
    expect(served.sandbox.state.vouchers[before.code]).toEqual(on.body);
  });

  it('answers 404 not_found for an unknown voucher', async () => {
    const { status, body } = await call('POST', '/v1/vouchers/NOPE/enable');
    expect(status).toBe(404);
    expect(body).toMatchObject({ key: 'not_found', resource_type: 'voucher', resource_id: 'NOPE' });
  });
});
