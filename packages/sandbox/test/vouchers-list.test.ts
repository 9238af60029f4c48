// List vouchers over real HTTP: paging to page 99 and no further, every filter and order, and
// generated vouchers.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSeed, startSandbox, stateFromSeed } from '../src/index.js';
import { startCheckedSandbox } from './helpers/checked.js';
import { JSON_HEADERS, type Json, useServedSandbox } from './helpers/sandbox-http.js';
import { vendorApi as lifecycleApi } from './helpers/vendor.js';

const NOW = Date.parse('2026-05-04T10:00:00.000Z');
// The sandbox served over HTTP holds fewer: paging to page 99 needs only 99 at one a page.
const SERVED = 150;
const api = lifecycleApi();

const served = useServedSandbox({
  now: () => NOW,
  seed: { ...demoSeed(), generatedVouchers: { count: SERVED, start: '2025-01-01T00:00:00Z', batch: 2 } },
});
const { call } = served;

const list = async (query: string) => {
  const { status, body } = await call('GET', `/v1/vouchers?${query}`);
  expect(status).toBe(200);
  return body;
};
const codes = (page: Json) => page.vouchers.map((voucher: Json) => voucher.code);

describe('GET /v1/vouchers over generated vouchers', () => {
  it('answers ten newest first with the total, valid against the vendor schema', async () => {
    const page = await list('');
    if (api.available) expect(api.problems(api.responseSchema('list-vouchers', 200), page)).toEqual([]);
    expect(page).toMatchObject({ object: 'list', data_ref: 'vouchers', total: SERVED });
    // Generated in pairs sharing a date: ties fall back to the code, in the same direction.
    expect(codes(page)).toEqual(
      Array.from({ length: 10 }, (_, i) => `GEN-${String(SERVED - i).padStart(6, '0')}`),
    );
  });

  it('pages by number with limit 1..100 up to page 99, and refuses page 100 and limit 101', async () => {
    const last = await list('limit=1&page=99&order=created_at');
    expect(codes(last)).toEqual(['GEN-000099']);
    expect(last.total).toBe(SERVED);
    expect(codes(await list('limit=100&page=2'))).toHaveLength(SERVED - 100);
    expect(codes(await list('limit=100&page=3'))).toEqual([]);
    for (const [query, param, got] of [
      ['page=100', 'page', '100'],
      ['page=0', 'page', '0'],
      ['page=two', 'page', 'two'],
      ['limit=101', 'limit', '101'],
      ['limit=0', 'limit', '0'],
    ]) {
      const { status, body } = await call('GET', `/v1/vouchers?${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 400, key: 'invalid_query_params' });
      expect(body.details).toContain(`'${param}'`);
      expect(body.details).toContain(`got '${got}'`);
    }
  });
});

describe('GET /v1/vouchers filters', () => {
  beforeAll(async () => {
    await call('POST', '/v1/vouchers', {
      type: 'GIFT_VOUCHER',
      code: 'F-GIFT',
      campaign: 'Gift Cards',
      category: 'Partners',
      gift: { amount: 100 },
      metadata: { region: 'EU' },
    });
    await call('POST', '/v1/vouchers/F-DISC', {
      type: 'DISCOUNT_VOUCHER',
      campaign_id: 'camp_Qvxqkkgs0YKdUbKA8tLICtdS',
      discount: { type: 'AMOUNT', amount_off: 5 },
      additional_info: 'summer flyer',
    });
    await call('POST', '/v1/vouchers/F-DISC/disable');
  });

  it.each([
    ['campaign=Gift%20Cards', ['F-GIFT']],
    ['campaign_id=camp_Qvxqkkgs0YKdUbKA8tLICtdS', ['F-DISC']],
    ['category=Partners', ['F-GIFT']],
    ['category=cat_cd03ca420b81032b0e', ['F-GIFT']],
    ['code=F-GIFT', ['F-GIFT']],
    ['code=NOPE', []],
    ['updated_at[after]=2026-01-01', ['F-DISC']],
    ['created_at[after]=2026-05-04T09:59:59Z&order=code', ['F-DISC', 'F-GIFT']],
    ['created_at%5Bafter%5D=2026-05-04&order=-code', ['F-GIFT', 'F-DISC']],
    ['created_at[before]=2025-01-01T00:01:00Z&order=code', ['GEN-000001', 'GEN-000002']],
    ['customer=cust_nobody', []],
    ['filters[type][conditions][$in][0]=GIFT_VOUCHER', ['F-GIFT']],
    ['filters[metadata.region][conditions][$is]=EU', ['F-GIFT']],
    [
      'filters[metadata.region][conditions][$is_unknown]=&filters[code][conditions][$starts_with]=F-',
      ['F-DISC'],
    ],
    ['filters[additional_info][conditions][$contains]=flyer', ['F-DISC']],
    [
      'filters[code][conditions][$starts_with]=F-&filters[active][conditions][$is]=false&filters[junction]=and',
      ['F-DISC'],
    ],
  ])('%s', async (query, expected) => {
    const page = await list(`limit=100&${query}`);
    expect(codes(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('selects by ids in every spelling', async () => {
    const gift = (await call('GET', '/v1/vouchers/F-GIFT')).body;
    const disc = (await call('GET', '/v1/vouchers/F-DISC')).body;
    for (const query of [
      `ids=${gift.id}&ids=${disc.id}`,
      `ids[]=${gift.id},${disc.id}`,
      `ids[0]=${gift.id}&ids[1]=${disc.id}`,
    ]) {
      expect(codes(await list(`order=code&${query}`))).toEqual(['F-DISC', 'F-GIFT']);
    }
  });

  it('orders by updated_at with never-updated vouchers last when descending', async () => {
    expect(codes(await list('order=-updated_at&limit=1'))).toEqual(['F-DISC']);
  });

  it.each([
    ['order=name', "'order'"],
    ['created_at[before]=yesterday', "'created_at[before]'"],
    ['filters[no pe][conditions][$is]=x', "'filters[no pe][conditions][$is]'"],
    ['filters[code][conditions][$sounds_like]=x', "'filters[code][conditions][$sounds_like]'"],
    ['filters[metadata.][conditions][$is]=x', "'filters[metadata.][conditions][$is]'"],
    ['filters[type][conditions][$in]=COUPON', "'filters[type][conditions][$in]'"],
  ])('refuses %s with 400 invalid_query_params', async (query, named) => {
    const { status, body } = await call('GET', `/v1/vouchers?${query}`);
    expect(status).toBe(400);
    expect(body.key).toBe('invalid_query_params');
    expect(body.details).toContain(named);
  });
});

describe('generated vouchers', () => {
  it('come from the generatedVouchers option on top of the seed, oldest first, deterministic', async () => {
    const small = await startCheckedSandbox({
      seed: { vouchers: {} },
      generatedVouchers: { count: 3, prefix: 'X-', start: '2026-01-01', interval_seconds: 3600 },
    });
    try {
      const res = await fetch(`${small.url}/v1/vouchers?order=created_at`, { headers: JSON_HEADERS });
      const page = (await res.json()) as Json;
      expect(page.vouchers.map((v: Json) => [v.code, v.created_at, v.id])).toEqual([
        [
          'X-000001',
          '2026-01-01T00:00:00.000Z',
          stateFromSeed({ generatedVouchers: { count: 1, prefix: 'X-' } }).vouchers['X-000001']?.id,
        ],
        ['X-000002', '2026-01-01T01:00:00.000Z', expect.stringMatching(/^v_[0-9a-f]{32}$/)],
        ['X-000003', '2026-01-01T02:00:00.000Z', expect.stringMatching(/^v_[0-9a-f]{32}$/)],
      ]);
      if (api.available) expect(api.problems(api.responseSchema('list-vouchers', 200), page)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it.each([
    [{ count: -1 }, 'generatedVouchers.count must be a whole number from 0 to 1000000'],
    [{ count: 1, batch: 0 }, 'generatedVouchers.batch must be a whole number, 1 or more'],
    [{ count: 1, start: 'soon' }, "generatedVouchers.start must be an ISO 8601 date, not 'soon'"],
  ])('refuse a bad spec %j with a message naming it', async (spec, message) => {
    await expect(startSandbox({ generatedVouchers: spec })).rejects.toThrow(message);
  });
});
